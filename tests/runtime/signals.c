/*
 * signals.c - signal operations, waits with every condition and with timeouts, many threads,
 * hsa_amd_signal_wait_any, signal groups, the async handler thread, invalid handles.
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include <hsa/amd_hsa_signal.h>

#include "tests/runtime/rt_common.h"

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void test_value_ops(void)
{
	hsa_signal_t s;
	int bad = 0;

	hsa_signal_create(10, 0, NULL, &s);
	is_int(hsa_signal_load_relaxed(s), 10, "initial value");
	{
		/* ROCr's ABI: the handle is the address of an amd_signal_t */
		const volatile amd_signal_t *amd = (const volatile amd_signal_t *)(uintptr_t)s.handle;
		volatile hsa_signal_value_t *value_ptr = NULL;

		ok(s.handle % AMD_SIGNAL_ALIGN_BYTES == 0 && amd->kind == AMD_SIGNAL_KIND_USER &&
			   amd->value == 10,
		   "the handle is a 64-byte aligned amd_signal_t (kind USER, value at offset 8)");
		hsa_amd_signal_value_pointer(s, &value_ptr);
		ok(value_ptr == &amd->value, "hsa_amd_signal_value_pointer points at that value");
	}
	hsa_signal_store_relaxed(s, 5);
	bad += hsa_signal_load_scacquire(s) != 5;
	hsa_signal_add_scacq_screl(s, 3);
	bad += hsa_signal_load_relaxed(s) != 8;
	hsa_signal_subtract_relaxed(s, 2);
	bad += hsa_signal_load_relaxed(s) != 6;
	hsa_signal_and_screlease(s, 4);
	bad += hsa_signal_load_relaxed(s) != 4;
	hsa_signal_or_scacquire(s, 3);
	bad += hsa_signal_load_relaxed(s) != 7;
	hsa_signal_xor_relaxed(s, 5);
	bad += hsa_signal_load_relaxed(s) != 2;
	bad += hsa_signal_exchange_scacq_screl(s, 42) != 2;
	bad += hsa_signal_load_relaxed(s) != 42;
	bad += hsa_signal_cas_scacq_screl(s, 41, 0) != 42; /* fails: unchanged */
	bad += hsa_signal_load_relaxed(s) != 42;
	bad += hsa_signal_cas_relaxed(s, 42, -1) != 42; /* succeeds */
	bad += hsa_signal_load_relaxed(s) != -1;
	hsa_signal_silent_store_screlease(s, 9);
	bad += hsa_signal_load_relaxed(s) != 9;
	/* the HSA 1.0 names are aliases of the same entries */
	hsa_signal_store_release(s, 11);
	bad += hsa_signal_load_acquire(s) != 11;
	hsa_signal_add_acq_rel(s, 1);
	bad += hsa_signal_load_acquire(s) != 12;
	is_int(bad, 0, "store/add/subtract/and/or/xor/exchange/cas and the 1.0 aliases");
	is_int(hsa_signal_destroy(s), HSA_STATUS_SUCCESS, "destroy");
	is_int(hsa_signal_destroy(s), HSA_STATUS_ERROR_INVALID_SIGNAL, "destroying twice is refused");
	is_int(hsa_signal_destroy((hsa_signal_t){ 0 }), HSA_STATUS_ERROR_INVALID_ARGUMENT,
	       "destroying the null signal: INVALID_ARGUMENT, as the spec says");
	is_int(hsa_signal_destroy((hsa_signal_t){ 0x1234 }), HSA_STATUS_ERROR_INVALID_SIGNAL,
	       "destroying a made-up handle is refused, not dereferenced");
	is_int(hsa_signal_create(0, 0, NULL, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT,
	       "create with a NULL result pointer");
}

static void test_conditions(void)
{
	hsa_signal_t s;
	struct {
		hsa_signal_condition_t cond;
		hsa_signal_value_t compare;
		const char *name;
	} met[] = {
		{ HSA_SIGNAL_CONDITION_EQ, 7, "EQ" },
		{ HSA_SIGNAL_CONDITION_NE, 3, "NE" },
		{ HSA_SIGNAL_CONDITION_LT, 8, "LT" },
		{ HSA_SIGNAL_CONDITION_GTE, 7, "GTE" },
	};

	hsa_signal_create(7, 0, NULL, &s);
	for (size_t i = 0; i < 4; i++)
		is_int(hsa_signal_wait_scacquire(s, met[i].cond, met[i].compare, UINT64_MAX,
						 HSA_WAIT_STATE_BLOCKED),
		       7, "wait returns at once when %s holds", met[i].name);
	hsa_signal_destroy(s);
}

