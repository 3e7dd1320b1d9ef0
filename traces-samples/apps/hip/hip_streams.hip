/*
 * hip_streams.hip - HIP streams and events on the CPU runtime: the null stream, blocking,
 * non-blocking and prioritized streams, hipStreamWaitEvent between streams, event timing,
 * hipDeviceSynchronize, and hipGetLastError after launch-configuration errors.
 *
 * The kernel below is never run: its launches are refused by HIP for their configuration
 * before anything reaches the device.
 */
#include <stdlib.h>
#include <string.h>

#include "hip_check.h"

#define SIZE (2u * 1024 * 1024 + 3)

__global__ void never_run(int *out)
{
	out[threadIdx.x] = 1;
}

static bool equal(const unsigned char *a, const unsigned char *b, size_t size)
{
	return memcmp(a, b, size) == 0;
}

static void fill_pattern(unsigned char *buffer, size_t size, unsigned seed)
{
	for (size_t i = 0; i < size; i++)
		buffer[i] = (unsigned char)(i * 7u + seed);
}

static void stream_kinds(void)
{
	hipStream_t blocking = NULL, non_blocking = NULL, urgent = NULL;
	int least = 0, greatest = 0, priority = 99;
	unsigned flags = 99;

	HIP_OK(hipDeviceGetStreamPriorityRange(&least, &greatest));
	hip_check(greatest <= least, "priority range: greatest %d <= least %d", greatest, least);
	HIP_OK(hipStreamCreate(&blocking));
	HIP_OK(hipStreamCreateWithFlags(&non_blocking, hipStreamNonBlocking));
	HIP_OK(hipStreamCreateWithPriority(&urgent, hipStreamDefault, greatest));
	HIP_OK(hipStreamGetFlags(non_blocking, &flags));
	hip_check(flags == hipStreamNonBlocking, "a non-blocking stream says so (%u)", flags);
	HIP_OK(hipStreamGetPriority(urgent, &priority));
	hip_check(priority == greatest, "a prioritized stream has its priority (%d)", priority);
	HIP_OK(hipStreamQuery(blocking));
	HIP_OK(hipStreamDestroy(blocking));
	HIP_OK(hipStreamDestroy(non_blocking));
	HIP_OK(hipStreamDestroy(urgent));
}

/* s1 copies in -> a; s2 waits for s1's event, then copies a -> b; the null stream reads b. */
static void cross_stream_order(unsigned char *host_in, unsigned char *host_out)
{
	hipStream_t s1 = NULL, s2 = NULL;
	hipEvent_t copied = NULL, start = NULL, stop = NULL;
	unsigned char *a = NULL, *b = NULL;
	float milliseconds = -1;

	HIP_OK(hipMalloc((void **)&a, SIZE));
	HIP_OK(hipMalloc((void **)&b, SIZE));
	HIP_OK(hipStreamCreateWithFlags(&s1, hipStreamNonBlocking));
	HIP_OK(hipStreamCreateWithFlags(&s2, hipStreamNonBlocking));
	HIP_OK(hipEventCreate(&copied));
	HIP_OK(hipEventCreate(&start));
	HIP_OK(hipEventCreate(&stop));
	fill_pattern(host_in, SIZE, 5);
	HIP_OK(hipEventRecord(start, s1));
	HIP_OK(hipMemcpyAsync(a, host_in, SIZE, hipMemcpyHostToDevice, s1));
	HIP_OK(hipMemsetAsync(a, 0x42, 1000, s1));
	HIP_OK(hipEventRecord(copied, s1));
	HIP_OK(hipStreamWaitEvent(s2, copied, 0));
	HIP_OK(hipMemcpyAsync(b, a, SIZE, hipMemcpyDeviceToDevice, s2));
	HIP_OK(hipEventRecord(stop, s2));
	HIP_OK(hipEventSynchronize(stop));
	HIP_OK(hipEventQuery(stop));
	HIP_OK(hipEventElapsedTime(&milliseconds, start, stop));
	hip_check(milliseconds >= 0, "hipEventElapsedTime from s1's start to s2's stop is >= 0 (%f)",
		  milliseconds);
	memset(host_out, 0, SIZE);
	HIP_OK(hipMemcpy(host_out, b, SIZE, hipMemcpyDeviceToHost));
	memset(host_in, 0x42, 1000);
	hip_check(equal(host_in, host_out, SIZE),
		  "s2 saw s1's copy and fill through hipStreamWaitEvent");
	HIP_OK(hipEventDestroy(copied));
	HIP_OK(hipEventDestroy(start));
	HIP_OK(hipEventDestroy(stop));
	HIP_OK(hipStreamDestroy(s1));
	HIP_OK(hipStreamDestroy(s2));
	HIP_OK(hipFree(a));
	HIP_OK(hipFree(b));
}

/* A blocking stream waits for the null stream: a fill on the null stream, then a read on it. */
static void null_stream_order(unsigned char *host_out)
{
	hipStream_t blocking = NULL;
	unsigned char *a = NULL, expected[4096];

	HIP_OK(hipMalloc((void **)&a, 4096));
	HIP_OK(hipStreamCreate(&blocking));
	HIP_OK(hipMemsetAsync(a, 0x17, 4096, NULL));
	HIP_OK(hipMemcpyAsync(host_out, a, 4096, hipMemcpyDeviceToHost, blocking));
	HIP_OK(hipStreamSynchronize(blocking));
	memset(expected, 0x17, sizeof(expected));
	hip_check(equal(expected, host_out, 4096), "a blocking stream ran after the null stream's fill");
	HIP_OK(hipDeviceSynchronize());
	HIP_OK(hipStreamDestroy(blocking));
	HIP_OK(hipFree(a));
}

static void launch_errors(void)
{
	int *out = NULL;
	hipError_t launched;

	HIP_OK(hipMalloc((void **)&out, 4096));
	HIP_OK(hipGetLastError());
	hipLaunchKernelGGL(never_run, dim3(1), dim3(2048), 0, 0, out);
	launched = hipGetLastError();
	hip_check(launched == hipErrorInvalidConfiguration || launched == hipErrorInvalidValue,
		  "a block of 2048 threads is refused (%s)", hipGetErrorName(launched));
	HIP_OK(hipGetLastError());
	hipLaunchKernelGGL(never_run, dim3(1), dim3(64), 1u << 20, 0, out);
	launched = hipPeekAtLastError();
	hip_check(launched != hipSuccess, "1 MiB of dynamic shared memory is refused (%s)",
		  hipGetErrorName(launched));
	hip_check(hipGetLastError() == launched, "hipPeekAtLastError left the error in place");
	HIP_OK(hipGetLastError());
	HIP_OK(hipFree(out));
}

int main(void)
{
	unsigned char *host_in = (unsigned char *)malloc(SIZE), *host_out = (unsigned char *)malloc(SIZE);

	if (!host_in || !host_out) {
		fprintf(stderr, "hip_streams: out of host memory\n");
		return 1;
	}
	stream_kinds();
	cross_stream_order(host_in, host_out);
	null_stream_order(host_out);
	launch_errors();
	HIP_OK(hipDeviceSynchronize());
	free(host_in);
	free(host_out);
	return hip_check_exit_status();
}
