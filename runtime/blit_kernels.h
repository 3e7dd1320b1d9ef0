/*
 * blit_kernels - native implementations of ROCclr's blit kernels.
 *
 * ROCclr (the runtime under HIP and OpenCL) copies and fills device memory with kernels of
 * its own, `__amd_rocclr_*`, compiled at run time into an amdgcn code object that it loads
 * and dispatches through AQL queues like any kernel. The emulated GPU runs no amdgcn code:
 * each of these kernels is implemented here in C, with the same kernarg layout (OpenCL's:
 * explicit arguments in order, each at its natural alignment; `ulong4` at 32) and the same
 * result as the device library's `__amd_*` functions, and is found by name when the code
 * object is loaded. The copies and fills do a whole workgroup per call (a call per 4-byte
 * item would cost more than the copy).
 */
#ifndef HSAT_RUNTIME_BLIT_KERNELS_H
#define HSAT_RUNTIME_BLIT_KERNELS_H

#include <stdbool.h>

#include "runtime/include/hsat_cpu_kernel.h"

/* The native implementation of the kernel of that name, or NULL if there is none. */
hsat_cpu_kernel_fn hsat_blit_kernel_find(const char *name);

/* Whether entry is a native kernel called once per workgroup (it does all the workgroup's
 * items, with the result of calling it per item); false for per-item kernels. */
bool hsat_blit_kernel_is_whole_group(hsat_cpu_kernel_fn entry);

#endif
