/*
 * sleep_threads - a closed system of known service times for bench/model: THREADS host
 * threads share one queue; each CYCLES times thinks THINK_US (a blocked wait, with that
 * timeout, on a signal nobody sets: no CPU, and a wait the model sees as a delay), dispatches
 * a one-work-item kernel that sleeps SERVICE_US on the queue's packet processor (no CPU) and
 * waits for it. The queue runs one dispatch at a time: the machine-repairman model.
 *
 *     sleep_threads CODE_OBJECT THREADS CYCLES SERVICE_US THINK_US
 */
#include <pthread.h>
#include <stdio.h>

#include "traces-samples/apps/sample_util.h"

#define MAX_THREADS 64u

struct sleep_args {
	uint64_t ns;
};

struct shared {
	struct sample_agents agents;
	struct sample_pools pools;
	struct sample_program program;
	struct sample_kernel kernel;
	hsa_queue_t *queue;
	unsigned long cycles, service_us, think_us;
};

struct worker {
	struct shared *s;
	pthread_t thread;
	hsa_status_t status;
};

/* Thinks: a blocked wait that times out (the signal stays 0). */
static void think(hsa_signal_t timer, unsigned long us)
{
	if (us)
		hsa_signal_wait_scacquire(timer, HSA_SIGNAL_CONDITION_EQ, 1, (uint64_t)us * 1000u,
					  HSA_WAIT_STATE_BLOCKED);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct shared *s = w->s;
	struct sleep_args args = { s->service_us * 1000u };
	struct sample_dispatch d = { 0 };
	hsa_signal_t done = { 0 }, timer = { 0 };
	void *kernarg = NULL;

	w->status = hsa_signal_create(1, 0, NULL, &done);
	if (w->status == HSA_STATUS_SUCCESS)
		w->status = hsa_signal_create(0, 0, NULL, &timer);
	if (w->status != HSA_STATUS_SUCCESS) {
		sample_report(w->status, "create a thread's signals");
		if (done.handle)
			hsa_signal_destroy(done);
		return NULL;
	}
	w->status = sample_kernarg_alloc(s->pools.kernarg, &s->kernel, &args, sizeof(args),
					 &kernarg);
	d.kernel = &s->kernel;
	d.kernarg = kernarg;
	d.dimensions = 1;
	d.grid[0] = 1;
	d.workgroup[0] = 1;
	d.completion = done;
	for (unsigned long c = 0; c < s->cycles && w->status == HSA_STATUS_SUCCESS; c++) {
		think(timer, s->think_us);
		hsa_signal_store_relaxed(done, 1);
		sample_enqueue_dispatch(s->queue, &d);
		w->status = sample_wait_value(done, 0, "wait for a dispatch");
	}
	sample_pool_free(kernarg);
	hsa_signal_destroy(timer);
	hsa_signal_destroy(done);
	return NULL;
}

static hsa_status_t setup(struct shared *s, const char *code_object)
{
	hsa_status_t st = sample_find_agents(&s->agents);
	uint32_t size;

	if (st == HSA_STATUS_SUCCESS)
		st = sample_find_pools(&s->agents, &s->pools);
	if (st == HSA_STATUS_SUCCESS)
		st = sample_program_load(&s->program, s->agents.gpu, code_object);
	if (st == HSA_STATUS_SUCCESS)
		st = sample_program_kernel(&s->program, s->agents.gpu, "sleep_ns", &s->kernel);
	if (st == HSA_STATUS_SUCCESS)
		st = sample_queue_size(s->agents.gpu, 128, &size);
	if (st == HSA_STATUS_SUCCESS) {
		st = hsa_queue_create(s->agents.gpu, size, HSA_QUEUE_TYPE_MULTI, NULL, NULL,
				      UINT32_MAX, UINT32_MAX, &s->queue);
		if (st != HSA_STATUS_SUCCESS) {
			s->queue = NULL;
			sample_report(st, "create the shared queue");
		}
	}
	return st;
}

int main(int argc, char **argv)
{
	struct shared s = { .program = SAMPLE_PROGRAM_INIT };
	struct worker w[MAX_THREADS];
	unsigned long threads;
	hsa_status_t st;
	unsigned long t;

	sample_set_program_name(argv[0]);
	if (argc != 6 || sample_parse_count(argv[2], 1, MAX_THREADS, &threads) ||
	    sample_parse_count(argv[3], 1, 1000000, &s.cycles) ||
	    sample_parse_count(argv[4], 0, 10000000, &s.service_us) ||
	    sample_parse_count(argv[5], 0, 10000000, &s.think_us)) {
		fprintf(stderr, "usage: %s CODE_OBJECT THREADS CYCLES SERVICE_US THINK_US\n",
			sample_program_name());
		return SAMPLE_EXIT_USAGE;
	}
	st = sample_init();
	if (st == HSA_STATUS_SUCCESS)
		st = setup(&s, argv[1]);
	for (t = 0; st == HSA_STATUS_SUCCESS && t < threads; t++) {
		w[t].s = &s;
		w[t].status = HSA_STATUS_SUCCESS;
		if (pthread_create(&w[t].thread, NULL, worker_main, &w[t]))
			break;
	}
	for (unsigned long j = 0; j < t; j++) {
		pthread_join(w[j].thread, NULL);
		if (st == HSA_STATUS_SUCCESS)
			st = w[j].status;
	}
	if (s.queue)
		hsa_queue_destroy(s.queue);
	sample_program_release(&s.program);
	hsa_shut_down();
	return st == HSA_STATUS_SUCCESS ? 0 : 1;
}
