/*
 * hsat_device.h - between the device header (hip/hip_runtime.h, C++) that `hsatrace kernels`
 * compiles a program's kernels with, and the device library (libhsat-device.a) linked into
 * every CPU build: the work-item state, workgroups run as fibers, the kernel table.
 * Installed with the device header; not meant for programs.
 */
#ifndef HSAT_DEVICE_H
#define HSAT_DEVICE_H

#include <stdint.h>

#include <hsat_cpu_kernel.h>

#ifdef __cplusplus
extern "C" {
#endif

struct hsat_uint3 {
	uint32_t x, y, z;
};

/* What threadIdx, blockIdx, blockDim and gridDim read. */
struct hsat_item {
	struct hsat_uint3 thread_idx;
	struct hsat_uint3 block_idx;
	struct hsat_uint3 block_dim;
	struct hsat_uint3 grid_dim;
};

/* The work-item running on this thread (its fiber's, when the group runs as fibers). */
extern __thread const struct hsat_item *hsat_device_item __attribute__((visibility("hidden")));

/* Runs every work-item of the workgroup wi describes (a whole-group entry's argument):
 * run_item(args) once per item, with hsat_device_item set. Item 0 runs first as a fiber; if
 * it reaches a barrier, every item of the group runs as a fiber, else the others run as
 * plain calls (barriers are reached by all items of a group or by none). */
void hsat_device_run_group(const struct hsat_cpu_workitem *wi, void (*run_item)(void *args),
			   void *args);

/* __syncthreads(): waits until every work-item of the group has reached it (or ended). */
void hsat_device_syncthreads(void);

/* The running workgroup's dynamic shared memory (HIP's extern __shared__), and its size. */
void *hsat_device_dynamic_shared(void);
uint32_t hsat_device_dynamic_shared_size(void);

/* Adds a kernel to the object's table (hsat_cpu_code_object, version 2), named by the dynamic
 * symbol of function (its mangled name, as the amdgcn kernel's). Called from static
 * initializers: once per kernel, duplicates are ignored. */
void hsat_device_register(const void *function, hsat_cpu_kernel_fn group_entry,
			  uint32_t kernarg_size, uint32_t arg_count,
			  const struct hsat_cpu_kernel_arg *args);

#ifdef __cplusplus
}
#endif

#endif /* HSAT_DEVICE_H */
