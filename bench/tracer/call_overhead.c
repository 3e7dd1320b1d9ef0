/*
 * call_overhead MODE CALLS - nanoseconds per call of a cheap HSA function.
 *
 *   hsa   calls hsa_system_get_info(HSA_SYSTEM_INFO_ENDIANNESS) CALLS times (whatever is
 *         preloaded: nothing, or libhsatrace.so with or without a session);
 *   tp    emits the same entry and exit events with plain LTTng-UST tracepoints (with a
 *         correlation counter, as the tracer keeps), no HSA call;
 *   wait  calls hsa_signal_wait_scacquire on a signal that already satisfies it (the
 *         cheapest wait: where the tracer's work at a wait weighs the most);
 *   cpuclock  reads CLOCK_THREAD_CPUTIME_ID twice (what the tracer adds to a wait, 2.2);
 *   processclock  reads CLOCK_PROCESS_CPUTIME_ID once (what 2.3 adds to a wait); a third
 *         argument, IDLE_THREADS, starts that many threads that sleep meanwhile (the kernel
 *         sums the process's threads' times: the cost grows with them).
 *
 * Prints "MODE best_ns median_ns" over 7 repetitions, in CPU time of the calling thread
 * (bench/common/timing.h).
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "bench/tracer/bench_tp.h"

#include "bench/common/timing.h"

#include <hsa/hsa.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

static void loop_wait(unsigned long calls, void *state)
{
	hsa_signal_t *signal = state;

	for (unsigned long i = 0; i < calls; i++)
		if (hsa_signal_wait_scacquire(*signal, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
					      HSA_WAIT_STATE_ACTIVE) != 0)
			abort();
}

static void loop_cpuclock(unsigned long calls, void *state)
{
	struct timespec a, b;

	(void)state;
	for (unsigned long i = 0; i < calls; i++)
		if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a) ||
		    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b))
			abort();
}

static void loop_processclock(unsigned long calls, void *state)
{
	struct timespec t;

	(void)state;
	for (unsigned long i = 0; i < calls; i++)
		if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t))
			abort();
}

static void *sleep_forever(void *unused)
{
	(void)unused;
	for (;;)
		pause();
	return NULL;
}

/* count threads that sleep until the process exits; 0, or -1 when one could not start. */
static int start_idle_threads(unsigned long count)
{
	pthread_t thread;

	for (unsigned long i = 0; i < count; i++)
		if (pthread_create(&thread, NULL, sleep_forever, NULL) || pthread_detach(thread))
			return -1;
	return 0;
}

/* The loop of mode, or NULL when unknown. */
static void (*loop_of(const char *mode))(unsigned long, void *)
{
	return !strcmp(mode, "hsa") ? loop_hsa : !strcmp(mode, "tp") ? loop_tp :
	       !strcmp(mode, "wait") ? loop_wait : !strcmp(mode, "cpuclock") ? loop_cpuclock :
	       !strcmp(mode, "processclock") ? loop_processclock : NULL;
}

int main(int argc, char **argv)
{
	struct timing_result result;
	unsigned long calls = 0;
	void (*loop)(unsigned long, void *) = argc == 3 || argc == 4 ? loop_of(argv[1]) : NULL;
	hsa_signal_t signal = { 0 };
	int hsa;

	if (loop)
		calls = strtoul(argv[2], NULL, 10);
	if (!calls || (argc == 4 && loop != loop_processclock)) {
		fprintf(stderr, "usage: call_overhead hsa|tp|wait|cpuclock CALLS\n"
				"       call_overhead processclock CALLS [IDLE_THREADS]\n");
		return 2;
	}
	if (argc == 4 && start_idle_threads(strtoul(argv[3], NULL, 10))) {
		fprintf(stderr, "call_overhead: cannot start %s threads\n", argv[3]);
		return 1;
	}
	hsa = loop == loop_hsa || loop == loop_wait;
	if (hsa && hsa_init() != HSA_STATUS_SUCCESS) {
		fprintf(stderr, "call_overhead: failed to initialize the HSA runtime\n");
		return 1;
	}
	if (loop == loop_wait && hsa_signal_create(0, 0, NULL, &signal) != HSA_STATUS_SUCCESS) {
		fprintf(stderr, "call_overhead: failed to create a signal\n");
		return 1;
	}
	timing_measure(loop, calls, &signal, &result);
	timing_print(argv[1], &result);
	if (signal.handle)
		hsa_signal_destroy(signal);
	if (hsa)
		hsa_shut_down();
	return 0;
}
