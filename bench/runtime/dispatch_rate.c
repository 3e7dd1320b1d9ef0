/*
 * dispatch_rate - the cost of one empty-kernel dispatch on the GPU agent.
 *
 *     dispatch_rate CODE_OBJECT [DISPATCHES]
 *
 * pipelined:  DISPATCHES packets written back to back, all sharing one completion signal
 *             (initial value DISPATCHES, each completion decrements it); the host waits
 *             once. Time per dispatch = throughput of the submit + packet-processor path.
 *             Repeated 5 times: the median and the best are printed.
 * round trip: one packet, wait for its completion signal, repeat. Time per dispatch =
 *             submit + processing + completion wake-up of the waiting host thread.
 * work-items: one dispatch of 2^22 work-items (workgroups of 256) of the empty kernel: the
 *             worker pool's cost per work-item and per workgroup.
 */
#include "bench/runtime/bench_clock.h"
#include "traces-samples/apps/sample_util.h"

#include <stdio.h>
#include <string.h>

#define DEFAULT_DISPATCHES 20000ul
#define QUEUE_SIZE 1024u
#define PIPELINED_REPEATS 5
#define WIDE_GRID (1u << 22)
#define WIDE_WORKGROUP 256u

struct bench {
	struct sample_agents agents;
	struct sample_pools pools;
	struct sample_program program;
	struct sample_kernel empty;
	hsa_queue_t *queue;
	hsa_signal_t done;
	void *kernarg;
};

static hsa_status_t setup(struct bench *b, const char *code_object)
{
	uint64_t zero = 0;
	uint32_t size;
	hsa_status_t status;

	status = sample_find_agents(&b->agents);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_find_pools(&b->agents, &b->pools);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_program_load(&b->program, b->agents.gpu, code_object);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_program_kernel(&b->program, b->agents.gpu, "empty", &b->empty);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_kernarg_alloc(b->pools.kernarg, &b->empty, &zero, sizeof(zero),
					      &b->kernarg);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_queue_size(b->agents.gpu, QUEUE_SIZE, &size);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	status = hsa_queue_create(b->agents.gpu, size, HSA_QUEUE_TYPE_SINGLE, NULL, NULL,
				  UINT32_MAX, UINT32_MAX, &b->queue);
	if (status != HSA_STATUS_SUCCESS) {
		b->queue = NULL;
		return sample_report(status, "create the queue");
	}
	status = hsa_signal_create(0, 0, NULL, &b->done);
	if (status != HSA_STATUS_SUCCESS) {
		b->done.handle = 0;
		return sample_report(status, "create the completion signal");
	}
	return HSA_STATUS_SUCCESS;
}

static struct sample_dispatch empty_dispatch(const struct bench *b)
{
	struct sample_dispatch d = { 0 };

	d.kernel = &b->empty;
	d.kernarg = b->kernarg;
	d.dimensions = 1;
	d.grid[0] = 1;
	d.workgroup[0] = 1;
	d.completion = b->done;
	return d;
}

static hsa_status_t run_pipelined(struct bench *b, unsigned long count, double *us_each)
{
	struct sample_dispatch d = empty_dispatch(b);
	uint64_t start;
	unsigned long i;
	hsa_status_t status;

	hsa_signal_store_relaxed(b->done, (hsa_signal_value_t)count);
	start = bench_now_ns();
	for (i = 0; i < count; i++)
		sample_enqueue_dispatch(b->queue, &d);
	status = sample_wait_value(b->done, 0, "wait for the pipelined dispatches");
	*us_each = (double)(bench_now_ns() - start) / 1e3 / (double)count;
	return status;
}

static hsa_status_t run_round_trip(struct bench *b, unsigned long count, double *us_each,
				   double *us_median)
{
	struct sample_dispatch d = empty_dispatch(b);
	uint64_t *times = calloc(count, sizeof(*times));
	uint64_t start, t;
	unsigned long i;
	hsa_status_t status = HSA_STATUS_SUCCESS;

	if (!times)
		return sample_report(HSA_STATUS_ERROR_OUT_OF_RESOURCES, "allocate the samples");
	start = bench_now_ns();
	for (i = 0; i < count && status == HSA_STATUS_SUCCESS; i++) {
		t = bench_now_ns();
		hsa_signal_store_relaxed(b->done, 1);
		sample_enqueue_dispatch(b->queue, &d);
		if (hsa_signal_wait_scacquire(b->done, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
					      HSA_WAIT_STATE_BLOCKED) != 0)
			status = sample_wait_value(b->done, 0, "wait for a dispatch");
		times[i] = bench_now_ns() - t;
	}
	*us_each = (double)(bench_now_ns() - start) / 1e3 / (double)count;
	*us_median = (double)bench_percentile(times, count, 500) / 1e3;
	free(times);
	return status;
}