static void test_timeouts(void)
{
	hsa_signal_t s;
	uint64_t begin, elapsed;
	const hsa_signal_condition_t conds[4] = { HSA_SIGNAL_CONDITION_EQ, HSA_SIGNAL_CONDITION_NE,
						  HSA_SIGNAL_CONDITION_LT,
						  HSA_SIGNAL_CONDITION_GTE };
	const hsa_signal_value_t unmet[4] = { 1, 5, 5, 6 };
	int early = 0, wrong = 0;

	hsa_signal_create(5, 0, NULL, &s);
	for (int i = 0; i < 4; i++) {
		begin = now_ns();
		wrong += hsa_signal_wait_relaxed(s, conds[i], unmet[i], 20000000ull,
						 i % 2 ? HSA_WAIT_STATE_ACTIVE
						       : HSA_WAIT_STATE_BLOCKED) != 5;
		elapsed = now_ns() - begin;
		early += elapsed < 20000000ull;
	}
	is_int(wrong, 0, "a timed-out wait returns the current value, for every condition");
	is_int(early, 0, "and only after its 20 ms timeout");
	hsa_signal_destroy(s);
}

struct waker {
	hsa_signal_t signal;
	int delay_ms;
};

static void *wake_later(void *arg)
{
	struct waker *w = arg;

	usleep((useconds_t)w->delay_ms * 1000);
	hsa_signal_store_screlease(w->signal, 0);
	return NULL;
}

static void test_blocking_wake(void)
{
	struct waker w;
	pthread_t thread;
	hsa_signal_value_t value;

	hsa_signal_create(1, 0, NULL, &w.signal);
	w.delay_ms = 30;
	pthread_create(&thread, NULL, wake_later, &w);
	value = hsa_signal_wait_scacquire(w.signal, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
					  HSA_WAIT_STATE_BLOCKED);
	is_int(value, 0, "a blocked waiter wakes when another thread stores the value");
	pthread_join(thread, NULL);
	hsa_signal_destroy(w.signal);
}

enum { THREADS = 16, ROUNDS = 200 };

struct crowd {
	hsa_signal_t counter, gate, done;
};

/* Each thread waits for the gate, then does ROUNDS decrements, then signals done. */
static void *crowd_member(void *arg)
{
	struct crowd *c = arg;

	hsa_signal_wait_scacquire(c->gate, HSA_SIGNAL_CONDITION_NE, 0, UINT64_MAX,
				  HSA_WAIT_STATE_BLOCKED);
	for (int i = 0; i < ROUNDS; i++)
		hsa_signal_subtract_scacq_screl(c->counter, 1);
	hsa_signal_add_screlease(c->done, 1);
	return NULL;
}

static void test_many_threads(void)
{
	struct crowd c;
	pthread_t threads[THREADS];
	hsa_signal_value_t value;

	hsa_signal_create(THREADS * ROUNDS, 0, NULL, &c.counter);
	hsa_signal_create(0, 0, NULL, &c.gate);
	hsa_signal_create(0, 0, NULL, &c.done);
	for (int i = 0; i < THREADS; i++)
		pthread_create(&threads[i], NULL, crowd_member, &c);
	usleep(10000);
	hsa_signal_store_screlease(c.gate, 1); /* wakes all sleeping waiters */
	value = hsa_signal_wait_scacquire(c.done, HSA_SIGNAL_CONDITION_EQ, THREADS, 10000000000ull,
					  HSA_WAIT_STATE_BLOCKED);
	is_int(value, THREADS, "%d threads released by one store, each reported done", THREADS);
	value = hsa_signal_wait_scacquire(c.counter, HSA_SIGNAL_CONDITION_EQ, 0, 10000000000ull,
					  HSA_WAIT_STATE_ACTIVE);
	is_int(value, 0, "%d concurrent decrements lost none", THREADS * ROUNDS);
	for (int i = 0; i < THREADS; i++)
		pthread_join(threads[i], NULL);
	hsa_signal_destroy(c.counter);
	hsa_signal_destroy(c.gate);
	hsa_signal_destroy(c.done);
}

static void test_wait_any(void)
{
	hsa_signal_t s[3];
	hsa_signal_condition_t conds[3] = { HSA_SIGNAL_CONDITION_EQ, HSA_SIGNAL_CONDITION_EQ,
					    HSA_SIGNAL_CONDITION_EQ };
	hsa_signal_value_t values[3] = { 0, 0, 0 }, satisfying = -1;
	struct waker w;
	pthread_t thread;
	uint32_t index;
	uint64_t begin;

	for (int i = 0; i < 3; i++)
		hsa_amd_signal_create(1, 0, NULL, 0, &s[i]);
	begin = now_ns();
	index = hsa_amd_signal_wait_any(3, s, conds, values, 10000000ull, HSA_WAIT_STATE_BLOCKED,
					&satisfying);
	ok(index == UINT32_MAX && now_ns() - begin >= 10000000ull,
	   "wait_any times out with UINT32_MAX after its timeout");
	w.signal = s[2];
	w.delay_ms = 20;
	pthread_create(&thread, NULL, wake_later, &w);
	index = hsa_amd_signal_wait_any(3, s, conds, values, UINT64_MAX, HSA_WAIT_STATE_BLOCKED,
					&satisfying);
	pthread_join(thread, NULL);
	ok(index == 2 && satisfying == 0, "wait_any wakes on the third signal (index %u)", index);
	for (int i = 0; i < 3; i++)
		hsa_signal_destroy(s[i]);
}

