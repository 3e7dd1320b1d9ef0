/*
 * lazy_classes - registers a function's entry and exit event classes with liblttng-ust on its
 * first call, the warm set's with the first one (see lazy_classes.h for why).
 *
 * liblttng-ust checks that every event of a registered probe points back at that probe, so a
 * batch of functions' classes is registered as a probe of its own per provider: a copy of the
 * provider's descriptor (same name and version, the batch's events) and of the events'
 * descriptors pointing at the copy. The tracepoint call sites find it by name
 * ("provider:event"), so the generated tracepoint calls are unchanged. Registered while a
 * session is active, lttng_ust_probe_register creates the event, describes it to the session
 * daemon and connects the call site before it returns, in the calling thread: the entry event
 * that follows is recorded.
 */
#include "tracer/lazy_classes.h"

#include <errno.h>
#include <lttng/ust-events.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The classes of one batch of functions in one provider, registered as a probe of its own. */
struct lazy_probe {
	struct lttng_ust_probe_desc probe;
	struct lttng_ust_event_desc *event;	/* the copies, nr_events of them */
	const struct lttng_ust_event_desc **events;
	struct lttng_ust_registered_probe *cookie;	/* NULL while registering */
	struct lazy_probe *next;
};

static struct {
	pthread_mutex_t lock;	/* held around each registration, so a second first caller
				   waits until the classes exist */
	const struct lttng_ust_probe_desc *deferred[HSAT_LAZY_PROVIDERS];
	struct lazy_probe *registered[HSAT_LAZY_PROVIDERS];
	struct lazy_probe *kept;	/* never freed (unregister_all) */
	size_t batch[HSAT_LAZY_BATCH_MAX];	/* the functions being registered together */
	size_t n_batch;		/* 0: no registration in progress */
	int warm_taken;		/* the warm set went into a batch (or is empty) */
	int fork_locked;	/* the prepare handler got the lock */
	int eager;		/* -1 until the first provider asks */
} lazy = { .lock = PTHREAD_MUTEX_INITIALIZER, .eager = -1 };

/* HSATRACE_EAGER_CLASSES=1: every class registered at load, as liblttng-ust's own
 * constructors would, and nothing left for the wrappers to do. Decided by the first provider
 * constructor (the loader runs them on one thread, before any wrapper can be called). */
static int eager_classes(void)
{
	const char *v;

	if (lazy.eager < 0) {
		v = getenv("HSATRACE_EAGER_CLASSES");
		lazy.eager = v && !strcmp(v, "1");
		if (lazy.eager)
			memset(hsat_lazy_done, 1, hsat_lazy_fn_count);
	}
	return lazy.eager;
}

static struct lttng_ust_registered_probe *lazy_cookie(enum hsat_lazy_provider p)
{
	return (struct lttng_ust_registered_probe *)(void *)&lazy.deferred[p];
}

struct lttng_ust_registered_probe *hsat_lazy_defer(enum hsat_lazy_provider p,
						   const struct lttng_ust_probe_desc *desc)
{
	if (eager_classes())
		return lttng_ust_probe_register(desc);
	lazy.deferred[p] = desc;
	return lazy_cookie(p);
}

static void free_probe(struct lazy_probe *lp)
{
	free(lp->event);
	free(lp->events);
	free(lp);
}

static void unregister_all(struct lazy_probe *lp)
{
	struct lazy_probe *next;

	for (; lp; lp = next) {
		next = lp->next;
		/* A probe without a cookie was being registered by a thread the fork did not
		 * copy: liblttng-ust may hold it, so it is never freed (fork_child). */
		if (!lp->cookie) {
			pthread_mutex_lock(&lazy.lock);
			lp->next = lazy.kept;
			lazy.kept = lp;
			pthread_mutex_unlock(&lazy.lock);
			continue;
		}
		lttng_ust_probe_unregister(lp->cookie);
		free_probe(lp);
	}
}

void hsat_lazy_undefer(enum hsat_lazy_provider p, struct lttng_ust_registered_probe *cookie)
{
	struct lazy_probe *list;

	if (cookie != lazy_cookie(p)) {
		lttng_ust_probe_unregister(cookie);
		return;
	}
	pthread_mutex_lock(&lazy.lock);
	list = lazy.registered[p];
	lazy.registered[p] = NULL;
	lazy.deferred[p] = NULL;	/* a later first call registers nothing */
	pthread_mutex_unlock(&lazy.lock);
	unregister_all(list);
}

static const struct lttng_ust_event_desc *find_event(const struct lttng_ust_probe_desc *desc,
						     const char *name)
{
	for (unsigned int k = 0; desc && k < desc->nr_events; k++)
		if (!strcmp(desc->event_desc[k]->event_name, name))
			return desc->event_desc[k];
	return NULL;
}

static int in_provider(enum hsat_lazy_provider p, size_t fn)
{
	int hot = p == HSAT_LAZY_HOT_ENTRY || p == HSAT_LAZY_HOT_EXIT;

	return hsat_lazy_fns[fn].hot == hot;
}

/* A copy of provider p's descriptor holding the classes of the batch's functions in it (as
 * many as it has), or NULL when it has none of them. */
