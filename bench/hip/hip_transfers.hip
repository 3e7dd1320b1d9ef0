/*
 * hip_transfers.hip - what HIP transfers cost on the CPU runtime, next to the host's memcpy in
 * the same run: hipMemcpy device to device (ROCclr's copyBuffer blit kernel, run natively),
 * host to device and device to host from pageable memory, and hipMemset (fillBufferAligned).
 * Each is timed ROUNDS times on 64 MiB; the median is printed in GB/s and as a ratio to the
 * median memcpy of the same size.
 */
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SIZE (64u << 20)
#define ROUNDS 7

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

static double median(double *seconds)
{
	qsort(seconds, ROUNDS, sizeof(*seconds), by_value);
	return seconds[ROUNDS / 2];
}

enum transfer { HOST_MEMCPY, D2D, H2D, D2H, MEMSET, TRANSFERS };
static const char *const names[TRANSFERS] = { "host memcpy", "hipMemcpy device to device",
					      "hipMemcpy host to device", "hipMemcpy device to host",
					      "hipMemset" };

static bool run(enum transfer t, char *host_a, char *host_b, char *dev_a, char *dev_b)
{
	switch (t) {
	case HOST_MEMCPY:
		memcpy(host_b, host_a, SIZE);
		return host_b[SIZE / 2] == host_a[SIZE / 2];
	case D2D:
		return hipMemcpy(dev_b, dev_a, SIZE, hipMemcpyDeviceToDevice) == hipSuccess;
	case H2D:
		return hipMemcpy(dev_a, host_a, SIZE, hipMemcpyHostToDevice) == hipSuccess;
	case D2H:
		return hipMemcpy(host_b, dev_b, SIZE, hipMemcpyDeviceToHost) == hipSuccess;
	default:
		return hipMemset(dev_b, 0x5a, SIZE) == hipSuccess && hipDeviceSynchronize() == hipSuccess;
	}
}

int main(void)
{
	char *host_a = (char *)malloc(SIZE), *host_b = (char *)malloc(SIZE);
	char *dev_a = NULL, *dev_b = NULL;
	double seconds[TRANSFERS][ROUNDS], medians[TRANSFERS];

	if (!host_a || !host_b || hipMalloc((void **)&dev_a, SIZE) != hipSuccess ||
	    hipMalloc((void **)&dev_b, SIZE) != hipSuccess) {
		fprintf(stderr, "hip_transfers: cannot allocate 2 x 64 MiB on host and device\n");
		return 1;
	}
	memset(host_a, 1, SIZE);
	memset(host_b, 2, SIZE);
	for (int t = 0; t < TRANSFERS; t++) /* every page touched once before timing */
		if (!run((enum transfer)t, host_a, host_b, dev_a, dev_b)) {
			fprintf(stderr, "hip_transfers: %s failed\n", names[t]);
			return 1;
		}
	/* rounds interleave the transfers, so that a load change hits them all alike */
	for (int r = 0; r < ROUNDS; r++)
		for (int t = 0; t < TRANSFERS; t++) {
			double begin = now();

			if (!run((enum transfer)t, host_a, host_b, dev_a, dev_b))
				return 1;
			seconds[t][r] = now() - begin;
		}
	printf("%-28s %10s %10s %8s\n", "64 MiB, median of 7", "ms", "GB/s", "x memcpy");
	for (int t = 0; t < TRANSFERS; t++) {
		medians[t] = median(seconds[t]);
		printf("%-28s %10.2f %10.2f %8.1f\n", names[t], medians[t] * 1e3,
		       SIZE / medians[t] / 1e9, medians[t] / medians[HOST_MEMCPY]);
	}
	hipFree(dev_a);
	hipFree(dev_b);
	free(host_a);
	free(host_b);
	return 0;
}
