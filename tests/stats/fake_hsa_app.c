/*
 * fake_hsa_app MODE [SCHEMA_VERSION] - emits the hsatrace event schema's events (same provider, event and
 * field names as the tracer) for a small, known scenario, so the stats and report tests can
 * run before and independently of the real tracer. Durations come from real sleeps; the
 * tests read the expected numbers back from the trace with babeltrace2, never from here.
 *
 * MODE: exec  GPU activity as hsa_activity:kernel_exec (what the tracer writes)
 *       both  kernel_exec plus hsa_gpu:kernel_begin/_end (a unified trace: no double count)
 *       gpu   hsa_gpu:kernel_begin/_end only
 * SCHEMA_VERSION: what hsa_meta:trace_info says (default: the schema's, HSAT_SCHEMA_VERSION).
 *
 * fake_hsa_app bulk N - for benchmarks: N rounds, without pauses, of a hot API call, a
 * packet submit, its kernel_exec and a counter sample (about 7 events a round).
 *
 * fake_hsa_app async_copy - two hsa_amd_memory_async_copy calls, one whose copy completes
 * after the call returns and one whose copy completes inside the call.
 *
 * Scenario: two queues (ids 1 and 2); queue 1 gets two kernels, a barrier and a third kernel
 * all submitted before any runs; queue 2 gets a kernel that completes before the next is
 * submitted. Three copies in two directions. One hsa_signal_create fails. The main thread's
 * waits are reported by hsa_activity:signal_wait; the worker thread's only by
 * hsa_signal_wait_* calls. The matmul kernel's name is left mangled, as the tracer leaves it
 * in a program without the C++ runtime.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "tests/stats/fake_hsa_api_entry_tp.h"
#include "tests/stats/fake_hsa_api_exit_tp.h"
#include "tests/stats/fake_hsa_hot_entry_tp.h"
#include "tests/stats/fake_hsa_hot_exit_tp.h"
#include "tests/stats/fake_hsa_activity_tp.h"
#include "tests/stats/fake_hsa_gpu_tp.h"
#include "tests/stats/fake_hsa_meta_tp.h"
#include "schema/hsatrace_schema.h"

#define PACKET_KERNEL 2
#define PACKET_BARRIER_AND 3
/* A kernel name as the tracer writes it when the program has no C++ runtime to demangle. */
#define MATMUL_MANGLED "_Z6matmulPKfS0_Pfj"

static uint64_t next_correlation = 1;

static uint64_t correlation(void)
{
	return __atomic_fetch_add(&next_correlation, 1, __ATOMIC_RELAXED);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void pause_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	if (us > 0)
		nanosleep(&ts, NULL);
}

