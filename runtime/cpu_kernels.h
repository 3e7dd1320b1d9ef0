/*
 * cpu_kernels - CPU builds of a program's own amdgcn kernels.
 *
 * HSATRACE_CPU_KERNELS=FILE[:FILE...] names CPU code objects (hsat_cpu_kernel.h: kernels in
 * a shared object, hand-written in C or built by `hsatrace kernels` from the program's HIP
 * source) whose kernels are named as the amdgcn kernels they stand for, by their mangled
 * names (`_Z6squarePfPKfi`). When an amdgcn code object is loaded, each kernel that is not one
 * of ROCclr's blit kernels runs the kernel of that name from these files, if it reads its
 * arguments where the code object's metadata has them. They are opened once, at the first lookup, and stay loaded for
 * the process (the kernels of loaded executables point into them); a file that cannot be
 * used is named in one line on stderr and skipped.
 */
#ifndef HSAT_RUNTIME_CPU_KERNELS_H
#define HSAT_RUNTIME_CPU_KERNELS_H

#include <stdbool.h>

#include "runtime/amdgcn_metadata.h"
#include "runtime/include/hsat_cpu_kernel.h"

/* The CPU build of the kernel of that (mangled) name, or NULL; *info is its version-2 info
 * (flags, where it reads its arguments), or NULL for a version-1 build. */
const struct hsat_cpu_kernel_descriptor *
hsat_cpu_kernels_find(const char *name, const struct hsat_cpu_kernel_info **info);

/* Whether a CPU build reads the explicit arguments where the amdgcn kernel has them: at the
 * offsets and sizes of the code object's metadata when it says (args->known), else inside
 * its kernarg segment of kernarg_size bytes. A version-1 build (info NULL) says nothing:
 * true. When not, one line on stderr names the kernel, the difference, and the command that
 * rebuilds the CPU build. */
bool hsat_cpu_kernels_args_match(const char *name, const struct hsat_cpu_kernel_info *info,
				 const struct hsat_amdgcn_args *args, uint32_t kernarg_size);

/* One line on stderr: the kernel (demangled, and as named) has no CPU implementation, its
 * dispatch fails, and how to give it one. */
void hsat_cpu_kernels_report_missing(const char *name);

#endif
