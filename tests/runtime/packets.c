/*
 * packets.c - packet processing order: in-order completion with and without the barrier
 * bit, barrier-AND and barrier-OR packets waiting on signals, a slot whose header is still
 * INVALID when the doorbell rings, several queues at once.
 */
#include <pthread.h>
#include <stdlib.h>

#include "tests/runtime/rt_common.h"

struct log {
	_Atomic uint32_t length;
	uint32_t entries[64];
};

struct log_args {
	_Atomic uint32_t *length;
	uint32_t *entries;
	uint32_t tag;
	uint32_t spin_us;
};

static const uint32_t one[3] = { 1, 1, 1 };
static const uint16_t one16[3] = { 1, 1, 1 };

static void *tag_args(struct rt *rt, struct log *log, uint32_t tag, uint32_t spin)
{
	struct log_args args = { &log->length, log->entries, tag, spin };

	return rt_kernarg(rt, &args, sizeof(args));
}

static void test_order(struct rt *rt, hsa_queue_t *queue, bool barrier)
{
	struct log log = { 0 };
	void *kernargs[8];
	hsa_signal_t done;
	uint64_t object = rt_kernel(rt, "append_tag");
	int out_of_order = 0;

	hsa_signal_create(8, 0, NULL, &done);
	for (uint32_t i = 0; i < 8; i++) {
		/* early packets take longest: only in-order processing keeps the log sorted */
		kernargs[i] = tag_args(rt, &log, i, (8 - i) * 50);
		rt_dispatch(queue, object, kernargs[i], one, one16, 1, done, barrier);
	}
	rt_wait_zero(done);
	for (uint32_t i = 0; i < 8; i++) {
		out_of_order += log.entries[i] != i;
		hsa_amd_memory_pool_free(kernargs[i]);
	}
	is_int(atomic_load(&log.length), 8, "8 dispatches ran (barrier bit %s)", barrier ? "set" : "clear");
	is_int(out_of_order, 0, "they completed in submission order (barrier bit %s)",
	       barrier ? "set" : "clear");
	hsa_signal_destroy(done);
}

static void test_barrier(struct rt *rt, hsa_queue_t *queue, bool is_or)
{
	struct log log = { 0 };
	hsa_signal_t deps[5] = { { 0 } }, barrier_done, done;
	void *kernarg = tag_args(rt, &log, 7, 0);

	hsa_signal_create(1, 0, NULL, &deps[1]);
	hsa_signal_create(1, 0, NULL, &deps[3]);
	hsa_signal_create(1, 0, NULL, &barrier_done);
	hsa_signal_create(1, 0, NULL, &done);
	rt_barrier(queue, is_or, deps, barrier_done);
	rt_dispatch(queue, rt_kernel(rt, "append_tag"), kernarg, one, one16, 1, done, false);
	usleep(30000);
	ok(hsa_signal_load_relaxed(barrier_done) == 1 && atomic_load(&log.length) == 0,
	   "barrier-%s holds back the queue while no dependency is met", is_or ? "OR" : "AND");
	hsa_signal_store_screlease(deps[3], 0);
	usleep(30000);
	if (is_or) {
		is_int(rt_wait_zero(done), 0, "barrier-OR releases when one dependency is met");
	} else {
		ok(hsa_signal_load_relaxed(barrier_done) == 1 && atomic_load(&log.length) == 0,
		   "barrier-AND still waits with one dependency of two met");
		hsa_signal_store_screlease(deps[1], 0);
		is_int(rt_wait_zero(done), 0, "barrier-AND releases when all dependencies are met");
	}
	is_int(hsa_signal_load_relaxed(barrier_done), 0, "the barrier's completion signal is decremented");
	hsa_signal_destroy(deps[1]);
	hsa_signal_destroy(deps[3]);
	hsa_signal_destroy(barrier_done);
	hsa_signal_destroy(done);
	hsa_amd_memory_pool_free(kernarg);
}

/* Ring the doorbell before the header is valid: nothing may run until it is. */
static void test_invalid_header(struct rt *rt, hsa_queue_t *queue)
{
	struct log log = { 0 };
	void *kernarg = tag_args(rt, &log, 1, 0);
	hsa_signal_t done;
	uint64_t index;
	hsa_kernel_dispatch_packet_t *p = rt_reserve(queue, &index);

	hsa_signal_create(1, 0, NULL, &done);
	memset((char *)p + 4, 0, 60);
	p->workgroup_size_x = p->workgroup_size_y = p->workgroup_size_z = 1;
	p->grid_size_x = p->grid_size_y = p->grid_size_z = 1;
	p->kernel_object = rt_kernel(rt, "append_tag");
	p->kernarg_address = kernarg;
	p->completion_signal = done;
	hsa_signal_store_screlease(queue->doorbell_signal, (hsa_signal_value_t)index);
	usleep(30000);
	ok(atomic_load(&log.length) == 0 && hsa_queue_load_read_index_relaxed(queue) == index,
	   "a slot with an INVALID header is not consumed, even after the doorbell");
	rt_publish(queue, p, index, rt_header(HSA_PACKET_TYPE_KERNEL_DISPATCH, false),
		   1 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS);
	is_int(rt_wait_zero(done), 0, "it runs once its header is published");
	hsa_signal_destroy(done);
	hsa_amd_memory_pool_free(kernarg);
}

struct producer {
	struct rt *rt;
	hsa_queue_t *queue;
	hsa_signal_t done;
	uint32_t *out;
	uint32_t tag;
};

