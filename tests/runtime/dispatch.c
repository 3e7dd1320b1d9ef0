/*
 * dispatch.c - the classic vector_copy flow, then grid/workgroup decomposition (1D, 2D, 3D,
 * partial workgroups), the group segment, and the queue error path.
 */
#include <stdlib.h>

#include <hsa/amd_hsa_queue.h>

#include "tests/runtime/queue_errors.h"
#include "tests/runtime/rt_common.h"

static void test_vector_copy(struct rt *rt, hsa_queue_t *queue)
{
	enum { N = 4096 };
	uint32_t *in = NULL, *out = NULL;
	struct { uint32_t *in, *out; } args;
	hsa_signal_t done;
	void *kernarg;
	uint32_t grid[3] = { N, 1, 1 };
	uint16_t wg[3] = { 256, 1, 1 };
	int mismatches = 0;

	hsa_amd_memory_pool_allocate(rt->fine_pool, N * 4, 0, (void **)&in);
	hsa_amd_memory_pool_allocate(rt->fine_pool, N * 4, 0, (void **)&out);
	for (uint32_t i = 0; i < N; i++) {
		in[i] = i * 2654435761u;
		out[i] = 0;
	}
	args.in = in;
	args.out = out;
	kernarg = rt_kernarg(rt, &args, sizeof(args));
	ok(hsa_signal_create(1, 0, NULL, &done) == HSA_STATUS_SUCCESS, "completion signal");
	rt_dispatch(queue, rt_kernel(rt, "vector_copy"), kernarg, grid, wg, 1, done, false);
	is_int(rt_wait_zero(done), 0, "vector_copy completes (signal decremented to 0)");
	for (uint32_t i = 0; i < N; i++)
		mismatches += out[i] != in[i];
	is_int(mismatches, 0, "vector_copy copied all %d elements", N);
	is_int(hsa_queue_load_read_index_scacquire(queue), hsa_queue_load_write_index_scacquire(queue),
	       "read index caught up with the write index");
	ok(((amd_queue_t *)queue)->write_dispatch_id == hsa_queue_load_write_index_relaxed(queue) &&
		   ((amd_queue_t *)queue)->read_dispatch_id == hsa_queue_load_read_index_relaxed(queue),
	   "the queue is an amd_queue_t whose dispatch ids are the indices (ROCr's ABI)");
	hsa_signal_destroy(done);
	hsa_amd_memory_pool_free(kernarg);
	hsa_amd_memory_pool_free(in);
	hsa_amd_memory_pool_free(out);
}

static void check_ids(struct rt *rt, hsa_queue_t *queue, const uint32_t grid[3],
		      const uint16_t wg[3], uint32_t dims)
{
	size_t items = (size_t)grid[0] * grid[1] * grid[2];
	uint32_t *ids = calloc(items * 4, sizeof(uint32_t));
	struct { uint32_t *ids; } args = { ids };
	void *kernarg = rt_kernarg(rt, &args, sizeof(args));
	hsa_signal_t done;
	int bad = 0;

	hsa_signal_create(1, 0, NULL, &done);
	rt_dispatch(queue, rt_kernel(rt, "record_ids"), kernarg, grid, wg, dims, done, false);
	rt_wait_zero(done);
	for (uint32_t z = 0; z < grid[2]; z++)
		for (uint32_t y = 0; y < grid[1]; y++)
			for (uint32_t x = 0; x < grid[0]; x++) {
				size_t flat = ((size_t)z * grid[1] + y) * grid[0] + x;
				uint32_t *w = ids + flat * 4;
				uint32_t gx = (grid[0] + wg[0] - 1) / wg[0];
				uint32_t gy = (grid[1] + wg[1] - 1) / wg[1];
				uint32_t group = ((z / wg[2]) * gy + y / wg[1]) * gx + x / wg[0];
				uint32_t local = ((z % wg[2]) * wg[1] + y % wg[1]) * wg[0] + x % wg[0];

				bad += w[0] != flat + 1 || w[1] != group || w[2] != local ||
				       w[3] != dims;
			}
	is_int(bad, 0, "%uD grid %ux%ux%u, workgroup %ux%ux%u: every item ran once with its ids",
	       dims, grid[0], grid[1], grid[2], wg[0], wg[1], wg[2]);
	hsa_signal_destroy(done);
	hsa_amd_memory_pool_free(kernarg);
	free(ids);
}

