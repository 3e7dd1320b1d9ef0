/*
 * profiling.c - the system clock domain, dispatch times (begin <= end, inside the host's wall
 * window around the dispatch), async copies (dependencies, completion, data) and their times.
 */
#include <stdlib.h>
#include <time.h>

#include <hsa/amd_hsa_signal.h>

#include "tests/runtime/rt_common.h"

static uint64_t host_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void test_clock(void)
{
	uint64_t before, ts = 0, after, frequency = 0;

	before = host_ns();
	hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &ts);
	after = host_ns();
	hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &frequency);
	is_int(frequency, 1000000000, "timestamp frequency is 1 GHz");
	ok(before <= ts && ts <= after, "HSA_SYSTEM_INFO_TIMESTAMP is CLOCK_MONOTONIC in ns");
}

static void test_dispatch_times(struct rt *rt)
{
	enum { N = 1 << 16 };
	uint32_t *in = calloc(N, 4), *out = calloc(N, 4);
	struct { uint32_t *in, *out; } args = { in, out };
	void *kernarg = rt_kernarg(rt, &args, sizeof(args));
	uint32_t grid[3] = { N, 1, 1 };
	uint16_t wg[3] = { 256, 1, 1 };
	hsa_queue_t *queue;
	hsa_signal_t done;
	hsa_amd_profiling_dispatch_time_t time = { 0, 0 };
	uint64_t before, after, converted = 0;

	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue);
	is_int(hsa_amd_profiling_set_profiler_enabled(queue, 1), HSA_STATUS_SUCCESS,
	       "profiling enabled on the queue");
	hsa_signal_create(1, 0, NULL, &done);
	before = host_ns();
	rt_dispatch(queue, rt_kernel(rt, "vector_copy"), kernarg, grid, wg, 1, done, false);
	rt_wait_zero(done);
	after = host_ns();
	is_int(hsa_amd_profiling_get_dispatch_time(rt->gpu, done, &time), HSA_STATUS_SUCCESS,
	       "get_dispatch_time");
	ok(time.start <= time.end, "begin <= end (%llu <= %llu)", (unsigned long long)time.start,
	   (unsigned long long)time.end);
	ok(before <= time.start && time.end <= after,
	   "both inside the host's wall window around submit and wait");
	{
		const amd_signal_t *amd = (const amd_signal_t *)(uintptr_t)done.handle;

		ok(amd->start_ts == time.start && amd->end_ts == time.end,
		   "the times are amd_signal_t.start_ts/end_ts, as tools expect");
	}
	is_int(hsa_amd_profiling_get_dispatch_time(rt->cpu, done, &time),
	       HSA_STATUS_ERROR_INVALID_AGENT, "the CPU agent runs no dispatches");
	is_int(hsa_amd_profiling_get_dispatch_time(rt->gpu, (hsa_signal_t){ 0 }, &time),
	       HSA_STATUS_ERROR_INVALID_SIGNAL, "a null signal is refused");
	hsa_amd_profiling_convert_tick_to_system_domain(rt->gpu, 12345, &converted);
	is_int(converted, 12345, "agent ticks are already system ticks");
	hsa_signal_destroy(done);
	hsa_queue_destroy(queue);
	hsa_amd_memory_pool_free(kernarg);
	free(in);
	free(out);
}

static void test_async_copies(struct rt *rt)
{
	enum { N = 1 << 20 };
	char *a = malloc(N), *b = malloc(N), *c = malloc(N);
	hsa_signal_t gate, first, second;
	hsa_amd_profiling_async_copy_time_t t1 = { 0, 0 }, t2 = { 0, 0 };
	uint64_t before, after;
	int bad = 0;

	for (int i = 0; i < N; i++)
		a[i] = (char)(i * 31 + 7);
	memset(b, 0, N);
	memset(c, 0, N);
	is_int(hsa_amd_profiling_async_copy_enable(true), HSA_STATUS_SUCCESS,
	       "async copy profiling enabled");
	hsa_signal_create(1, 0, NULL, &gate);
	hsa_signal_create(1, 0, NULL, &first);
	hsa_signal_create(1, 0, NULL, &second);
	before = host_ns();
	is_int(hsa_amd_memory_async_copy(b, rt->gpu, a, rt->cpu, N, 1, &gate, first),
	       HSA_STATUS_SUCCESS, "copy a->b waiting on a gate signal");
	is_int(hsa_amd_memory_async_copy(c, rt->cpu, b, rt->gpu, N, 1, &first, second),
	       HSA_STATUS_SUCCESS, "copy b->c depending on the first copy");
	usleep(20000);
	ok(hsa_signal_load_relaxed(first) == 1 && hsa_signal_load_relaxed(second) == 1 && b[1] == 0,
	   "nothing copied while the gate is closed");
	hsa_signal_store_screlease(gate, 0);
	is_int(rt_wait_zero(second), 0, "opening the gate runs both copies");
	after = host_ns();
	for (int i = 0; i < N; i++)
		bad += c[i] != a[i];
	is_int(bad, 0, "the data went a->b->c");
	hsa_amd_profiling_get_async_copy_time(first, &t1);
	hsa_amd_profiling_get_async_copy_time(second, &t2);
	ok(before <= t1.start && t1.start <= t1.end && t1.end <= t2.start && t2.start <= t2.end &&
		   t2.end <= after,
	   "copy times are ordered and inside the host's wall window");
	is_int(hsa_amd_memory_async_copy(c, rt->cpu, a, rt->cpu, N, 0, NULL, (hsa_signal_t){ 0 }),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "a copy without a completion signal is refused");
	is_int(hsa_amd_memory_async_copy(NULL, rt->cpu, a, rt->cpu, N, 0, NULL, first),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "a NULL destination is refused");
	{
		/* a 3x2x2 box of 4-byte-wide rows out of a pitched 16x4x3 volume */
		char vol[3][4][16], box[2][2][4];
		hsa_pitched_ptr_t src = { vol, 16, 64 }, dst = { box, 4, 8 };
		hsa_dim3_t src_offset = { 5, 1, 1 }, dst_offset = { 0, 0, 0 }, range = { 4, 2, 2 };
		int wrong = 0;

		for (int z = 0; z < 3; z++)
			for (int y = 0; y < 4; y++)
				for (int x = 0; x < 16; x++)
					vol[z][y][x] = (char)(z * 64 + y * 16 + x);
		hsa_signal_store_relaxed(first, 1);
		is_int(hsa_amd_memory_async_copy_rect(&dst, &dst_offset, &src, &src_offset, &range,
						      rt->cpu, hsaHostToHost, 0, NULL, first),
		       HSA_STATUS_SUCCESS, "rect copy submitted");
		rt_wait_zero(first);
		for (int z = 0; z < 2; z++)
			for (int y = 0; y < 2; y++)
				for (int x = 0; x < 4; x++)
					wrong += box[z][y][x] != vol[z + 1][y + 1][x + 5];
		is_int(wrong, 0, "the rect copy moved exactly the pitched box");
	}
	hsa_signal_destroy(gate);
	hsa_signal_destroy(first);
	hsa_signal_destroy(second);
	free(a);
	free(b);
	free(c);
}

int main(void)
{
	struct rt rt;

	plan(23);
	if (!ok(rt_setup(&rt), "runtime initialised"))
		return exit_status();
	test_clock();
	test_dispatch_times(&rt);
	test_async_copies(&rt);
	hsa_executable_destroy(rt.executable);
	is_int(hsa_shut_down(), HSA_STATUS_SUCCESS, "hsa_shut_down");
	return exit_status();
}
