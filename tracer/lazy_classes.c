/*
 * lazy_classes - registers a function's entry and exit event classes with liblttng-ust on its
 * first call (see lazy_classes.h for why).
 *
 * liblttng-ust checks that every event of a registered probe points back at that probe, so a
 * function's class is registered as a probe of its own: a copy of the provider's descriptor
 * (same name and version, one event) and of the event's descriptor pointing at the copy. The
 * tracepoint call sites find it by name ("provider:event"), so the generated tracepoint calls
 * are unchanged. Registered while a session is active, lttng_ust_probe_register creates the
 * event, describes it to the session daemon and connects the call site before it returns, in
 * the calling thread: the entry event that follows is recorded.
 */
#include "tracer/lazy_classes.h"

#include <errno.h>
#include <lttng/ust-events.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One function's class in one provider, registered as a probe of its own. */
struct lazy_probe {
	struct lttng_ust_probe_desc probe;
	struct lttng_ust_event_desc event;
	const struct lttng_ust_event_desc *events[1];
	struct lttng_ust_registered_probe *cookie;	/* NULL while registering */
	struct lazy_probe *next;
};

static struct {
	pthread_mutex_t lock;	/* held around each registration, so a second first caller
				   waits until the classes exist */
	const struct lttng_ust_probe_desc *deferred[HSAT_LAZY_PROVIDERS];
	struct lazy_probe *registered[HSAT_LAZY_PROVIDERS];
	struct lazy_probe *kept;	/* never freed (unregister_all) */
	size_t registering;	/* the function being registered; (size_t)-1: none */
	int fork_locked;	/* the prepare handler got the lock */
	int eager;		/* -1 until the first provider asks */
} lazy = { .lock = PTHREAD_MUTEX_INITIALIZER, .registering = (size_t)-1, .eager = -1 };

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
		free(lp);
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

/* Called with the lock held. */
static void register_class(enum hsat_lazy_provider p, const char *name)
{
	const struct lttng_ust_event_desc *ev = find_event(lazy.deferred[p], name);
	struct lazy_probe *lp;

	if (!ev)
		return;
	lp = calloc(1, sizeof(*lp));
	if (!lp)
		return;
	lp->probe = *lazy.deferred[p];
	lp->event = *ev;
	lp->events[0] = &lp->event;
	lp->probe.event_desc = lp->events;
	lp->probe.nr_events = 1;
	lp->event.probe_desc = &lp->probe;
	/* on the list before registering: a child forked meanwhile keeps it (fork_child) */
	lp->next = lazy.registered[p];
	lazy.registered[p] = lp;
	lp->cookie = lttng_ust_probe_register(&lp->probe);
	if (!lp->cookie) {
		lazy.registered[p] = lp->next;
		free(lp);
	}
}

void hsat_lazy_register(size_t i)
{
	int saved_errno = errno;
	const struct hsat_lazy_fn *fn = &hsat_lazy_fns[i];

	pthread_mutex_lock(&lazy.lock);
	if (!__atomic_load_n(&hsat_lazy_done[i], __ATOMIC_RELAXED)) {
		lazy.registering = i;
		register_class(fn->hot ? HSAT_LAZY_HOT_ENTRY : HSAT_LAZY_API_ENTRY, fn->name);
		register_class(fn->hot ? HSAT_LAZY_HOT_EXIT : HSAT_LAZY_API_EXIT, fn->name);
		lazy.registering = (size_t)-1;
		__atomic_store_n(&hsat_lazy_done[i], 1, __ATOMIC_RELEASE);
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
 * unknown; registering them again could record its events twice).
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
	if (!lazy.fork_locked && lazy.registering < hsat_lazy_fn_count)
		__atomic_store_n(&hsat_lazy_done[lazy.registering], 1, __ATOMIC_RELEASE);
	lazy.registering = (size_t)-1;
}
