/*
 * hip_streams.hip - HIP streams and events on the CPU runtime: the null stream, blocking,
 * non-blocking and prioritized streams, hipStreamWaitEvent between streams, event timing,
 * hipDeviceSynchronize, hipGetLastError after launch-configuration errors, a kernel on
 * registered host memory through its device pointers, and a pipeline of chunks on two streams
 * (or STREAMS) whose async copies and kernels overlap.
 *
 *   hip_streams                            every check, then the pipeline on 2 streams
 *   hip_streams pipeline [STREAMS]         the pipeline only, on STREAMS streams (1..8, default
 *                                          2; lab 3: docs/labs/03-streams.md; bench/model)
 *   hip_streams pipeline-sync [STREAMS]    the same with a synchronous hipMemcpy in the loop
 *
 * A bad STREAMS exits 2 with the usage.
 *
 * churn() runs from its CPU build (hip_streams_kernels.c, listed in HSATRACE_CPU_KERNELS);
 * never_run() is never run: its launches are refused by HIP for their configuration before
 * anything reaches the device.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hip_check.h"

#define SIZE (2u * 1024 * 1024 + 3)
#define CHUNKS 8
#define CHUNK_ITEMS (1u << 20) /* 4 MiB of 32-bit words per chunk and copy */
#define ROUNDS 4               /* churn()'s steps per word: its time is of the copies' order */
#define MAX_STREAMS CHUNKS     /* a stream beyond the chunks would have nothing to do */

__global__ void never_run(int *out)
{
	out[threadIdx.x] = 1;
}

/* ROUNDS steps of a linear congruential generator per word: integer work, exact on any device */
__global__ void churn(unsigned *out, const unsigned *in, unsigned n, unsigned rounds)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		unsigned x = in[i];

		for (unsigned r = 0; r < rounds; r++)
			x = x * 1664525u + 1013904223u;
		out[i] = x;
	}
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

