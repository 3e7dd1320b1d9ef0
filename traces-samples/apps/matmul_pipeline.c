/*
 * matmul_pipeline - a matrix multiply staged across several queues, with async copies and
 * barrier-AND packets between the stages, and profiling on.
 *
 *     matmul_pipeline CODE_OBJECT [N [QUEUES]]
 *
 * Stages (every run issues the same packets in the same order on the same queues, so runs
 * can be merged pass by pass, e.g. for hardware counters):
 *   0. async copies A and B host -> device;
 *   1. on each queue q: a barrier-AND on both copies, then `matmul_rows` for band q of C;
 *   2. on queue 0: a barrier-AND on every band, then `row_sums` over C;
 *   3. async copies C and the row sums device -> host, depending on stage 2.
 * The host checks C and the sums against its own computation and prints each kernel's and
 * copy's time from hsa_amd_profiling_get_dispatch_time / _get_async_copy_time.
 */
#include "traces-samples/apps/sample_kernel_args.h"
#include "traces-samples/apps/sample_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DEFAULT_N 128u
#define MAX_N 2048u
#define DEFAULT_QUEUES 3u
#define MAX_QUEUES 4u /* stage 2's barrier-AND waits for every band: at most 5 dependencies */
#define QUEUE_SIZE 16u

enum signal_id {
	SIG_COPY_A,
	SIG_COPY_B,
	SIG_SUMS,
	SIG_COPY_C,
	SIG_COPY_SUMS,
	SIG_BAND0, /* one per queue */
	SIG_COUNT = SIG_BAND0 + MAX_QUEUES
};

enum buffer_id { BUF_A, BUF_B, BUF_C, BUF_SUMS, BUF_COUNT };

struct pipeline {
	uint32_t n;
	uint32_t queue_count;
	struct sample_agents agents;
	struct sample_pools pools;
	struct sample_program program;
	struct sample_kernel matmul_rows;
	struct sample_kernel row_sums;
	hsa_queue_t *queues[MAX_QUEUES];
	hsa_signal_t signals[SIG_COUNT];
	float *host[BUF_COUNT];
	float *device[BUF_COUNT];
	void *kernargs[MAX_QUEUES + 1];
};

static size_t buffer_bytes(const struct pipeline *p, enum buffer_id id)
{
	return (id == BUF_SUMS ? p->n : (size_t)p->n * p->n) * sizeof(float);
}

/* Small integers: every product and sum is exact in float, on any device. */
static float input_value(uint32_t i, uint32_t j, uint32_t salt)
{
	return (float)((int)((i * 7u + j * 3u + salt) % 9u) - 4);
}

