/*
 * timing.h - the per-call benchmarks' timing harness: nanoseconds per call, best and median
 * of TIMING_REPEAT repetitions, in CPU time of the calling thread.
 *
 * CPU time of the thread (CLOCK_THREAD_CPUTIME_ID), not wall time, so that the time the thread
 * spends preempted on a loaded machine does not count.
 *
 * Usage: write the loop to measure as a function that makes CALLS calls, then
 *
 *	struct timing_result r;
 *
 *	timing_measure(my_loop, calls, &my_state, &r);
 *	timing_print(mode_name, &r);         prints "MODE best_ns median_ns"
 *
 * Header only (static functions): each benchmark is one program of one .c file.
 */
#ifndef BENCH_COMMON_TIMING_H
#define BENCH_COMMON_TIMING_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* How many times a loop is timed; the median is the middle one of them. */
#define TIMING_REPEAT 7

/* Nanoseconds per call of the fastest repetition and of the median one. */
struct timing_result {
	double best_ns;
	double median_ns;
};

/* A loop to time: makes @calls calls of what is measured; @state is the caller's. */
typedef void timing_loop_fn(unsigned long calls, void *state);

/* CPU time of the calling thread, in nanoseconds. */
static inline uint64_t timing_thread_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Nanoseconds per call of one run of @loop over @calls calls (@calls > 0). */
static inline double timing_run_once(timing_loop_fn *loop, unsigned long calls, void *state)
{
	uint64_t t0 = timing_thread_ns();

	loop(calls, state);
	return (double)(timing_thread_ns() - t0) / (double)calls;
}

static inline int timing_compare(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Times @loop over @calls calls (@calls > 0) TIMING_REPEAT times; the best and median go to
 * @out. */
static inline void timing_measure(timing_loop_fn *loop, unsigned long calls, void *state,
				  struct timing_result *out)
{
	double ns[TIMING_REPEAT];

	for (int r = 0; r < TIMING_REPEAT; r++)
		ns[r] = timing_run_once(loop, calls, state);
	qsort(ns, TIMING_REPEAT, sizeof(ns[0]), timing_compare);
	out->best_ns = ns[0];
	out->median_ns = ns[TIMING_REPEAT / 2];
}

/* Prints "@mode best_ns median_ns" on stdout, one line, as the bench run scripts read it. */
static inline void timing_print(const char *mode, const struct timing_result *result)
{
	printf("%s %.1f %.1f\n", mode, result->best_ns, result->median_ns);
}

#endif /* BENCH_COMMON_TIMING_H */
