/*
 * barrier_bench.c - what __syncthreads costs per work-item in a CPU build (hsatrace kernels):
 * barrier_kernels.so's kernels dispatched through the CPU runtime, side by side in one run,
 * with groups of 64, 256 and 1024 items:
 *   - body_only: no barrier, so item 0 runs as a fiber and the others as plain calls;
 *   - with_barriers(1) and with_barriers(B): every item a fiber; the difference per extra
 *     barrier is the cost of one __syncthreads per work-item (two switches, one round).
 * Best of REPEAT runs of ITEMS work-items each.
 *
 *   barrier_bench KERNELS.so [ITEMS [REPEAT]]   (default 1048576 items, best of 5)
 */
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "traces-samples/apps/sample_util.h"

#define MANY_BARRIERS 9

struct bench {
	hsa_agent_t gpu;
	hsa_amd_memory_pool_t kernarg;
	struct sample_program program;
	hsa_queue_t *queue;
	hsa_signal_t done;
	float *data;
	uint32_t items;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int setup(struct bench *b, const char *path)
{
	struct sample_agents agents;
	struct sample_pools pools;

	if (sample_init() != HSA_STATUS_SUCCESS || sample_find_agents(&agents) != HSA_STATUS_SUCCESS ||
	    sample_find_pools(&agents, &pools) != HSA_STATUS_SUCCESS ||
	    sample_program_load(&b->program, agents.gpu, path) != HSA_STATUS_SUCCESS ||
	    hsa_queue_create(agents.gpu, 64, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, UINT32_MAX,
			     UINT32_MAX, &b->queue) != HSA_STATUS_SUCCESS ||
	    hsa_signal_create(1, 0, NULL, &b->done) != HSA_STATUS_SUCCESS ||
	    sample_pool_alloc(pools.host, b->items * sizeof(float), (void **)&b->data) !=
		    HSA_STATUS_SUCCESS)
		return -1;
	b->gpu = agents.gpu;
	b->kernarg = pools.kernarg;
	memset(b->data, 0, b->items * sizeof(float));
	return 0;
}

static uint64_t kernel_object(struct bench *b, const char *name)
{
	struct sample_kernel kernel = { 0 };

	return sample_program_kernel(&b->program, b->gpu, name, &kernel) == HSA_STATUS_SUCCESS ?
		kernel.object : 0;
}

/* One dispatch, to completion; its wall time in ns (0 on failure). */
static uint64_t dispatch(struct bench *b, uint64_t object, void *kernarg, uint16_t group)
{
	uint64_t index = hsa_queue_add_write_index_relaxed(b->queue, 1), begin;
	hsa_kernel_dispatch_packet_t *p =
		(hsa_kernel_dispatch_packet_t *)b->queue->base_address + (index % b->queue->size);
	uint16_t header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
			  (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
			  (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);

	memset((char *)p + 4, 0, 60);
	p->workgroup_size_x = group;
	p->workgroup_size_y = p->workgroup_size_z = 1;
	p->grid_size_x = b->items;
	p->grid_size_y = p->grid_size_z = 1;
	p->kernel_object = object;
	p->kernarg_address = kernarg;
	p->completion_signal = b->done;
	hsa_signal_store_relaxed(b->done, 1);
	begin = now_ns();
	__atomic_store_n((uint32_t *)p, header | (1u << 16), __ATOMIC_RELEASE);
	hsa_signal_store_screlease(b->queue->doorbell_signal, (hsa_signal_value_t)index);
	if (hsa_signal_wait_scacquire(b->done, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
				      HSA_WAIT_STATE_BLOCKED) != 0)
		return 0;
	return now_ns() - begin;
}

/* ns per work-item, best of repeat dispatches. */
static double per_item(struct bench *b, const char *kernel, int barriers, uint16_t group,
		       int repeat)
{
	struct {
		float *x;
		int barriers;
	} args = { b->data, barriers };
	uint64_t object = kernel_object(b, kernel), best = UINT64_MAX;
	void *kernarg = NULL;

	if (!object || hsa_amd_memory_pool_allocate(b->kernarg, sizeof(args), 0, &kernarg) !=
			       HSA_STATUS_SUCCESS)
		return -1;
	memcpy(kernarg, &args, sizeof(args));
	for (int r = 0; r < repeat; r++) {
		uint64_t t = dispatch(b, object, kernarg, group);

		if (t && t < best)
			best = t;
	}
	hsa_amd_memory_pool_free(kernarg);
	return best == UINT64_MAX ? -1 : (double)best / b->items;
}

int main(int argc, char **argv)
{
	struct bench b = { .items = argc > 2 ? (uint32_t)atol(argv[2]) : 1u << 20,
			   .program = SAMPLE_PROGRAM_INIT };
	int repeat = argc > 3 ? atoi(argv[3]) : 5;
	static const uint16_t groups[] = { 64, 256, 1024 };

	sample_set_program_name(argv[0]);
	if (argc < 2 || b.items < 1024 || b.items % 1024 || repeat < 1) {
		fprintf(stderr, "usage: barrier_bench KERNELS.so [ITEMS (multiple of 1024) [REPEAT]]\n");
		return 2;
	}
	if (setup(&b, argv[1]) != 0) {
		fprintf(stderr, "barrier_bench: cannot set up the runtime with %s\n", argv[1]);
		return 1;
	}
	printf("%u work-items per dispatch, best of %d; ns per work-item:\n", b.items, repeat);
	printf("  group  no barrier  1 barrier  %d barriers  per __syncthreads\n", MANY_BARRIERS);
	for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
		double none = per_item(&b, "_Z9body_onlyPf", 0, groups[g], repeat);
		double one = per_item(&b, "_Z13with_barriersPfi", 1, groups[g], repeat);
		double many = per_item(&b, "_Z13with_barriersPfi", MANY_BARRIERS, groups[g], repeat);

		printf("  %5u  %10.1f  %9.1f  %11.1f  %17.1f\n", groups[g], none, one, many,
		       (many - one) / (MANY_BARRIERS - 1));
	}
	hsa_amd_memory_pool_free(b.data);
	hsa_signal_destroy(b.done);
	hsa_queue_destroy(b.queue);
	sample_program_release(&b.program);
	hsa_shut_down();
	return 0;
}
