/*
 * multi_thread - several host threads, each with its own queue, dispatching and waiting, and
 * a signal handed from thread to thread.
 *
 *     multi_thread CODE_OBJECT [THREADS [DISPATCHES]]
 *
 * Each thread creates a queue and a completion signal, then dispatches `add_value` DISPATCHES
 * times on its own buffer, waiting for each dispatch before the next (resetting the signal,
 * as HIP does). Then the threads pass a baton: thread t waits until the shared baton signal
 * holds t, records its turn and stores t + 1. The host checks every buffer and the turn order.
 */
#include "traces-samples/apps/sample_kernel_args.h"
#include "traces-samples/apps/sample_util.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define DEFAULT_THREADS 4u
#define MAX_THREADS 64u
#define DEFAULT_DISPATCHES 16u
#define MAX_DISPATCHES 100000u
#define ELEMENTS 4096u
#define WORKGROUP_SIZE 64u
#define QUEUE_SIZE 16u

struct shared {
	struct sample_agents agents;
	struct sample_pools pools;
	struct sample_program program;
	struct sample_kernel add_value;
	uint32_t thread_count;
	uint32_t dispatches;
	hsa_signal_t baton;
	uint32_t turns[MAX_THREADS]; /* written in baton order: turns[k] = thread of turn k */
	uint32_t turn_count;
};

struct worker {
	struct shared *shared;
	uint32_t id;
	pthread_t thread;
	int started;
	hsa_queue_t *queue;
	hsa_signal_t done;
	uint32_t *data;
	struct add_value_args *kernarg;
	hsa_status_t status;
};

/* What data[i] holds after dispatch d (1-based) added (id + 1) * d, for every d. */
static uint32_t expected_value(uint32_t id, uint32_t dispatches, uint32_t i)
{
	return i + (id + 1) * (dispatches * (dispatches + 1) / 2);
}

static hsa_status_t worker_setup(struct worker *w)
{
	struct shared *s = w->shared;
	struct add_value_args args = { 0 };
	hsa_status_t status;
	uint32_t i, size;

	status = sample_queue_size(s->agents.gpu, QUEUE_SIZE, &size);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	status = hsa_queue_create(s->agents.gpu, size, HSA_QUEUE_TYPE_SINGLE, NULL, NULL,
				  UINT32_MAX, UINT32_MAX, &w->queue);
	if (status != HSA_STATUS_SUCCESS) {
		w->queue = NULL;
		return sample_report(status, "create a thread's queue");
	}
	status = hsa_signal_create(1, 0, NULL, &w->done);
	if (status != HSA_STATUS_SUCCESS) {
		w->done.handle = 0;
		return sample_report(status, "create a thread's completion signal");
	}
	status = sample_host_alloc(&s->pools, s->agents.gpu, ELEMENTS * sizeof(uint32_t),
				   (void **)&w->data);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	for (i = 0; i < ELEMENTS; i++)
		w->data[i] = i;
	args.data = w->data;
	args.count = ELEMENTS;
	return sample_kernarg_alloc(s->pools.kernarg, &s->add_value, &args, sizeof(args),
				    (void **)&w->kernarg);
}

