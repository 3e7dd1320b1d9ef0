/*
 * fork.c - a child forked after hsa_init: it can shut the inherited runtime down and start a
 * fresh one, or keep using the inherited one (a queue of the parent's, a queue of its own),
 * and a refcounted init (hsa_init twice before fork) behaves the same. Every child works under
 * alarm(): a hang fails its test instead of the suite.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "tests/runtime/rt_common.h"

#define CHILD_SECONDS 20
#define DISPATCHES 10
#define ITEMS 4096 /* 64 workgroups of 64: the worker pool takes part */

static const uint16_t wg64[3] = { 64, 1, 1 };
static const uint32_t grid[3] = { ITEMS, 1, 1 };

static bool handler_ran;

static bool on_signal(hsa_signal_value_t value, void *arg)
{
	(void)value;
	__atomic_store_n((bool *)arg, true, __ATOMIC_SEQ_CST);
	return false;
}

/* DISPATCHES vector copies of ITEMS words on queue, each checked; 0 or the failing step. */
static int dispatch_work(struct rt *rt, hsa_queue_t *queue)
{
	uint32_t *in = NULL, *out = NULL;
	struct { uint32_t *in, *out; } args;
	void *kernarg = NULL;
	hsa_signal_t done = { 0 };
	int failed = 0;

	hsa_amd_memory_pool_allocate(rt->fine_pool, ITEMS * 4, 0, (void **)&in);
	hsa_amd_memory_pool_allocate(rt->fine_pool, ITEMS * 4, 0, (void **)&out);
	args.in = in;
	args.out = out;
	kernarg = rt_kernarg(rt, &args, sizeof(args));
	if (!in || !out || !kernarg || hsa_signal_create(1, 0, NULL, &done) != HSA_STATUS_SUCCESS) {
		failed = 20;
		goto end;
	}
	for (int round = 0; round < DISPATCHES && !failed; round++) {
		for (uint32_t i = 0; i < ITEMS; i++)
			in[i] = (uint32_t)round * 100000 + i;
		hsa_signal_store_screlease(done, 1);
		rt_dispatch(queue, rt_kernel(rt, "vector_copy"), kernarg, grid, wg64, 1, done,
			    false);
		if (rt_wait_zero(done) != 0)
			failed = 21;
		for (uint32_t i = 0; i < ITEMS && !failed; i++)
			if (out[i] != in[i])
				failed = 22;
	}
end:
	if (done.handle)
		hsa_signal_destroy(done);
	hsa_amd_memory_pool_free(kernarg);
	hsa_amd_memory_pool_free(in);
	hsa_amd_memory_pool_free(out);
	return failed;
}

/* An async copy behind a dependency, with its times, then an async handler; 0 or the step. */
static int copy_and_handler_work(struct rt *rt)
{
	char a[256], b[256];
	hsa_signal_t gate, done;
	hsa_amd_profiling_async_copy_time_t time = { 0, 0 };
	int failed = 0;

	memset(a, 7, sizeof(a));
	memset(b, 0, sizeof(b));
	hsa_signal_create(1, 0, NULL, &gate);
	hsa_signal_create(1, 0, NULL, &done);
	hsa_amd_profiling_async_copy_enable(true);
	if (hsa_amd_memory_async_copy(b, rt->cpu, a, rt->cpu, sizeof(a), 1, &gate, done) !=
	    HSA_STATUS_SUCCESS)
		failed = 30;
	hsa_signal_store_screlease(gate, 0);
	if (!failed && (rt_wait_zero(done) != 0 || memcmp(a, b, sizeof(a)) != 0))
		failed = 31;
	if (!failed && (hsa_amd_profiling_get_async_copy_time(done, &time) != HSA_STATUS_SUCCESS ||
			time.end < time.start || time.start == 0))
		failed = 32;
	hsa_amd_profiling_async_copy_enable(false);
	__atomic_store_n(&handler_ran, false, __ATOMIC_SEQ_CST);
	if (!failed && hsa_amd_signal_async_handler(gate, HSA_SIGNAL_CONDITION_EQ, 0, on_signal,
						    &handler_ran) != HSA_STATUS_SUCCESS)
		failed = 33;
	for (int i = 0; i < 5000 && !failed && !__atomic_load_n(&handler_ran, __ATOMIC_SEQ_CST);
	     i++)
		usleep(1000);
	if (!failed && !__atomic_load_n(&handler_ran, __ATOMIC_SEQ_CST))
		failed = 34;
	hsa_signal_destroy(gate);
	hsa_signal_destroy(done);
	return failed;
}

/* One dispatch on a queue with profiling on, and its times; 0 or the failing step. */
static int profiled_dispatch(struct rt *rt, hsa_queue_t *queue)
{
	static const uint32_t one[3] = { 1, 1, 1 };
	static const uint16_t one16[3] = { 1, 1, 1 };
	hsa_amd_profiling_dispatch_time_t time = { 0, 0 };
	hsa_signal_t done;
	int failed = 0;

	if (hsa_signal_create(1, 0, NULL, &done) != HSA_STATUS_SUCCESS)
		return 42;
	rt_dispatch(queue, rt_kernel(rt, "empty"), NULL, one, one16, 1, done, false);
	if (rt_wait_zero(done) != 0 ||
	    hsa_amd_profiling_get_dispatch_time(rt->gpu, done, &time) != HSA_STATUS_SUCCESS ||
	    time.start == 0 || time.end < time.start)
		failed = 43;
	hsa_signal_destroy(done);
	return failed;
}