/* A fill and a copy back on one stream, checked. */
static void stream_work(hipStream_t stream, const char *which)
{
	unsigned char *device = NULL, host[5000], expected[5000];

	HIP_OK(hipMalloc((void **)&device, sizeof(host)));
	memset(host, 0, sizeof(host));
	HIP_OK(hipMemsetAsync(device, 0x3c, sizeof(host), stream));
	HIP_OK(hipMemcpyAsync(host, device, sizeof(host), hipMemcpyDeviceToHost, stream));
	HIP_OK(hipStreamSynchronize(stream));
	memset(expected, 0x3c, sizeof(expected));
	hip_check(equal(expected, host, sizeof(host)), "%s filled and copied 5000 bytes", which);
	HIP_OK(hipFree(device));
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
	stream_work(urgent, "the prioritized stream");
	stream_work(non_blocking, "the non-blocking stream");
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

/* The host's CLOCK_MONOTONIC in ms (the clock of the CPU runtime's GPU timestamps too). */
static double wall_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* Device buffers of one stream of the pipeline, and the event its last work records (none on
 * stream 0, which the others' events join). */
struct lane {
	hipStream_t stream;
	unsigned *in, *out;
	hipEvent_t done;
};

/* Chunk c goes to stream c % streams: copy in, churn(), copy out. With sync_copy the copy out is a
 * synchronous hipMemcpy, which waits for it (and, on the null stream, for both streams)
 * before the loop can submit the next chunk. Returns how many calls failed. */
static int submit_chunks(struct lane *lanes, unsigned streams, unsigned *host_in,
			 unsigned *host_out, bool sync_copy)
{
	const size_t bytes = CHUNK_ITEMS * sizeof(unsigned);
	int failed = 0;

	for (unsigned c = 0; c < CHUNKS; c++) {
		struct lane *l = &lanes[c % streams];
		unsigned *in = host_in + (size_t)c * CHUNK_ITEMS, *out = host_out + (size_t)c * CHUNK_ITEMS;

		failed += hipMemcpyAsync(l->in, in, bytes, hipMemcpyHostToDevice, l->stream) != hipSuccess;
		hipLaunchKernelGGL(churn, dim3(CHUNK_ITEMS / 256), dim3(256), 0, l->stream, l->out,
				   l->in, CHUNK_ITEMS, ROUNDS);
		failed += hipGetLastError() != hipSuccess;
		if (sync_copy)
			failed += hipMemcpy(out, l->out, bytes, hipMemcpyDeviceToHost) != hipSuccess;
		else
			failed += hipMemcpyAsync(out, l->out, bytes, hipMemcpyDeviceToHost,
						 l->stream) != hipSuccess;
	}
	return failed;
}

/* Words of host_out that differ from churn() computed on the host. */
static size_t wrong_words(const unsigned *host_in, const unsigned *host_out)
{
	size_t wrong = 0;

	for (size_t i = 0; i < (size_t)CHUNKS * CHUNK_ITEMS; i++) {
		unsigned x = host_in[i];

		for (unsigned r = 0; r < ROUNDS; r++)
			x = x * 1664525u + 1013904223u;
		wrong += host_out[i] != x;
	}
	return wrong;
}

/* The pipeline between two events: start on stream 0, stop on stream 0 after it waited for
 * every other stream's last work (hipStreamWaitEvent), so the time covers all the streams. */
static void pipeline(unsigned streams, bool sync_copy)
{
	const size_t total = (size_t)CHUNKS * CHUNK_ITEMS * sizeof(unsigned);
	struct lane lanes[MAX_STREAMS];
	hipEvent_t start = NULL, stop = NULL;
	unsigned *host_in = NULL, *host_out = NULL;
	float milliseconds = -1;
	double wall_start, wall;
	size_t wrong;
	int failed;

	HIP_OK(hipHostMalloc((void **)&host_in, total, hipHostMallocDefault));
	HIP_OK(hipHostMalloc((void **)&host_out, total, hipHostMallocDefault));
	memset(lanes, 0, sizeof(lanes));
	for (unsigned i = 0; i < streams; i++) {
		HIP_OK(hipStreamCreate(&lanes[i].stream));
		HIP_OK(hipMalloc((void **)&lanes[i].in, CHUNK_ITEMS * sizeof(unsigned)));
		HIP_OK(hipMalloc((void **)&lanes[i].out, CHUNK_ITEMS * sizeof(unsigned)));
		if (i > 0)
			HIP_OK(hipEventCreate(&lanes[i].done));
	}
	HIP_OK(hipEventCreate(&start));
	HIP_OK(hipEventCreate(&stop));
	if (!host_in || !host_out)
		return;
	for (size_t i = 0; i < (size_t)CHUNKS * CHUNK_ITEMS; i++)
		host_in[i] = (unsigned)(i * 2654435761u);
	memset(host_out, 0, total);

	wall_start = wall_ms();
	HIP_OK(hipEventRecord(start, lanes[0].stream));
	failed = submit_chunks(lanes, streams, host_in, host_out, sync_copy);
	hip_check(failed == 0, "the pipeline's %u copies and launches were accepted (%d failed)",
		  3 * CHUNKS, failed);
	for (unsigned i = 1; i < streams; i++) {
		HIP_OK(hipEventRecord(lanes[i].done, lanes[i].stream));
		HIP_OK(hipStreamWaitEvent(lanes[0].stream, lanes[i].done, 0));
	}
	HIP_OK(hipEventRecord(stop, lanes[0].stream));
	HIP_OK(hipEventSynchronize(stop));
	wall = wall_ms() - wall_start;
	HIP_OK(hipEventElapsedTime(&milliseconds, start, stop));
	HIP_OK(hipDeviceSynchronize());
	wrong = wrong_words(host_in, host_out);
	hip_check(wrong == 0, "pipeline%s: %u chunks of %u words on %u stream%s, churn() right (%zu wrong)",
		  sync_copy ? " with a synchronous hipMemcpy" : "", CHUNKS, CHUNK_ITEMS, streams,
		  streams == 1 ? "" : "s", wrong);
	hip_check(milliseconds > 0, "pipeline%s took %.2f ms between its events",
		  sync_copy ? " with a synchronous hipMemcpy" : "", milliseconds);
	/* the events were recorded after the host's first reading and completed before its last */
	hip_check(milliseconds <= wall + 0.01,
		  "hipEventElapsedTime is within the host's time around the events (%.2f ms)", wall);

	HIP_OK(hipEventDestroy(start));
	HIP_OK(hipEventDestroy(stop));
	for (unsigned i = 0; i < streams; i++) {
		if (i > 0)
			HIP_OK(hipEventDestroy(lanes[i].done));
		HIP_OK(hipStreamDestroy(lanes[i].stream));
		HIP_OK(hipFree(lanes[i].in));
		HIP_OK(hipFree(lanes[i].out));
	}
	HIP_OK(hipHostFree(host_in));
	HIP_OK(hipHostFree(host_out));
}

/* churn() reading and writing registered host memory through its device pointers (no copies):
 * the kernel's arguments are device addresses of host memory. */
static void zero_copy(void)
{
	const unsigned n = 100000;
	unsigned *in = (unsigned *)malloc(n * sizeof(unsigned));
	unsigned *out = (unsigned *)malloc(n * sizeof(unsigned));
	unsigned *device_in = NULL, *device_out = NULL;
	size_t wrong = 0;

	if (!in || !out)
		return;
	for (unsigned i = 0; i < n; i++) {
		in[i] = i * 40503u;
		out[i] = 0;
	}
	HIP_OK(hipHostRegister(in, n * sizeof(unsigned), hipHostRegisterMapped));
	HIP_OK(hipHostRegister(out, n * sizeof(unsigned), hipHostRegisterMapped));
	HIP_OK(hipHostGetDevicePointer((void **)&device_in, in, 0));
	HIP_OK(hipHostGetDevicePointer((void **)&device_out, out, 0));
	hipLaunchKernelGGL(churn, dim3((n + 255) / 256), dim3(256), 0, 0, device_out, device_in, n,
			   ROUNDS);
	HIP_OK(hipGetLastError());
	HIP_OK(hipDeviceSynchronize());
	for (unsigned i = 0; i < n; i++) {
		unsigned x = in[i];

		for (unsigned r = 0; r < ROUNDS; r++)
			x = x * 1664525u + 1013904223u;
		wrong += out[i] != x;
	}
	hip_check(wrong == 0, "churn() on registered host memory through its device pointers (%zu wrong)",
		  wrong);
	HIP_OK(hipHostUnregister(in));
	HIP_OK(hipHostUnregister(out));
	free(in);
	free(out);
}

/* STREAMS of the command line, 1..MAX_STREAMS, or 0 when it is not one. */
static unsigned parse_streams(const char *s)
{
	char *end;
	unsigned long v;

	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	v = strtoul(s, &end, 10);
	return errno || *end || v < 1 || v > MAX_STREAMS ? 0 : (unsigned)v;
}

int main(int argc, char **argv)
{
	unsigned char *host_in, *host_out;
	bool pipeline_only = argc >= 2;
	unsigned streams = argc == 3 ? parse_streams(argv[2]) : 2;

	if (argc > 3 || streams == 0 ||
	    (pipeline_only && strcmp(argv[1], "pipeline") != 0 && strcmp(argv[1], "pipeline-sync") != 0)) {
		fprintf(stderr, "usage: hip_streams [pipeline|pipeline-sync [STREAMS]] (STREAMS 1..%u, "
				"default 2)\n", MAX_STREAMS);
		return 2;
	}
	host_in = (unsigned char *)malloc(SIZE);
	host_out = (unsigned char *)malloc(SIZE);
	if (!host_in || !host_out) {
		fprintf(stderr, "hip_streams: out of host memory\n");
		return 1;
	}
	if (!pipeline_only) {
		stream_kinds();
		cross_stream_order(host_in, host_out);
		null_stream_order(host_out);
		launch_errors();
		zero_copy();
	}
	pipeline(streams, pipeline_only && strcmp(argv[1], "pipeline-sync") == 0);
	HIP_OK(hipDeviceSynchronize());
	free(host_in);
	free(host_out);
	return hip_check_exit_status();
}
