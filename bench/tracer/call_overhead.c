/*
 * call_overhead MODE CALLS - nanoseconds per call of a cheap HSA function.
 *
 *   hsa   calls hsa_system_get_info(HSA_SYSTEM_INFO_ENDIANNESS) CALLS times (whatever is
 *         preloaded: nothing, or libhsatrace.so with or without a session);
 *   tp    emits the same entry and exit events with plain LTTng-UST tracepoints (with a
 *         correlation counter, as the tracer keeps), no HSA call.
 *
 * Prints "MODE best_ns median_ns" over 7 repetitions, in CPU time of the calling thread
 * (CLOCK_THREAD_CPUTIME_ID), so that time the thread spends preempted on a loaded machine
 * does not count.
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "bench/tracer/bench_tp.h"

#include <hsa/hsa.h>
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

static double run_hsa(unsigned long calls)
{
	hsa_endianness_t e;
	uint64_t t0 = now_ns();

	for (unsigned long i = 0; i < calls; i++)
		if (hsa_system_get_info(HSA_SYSTEM_INFO_ENDIANNESS, &e) != HSA_STATUS_SUCCESS)
			abort();
	return (double)(now_ns() - t0) / (double)calls;
}

static double run_tp(unsigned long calls)
{
	hsa_endianness_t e;
	uint64_t t0 = now_ns();

	for (unsigned long i = 0; i < calls; i++) {
		uint64_t cid = atomic_fetch_add_explicit(&correlation, 1, memory_order_relaxed);

		lttng_ust_tracepoint(hsatrace_bench, hsa_system_get_info_entry, cid,
				     HSA_SYSTEM_INFO_ENDIANNESS, &e);
		lttng_ust_tracepoint(hsatrace_bench, hsa_system_get_info_exit, cid, 0);
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
	int hsa;

	if (argc != 3 || (strcmp(argv[1], "hsa") && strcmp(argv[1], "tp"))) {
		fprintf(stderr, "usage: call_overhead hsa|tp CALLS\n");
		return 2;
	}
	hsa = !strcmp(argv[1], "hsa");
	calls = strtoul(argv[2], NULL, 10);
	if (!calls)
		return 2;
	if (hsa && hsa_init() != HSA_STATUS_SUCCESS) {
		fprintf(stderr, "call_overhead: failed to initialize the HSA runtime\n");
		return 1;
	}
	for (int r = 0; r < REPEAT; r++)
		ns[r] = hsa ? run_hsa(calls) : run_tp(calls);
	qsort(ns, REPEAT, sizeof(ns[0]), by_value);
	printf("%s %.1f %.1f\n", argv[1], ns[0], ns[REPEAT / 2]);
	if (hsa)
		hsa_shut_down();
	return 0;
}