static void test_groups(void)
{
	hsa_signal_t s[2], which = { 0 };
	hsa_signal_group_t group;
	hsa_signal_condition_t conds[2] = { HSA_SIGNAL_CONDITION_LT, HSA_SIGNAL_CONDITION_LT };
	hsa_signal_value_t values[2] = { 1, 1 }, value = -1;

	struct rt rt = { 0 };
	hsa_signal_t twice[2];
	hsa_agent_t consumers[2];

	hsa_iterate_agents(rt_find_agent, &rt);
	consumers[0] = consumers[1] = rt.cpu;
	hsa_signal_create(1, 0, NULL, &s[0]);
	hsa_signal_create(0, 0, NULL, &s[1]);
	twice[0] = twice[1] = s[0];
	/* What the HSA spec names INVALID_ARGUMENT. */
	is_int(hsa_signal_group_create(2, s, 0, consumers, &group),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "a group for no consumer: INVALID_ARGUMENT");
	is_int(hsa_signal_group_create(2, s, 1, NULL, &group), HSA_STATUS_ERROR_INVALID_ARGUMENT,
	       "a group with NULL consumers: INVALID_ARGUMENT");
	is_int(hsa_signal_group_create(2, twice, 1, consumers, &group),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "a group naming a signal twice: INVALID_ARGUMENT");
	is_int(hsa_signal_group_create(2, s, 2, consumers, &group),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "a group naming a consumer twice: INVALID_ARGUMENT");
	is_int(hsa_signal_create(0, 2, consumers, &twice[0]), HSA_STATUS_ERROR_INVALID_ARGUMENT,
	       "a signal naming a consumer twice: INVALID_ARGUMENT");
	is_int(hsa_signal_group_create(2, s, 1, consumers, &group), HSA_STATUS_SUCCESS,
	       "group created");
	is_int(hsa_signal_group_wait_any_scacquire(group, conds, values, HSA_WAIT_STATE_BLOCKED,
						   &which, &value),
	       HSA_STATUS_SUCCESS, "group wait");
	ok(which.handle == s[1].handle && value == 0, "group wait names the satisfied signal");
	is_int(hsa_signal_group_destroy(group), HSA_STATUS_SUCCESS, "group destroyed");
	is_int(hsa_signal_group_destroy(group), HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP,
	       "a destroyed group is refused");
	hsa_signal_destroy(s[0]);
	hsa_signal_destroy(s[1]);
}

static _Atomic int handler_calls;
static _Atomic hsa_signal_value_t handler_value = -1;
static _Atomic int function_calls;

static bool on_signal(hsa_signal_value_t value, void *arg)
{
	atomic_store(&handler_value, value);
	atomic_fetch_add(&handler_calls, 1);
	return arg != NULL; /* re-arm when asked to */
}

static void on_async(void *arg)
{
	(void)arg;
	atomic_fetch_add(&function_calls, 1);
}

static void wait_for(_Atomic int *counter, int target)
{
	for (int i = 0; i < 10000 && atomic_load(counter) < target; i++)
		usleep(1000);
}

static void test_async_handler(void)
{
	hsa_signal_t s;

	hsa_signal_create(1, 0, NULL, &s);
	is_int(hsa_amd_signal_async_handler(s, HSA_SIGNAL_CONDITION_EQ, 0, on_signal, NULL),
	       HSA_STATUS_SUCCESS, "async handler registered");
	usleep(20000);
	is_int(atomic_load(&handler_calls), 0, "not called while the condition does not hold");
	hsa_signal_store_screlease(s, 0);
	wait_for(&handler_calls, 1);
	is_int(atomic_load(&handler_calls), 1, "called once the condition holds");
	is_int(atomic_load(&handler_value), 0, "with the signal value");
	hsa_signal_store_screlease(s, 1);
	hsa_signal_store_screlease(s, 0);
	usleep(20000);
	is_int(atomic_load(&handler_calls), 1, "a handler returning false is not called again");
	is_int(hsa_amd_async_function(on_async, NULL), HSA_STATUS_SUCCESS, "async function");
	wait_for(&function_calls, 1);
	is_int(atomic_load(&function_calls), 1, "async function ran on the async thread");
	is_int(hsa_amd_signal_async_handler((hsa_signal_t){ 0 }, HSA_SIGNAL_CONDITION_EQ, 0,
					    on_signal, NULL),
	       HSA_STATUS_ERROR_INVALID_SIGNAL, "async handler on the null signal is refused");
	hsa_signal_destroy(s);
}

int main(void)
{
	plan(40);
	is_int(hsa_init(), HSA_STATUS_SUCCESS, "hsa_init");
	test_value_ops();
	test_conditions();
	test_timeouts();
	test_blocking_wake();
	test_many_threads();
	test_wait_any();
	test_groups();
	test_async_handler();
	is_int(hsa_shut_down(), HSA_STATUS_SUCCESS, "hsa_shut_down");
	return exit_status();
}
