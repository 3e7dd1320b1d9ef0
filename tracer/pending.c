/*
 * The completion-signal swap shared by kernel dispatches and copies.
 *
 * The tracer gives the runtime a signal of its own (value 1) instead of the program's, and
 * waits for it with hsa_amd_signal_async_handler. On completion, on the runtime's async-events
 * thread: the owner emits its events (reading the times from the proxy), the runtime's
 * timestamps are copied into the program's signal (AMD signal layout only), and the program's
 * signal is decremented by one, exactly what the packet processor or copy engine would have
 * done, so a signal shared by several operations still counts right.
 *
 * A handler cannot destroy the signal it is called for (the runtime still holds it until the
 * handler returns), so proxies are retired and destroyed by the next handler (which runs on
 * the same thread, after the runtime dropped the previous one) or when the runtime unloads.
 */
#include "tracer/tracer.h"
#include "tracer/call.h"

#include <hsa/amd_hsa_signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct hsat_pending head = { &head, &head, { 0 }, { 0 }, { 0 }, NULL, NULL };
static hsa_signal_t *retired;
static size_t n_retired, cap_retired;

static pthread_once_t layout_probed = PTHREAD_ONCE_INIT;
static bool amd_layout;
/* In a forked child the runtime's async-events thread (which runs on_complete) may not exist.
 * The child's first watched operation checks whether the runtime runs handlers there; until
 * that runtime instance unloads, a child where it does not keeps the program's signals. */
enum child_state { NOT_A_CHILD, CHILD_UNCHECKED, CHILD_CHECKING, CHILD_WATCHED, CHILD_UNWATCHED };
static _Atomic int child_state = NOT_A_CHILD;
static hsa_signal_t probe_signal;
static atomic_bool probe_called;
#define PROBE_WAIT_MS 200

/* amd_signal_t is 64-byte aligned: a handle that is not cannot be one. */
static volatile int64_t *amd_word(hsa_signal_t s, size_t offset)
{
	if (!s.handle || s.handle % 64)
		return NULL;
	return (volatile int64_t *)(uintptr_t)(s.handle + offset);
}

/* Does a signal handle point at an amd_signal_t (kind USER, then the value)? */
static void probe_layout(void)
{
	const int64_t marker = 0x6873617472616365ll;
	volatile int64_t *kind, *value;
	hsa_signal_t s;

	if (!hsat_real_core.hsa_signal_create_fn || !hsat_real_core.hsa_signal_destroy_fn ||
	    hsat_real_core.hsa_signal_create_fn(marker, 0, NULL, &s))
		return;
	kind = amd_word(s, offsetof(amd_signal_t, kind));
	value = amd_word(s, offsetof(amd_signal_t, value));
	amd_layout = kind && *kind == AMD_SIGNAL_KIND_USER && *value == marker;
	hsat_real_core.hsa_signal_destroy_fn(s);
	hsat_debug("signals %s the AMD layout", amd_layout ? "use" : "do not use");
}

bool hsat_signals_have_amd_layout(void)
{
	hsat_enter_tracer();
	pthread_once(&layout_probed, probe_layout);
	hsat_leave_tracer();
	return amd_layout;
}

static void link_locked(struct hsat_pending *p)
{
	p->next = &head;
	p->prev = head.prev;
	head.prev->next = p;
	head.prev = p;
}

static void unlink_locked(struct hsat_pending *p)
{
	p->prev->next = p->next;
	p->next->prev = p->prev;
	p->prev = p->next = p;
}

static void retire_locked(hsa_signal_t s)
{
	if (n_retired == cap_retired) {
		size_t cap = cap_retired ? cap_retired * 2 : 64;
		hsa_signal_t *grown = realloc(retired, cap * sizeof(*grown));

		if (!grown)
			return;	/* leak one runtime signal rather than fail the program */
		retired = grown;
		cap_retired = cap;
	}
	retired[n_retired++] = s;
}

/* Destroys the proxies retired before this handler ran. */
static void destroy_retired(void)
{
	hsa_signal_t *list;
	size_t n;

	pthread_mutex_lock(&lock);
	list = retired;
	n = n_retired;
	retired = NULL;
	n_retired = cap_retired = 0;
	pthread_mutex_unlock(&lock);
	for (size_t i = 0; i < n; i++)
		hsat_real_core.hsa_signal_destroy_fn(list[i]);
	free(list);
}

bool hsat_signal_usable(hsa_signal_t signal)
{
	volatile hsa_signal_value_t *value = NULL;
	hsa_status_t st;

	if (!signal.handle || !hsat_real_amd_ext.hsa_amd_signal_value_pointer_fn)
		return false;
	hsat_enter_tracer();
	st = hsat_real_amd_ext.hsa_amd_signal_value_pointer_fn(signal, &value);
	hsat_leave_tracer();
	return st == HSA_STATUS_SUCCESS;
}

bool hsat_signals_usable(uint32_t count, const hsa_signal_t *signals)
{
	if (count && !signals)
		return false;
	for (uint32_t i = 0; i < count; i++)
		if (!hsat_signal_usable(signals[i]))
			return false;
	return true;
}

void hsat_pending_after_fork_child(void)
{
	atomic_store(&child_state, CHILD_UNCHECKED);
}

/* On the async-events thread: it exists. The signal is destroyed by the next handler. */
static bool on_probe(hsa_signal_value_t value, void *arg)
{
	(void)value;
	(void)arg;
	pthread_mutex_lock(&lock);
	retire_locked(probe_signal);
	pthread_mutex_unlock(&lock);
	atomic_store(&probe_called, true);
	return false;
}

