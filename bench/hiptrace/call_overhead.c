/*
 * hip_call_overhead MODE CALLS - nanoseconds per call of a cheap HIP function.
 *
 *   hip   calls hipGetDeviceCount CALLS times (whatever is preloaded: nothing, or
 *         libhsatrace-hip.so with or without a session);
 *   tp    calls it the same way and emits the same entry and exit events around each call
 *         with plain LTTng-UST tracepoints (with a correlation counter, as the tracer keeps).
 *
 * Prints "MODE best_ns median_ns" over 7 repetitions, in CPU time of the calling thread
 * (bench/common/timing.h). The first call (HIP's initialization) is made before timing.
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "bench/hiptrace/bench_hip_tp.h"

#include "bench/common/timing.h"

#include <hip/hip_runtime_api.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Atomic uint64_t correlation = 1;

/* @state points to an int: whether to emit the tracepoints around each call. */
static void loop_hip(unsigned long calls, void *state)
{
	int with_tp = *(const int *)state;
	int count = 0;

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
}

int main(int argc, char **argv)
{
	struct timing_result result;
	unsigned long calls = 0;
	int count = 0, with_tp;

	if (argc == 3)
		calls = strtoul(argv[2], NULL, 10);
	if (!calls || (strcmp(argv[1], "hip") && strcmp(argv[1], "tp"))) {
		fprintf(stderr, "usage: hip_call_overhead hip|tp CALLS\n");
		return 2;
	}
	with_tp = !strcmp(argv[1], "tp");
	if (hipGetDeviceCount(&count) != hipSuccess || count < 1) {
		fprintf(stderr, "hip_call_overhead: no HIP device (run on the CPU runtime)\n");
		return 1;
	}
	timing_measure(loop_hip, calls, &with_tp, &result);
	timing_print(argv[1], &result);
	return 0;
}
