/*
 * call_overhead MODE CALLS - nanoseconds per call of a cheap HSA function.
 *
 *   hsa   calls hsa_system_get_info(HSA_SYSTEM_INFO_ENDIANNESS) CALLS times (whatever is
 *         preloaded: nothing, or libhsatrace.so with or without a session);
 *   tp    emits the same entry and exit events with plain LTTng-UST tracepoints (with a
 *         correlation counter, as the tracer keeps), no HSA call.
 *
 * Prints "MODE best_ns median_ns" over 7 repetitions, in CPU time of the calling thread
 * (bench/common/timing.h).
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "bench/tracer/bench_tp.h"

#include "bench/common/timing.h"

#include <hsa/hsa.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Atomic uint64_t correlation = 1;

static void loop_hsa(unsigned long calls, void *state)
{
	hsa_endianness_t e;

	(void)state;
	for (unsigned long i = 0; i < calls; i++)
		if (hsa_system_get_info(HSA_SYSTEM_INFO_ENDIANNESS, &e) != HSA_STATUS_SUCCESS)
			abort();
}

static void loop_tp(unsigned long calls, void *state)
{
	hsa_endianness_t e;

	(void)state;
	for (unsigned long i = 0; i < calls; i++) {
		uint64_t cid = atomic_fetch_add_explicit(&correlation, 1, memory_order_relaxed);

		lttng_ust_tracepoint(hsatrace_bench, hsa_system_get_info_entry, cid,
				     HSA_SYSTEM_INFO_ENDIANNESS, &e);
		lttng_ust_tracepoint(hsatrace_bench, hsa_system_get_info_exit, cid, 0);
	}
}

int main(int argc, char **argv)
{
	struct timing_result result;
	unsigned long calls = 0;
	int hsa;

	if (argc == 3)
		calls = strtoul(argv[2], NULL, 10);
	if (!calls || (strcmp(argv[1], "hsa") && strcmp(argv[1], "tp"))) {
		fprintf(stderr, "usage: call_overhead hsa|tp CALLS\n");
		return 2;
	}
	hsa = !strcmp(argv[1], "hsa");
	if (hsa && hsa_init() != HSA_STATUS_SUCCESS) {
		fprintf(stderr, "call_overhead: failed to initialize the HSA runtime\n");
		return 1;
	}
	timing_measure(hsa ? loop_hsa : loop_tp, calls, NULL, &result);
	timing_print(argv[1], &result);
	if (hsa)
		hsa_shut_down();
	return 0;
}