/* Does the runtime call a handler whose condition already holds, within PROBE_WAIT_MS? When
 * it does not, the probe's signal stays: its handler may still run (and retire it) later. */
static bool async_handlers_run(void)
{
	const struct timespec ms = { 0, 1000000 };

	if (hsat_real_core.hsa_signal_create_fn(0, 0, NULL, &probe_signal) != HSA_STATUS_SUCCESS)
		return false;
	if (hsat_real_amd_ext.hsa_amd_signal_async_handler_fn(probe_signal, HSA_SIGNAL_CONDITION_EQ,
							      0, on_probe, NULL)
	    != HSA_STATUS_SUCCESS) {
		hsat_real_core.hsa_signal_destroy_fn(probe_signal);
		return false;
	}
	for (int i = 0; i < PROBE_WAIT_MS && !atomic_load(&probe_called); i++)
		nanosleep(&ms, NULL);
	return atomic_load(&probe_called);
}

/* Outside a forked child, or in one whose runtime runs handlers. The first caller in a child
 * checks; others meanwhile keep their program's signals. */
static bool completions_watchable(void)
{
	int expected = CHILD_UNCHECKED;

	if (atomic_load(&child_state) == NOT_A_CHILD)
		return true;
	if (atomic_compare_exchange_strong(&child_state, &expected, CHILD_CHECKING)) {
		bool watched = async_handlers_run();

		hsat_debug("forked child: the runtime %s async handlers",
			   watched ? "runs" : "does not run");
		atomic_store(&child_state, watched ? CHILD_WATCHED : CHILD_UNWATCHED);
	}
	return atomic_load(&child_state) == CHILD_WATCHED;
}

int hsat_pending_prepare(struct hsat_pending *p)
{
	int rc = -1;

	hsat_enter_tracer();
	if (!hsat_can_swap_signals() || !completions_watchable())
		goto out;
	pthread_once(&layout_probed, probe_layout);
	if (hsat_real_core.hsa_signal_create_fn(1, 0, NULL, &p->proxy) != HSA_STATUS_SUCCESS)
		goto out;
	pthread_mutex_lock(&lock);
	link_locked(p);
	pthread_mutex_unlock(&lock);
	rc = 0;
out:
	hsat_leave_tracer();
	return rc;
}

static void copy_timestamps(hsa_signal_t from, hsa_signal_t to)
{
	volatile int64_t *kind = amd_word(to, offsetof(amd_signal_t, kind));

	if (!amd_layout || !kind || *kind != AMD_SIGNAL_KIND_USER || !amd_word(from, 0))
		return;
	*amd_word(to, offsetof(amd_signal_t, start_ts)) =
		*amd_word(from, offsetof(amd_signal_t, start_ts));
	*amd_word(to, offsetof(amd_signal_t, end_ts)) =
		*amd_word(from, offsetof(amd_signal_t, end_ts));
}

static bool on_complete(hsa_signal_value_t value, void *arg)
{
	struct hsat_pending *p = arg;
	hsa_signal_t proxy = p->proxy, orig = p->orig, stamp = p->stamp;

	(void)value;
	hsat_enter_tracer();
	destroy_retired();
	p->done(p);
	copy_timestamps(proxy, stamp);
	pthread_mutex_lock(&lock);
	unlink_locked(p);
	retire_locked(proxy);
	pthread_mutex_unlock(&lock);
	free(p);
	/* Last: from here on the program may see the completion. */
	if (orig.handle)
		hsat_real_core.hsa_signal_subtract_screlease_fn(orig, 1);
	hsat_leave_tracer();
	return false;
}

void hsat_pending_arm(struct hsat_pending *p)
{
	hsat_enter_tracer();
	if (hsat_real_amd_ext.hsa_amd_signal_async_handler_fn(p->proxy, HSA_SIGNAL_CONDITION_LT, 1,
							      on_complete, p)
	    != HSA_STATUS_SUCCESS) {
		/* Cannot watch it: wait here so the program's signal is still released. */
		hsat_real_core.hsa_signal_wait_scacquire_fn(p->proxy, HSA_SIGNAL_CONDITION_LT, 1,
							    UINT64_MAX, HSA_WAIT_STATE_BLOCKED);
		on_complete(0, p);
	}
	hsat_leave_tracer();
}

void hsat_pending_cancel(struct hsat_pending *p)
{
	hsat_enter_tracer();
	pthread_mutex_lock(&lock);
	unlink_locked(p);
	pthread_mutex_unlock(&lock);
	hsat_real_core.hsa_signal_destroy_fn(p->proxy);
	if (p->forget)
		p->forget(p);
	free(p);
	hsat_leave_tracer();
}

/* The runtime is unloading: its handlers will never run, but it may still read what it was
 * given (a profile's command buffer, at its own shutdown). Keep those operations, reachable,
 * for the life of the process instead of freeing them. */
static struct hsat_pending graveyard = { &graveyard, &graveyard, { 0 }, { 0 }, { 0 }, NULL, NULL };

void hsat_pending_forget_all(void)
{
	pthread_mutex_lock(&lock);
	while (head.next != &head) {
		struct hsat_pending *p = head.next;

		unlink_locked(p);
		p->next = &graveyard;
		p->prev = graveyard.prev;
		graveyard.prev->next = p;
		graveyard.prev = p;
	}
	free(retired);
	retired = NULL;
	n_retired = cap_retired = 0;
	/* A runtime initialized again in a forked child starts threads of its own. */
	atomic_store(&child_state, NOT_A_CHILD);
	atomic_store(&probe_called, false);
	pthread_mutex_unlock(&lock);
}

__attribute__((constructor)) static void pending_init(void)
{
	hsat_lock_register(&lock);
}
