/*
 * hip_call_overhead MODE CALLS - nanoseconds per call of a cheap HIP function.
 *
 *   hip   calls hipGetDeviceCount CALLS times (whatever is preloaded: nothing, or
 *         libhsatrace-hip.so with or without a session);
 *   tp    calls it the same way and emits the same entry and exit events around each call
 *         with plain LTTng-UST tracepoints (with a correlation counter, as the tracer keeps).
 *
 * Prints "MODE best_ns median_ns" over 7 repetitions, in CPU time of the calling thread
 * (CLOCK_THREAD_CPUTIME_ID). The first call (HIP's initialization) is made before timing.
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "bench/hiptrace/bench_hip_tp.h"

#include <hip/hip_runtime_api.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define REPEAT 7

static _Atomic uint64_t correlation = 1;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static double run(unsigned long calls, int with_tp)
{
	int count = 0;
	uint64_t t0 = now_ns();

	for (unsigned long i = 0; i < calls; i++) {
		uint64_t cid = 0;
		hipError_t st;

		if (with_tp) {
			cid = atomic_fetch_add_explicit(&correlation, 1, memory_order_relaxed);
			lttng_ust_tracepoint(hsatrace_hip_bench, hipGetDeviceCount_entry, cid, &count);
		}
		st = hipGetDeviceCount(&count);
		if (with_tp)
			lttng_ust_tracepoint(hsatrace_hip_bench, hipGetDeviceCount_exit, cid,
					     (int32_t)st, count);
		if (st != hipSuccess)
			abort();
	}
	return (double)(now_ns() - t0) / (double)calls;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	double ns[REPEAT];
	unsigned long calls;
	int count = 0, with_tp;

	if (argc != 3 || (strcmp(argv[1], "hip") && strcmp(argv[1], "tp"))) {
		fprintf(stderr, "usage: hip_call_overhead hip|tp CALLS\n");
		return 2;
	}
	with_tp = !strcmp(argv[1], "tp");
	calls = strtoul(argv[2], NULL, 10);
	if (hipGetDeviceCount(&count) != hipSuccess || count < 1) {
		fprintf(stderr, "hip_call_overhead: no HIP device (run on the CPU runtime)\n");
		return 1;
	}
	for (int r = 0; r < REPEAT; r++)
		ns[r] = run(calls, with_tp);
	qsort(ns, REPEAT, sizeof(ns[0]), by_value);
	printf("%s %.1f %.1f\n", argv[1], ns[0], ns[REPEAT / 2]);
	return 0;
}