static hsa_status_t run_wide(struct bench *b, double *ns_per_item)
{
	struct sample_dispatch d = empty_dispatch(b);
	uint64_t start;
	hsa_status_t status;

	d.grid[0] = WIDE_GRID;
	d.workgroup[0] = WIDE_WORKGROUP;
	hsa_signal_store_relaxed(b->done, 1);
	start = bench_now_ns();
	sample_enqueue_dispatch(b->queue, &d);
	status = sample_wait_value(b->done, 0, "wait for the wide dispatch");
	*ns_per_item = (double)(bench_now_ns() - start) / WIDE_GRID;
	return status;
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void release(struct bench *b)
{
	sample_pool_free(b->kernarg);
	if (b->done.handle)
		hsa_signal_destroy(b->done);
	if (b->queue)
		hsa_queue_destroy(b->queue);
	sample_program_release(&b->program);
}

int main(int argc, char **argv)
{
	struct bench b = { .program = SAMPLE_PROGRAM_INIT };
	unsigned long count = DEFAULT_DISPATCHES;
	double pipelined = 0, round_trip = 0, round_trip_median = 0;
	double pipelined_runs[PIPELINED_REPEATS];
	double ns_per_item = 0;
	int i;
	int exit_code = SAMPLE_EXIT_FAILURE;

	sample_set_program_name(argv[0]);
	if (argc < 2 || argc > 3 ||
	    (argc == 3 && sample_parse_count(argv[2], 1, 10000000, &count))) {
		fprintf(stderr, "usage: %s CODE_OBJECT [DISPATCHES]\n", sample_program_name());
		return SAMPLE_EXIT_USAGE;
	}
	if (sample_init() != HSA_STATUS_SUCCESS)
		return SAMPLE_EXIT_FAILURE;
	if (setup(&b, argv[1]) != HSA_STATUS_SUCCESS)
		goto cleanup;
	/* A short warm-up: threads started, pages touched. */
	if (run_pipelined(&b, count / 10 + 1, &pipelined) != HSA_STATUS_SUCCESS)
		goto cleanup;
	for (i = 0; i < PIPELINED_REPEATS; i++)
		if (run_pipelined(&b, count, &pipelined_runs[i]) != HSA_STATUS_SUCCESS)
			goto cleanup;
	if (run_round_trip(&b, count / 4 + 1, &round_trip, &round_trip_median) !=
		    HSA_STATUS_SUCCESS ||
	    run_wide(&b, &ns_per_item) != HSA_STATUS_SUCCESS)
		goto cleanup;
	qsort(pipelined_runs, PIPELINED_REPEATS, sizeof(double), compare_double);
	pipelined = pipelined_runs[PIPELINED_REPEATS / 2];
	printf("empty-kernel dispatch, pipelined (%d x %lu dispatches, one wait each): median "
	       "%.2f us/dispatch (%.0f dispatches/s), best %.2f us\n",
	       PIPELINED_REPEATS, count, pipelined, 1e6 / pipelined, pipelined_runs[0]);
	printf("empty-kernel dispatch, round trip (%lu x dispatch + wait): mean %.2f us/dispatch, "
	       "median %.2f us\n",
	       count / 4 + 1, round_trip, round_trip_median);
	printf("empty kernel, %u work-items in workgroups of %u: %.2f ns/work-item, "
	       "%.2f us/workgroup\n",
	       WIDE_GRID, WIDE_WORKGROUP, ns_per_item, ns_per_item * WIDE_WORKGROUP / 1e3);
	exit_code = SAMPLE_EXIT_OK;
cleanup:
	release(&b);
	hsa_shut_down();
	return exit_code;
}