/* A queue with profiling on: dispatches, their times, copies and handlers; 0 or the step. */
static int full_work(struct rt *rt)
{
	hsa_queue_t *queue = NULL;
	int failed;

	if (hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue) !=
	    HSA_STATUS_SUCCESS)
		return 40;
	hsa_amd_profiling_set_profiler_enabled(queue, 1);
	failed = dispatch_work(rt, queue);
	if (!failed)
		failed = profiled_dispatch(rt, queue);
	if (!failed)
		failed = copy_and_handler_work(rt);
	if (hsa_queue_destroy(queue) != HSA_STATUS_SUCCESS && !failed)
		failed = 41;
	return failed;
}

/* The parent's runtime, busy: its workers, copy engine and async thread all exist. */
static bool parent_busy(struct rt *rt, hsa_queue_t *queue)
{
	return dispatch_work(rt, queue) == 0 && copy_and_handler_work(rt) == 0;
}

/* Runs child() in a forked child under alarm(); its exit status, -1 if it crashed or hung. */
static int run_child(int (*child)(struct rt *, hsa_queue_t *), struct rt *rt, hsa_queue_t *queue)
{
	int status = 0;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0) {
		alarm(CHILD_SECONDS);
		/* _exit: no leak check, LSan would try to suspend the parent's threads */
		_exit(child(rt, queue));
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	if (WIFSIGNALED(status))
		diag("child killed by signal %d%s", WTERMSIG(status),
		     WTERMSIG(status) == SIGALRM ? " (it hung)" : "");
	else if (WEXITSTATUS(status))
		diag("child failed at step %d", WEXITSTATUS(status));
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* With nothing initialised: hsa_init builds a runtime, full work, hsa_shut_down. */
static int fresh_cycle(void)
{
	struct rt rt;
	int failed;

	if (hsa_shut_down() != HSA_STATUS_ERROR_NOT_INITIALIZED)
		return 11;
	if (!rt_setup(&rt)) /* hsa_init */
		return 12;
	failed = full_work(&rt);
	hsa_executable_destroy(rt.executable);
	if (hsa_shut_down() != HSA_STATUS_SUCCESS && !failed)
		failed = 13;
	return failed;
}

/* hsa_shut_down of the inherited runtime, then a fresh cycle. */
static int child_reinit(struct rt *inherited, hsa_queue_t *queue)
{
	(void)inherited;
	(void)queue;
	if (hsa_shut_down() != HSA_STATUS_SUCCESS)
		return 10;
	return fresh_cycle();
}

/* No re-init: the parent's queue, a queue of the child's own, copies, then hsa_shut_down. */
static int child_inherited(struct rt *rt, hsa_queue_t *queue)
{
	int failed = dispatch_work(rt, queue);

	if (!failed)
		failed = full_work(rt);
	if (hsa_queue_destroy(queue) != HSA_STATUS_SUCCESS && !failed)
		failed = 14;
	hsa_executable_destroy(rt->executable);
	if (hsa_shut_down() != HSA_STATUS_SUCCESS && !failed)
		failed = 15;
	return failed;
}

/* The parent called hsa_init twice: shut_down + init only count; then a full cycle. */
static int child_refcounted(struct rt *rt, hsa_queue_t *queue)
{
	int failed;

	if (hsa_shut_down() != HSA_STATUS_SUCCESS || hsa_init() != HSA_STATUS_SUCCESS)
		return 16;
	failed = child_inherited(rt, queue); /* the count goes 2 -> 1 */
	if (failed)
		return failed;
	if (hsa_shut_down() != HSA_STATUS_SUCCESS)
		return 17;
	return fresh_cycle();
}

static void test_fork(const char *what, int (*child)(struct rt *, hsa_queue_t *), int runs,
		      bool twice)
{
	struct rt rt;
	hsa_queue_t *queue = NULL;
	int failed_runs = 0;

	for (int run = 0; run < runs && !failed_runs; run++) { /* one hang is enough */
		if (!rt_setup(&rt) || (twice && hsa_init() != HSA_STATUS_SUCCESS) ||
		    hsa_queue_create(rt.gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue) !=
			    HSA_STATUS_SUCCESS ||
		    !parent_busy(&rt, queue)) {
			failed_runs = runs;
			break;
		}
		failed_runs += run_child(child, &rt, queue) != 0;
		failed_runs += dispatch_work(&rt, queue) != 0; /* the parent is unaffected */
		hsa_queue_destroy(queue);
		hsa_executable_destroy(rt.executable);
		if (twice)
			hsa_shut_down();
		hsa_shut_down();
	}
	is_int(failed_runs, 0, "%s (%d runs)", what, runs);
}

int main(void)
{
#ifdef __SANITIZE_THREAD__
	/* even with die_after_fork=0 it reuses the parent's thread records ("dup thread") */
	skip_all("ThreadSanitizer does not support threads in a child of a multi-threaded process");
#endif
	plan(3);
	alarm(4 * CHILD_SECONDS);
	setenv("HSATRACE_CPU_WORKERS", "4", 1); /* worker threads even on one CPU */
	test_fork("a forked child shuts the inherited runtime down, hsa_init builds a working one",
		  child_reinit, 8, false);
	test_fork("a forked child dispatches, copies and shuts down on the inherited runtime",
		  child_inherited, 4, false);
	test_fork("after hsa_init twice, a child's shut_down + init count, then a full cycle works",
		  child_refcounted, 4, true);
	return exit_status();
}