static hsa_status_t create_queues(struct pipeline *p)
{
	hsa_status_t status;
	uint32_t q, size;

	status = sample_queue_size(p->agents.gpu, QUEUE_SIZE, &size);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	for (q = 0; q < p->queue_count; q++) {
		status = hsa_queue_create(p->agents.gpu, size, HSA_QUEUE_TYPE_SINGLE, NULL,
					  NULL, UINT32_MAX, UINT32_MAX, &p->queues[q]);
		if (status != HSA_STATUS_SUCCESS) {
			p->queues[q] = NULL;
			return sample_report(status, "create a queue");
		}
		status = hsa_amd_profiling_set_profiler_enabled(p->queues[q], 1);
		if (status != HSA_STATUS_SUCCESS)
			return sample_report(status, "enable profiling on a queue");
	}
	status = hsa_amd_profiling_async_copy_enable(true);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "enable async copy profiling");
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t create_signals(struct pipeline *p)
{
	hsa_status_t status;
	int i;

	for (i = 0; i < SIG_COUNT; i++) {
		if (i >= SIG_BAND0 + (int)p->queue_count)
			break;
		status = hsa_signal_create(1, 0, NULL, &p->signals[i]);
		if (status != HSA_STATUS_SUCCESS) {
			p->signals[i].handle = 0;
			return sample_report(status, "create a signal");
		}
	}
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t allocate_buffers(struct pipeline *p)
{
	hsa_status_t status = HSA_STATUS_SUCCESS;
	uint32_t i, j;
	int b;

	for (b = 0; b < BUF_COUNT && status == HSA_STATUS_SUCCESS; b++) {
		status = sample_host_alloc(&p->pools, p->agents.gpu, buffer_bytes(p, b),
					   (void **)&p->host[b]);
		if (status == HSA_STATUS_SUCCESS)
			status = sample_pool_alloc(p->pools.device, buffer_bytes(p, b),
						   (void **)&p->device[b]);
	}
	if (status != HSA_STATUS_SUCCESS)
		return status;
	for (i = 0; i < p->n; i++)
		for (j = 0; j < p->n; j++) {
			p->host[BUF_A][i * p->n + j] = input_value(i, j, 1);
			p->host[BUF_B][i * p->n + j] = input_value(j, i, 5);
		}
	memset(p->host[BUF_C], 0, buffer_bytes(p, BUF_C));
	memset(p->host[BUF_SUMS], 0, buffer_bytes(p, BUF_SUMS));
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t copy_async(struct pipeline *p, enum buffer_id b, int to_device,
			       const hsa_signal_t *dep, enum signal_id done)
{
	hsa_status_t status;

	if (to_device)
		status = hsa_amd_memory_async_copy(p->device[b], p->agents.gpu, p->host[b],
						   p->agents.cpu, buffer_bytes(p, b), dep ? 1 : 0,
						   dep, p->signals[done]);
	else
		status = hsa_amd_memory_async_copy(p->host[b], p->agents.cpu, p->device[b],
						   p->agents.gpu, buffer_bytes(p, b), dep ? 1 : 0,
						   dep, p->signals[done]);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "start an async copy");
	return HSA_STATUS_SUCCESS;
}

/* The largest power of two up to @limit that divides @n: whole workgroups only. */
static uint16_t workgroup_width(uint32_t n, uint16_t limit)
{
	uint16_t width = 1;

	while (width * 2 <= limit && n % (width * 2u) == 0)
		width *= 2;
	return width;
}

static void band_rows(const struct pipeline *p, uint32_t q, uint32_t *first, uint32_t *count)
{
	*first = (uint32_t)((uint64_t)p->n * q / p->queue_count);
	*count = (uint32_t)((uint64_t)p->n * (q + 1) / p->queue_count) - *first;
}

/* Stage 1 on every queue: wait for the input copies, multiply one band of rows. */
static hsa_status_t enqueue_bands(struct pipeline *p)
{
	const hsa_signal_t inputs[2] = { p->signals[SIG_COPY_A], p->signals[SIG_COPY_B] };
	struct matmul_rows_args args = { 0 };
	struct sample_dispatch dispatch = { 0 };
	hsa_status_t status;
	uint32_t q, first, rows;

	args.a = p->device[BUF_A];
	args.b = p->device[BUF_B];
	args.c = p->device[BUF_C];
	args.n = p->n;
	dispatch.kernel = &p->matmul_rows;
	dispatch.dimensions = 2;
	dispatch.workgroup[0] = workgroup_width(p->n, 16);
	dispatch.workgroup[1] = 1;
	for (q = 0; q < p->queue_count; q++) {
		band_rows(p, q, &first, &rows);
		args.row_offset = first;
		status = sample_kernarg_alloc(p->pools.kernarg, &p->matmul_rows, &args,
					      sizeof(args), &p->kernargs[q]);
		if (status != HSA_STATUS_SUCCESS)
			return status;
		dispatch.kernarg = p->kernargs[q];
		dispatch.grid[0] = p->n;
		dispatch.grid[1] = rows;
		dispatch.completion = p->signals[SIG_BAND0 + q];
		sample_enqueue_barrier_and(p->queues[q], inputs, 2, (hsa_signal_t){ 0 });
		sample_enqueue_dispatch(p->queues[q], &dispatch);
	}
	return HSA_STATUS_SUCCESS;
}

/* Stage 2 on queue 0: wait for every band, sum the rows of C. */
static hsa_status_t enqueue_row_sums(struct pipeline *p)
{
	struct row_sums_args args = { 0 };
	struct sample_dispatch dispatch = { 0 };
	hsa_status_t status;

	args.c = p->device[BUF_C];
	args.sums = p->device[BUF_SUMS];
	args.n = p->n;
	status = sample_kernarg_alloc(p->pools.kernarg, &p->row_sums, &args, sizeof(args),
				      &p->kernargs[p->queue_count]);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	dispatch.kernel = &p->row_sums;
	dispatch.kernarg = p->kernargs[p->queue_count];
	dispatch.dimensions = 1;
	dispatch.grid[0] = p->n;
	dispatch.workgroup[0] = workgroup_width(p->n, 64);
	dispatch.completion = p->signals[SIG_SUMS];
	sample_enqueue_barrier_and(p->queues[0], &p->signals[SIG_BAND0], p->queue_count,
				   (hsa_signal_t){ 0 });
	sample_enqueue_dispatch(p->queues[0], &dispatch);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t run_pipeline(struct pipeline *p)
{
	hsa_status_t status;

	status = copy_async(p, BUF_A, 1, NULL, SIG_COPY_A);
	if (status == HSA_STATUS_SUCCESS)
		status = copy_async(p, BUF_B, 1, NULL, SIG_COPY_B);
	if (status == HSA_STATUS_SUCCESS)
		status = enqueue_bands(p);
	if (status == HSA_STATUS_SUCCESS)
		status = enqueue_row_sums(p);
	if (status == HSA_STATUS_SUCCESS)
		status = copy_async(p, BUF_C, 0, &p->signals[SIG_SUMS], SIG_COPY_C);
	if (status == HSA_STATUS_SUCCESS)
		status = copy_async(p, BUF_SUMS, 0, &p->signals[SIG_SUMS], SIG_COPY_SUMS);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_wait_value(p->signals[SIG_COPY_C], 0, "wait for the copy of C");
	if (status == HSA_STATUS_SUCCESS)
		status = sample_wait_value(p->signals[SIG_COPY_SUMS], 0,
					   "wait for the copy of the row sums");
	return status;
}

/* Compares C and the row sums with the host's own product; returns the mismatch count. */
static uint64_t verify(const struct pipeline *p, double *max_error)
{
	const float *a = p->host[BUF_A], *b = p->host[BUF_B];
	uint64_t mismatches = 0;
	uint32_t n = p->n, i, j, k;

	*max_error = 0.0;
	for (i = 0; i < n; i++) {
		float row_sum = 0.0f;
		double error;

		for (j = 0; j < n; j++) {
			float sum = 0.0f;

			for (k = 0; k < n; k++)
				sum += a[i * n + k] * b[k * n + j];
			row_sum += sum;
			error = fabs((double)p->host[BUF_C][i * n + j] - sum);
			if (error > *max_error)
				*max_error = error;
			if (error > 1e-3 * (1.0 + fabs(sum)))
				mismatches++;
		}
		error = fabs((double)p->host[BUF_SUMS][i] - row_sum);
		if (error > *max_error)
			*max_error = error;
		if (error > 1e-3 * (1.0 + fabs(row_sum)))
			mismatches++;
	}
	return mismatches;
}

static hsa_status_t print_kernel_time(const struct pipeline *p, const char *what,
				      enum signal_id id)
{
	hsa_amd_profiling_dispatch_time_t time;
	hsa_status_t status;

	status = hsa_amd_profiling_get_dispatch_time(p->agents.gpu, p->signals[id], &time);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "read a dispatch's profiling time");
	printf("  kernel %-28s %10.1f us\n", what,
	       time.end >= time.start ? sample_ticks_to_ns(time.end - time.start) / 1e3 : -1.0);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t print_copy_time(const struct pipeline *p, const char *what,
				    enum signal_id id)
{
	hsa_amd_profiling_async_copy_time_t time;
	hsa_status_t status;

	status = hsa_amd_profiling_get_async_copy_time(p->signals[id], &time);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "read an async copy's profiling time");
	printf("  copy   %-28s %10.1f us\n", what,
	       time.end >= time.start ? sample_ticks_to_ns(time.end - time.start) / 1e3 : -1.0);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t print_times(const struct pipeline *p)
{
	hsa_status_t status;
	char what[64];
	uint32_t q, first, rows;

	status = print_copy_time(p, "A host->device", SIG_COPY_A);
	if (status == HSA_STATUS_SUCCESS)
		status = print_copy_time(p, "B host->device", SIG_COPY_B);
	for (q = 0; q < p->queue_count && status == HSA_STATUS_SUCCESS; q++) {
		band_rows(p, q, &first, &rows);
		snprintf(what, sizeof(what), "matmul_rows q%u rows %u-%u", q, first,
			 first + rows - 1);
		status = print_kernel_time(p, what, SIG_BAND0 + q);
	}
	if (status == HSA_STATUS_SUCCESS)
		status = print_kernel_time(p, "row_sums q0", SIG_SUMS);
	if (status == HSA_STATUS_SUCCESS)
		status = print_copy_time(p, "C device->host", SIG_COPY_C);
	if (status == HSA_STATUS_SUCCESS)
		status = print_copy_time(p, "sums device->host", SIG_COPY_SUMS);
	return status;
}

static hsa_status_t setup(struct pipeline *p, const char *code_object)
{
	hsa_status_t status;

	status = sample_find_agents(&p->agents);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_find_pools(&p->agents, &p->pools);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_program_load(&p->program, p->agents.gpu, code_object);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_program_kernel(&p->program, p->agents.gpu, "matmul_rows",
					       &p->matmul_rows);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_program_kernel(&p->program, p->agents.gpu, "row_sums",
					       &p->row_sums);
	if (status == HSA_STATUS_SUCCESS)
		status = create_queues(p);
	if (status == HSA_STATUS_SUCCESS)
		status = create_signals(p);
	if (status == HSA_STATUS_SUCCESS)
		status = allocate_buffers(p);
	return status;
}

static void release(struct pipeline *p)
{
	uint32_t i;

	for (i = 0; i <= MAX_QUEUES; i++)
		sample_pool_free(p->kernargs[i]);
	for (i = 0; i < BUF_COUNT; i++) {
		sample_pool_free(p->host[i]);
		sample_pool_free(p->device[i]);
	}
	for (i = 0; i < SIG_COUNT; i++)
		if (p->signals[i].handle)
			hsa_signal_destroy(p->signals[i]);
	for (i = 0; i < MAX_QUEUES; i++)
		if (p->queues[i])
			hsa_queue_destroy(p->queues[i]);
	sample_program_release(&p->program);
}

static int usage(void)
{
	fprintf(stderr,
		"usage: %s CODE_OBJECT [N [QUEUES]]\n"
		"Multiplies two N x N matrices (default %u, at most %u) on QUEUES queues\n"
		"(default %u, 1..%u) with async copies and barrier packets, and checks C.\n",
		sample_program_name(), DEFAULT_N, MAX_N, DEFAULT_QUEUES, MAX_QUEUES);
	return SAMPLE_EXIT_USAGE;
}

int main(int argc, char **argv)
{
	struct pipeline p = { .program = SAMPLE_PROGRAM_INIT };
	unsigned long n = DEFAULT_N, queues = DEFAULT_QUEUES;
	uint64_t mismatches;
	double max_error;
	int exit_code = SAMPLE_EXIT_FAILURE;

	sample_set_program_name(argv[0]);
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		usage();
		return SAMPLE_EXIT_OK;
	}
	if (argc < 2 || argc > 4 || (argc > 2 && sample_parse_count(argv[2], 1, MAX_N, &n)) ||
	    (argc > 3 && sample_parse_count(argv[3], 1, MAX_QUEUES, &queues)))
		return usage();
	if (queues > n) {
		fprintf(stderr, "%s: QUEUES must not exceed N\n", sample_program_name());
		return usage();
	}
	p.n = (uint32_t)n;
	p.queue_count = (uint32_t)queues;
	if (sample_init() != HSA_STATUS_SUCCESS)
		return SAMPLE_EXIT_FAILURE;
	if (setup(&p, argv[1]) != HSA_STATUS_SUCCESS || run_pipeline(&p) != HSA_STATUS_SUCCESS)
		goto cleanup;
	mismatches = verify(&p, &max_error);
	if (mismatches) {
		fprintf(stderr, "%s: failed to verify C and the row sums: mismatches=%lu "
				"max_error=%g\n",
			sample_program_name(), (unsigned long)mismatches, max_error);
		goto cleanup;
	}
	printf("matmul_pipeline: N=%u queues=%u, C and row sums match the CPU reference "
	       "(max error %g)\n",
	       p.n, p.queue_count, max_error);
	if (print_times(&p) != HSA_STATUS_SUCCESS)
		goto cleanup;
	exit_code = SAMPLE_EXIT_OK;
cleanup:
	release(&p);
	hsa_shut_down();
	return exit_code;
}
