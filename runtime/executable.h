/*
 * executable.h - code objects (CPU kernels in ELF shared objects, hsat_cpu_kernel.h) and
 * executables. A kernel symbol's KERNEL_OBJECT is the address of the runtime's own record
 * for it, which starts like AMD's 64-byte kernel descriptor (group, private and kernarg
 * segment sizes at offsets 0, 4, 8); the packet processor resolves it back through a
 * registry, so a stale or foreign kernel_object is refused instead of being called.
 */
#ifndef HSAT_EXECUTABLE_H
#define HSAT_EXECUTABLE_H

#include "runtime/include/hsat_cpu_kernel.h"
#include "runtime/runtime.h"

/* Copies the kernel's descriptor and flags (HSAT_CPU_KERNEL_*); false when kernel_object
 * names no loaded, frozen kernel. */
bool hsat_kernel_resolve(uint64_t kernel_object, struct hsat_cpu_kernel_descriptor *kernel,
			 uint32_t *flags);

/* Destroys every executable and reader (last hsa_shut_down). */
void hsat_executables_release_all(void);

#endif /* HSAT_EXECUTABLE_H */
