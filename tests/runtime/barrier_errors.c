/*
 * barrier_errors.c - a barrier-AND or barrier-OR packet whose dependency signal is destroyed
 * (while the barrier waits, or before it is submitted) stops its queue with
 * HSA_STATUS_ERROR_INVALID_SIGNAL through the queue's error callback, instead of blocking the
 * queue forever. alarm() turns a hang into a failure.
 */
#include "tests/runtime/queue_errors.h"
#include "tests/runtime/rt_common.h"

static bool wait_for_error(int seen_before)
{
	for (int i = 0; i < 5000 && atomic_load(&errors_seen) == seen_before; i++)
		usleep(1000);
	return atomic_load(&errors_seen) == seen_before + 1;
}

/* The queue is in the error state: a packet behind the barrier does not run. */
static void check_stopped(struct rt *rt, hsa_queue_t *queue, const char *what)
{
	static const uint32_t one[3] = { 1, 1, 1 };
	static const uint16_t one16[3] = { 1, 1, 1 };
	hsa_signal_t done;

	hsa_signal_create(1, 0, NULL, &done);
	rt_dispatch(queue, rt_kernel(rt, "empty"), NULL, one, one16, 1, done, false);
	usleep(20000);
	is_int(hsa_signal_load_relaxed(done), 1, "%s: the queue processes nothing after it", what);
	is_int(hsa_queue_destroy(queue), HSA_STATUS_SUCCESS, "%s: the queue is destroyed", what);
	hsa_signal_destroy(done);
}

/* deps[destroyed] is destroyed while the barrier waits on it. */
static void test_destroyed_while_waiting(struct rt *rt, bool is_or)
{
	const char *what = is_or ? "barrier-OR, dependency destroyed while waiting"
				 : "barrier-AND, dependency destroyed while waiting";
	hsa_signal_t deps[5] = { { 0 } }, barrier_done;
	hsa_queue_t *queue;
	int seen = atomic_load(&errors_seen);

	hsa_signal_create(1, 0, NULL, &deps[0]);
	hsa_signal_create(1, 0, NULL, &deps[2]);
	hsa_signal_create(1, 0, NULL, &barrier_done);
	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, on_queue_error, NULL, 0, 0, &queue);
	rt_barrier(queue, is_or, deps, barrier_done);
	usleep(20000); /* the barrier is waiting */
	hsa_signal_destroy(deps[2]);
	ok(wait_for_error(seen), "%s: the error callback is called", what);
	is_int(atomic_load(&error_status), HSA_STATUS_ERROR_INVALID_SIGNAL,
	       "%s: with HSA_STATUS_ERROR_INVALID_SIGNAL", what);
	ok(atomic_load(&error_queue) == queue, "%s: naming the queue", what);
	is_int(hsa_signal_load_relaxed(barrier_done), 1, "%s: the barrier does not complete", what);
	check_stopped(rt, queue, what);
	hsa_signal_destroy(deps[0]);
	hsa_signal_destroy(barrier_done);
}

/* The dependency is destroyed before the packet is written, and new signals are created
 * after: the stale handle must not come to name one of them. */
static void test_destroyed_before(struct rt *rt)
{
	const char *what = "barrier-AND, dependency destroyed before submission";
	hsa_signal_t deps[5] = { { 0 } }, barrier_done;
	hsa_queue_t *queue;
	int seen = atomic_load(&errors_seen);

	hsa_signal_create(1, 0, NULL, &deps[1]);
	hsa_signal_destroy(deps[1]);
	hsa_signal_create(1, 0, NULL, &barrier_done);
	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, on_queue_error, NULL, 0, 0, &queue);
	rt_barrier(queue, false, deps, barrier_done);
	ok(wait_for_error(seen) &&
		   atomic_load(&error_status) == HSA_STATUS_ERROR_INVALID_SIGNAL,
	   "%s: reported with HSA_STATUS_ERROR_INVALID_SIGNAL", what);
	check_stopped(rt, queue, what);
	hsa_signal_destroy(barrier_done);
}

int main(void)
{
	struct rt rt;

	plan(17);
	alarm(60);
	if (!ok(rt_setup(&rt), "runtime initialised"))
		return exit_status();
	test_destroyed_while_waiting(&rt, false);
	test_destroyed_while_waiting(&rt, true);
	test_destroyed_before(&rt);
	hsa_executable_destroy(rt.executable);
	is_int(hsa_shut_down(), HSA_STATUS_SUCCESS, "hsa_shut_down");
	return exit_status();
}
