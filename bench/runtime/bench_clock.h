/* bench_clock.h - the benchmarks' clock and summary statistics. */
#ifndef BENCH_CLOCK_H
#define BENCH_CLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

static inline uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int bench_compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Sorts @values in place and returns the @permille-th per-mille value (500 = median). */
static inline uint64_t bench_percentile(uint64_t *values, size_t count, unsigned permille)
{
	qsort(values, count, sizeof(*values), bench_compare_u64);
	return values[(count - 1) * permille / 1000];
}

#endif /* BENCH_CLOCK_H */