/* One traced call: entry, `us` microseconds inside, exit with `status`. */
/* category: api or hot (providers hsa_<category>_entry / _exit). */
#define CALL_STATUS(category, fn, us, status)                                       \
	do {                                                                        \
		uint64_t id_ = correlation();                                       \
		lttng_ust_tracepoint(hsa_##category##_entry, fn, #fn, id_);         \
		pause_us(us);                                                       \
		lttng_ust_tracepoint(hsa_##category##_exit, fn, #fn, id_, status);  \
	} while (0)
#define CALL(category, fn, us) CALL_STATUS(category, fn, us, 0)

#define HSA_STATUS_INFO_BREAK 0x1
#define HSA_STATUS_ERROR_INVALID_ARGUMENT 0x1001

struct kernel {
	uint64_t queue_id, packet_index, correlation_id;
	const char *name;
	uint64_t begin_ns, end_ns;
};

static const char *mode = "exec";
static long submit_pause_us = 5; /* 0 in bulk mode */

static void submit(uint64_t queue_id, uint64_t index, int type, const char *name,
		   uint64_t corr)
{
	CALL(hot, hsa_queue_load_write_index_relaxed, submit_pause_us);
	lttng_ust_tracepoint(hsa_activity, packet_submit, queue_id, index, type, name, corr);
}

static void complete(const struct kernel *k)
{
	if (strcmp(mode, "exec") != 0) {
		lttng_ust_tracepoint(hsa_gpu, kernel_begin, k->queue_id, k->packet_index,
				     k->correlation_id, k->name, k->begin_ns, k->end_ns);
		lttng_ust_tracepoint(hsa_gpu, kernel_end, k->queue_id, k->packet_index,
				     k->correlation_id, k->name, k->begin_ns, k->end_ns);
	}
	if (strcmp(mode, "gpu") != 0)
		lttng_ust_tracepoint(hsa_activity, kernel_exec, k->queue_id, k->packet_index,
				     k->correlation_id, k->name, k->begin_ns, k->end_ns);
}

static void *worker(void *arg)
{
	(void)arg;
	pthread_setname_np(pthread_self(), "fake-worker");
	CALL(api, hsa_signal_wait_scacquire, 500);
	for (int i = 0; i < 4; i++)
		CALL(hot, hsa_signal_load_relaxed, 10);
	CALL(api, hsa_signal_wait_scacquire, 700);
	return NULL;
}

static void run_queues(void)
{
	struct kernel k[5];
	uint64_t base;

	/* Queue 1: everything submitted before the GPU starts. */
	k[0] = (struct kernel){ 1, 0, correlation(), "vector_add", 0, 0 };
	k[1] = (struct kernel){ 1, 1, correlation(), "vector_add", 0, 0 };
	k[2] = (struct kernel){ 1, 3, correlation(), MATMUL_MANGLED, 0, 0 };
	submit(1, 0, PACKET_KERNEL, k[0].name, k[0].correlation_id);
	submit(1, 1, PACKET_KERNEL, k[1].name, k[1].correlation_id);
	submit(1, 2, PACKET_BARRIER_AND, "", correlation());
	submit(1, 3, PACKET_KERNEL, k[2].name, k[2].correlation_id);
	base = now_ns() + 1000000;
	k[0].begin_ns = base;
	k[0].end_ns = base + 400000;
	k[1].begin_ns = base + 400000;
	k[1].end_ns = base + 900000;
	k[2].begin_ns = base + 1000000;
	k[2].end_ns = base + 1600000;

	/* Queue 2: one kernel at a time. */
	k[3] = (struct kernel){ 2, 0, correlation(), MATMUL_MANGLED, 0, 0 };
	submit(2, 0, PACKET_KERNEL, k[3].name, k[3].correlation_id);
	k[3].begin_ns = now_ns() + 10000;
	k[3].end_ns = k[3].begin_ns + 290000;
	pause_us(400);
	k[4] = (struct kernel){ 2, 1, correlation(), "vector_add", 0, 0 };
	submit(2, 1, PACKET_KERNEL, k[4].name, k[4].correlation_id);
	k[4].begin_ns = now_ns() + 10000;
	k[4].end_ns = k[4].begin_ns + 190000;

	pause_us(2000); /* every kernel has "completed" */
	for (int i = 0; i < 5; i++)
		complete(&k[i]);
}

static void copy(uint64_t id, uint64_t size, int direction, uint64_t us)
{
	uint64_t begin = now_ns();

	CALL(api, hsa_memory_copy, (long)us);
	lttng_ust_tracepoint(hsa_activity, copy_exec, id, size, direction, begin + 1000,
			     begin + 1000 + us * 1000);
}

static void wait_with_activity(uint64_t signal, uint64_t us)
{
	CALL(api, hsa_signal_wait_scacquire, (long)us);
	lttng_ust_tracepoint(hsa_activity, signal_wait, signal, (us - 50) * 1000);
}

/*
 * Two hsa_amd_memory_async_copy calls (the copy's correlation id is copy_id + 100, see
 * fake_hsa_activity_tp.h): the first copy completes after its call returned, the second
 * before, as the CPU runtime's copies do when they finish inside the call.
 */
static int async_copies(void)
{
	lttng_ust_tracepoint(hsa_meta, trace_info, HSAT_SCHEMA_VERSION);
	for (uint64_t copy_id = 1; copy_id <= 2; copy_id++) {
		uint64_t id = copy_id + 100, begin;
		int early = copy_id == 2;

		lttng_ust_tracepoint(hsa_api_entry, hsa_amd_memory_async_copy,
				     "hsa_amd_memory_async_copy", id);
		begin = now_ns(); /* after the entry's time stamp: the copy starts inside the call */
		pause_us(100);
		if (early)
			lttng_ust_tracepoint(hsa_activity, copy_exec, copy_id, 4096, 1, begin,
					     now_ns());
		lttng_ust_tracepoint(hsa_api_exit, hsa_amd_memory_async_copy,
				     "hsa_amd_memory_async_copy", id, 0);
		if (!early) {
			pause_us(100);
			lttng_ust_tracepoint(hsa_activity, copy_exec, copy_id, 4096, 1, begin,
					     now_ns());
		}
	}
	return 0;
}

static int bulk(const char *count)
{
	static const char *const names[] = { "vector_add", "matmul", "reduce", "scan" };
	long n = strtol(count, NULL, 10);

	if (n <= 0) {
		fprintf(stderr, "fake_hsa_app: bulk needs a positive count\n");
		return 2;
	}
	submit_pause_us = 0;
	lttng_ust_tracepoint(hsa_meta, trace_info, HSAT_SCHEMA_VERSION);
	lttng_ust_tracepoint(hsa_activity, queue_create, 1, 0xa001, 4096);
	for (long i = 0; i < n; i++) {
		struct kernel k = { 1, (uint64_t)i, correlation(), names[i % 4], 0, 0 };

		CALL(hot, hsa_signal_load_relaxed, 0);
		submit(1, k.packet_index, PACKET_KERNEL, k.name, k.correlation_id);
		k.begin_ns = now_ns();
		k.end_ns = k.begin_ns + 1000 + (uint64_t)(i % 7) * 100;
		complete(&k);
		lttng_ust_tracepoint(hsa_activity, counter, "packets_in_flight", (int64_t)(i % 2));
	}
	return 0;
}

int main(int argc, char **argv)
{
	pthread_t thread;

	if (argc == 3 && strcmp(argv[1], "bulk") == 0)
		return bulk(argv[2]);
	if (argc == 2 && strcmp(argv[1], "async_copy") == 0)
		return async_copies();

	if (argc < 2 || argc > 3 ||
	    (strcmp(argv[1], "exec") && strcmp(argv[1], "both") && strcmp(argv[1], "gpu"))) {
		fprintf(stderr, "usage: fake_hsa_app exec|both|gpu [SCHEMA_VERSION] | bulk N | "
				"async_copy\n");
		return 2;
	}
	mode = argv[1];
	lttng_ust_tracepoint(hsa_meta, trace_info, argc == 3 ? argv[2] : HSAT_SCHEMA_VERSION);
	CALL(api, hsa_init, 200);
	for (uint64_t q = 1; q <= 2; q++) {
		uint64_t id = correlation();

		lttng_ust_tracepoint(hsa_api_entry, hsa_queue_create, "hsa_queue_create", id);
		pause_us(300);
		lttng_ust_tracepoint(hsa_activity, queue_create, q, 0xa000 + q, (uint32_t)(64 * q));
		lttng_ust_tracepoint(hsa_api_exit, hsa_queue_create, "hsa_queue_create", id, 0);
	}
	for (int i = 0; i < 3; i++)
		CALL(api, hsa_signal_create, 50);
	/* A failed call (an error) and a callback iteration stopped early (not an error). */
	CALL_STATUS(api, hsa_signal_create, 20, HSA_STATUS_ERROR_INVALID_ARGUMENT);
	CALL_STATUS(api, hsa_init, 20, HSA_STATUS_INFO_BREAK);
	if (pthread_create(&thread, NULL, worker, NULL)) {
		fprintf(stderr, "fake_hsa_app: failed to start the worker thread\n");
		return 1;
	}
	run_queues();
	copy(1, 1 << 20, 1, 250);
	copy(2, 4 << 20, 1, 800);
	copy(3, 2 << 20, 2, 500);
	wait_with_activity(0x5001, 300);
	wait_with_activity(0x5002, 170);
	for (int i = 0; i < 5; i++) {
		lttng_ust_tracepoint(hsa_activity, counter, "packets_in_flight", (int64_t)(i % 3));
		pause_us(100);
	}
	pthread_join(thread, NULL);
	return 0;
}
