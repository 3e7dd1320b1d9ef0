/*
 * hip_launch.hip - what launching an empty HIP kernel costs on the CPU runtime, in µs per
 * launch: LAUNCHES launches back to back on the null stream with one hipDeviceSynchronize at
 * the end (pipelined: ROCclr's submission, the AQL packet, the packet processor and a
 * one-workgroup dispatch overlap), and the same launches each followed by
 * hipDeviceSynchronize (the round trip a synchronous launch pays: submission, dispatch,
 * completion signal, the host's wake-up). Each mode runs ROUNDS times; the median is printed.
 * The kernel runs from its CPU build (hip_launch_kernels.c, in HSATRACE_CPU_KERNELS).
 *
 *   hip_launch [LAUNCHES]   launches per round (default 2000)
 */
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ROUNDS 5

static int launches = 2000;

__global__ void empty_kernel(void)
{
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Seconds for `launches` launches; synchronizing after each one or once at the end. */
static bool time_launches(bool sync_each, double *seconds)
{
	double start = now();

	for (int i = 0; i < launches; i++) {
		hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(64), 0, 0);
		if (hipGetLastError() != hipSuccess)
			return false;
		if (sync_each && hipDeviceSynchronize() != hipSuccess)
			return false;
	}
	if (hipDeviceSynchronize() != hipSuccess)
		return false;
	*seconds = now() - start;
	return true;
}

static bool report(const char *name, bool sync_each)
{
	double seconds[ROUNDS];

	for (int r = 0; r < ROUNDS; r++)
		if (!time_launches(sync_each, &seconds[r])) {
			fprintf(stderr, "hip_launch: %s: a launch failed: %s\n", name,
				hipGetErrorString(hipGetLastError()));
			return false;
		}
	qsort(seconds, ROUNDS, sizeof(seconds[0]), by_value);
	printf("%-40s %8.2f us per launch (median of %d x %d; min %.2f, max %.2f)\n", name,
	       seconds[ROUNDS / 2] * 1e6 / launches, ROUNDS, launches,
	       seconds[0] * 1e6 / launches, seconds[ROUNDS - 1] * 1e6 / launches);
	return true;
}

int main(int argc, char **argv)
{
	double warm_up;
	char *end = NULL;

	if (argc > 2 || (argc == 2 && ((launches = (int)strtol(argv[1], &end, 10)) < 1 ||
				       *end != '\0' || launches > 1000000))) {
		fprintf(stderr, "usage: hip_launch [LAUNCHES (1..1000000)]\n");
		return 2;
	}

	/* the first launch loads the code object and creates the queue: not measured */
	if (!time_launches(true, &warm_up)) {
		fprintf(stderr, "hip_launch: the empty kernel does not run: %s\n",
			hipGetErrorString(hipGetLastError()));
		return 1;
	}
	if (!report("empty kernel, pipelined", false) ||
	    !report("empty kernel, hipDeviceSynchronize each", true))
		return 1;
	return 0;
}