/* One thread per queue, each dispatching vector_copy into its own buffer. */
static void *produce(void *arg)
{
	struct producer *p = arg;
	enum { N = 512 };
	uint32_t *in = malloc(N * sizeof(uint32_t));
	struct { uint32_t *in, *out; } args = { in, p->out };
	void *kernarg = rt_kernarg(p->rt, &args, sizeof(args));
	uint32_t grid[3] = { N, 1, 1 };
	uint16_t wg[3] = { 64, 1, 1 };

	for (uint32_t i = 0; i < N; i++)
		in[i] = p->tag * 100000 + i;
	for (int round = 0; round < 20; round++)
		rt_dispatch(p->queue, rt_kernel(p->rt, "vector_copy"), kernarg, grid, wg, 1,
			    p->done, false);
	rt_wait_zero(p->done);
	hsa_amd_memory_pool_free(kernarg);
	free(in);
	return NULL;
}

static void test_many_queues(struct rt *rt)
{
	enum { QUEUES = 4, N = 512 };
	struct producer producers[QUEUES];
	pthread_t threads[QUEUES];
	int bad = 0;

	for (uint32_t q = 0; q < QUEUES; q++) {
		producers[q].rt = rt;
		hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0,
				 &producers[q].queue);
		hsa_signal_create(20, 0, NULL, &producers[q].done);
		producers[q].out = calloc(N, sizeof(uint32_t));
		producers[q].tag = q + 1;
		pthread_create(&threads[q], NULL, produce, &producers[q]);
	}
	for (uint32_t q = 0; q < QUEUES; q++) {
		pthread_join(threads[q], NULL);
		for (uint32_t i = 0; i < N; i++)
			bad += producers[q].out[i] != (q + 1) * 100000 + i;
		hsa_signal_destroy(producers[q].done);
		hsa_queue_destroy(producers[q].queue);
		free(producers[q].out);
	}
	is_int(bad, 0, "%d queues fed by %d threads at once all computed their results", QUEUES,
	       QUEUES);
}

/* A queue stuck in a barrier that will never be satisfied can still be destroyed. */
static void test_destroy_blocked(struct rt *rt, bool is_or)
{
	hsa_queue_t *queue;
	hsa_signal_t deps[5] = { { 0 } }, never;

	hsa_signal_create(1, 0, NULL, &never);
	deps[0] = never;
	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue);
	rt_barrier(queue, is_or, deps, (hsa_signal_t){ 0 });
	usleep(10000);
	is_int(hsa_queue_destroy(queue), HSA_STATUS_SUCCESS,
	       "a queue blocked in a barrier-%s is destroyed without hanging", is_or ? "OR" : "AND");
	hsa_signal_destroy(never);
}

/* A soft queue: the runtime provides ring and indices, the application consumes packets. */
static void test_soft_queue(struct rt *rt)
{
	hsa_region_t region = { rt->fine_pool.handle }; /* pools double as regions here */
	hsa_signal_t doorbell;
	hsa_queue_t *queue = NULL;
	uint64_t index;
	hsa_agent_dispatch_packet_t *p;

	hsa_signal_create(0, 0, NULL, &doorbell);
	is_int(hsa_soft_queue_create(region, 16, HSA_QUEUE_TYPE_SINGLE,
				     HSA_QUEUE_FEATURE_AGENT_DISPATCH, doorbell, &queue),
	       HSA_STATUS_SUCCESS, "soft queue created");
	ok(queue && queue->size == 16 && queue->doorbell_signal.handle == doorbell.handle &&
		   queue->features == HSA_QUEUE_FEATURE_AGENT_DISPATCH,
	   "with the size, features and doorbell asked for");
	p = rt_reserve(queue, &index);
	memset((char *)p + 4, 0, 60);
	p->type = 42;
	rt_publish(queue, p, index, rt_header(HSA_PACKET_TYPE_AGENT_DISPATCH, false), 42);
	/* the consumer side, done by the application itself */
	hsa_signal_wait_scacquire(doorbell, HSA_SIGNAL_CONDITION_GTE, 0, UINT64_MAX,
				  HSA_WAIT_STATE_BLOCKED);
	ok((__atomic_load_n(&p->header, __ATOMIC_ACQUIRE) & 0xff) == HSA_PACKET_TYPE_AGENT_DISPATCH &&
		   p->type == 42 && hsa_queue_load_read_index_relaxed(queue) == 0,
	   "no runtime thread consumes a soft queue's packets");
	hsa_queue_store_read_index_screlease(queue, index + 1);
	is_int(hsa_queue_destroy(queue), HSA_STATUS_SUCCESS, "soft queue destroyed");
	is_int(hsa_signal_destroy(doorbell), HSA_STATUS_SUCCESS,
	       "its doorbell stays the application's signal");
	is_int(hsa_soft_queue_create(region, 16, HSA_QUEUE_TYPE_SINGLE,
				     HSA_QUEUE_FEATURE_AGENT_DISPATCH, (hsa_signal_t){ 0 }, &queue),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "a doorbell handle 0 is refused");
}

int main(void)
{
	struct rt rt;
	hsa_queue_t *queue;

	plan(24);
	if (!ok(rt_setup(&rt), "runtime initialised"))
		return exit_status();
	hsa_queue_create(rt.gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue);
	test_order(&rt, queue, false);
	test_order(&rt, queue, true);
	test_barrier(&rt, queue, false);
	test_barrier(&rt, queue, true);
	test_invalid_header(&rt, queue);
	test_many_queues(&rt);
	test_destroy_blocked(&rt, false);
	test_destroy_blocked(&rt, true);
	test_soft_queue(&rt);
	hsa_queue_destroy(queue);
	hsa_executable_destroy(rt.executable);
	is_int(hsa_shut_down(), HSA_STATUS_SUCCESS, "hsa_shut_down");
	return exit_status();
}