static struct lazy_probe *batch_probe(enum hsat_lazy_provider p)
{
	struct lazy_probe *lp = calloc(1, sizeof(*lp));
	size_t n = 0;

	if (!lp)
		return NULL;
	lp->event = calloc(lazy.n_batch, sizeof(*lp->event));
	lp->events = calloc(lazy.n_batch, sizeof(*lp->events));
	for (size_t k = 0; lp->event && lp->events && k < lazy.n_batch; k++) {
		const struct lttng_ust_event_desc *ev;

		if (!in_provider(p, lazy.batch[k]))
			continue;
		ev = find_event(lazy.deferred[p], hsat_lazy_fns[lazy.batch[k]].name);
		if (!ev)
			continue;
		lp->event[n] = *ev;
		lp->event[n].probe_desc = &lp->probe;
		lp->events[n] = &lp->event[n];
		n++;
	}
	if (!n) {
		free_probe(lp);
		return NULL;
	}
	lp->probe = *lazy.deferred[p];
	lp->probe.event_desc = lp->events;
	lp->probe.nr_events = (unsigned int)n;
	return lp;
}

/* Registers the batch's classes in provider p, one probe for all of them: liblttng-ust
 * re-syncs the session's enablers and waits for an RCU grace period once per probe, not once
 * per class. Called with the lock held. */
static void register_batch(enum hsat_lazy_provider p)
{
	struct lazy_probe *lp = batch_probe(p);

	if (!lp)
		return;
	/* on the list before registering: a child forked meanwhile keeps it (fork_child) */
	lp->next = lazy.registered[p];
	lazy.registered[p] = lp;
	lp->cookie = lttng_ust_probe_register(&lp->probe);
	if (!lp->cookie) {
		lazy.registered[p] = lp->next;
		free_probe(lp);
	}
}

static void add_to_batch(size_t fn)
{
	for (size_t k = 0; k < lazy.n_batch; k++)
		if (lazy.batch[k] == fn)
			return;
	if (fn < hsat_lazy_fn_count && lazy.n_batch < HSAT_LAZY_BATCH_MAX &&
	    !__atomic_load_n(&hsat_lazy_done[fn], __ATOMIC_RELAXED))
		lazy.batch[lazy.n_batch++] = fn;
}

/* Function fn, and with the process's first registration the warm set: the functions nearly
 * every program calls, whose classes cost one registration together instead of one each. */
static void collect_batch(size_t fn)
{
	lazy.n_batch = 0;
	add_to_batch(fn);
	if (lazy.warm_taken)
		return;
	lazy.warm_taken = 1;
	for (size_t k = 0; hsat_lazy_warm[k]; k++)
		add_to_batch(hsat_lazy_find(hsat_lazy_warm[k]));
}

void hsat_lazy_register(size_t i)
{
	int saved_errno = errno;

	pthread_mutex_lock(&lazy.lock);
	if (!__atomic_load_n(&hsat_lazy_done[i], __ATOMIC_RELAXED)) {
		collect_batch(i);
		for (int p = 0; p < HSAT_LAZY_PROVIDERS; p++)
			if (lazy.deferred[p])
				register_batch((enum hsat_lazy_provider)p);
		for (size_t k = 0; k < lazy.n_batch; k++)
			__atomic_store_n(&hsat_lazy_done[lazy.batch[k]], 1, __ATOMIC_RELEASE);
		lazy.n_batch = 0;
	}
	pthread_mutex_unlock(&lazy.lock);
	errno = saved_errno;
}

size_t hsat_lazy_find(const char *name)
{
	size_t i;

	for (i = 0; i < hsat_lazy_fn_count; i++)
		if (!strcmp(hsat_lazy_fns[i].name, name))
			break;
	return i;
}

/*
 * Fork. A registration runs with the lock held and inside liblttng-ust's own lock, which its
 * fork handling takes before fork() (lttng_ust_before_fork, from the tracer's fork handler or
 * from liblttng-ust-fork.so's fork wrapper). So waiting here for a registration in progress
 * could wait forever for a thread that waits for the forking one: the wait is bounded, and a
 * child forked in the middle of another thread's registration treats that function as done
 * (liblttng-ust's probe list is consistent, but whether it holds the function's classes is
 * unknown; registering them again could record its events twice); the same for every function
 * of the batch being registered.
 */
void hsat_lazy_fork_prepare(void)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_nsec += 50 * 1000 * 1000;
	if (until.tv_nsec >= 1000 * 1000 * 1000) {
		until.tv_sec++;
		until.tv_nsec -= 1000 * 1000 * 1000;
	}
	lazy.fork_locked = pthread_mutex_timedlock(&lazy.lock, &until) == 0;
}

void hsat_lazy_fork_parent(void)
{
	if (lazy.fork_locked)
		pthread_mutex_unlock(&lazy.lock);
}

void hsat_lazy_fork_child(void)
{
	pthread_mutex_init(&lazy.lock, NULL);
	for (size_t k = 0; !lazy.fork_locked && k < lazy.n_batch; k++)
		__atomic_store_n(&hsat_lazy_done[lazy.batch[k]], 1, __ATOMIC_RELEASE);
	lazy.n_batch = 0;
}