static void test_group_segment(struct rt *rt, hsa_queue_t *queue)
{
	enum { N = 1000, WG = 64 };
	uint32_t in[N], sums[(N + WG - 1) / WG] = { 0 };
	struct { uint32_t *in, *sums; } args = { in, sums };
	void *kernarg = rt_kernarg(rt, &args, sizeof(args));
	uint32_t grid[3] = { N, 1, 1 };
	uint16_t wg[3] = { WG, 1, 1 };
	hsa_signal_t done;
	int bad = 0;

	for (uint32_t i = 0; i < N; i++)
		in[i] = i;
	hsa_signal_create(1, 0, NULL, &done);
	rt_dispatch(queue, rt_kernel(rt, "group_sum"), kernarg, grid, wg, 1, done, false);
	rt_wait_zero(done);
	for (uint32_t g = 0; g < (N + WG - 1) / WG; g++) {
		uint32_t want = 0;

		for (uint32_t i = g * WG; i < (g + 1) * WG && i < N; i++)
			want += i;
		bad += sums[g] != want;
	}
	is_int(bad, 0, "group segment is shared by a workgroup and fresh for each one");
	hsa_signal_destroy(done);
	hsa_amd_memory_pool_free(kernarg);
}

static void test_error_callback(struct rt *rt)
{
	hsa_queue_t *queue;
	uint32_t grid[3] = { 16, 1, 1 };
	uint16_t wg[3] = { 0, 1, 1 }; /* a zero workgroup size is malformed */

	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, on_queue_error, NULL, 0, 0, &queue);
	rt_dispatch(queue, rt_kernel(rt, "empty"), NULL, grid, wg, 1, (hsa_signal_t){ 0 }, false);
	for (int i = 0; i < 10000 && !atomic_load(&errors_seen); i++)
		usleep(1000);
	is_int(atomic_load(&errors_seen), 1, "malformed packet reported once to the error callback");
	is_int(atomic_load(&error_status), HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
	       "with HSA_STATUS_ERROR_INVALID_PACKET_FORMAT");
	ok(atomic_load(&error_queue) == queue, "naming the queue");
	hsa_queue_destroy(queue);

	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, on_queue_error, NULL, 0, 0, &queue);
	wg[0] = 16;
	rt_dispatch(queue, 0xdeadbeef, NULL, grid, wg, 1, (hsa_signal_t){ 0 }, false);
	for (int i = 0; i < 10000 && atomic_load(&errors_seen) < 2; i++)
		usleep(1000);
	is_int(atomic_load(&error_status), HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
	       "an unknown kernel_object is refused, not called");
	hsa_queue_destroy(queue);

	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, on_queue_error, NULL, 0, 0, &queue);
	{
		uint64_t index;
		hsa_kernel_dispatch_packet_t *p = rt_reserve(queue, &index);

		memset((char *)p + 4, 0, 60);
		p->workgroup_size_x = p->workgroup_size_y = p->workgroup_size_z = 1;
		p->grid_size_x = p->grid_size_y = p->grid_size_z = 1;
		p->group_segment_size = 1u << 30; /* 1 GiB of group memory */
		p->kernel_object = rt_kernel(rt, "empty");
		rt_publish(queue, p, index, rt_header(HSA_PACKET_TYPE_KERNEL_DISPATCH, false),
			   1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS);
	}
	for (int i = 0; i < 10000 && atomic_load(&errors_seen) < 3; i++)
		usleep(1000);
	ok(atomic_load(&errors_seen) == 3 &&
		   atomic_load(&error_status) == HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
	   "a group segment beyond 64 KiB is a malformed packet, not a crash");
	hsa_queue_destroy(queue);

	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, on_queue_error, NULL, 0, 0, &queue);
	rt_dispatch(queue, rt_kernel(rt, "vector_copy"), NULL, grid, wg, 1, (hsa_signal_t){ 0 },
		    false);
	for (int i = 0; i < 10000 && atomic_load(&errors_seen) < 4; i++)
		usleep(1000);
	is_int(atomic_load(&error_status), HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION,
	       "a NULL kernarg address is reported as the fault a GPU would take");
	hsa_queue_destroy(queue);
}

int main(void)
{
	struct rt rt;
	hsa_queue_t *queue = NULL;

	plan(18);
	if (!ok(rt_setup(&rt), "runtime initialised, test code object loaded"))
		return exit_status();
	ok(hsa_queue_create(rt.gpu, 1024, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, 0, 0, &queue) ==
		   HSA_STATUS_SUCCESS,
	   "queue created on the GPU agent");
	test_vector_copy(&rt, queue);
	check_ids(&rt, queue, (uint32_t[3]){ 1000, 1, 1 }, (uint16_t[3]){ 64, 1, 1 }, 1);
	check_ids(&rt, queue, (uint32_t[3]){ 33, 17, 1 }, (uint16_t[3]){ 8, 4, 1 }, 2);
	check_ids(&rt, queue, (uint32_t[3]){ 9, 5, 7 }, (uint16_t[3]){ 4, 2, 3 }, 3);
	test_group_segment(&rt, queue);
	hsa_queue_destroy(queue);
	test_error_callback(&rt);
	hsa_executable_destroy(rt.executable);
	is_int(hsa_shut_down(), HSA_STATUS_SUCCESS, "hsa_shut_down");
	return exit_status();
}
