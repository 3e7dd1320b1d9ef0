/*
 * stress.c - everything at once, for the sanitizers (ASan/UBSan in make check, TSan in
 * make check-runtime-tsan): threads that each own a queue dispatch multi-workgroup kernels
 * chained across queues by barrier-AND packets, while async handlers count completions,
 * async copies run, and signals are created and destroyed concurrently.
 */
#include <pthread.h>
#include <stdlib.h>

#include "tests/runtime/rt_common.h"

enum { THREADS = 4, ROUNDS = 40, N = 2048 };

struct shared {
	struct rt *rt;
	hsa_signal_t started[THREADS]; /* per thread: 1, then 0 once it has started */
	_Atomic int handled;
	_Atomic int mismatches;
};

struct worker {
	struct shared *shared;
	int id;
};

static bool count_completion(hsa_signal_value_t value, void *arg)
{
	(void)value;
	atomic_fetch_add(&((struct shared *)arg)->handled, 1);
	return false;
}

static void *run(void *arg)
{
	struct worker *w = arg;
	struct shared *sh = w->shared;
	struct rt *rt = sh->rt;
	hsa_queue_t *queue;
	uint32_t *in = malloc(N * 4), *out = malloc(N * 4), *copy = malloc(N * 4);
	struct { uint32_t *in, *out; } args = { in, out };
	void *kernarg = rt_kernarg(rt, &args, sizeof(args));
	uint32_t grid[3] = { N, 1, 1 };
	uint16_t wg[3] = { 128, 1, 1 };
	uint64_t object = rt_kernel(rt, "vector_copy");

	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue);
	for (int round = 0; round < ROUNDS; round++) {
		hsa_signal_t done, copied, scratch, deps[5] = { { 0 } };

		for (int i = 0; i < N; i++)
			in[i] = (uint32_t)(w->id * 1000000 + round * N + i);
		hsa_signal_create(1, 0, NULL, &done);
		hsa_signal_create(1, 0, NULL, &copied);
		hsa_signal_create(7, 0, NULL, &scratch); /* created and destroyed meanwhile */
		hsa_amd_signal_async_handler(done, HSA_SIGNAL_CONDITION_EQ, 0, count_completion, sh);
		/* depend on the next thread having started: a barrier-AND across queues */
		if (round == 0)
			hsa_signal_subtract_screlease(sh->started[w->id], 1);
		deps[0] = sh->started[(w->id + 1) % THREADS];
		if (round % 4 == 0)
			rt_barrier(queue, false, deps, (hsa_signal_t){ 0 });
		rt_dispatch(queue, object, kernarg, grid, wg, 1, done, round % 2 == 0);
		rt_wait_zero(done);
		hsa_amd_memory_async_copy(copy, rt->cpu, out, rt->gpu, N * 4, 1, &done, copied);
		rt_wait_zero(copied);
		for (int i = 0; i < N; i++)
			if (copy[i] != in[i])
				atomic_fetch_add(&sh->mismatches, 1);
		hsa_signal_destroy(scratch);
		hsa_signal_destroy(copied);
		/* `done` stays alive: the async handler may still be reading it */
	}
	hsa_queue_destroy(queue);
	hsa_amd_memory_pool_free(kernarg);
	free(in);
	free(out);
	free(copy);
	return NULL;
}

int main(void)
{
	struct rt rt;
	struct shared sh;
	struct worker workers[THREADS];
	pthread_t threads[THREADS];

	plan(4);
	if (!ok(rt_setup(&rt), "runtime initialised"))
		return exit_status();
	sh.rt = &rt;
	atomic_store(&sh.handled, 0);
	atomic_store(&sh.mismatches, 0);
	for (int t = 0; t < THREADS; t++)
		hsa_signal_create(1, 0, NULL, &sh.started[t]);
	for (int t = 0; t < THREADS; t++) {
		workers[t].shared = &sh;
		workers[t].id = t;
		pthread_create(&threads[t], NULL, run, &workers[t]);
	}
	for (int t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);
	is_int(atomic_load(&sh.mismatches), 0,
	       "%d threads x %d rounds: every kernel and copy produced its data", THREADS, ROUNDS);
	for (int i = 0; i < 10000 && atomic_load(&sh.handled) < THREADS * ROUNDS; i++)
		usleep(1000);
	is_int(atomic_load(&sh.handled), THREADS * ROUNDS, "every completion reached its async handler");
	hsa_executable_destroy(rt.executable);
	is_int(hsa_shut_down(), HSA_STATUS_SUCCESS, "hsa_shut_down frees everything still alive");
	return exit_status();
}
