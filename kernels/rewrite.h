/*
 * rewrite - the few textual changes that let g++ compile a .hip file's kernels for the host
 * (hsatrace kernels, docs/kernels.md), keeping every line where it was:
 *   - `kernel<<<grid, block, ...>>>(args)` becomes `kernel(args)`: host code never runs, the
 *     call only instantiates the kernel (deducing template arguments as hipcc does);
 *   - each `__global__` definition starts with HSAT_KERNEL_SELF((parameters), (&name<...>));
 *     which registers the kernel and its kernarg trampoline (hip/hip_runtime.h);
 *   - `extern __shared__ T name[];` becomes `static ::hsat::dynamic_shared<T> name;`.
 * Warp intrinsics (__shfl*, __ballot*, __any*, __all*, __activemask) are refused: the items
 * of a workgroup run one at a time, so there is no wavefront to exchange values in.
 */
#ifndef HSAT_KERNELS_REWRITE_H
#define HSAT_KERNELS_REWRITE_H

#include <stddef.h>

/* The rewritten source (malloc()ed, starting with a #line naming path), or NULL with one line
 * "path:line: ..." in error. */
char *hsat_kernels_rewrite(const char *source, const char *path, char *error, size_t error_size);

#endif
