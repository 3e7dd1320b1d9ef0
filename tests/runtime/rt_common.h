/*
 * rt_common.h - helpers for the runtime tests: agents, pools, the test code object, and
 * writing AQL packets the way HSA programs do (reserve a slot, fill it, publish the header,
 * ring the doorbell).
 */
#ifndef RT_COMMON_H
#define RT_COMMON_H

#include <fcntl.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <libgen.h>
#include <limits.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tests/lib/tap.h"

struct rt {
	hsa_agent_t cpu, gpu;
	hsa_amd_memory_pool_t kernarg_pool, fine_pool;
	hsa_executable_t executable;
};

static inline hsa_status_t rt_find_agent(hsa_agent_t agent, void *data)
{
	struct rt *rt = data;
	hsa_device_type_t type;

	hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type);
	if (type == HSA_DEVICE_TYPE_GPU)
		rt->gpu = agent;
	else if (type == HSA_DEVICE_TYPE_CPU)
		rt->cpu = agent;
	return HSA_STATUS_SUCCESS;
}

static inline hsa_status_t rt_find_pools(hsa_amd_memory_pool_t pool, void *data)
{
	struct rt *rt = data;
	uint32_t flags = 0;

	hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags);
	if (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT)
		rt->kernarg_pool = pool;
	else if (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED)
		rt->fine_pool = pool;
	return HSA_STATUS_SUCCESS;
}

/* The test code object sits next to the test binary. */
static inline void rt_sibling_path(const char *name, char *path, size_t size)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	self[n > 0 ? n : 0] = '\0';
	snprintf(path, size, "%s/%s", dirname(self), name);
}

/* hsa_init, agents, pools, and the test code object loaded into rt->executable. */
static inline bool rt_setup(struct rt *rt)
{
	char path[PATH_MAX];
	hsa_code_object_reader_t reader;
	int fd;
	bool ok;

	memset(rt, 0, sizeof(*rt));
	if (hsa_init() != HSA_STATUS_SUCCESS)
		return false;
	hsa_iterate_agents(rt_find_agent, rt);
	hsa_amd_agent_iterate_memory_pools(rt->cpu, rt_find_pools, rt);
	rt_sibling_path("test_kernels.so", path, sizeof(path));
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return false;
	ok = hsa_code_object_reader_create_from_file(fd, &reader) == HSA_STATUS_SUCCESS &&
	     hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
				       NULL, &rt->executable) == HSA_STATUS_SUCCESS &&
	     hsa_executable_load_agent_code_object(rt->executable, rt->gpu, reader, NULL, NULL) ==
		     HSA_STATUS_SUCCESS &&
	     hsa_executable_freeze(rt->executable, NULL) == HSA_STATUS_SUCCESS &&
	     hsa_code_object_reader_destroy(reader) == HSA_STATUS_SUCCESS;
	close(fd);
	return ok && rt->gpu.handle && rt->cpu.handle && rt->kernarg_pool.handle;
}

static inline uint64_t rt_kernel(struct rt *rt, const char *name)
{
	hsa_executable_symbol_t symbol;
	uint64_t object = 0;

	if (hsa_executable_get_symbol_by_name(rt->executable, name, &rt->gpu, &symbol) !=
	    HSA_STATUS_SUCCESS)
		return 0;
	hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object);
	return object;
}

/* A kernarg buffer from the kernarg pool holding a copy of args. */
static inline void *rt_kernarg(struct rt *rt, const void *args, size_t size)
{
	void *buffer = NULL;

	if (hsa_amd_memory_pool_allocate(rt->kernarg_pool, size ? size : 16, 0, &buffer) !=
	    HSA_STATUS_SUCCESS)
		return NULL;
	memcpy(buffer, args, size);
	return buffer;
}

static inline uint16_t rt_header(hsa_packet_type_t type, bool barrier)
{
	return (uint16_t)((type << HSA_PACKET_HEADER_TYPE) |
			  ((barrier ? 1 : 0) << HSA_PACKET_HEADER_BARRIER) |
			  (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
			  (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
}

/* Reserves a slot, waiting while the ring is full. */
static inline void *rt_reserve(hsa_queue_t *queue, uint64_t *index)
{
	*index = hsa_queue_add_write_index_screlease(queue, 1);
	while (*index - hsa_queue_load_read_index_scacquire(queue) >= queue->size)
		sched_yield();
	return (char *)queue->base_address + (*index & (queue->size - 1)) * 64;
}

static inline void rt_publish(hsa_queue_t *queue, void *slot, uint64_t index, uint16_t header,
		       uint16_t setup)
{
	__atomic_store_n((uint32_t *)slot, header | ((uint32_t)setup << 16), __ATOMIC_RELEASE);
	hsa_signal_store_screlease(queue->doorbell_signal, (hsa_signal_value_t)index);
}

/* A kernel dispatch packet that asks for group_segment bytes of group memory. */
static inline uint64_t rt_dispatch_group(hsa_queue_t *queue, uint64_t kernel_object,
					 void *kernarg, const uint32_t grid[3],
					 const uint16_t workgroup[3], uint32_t dims,
					 uint32_t group_segment, hsa_signal_t completion, bool barrier)
{
	uint64_t index;
	hsa_kernel_dispatch_packet_t *p = rt_reserve(queue, &index);

	memset((char *)p + 4, 0, 60);
	p->workgroup_size_x = workgroup[0];
	p->workgroup_size_y = workgroup[1];
	p->workgroup_size_z = workgroup[2];
	p->grid_size_x = grid[0];
	p->grid_size_y = grid[1];
	p->grid_size_z = grid[2];
	p->group_segment_size = group_segment;
	p->kernel_object = kernel_object;
	p->kernarg_address = kernarg;
	p->completion_signal = completion;
	rt_publish(queue, p, index, rt_header(HSA_PACKET_TYPE_KERNEL_DISPATCH, barrier),
		   (uint16_t)(dims << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS));
	return index;
}

static inline uint64_t rt_dispatch(hsa_queue_t *queue, uint64_t kernel_object, void *kernarg,
			    const uint32_t grid[3], const uint16_t workgroup[3], uint32_t dims,
			    hsa_signal_t completion, bool barrier)
{
	return rt_dispatch_group(queue, kernel_object, kernarg, grid, workgroup, dims, 0,
				 completion, barrier);
}

static inline uint64_t rt_barrier(hsa_queue_t *queue, bool is_or, const hsa_signal_t deps[5],
			   hsa_signal_t completion)
{
	uint64_t index;
	hsa_barrier_and_packet_t *p = rt_reserve(queue, &index);

	memset((char *)p + 4, 0, 60);
	for (int i = 0; i < 5; i++)
		p->dep_signal[i] = deps[i];
	p->completion_signal = completion;
	rt_publish(queue, p, index,
		   rt_header(is_or ? HSA_PACKET_TYPE_BARRIER_OR : HSA_PACKET_TYPE_BARRIER_AND,
			     true),
		   0);
	return index;
}

static inline hsa_signal_value_t rt_wait_zero(hsa_signal_t signal)
{
	return hsa_signal_wait_scacquire(signal, HSA_SIGNAL_CONDITION_EQ, 0, 60000000000ull,
					 HSA_WAIT_STATE_BLOCKED);
}

#endif /* RT_COMMON_H */