static hsa_status_t worker_dispatch_all(struct worker *w)
{
	struct shared *s = w->shared;
	struct sample_dispatch dispatch = { 0 };
	hsa_status_t status;
	uint32_t d;

	dispatch.kernel = &s->add_value;
	dispatch.kernarg = w->kernarg;
	dispatch.dimensions = 1;
	dispatch.grid[0] = ELEMENTS;
	dispatch.workgroup[0] = WORKGROUP_SIZE;
	dispatch.completion = w->done;
	for (d = 1; d <= s->dispatches; d++) {
		/* The previous dispatch has completed: its kernarg block may be rewritten. */
		w->kernarg->value = (w->id + 1) * d;
		hsa_signal_store_relaxed(w->done, 1);
		sample_enqueue_dispatch(w->queue, &dispatch);
		status = sample_wait_value(w->done, 0, "wait for a thread's dispatch");
		if (status != HSA_STATUS_SUCCESS)
			return status;
	}
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t worker_verify(const struct worker *w)
{
	uint32_t i, bad = 0;

	for (i = 0; i < ELEMENTS; i++)
		if (w->data[i] != expected_value(w->id, w->shared->dispatches, i))
			bad++;
	if (bad) {
		fprintf(stderr, "%s: failed to verify a thread's buffer: thread=%u mismatches=%u\n",
			sample_program_name(), w->id, bad);
		return HSA_STATUS_ERROR;
	}
	return HSA_STATUS_SUCCESS;
}

/* Waits for the baton to hold this thread's id, takes its turn, hands the baton on. */
static hsa_status_t worker_take_turn(struct worker *w)
{
	struct shared *s = w->shared;
	hsa_status_t status;

	status = sample_wait_value(s->baton, (hsa_signal_value_t)w->id, "wait for the baton");
	if (status != HSA_STATUS_SUCCESS)
		return status;
	s->turns[s->turn_count++] = w->id;
	hsa_signal_store_screlease(s->baton, (hsa_signal_value_t)w->id + 1);
	return HSA_STATUS_SUCCESS;
}

static void worker_release(struct worker *w)
{
	sample_pool_free(w->kernarg);
	sample_pool_free(w->data);
	if (w->done.handle)
		hsa_signal_destroy(w->done);
	if (w->queue)
		hsa_queue_destroy(w->queue);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	hsa_status_t turn_status;

	w->status = worker_setup(w);
	if (w->status == HSA_STATUS_SUCCESS)
		w->status = worker_dispatch_all(w);
	if (w->status == HSA_STATUS_SUCCESS)
		w->status = worker_verify(w);
	/* Take the turn even after a failure, so the threads after this one are not stuck. */
	turn_status = worker_take_turn(w);
	if (w->status == HSA_STATUS_SUCCESS)
		w->status = turn_status;
	worker_release(w);
	return NULL;
}

static hsa_status_t setup(struct shared *s, const char *code_object)
{
	hsa_status_t status;

	status = sample_find_agents(&s->agents);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_find_pools(&s->agents, &s->pools);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_program_load(&s->program, s->agents.gpu, code_object);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_program_kernel(&s->program, s->agents.gpu, "add_value",
					       &s->add_value);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	status = hsa_signal_create(0, 0, NULL, &s->baton);
	if (status != HSA_STATUS_SUCCESS) {
		s->baton.handle = 0;
		return sample_report(status, "create the baton signal");
	}
	return HSA_STATUS_SUCCESS;
}

/* Starts every worker, joins them; returns the first failure. */
static hsa_status_t run_workers(struct shared *s, struct worker *workers)
{
	hsa_status_t status = HSA_STATUS_SUCCESS;
	uint32_t t;

	for (t = 0; t < s->thread_count; t++) {
		workers[t].shared = s;
		workers[t].id = t;
		if (pthread_create(&workers[t].thread, NULL, worker_main, &workers[t])) {
			fprintf(stderr, "%s: failed to start a thread: thread=%u\n",
				sample_program_name(), t);
			status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
			/* Threads after this one wait for the baton: pass it for the missing ones. */
			break;
		}
		workers[t].started = 1;
	}
	for (; t < s->thread_count; t++) {
		workers[t].status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
		if (sample_wait_value(s->baton, (hsa_signal_value_t)t, "wait for the baton") ==
		    HSA_STATUS_SUCCESS)
			hsa_signal_store_screlease(s->baton, (hsa_signal_value_t)t + 1);
	}
	for (t = 0; t < s->thread_count; t++) {
		if (workers[t].started)
			pthread_join(workers[t].thread, NULL);
		if (status == HSA_STATUS_SUCCESS)
			status = workers[t].status;
	}
	return status;
}

static hsa_status_t verify_turns(const struct shared *s)
{
	hsa_signal_value_t baton = hsa_signal_load_scacquire(s->baton);
	uint32_t k;

	if (s->turn_count != s->thread_count || baton != (hsa_signal_value_t)s->thread_count) {
		fprintf(stderr, "%s: failed to pass the baton: turns=%u baton=%ld threads=%u\n",
			sample_program_name(), s->turn_count, (long)baton, s->thread_count);
		return HSA_STATUS_ERROR;
	}
	for (k = 0; k < s->turn_count; k++)
		if (s->turns[k] != k) {
			fprintf(stderr, "%s: failed to pass the baton in order: turn=%u thread=%u\n",
				sample_program_name(), k, s->turns[k]);
			return HSA_STATUS_ERROR;
		}
	return HSA_STATUS_SUCCESS;
}

static int usage(void)
{
	fprintf(stderr,
		"usage: %s CODE_OBJECT [THREADS [DISPATCHES]]\n"
		"Runs THREADS threads (default %u, 1..%u), each with its own queue, dispatching\n"
		"DISPATCHES kernels (default %u) and waiting for each, then passing a baton signal.\n",
		sample_program_name(), DEFAULT_THREADS, MAX_THREADS, DEFAULT_DISPATCHES);
	return SAMPLE_EXIT_USAGE;
}

int main(int argc, char **argv)
{
	struct shared s = { .program = SAMPLE_PROGRAM_INIT };
	struct worker workers[MAX_THREADS];
	unsigned long threads = DEFAULT_THREADS, dispatches = DEFAULT_DISPATCHES;
	int exit_code = SAMPLE_EXIT_FAILURE;

	sample_set_program_name(argv[0]);
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		usage();
		return SAMPLE_EXIT_OK;
	}
	if (argc < 2 || argc > 4 ||
	    (argc > 2 && sample_parse_count(argv[2], 1, MAX_THREADS, &threads)) ||
	    (argc > 3 && sample_parse_count(argv[3], 1, MAX_DISPATCHES, &dispatches)))
		return usage();
	s.thread_count = (uint32_t)threads;
	s.dispatches = (uint32_t)dispatches;
	memset(workers, 0, sizeof(workers));
	if (sample_init() != HSA_STATUS_SUCCESS)
		return SAMPLE_EXIT_FAILURE;
	if (setup(&s, argv[1]) != HSA_STATUS_SUCCESS ||
	    run_workers(&s, workers) != HSA_STATUS_SUCCESS ||
	    verify_turns(&s) != HSA_STATUS_SUCCESS)
		goto cleanup;
	printf("multi_thread: %u threads x %u dispatches on their own queues verified, "
	       "baton passed in order\n",
	       s.thread_count, s.dispatches);
	exit_code = SAMPLE_EXIT_OK;
cleanup:
	if (s.baton.handle)
		hsa_signal_destroy(s.baton);
	sample_program_release(&s.program);
	hsa_shut_down();
	return exit_code;
}
