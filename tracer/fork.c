/*
 * fork: the tracer's locks are taken before fork() and released (parent) or re-initialized
 * (child), so a child never waits for a lock another thread held at fork time. The child has
 * none of the parent's other threads, the runtime's async-events thread included, which runs
 * the tracer's completion handlers: unless the runtime runs handlers in the child (pending.c
 * checks), the child's kernels and copies keep the program's own completion signals, so they
 * complete exactly as untraced.
 *
 * LTTng-UST itself needs to hear about fork (its listener threads, the vpid context):
 * liblttng-ust-fork.so does it by wrapping fork(); when that library is not loaded, the
 * tracer makes the same calls from its fork handlers.
 */
#include "tracer/tracer.h"
#include "tracer/lazy_classes.h"

#include <dlfcn.h>
#include <lttng/ust-fork.h>
#include <signal.h>
#include <stdbool.h>

static bool tell_lttng_ust;
static sigset_t saved_signals;

/* The lazy classes' lock first: a registration in progress holds it and then waits for
 * liblttng-ust's lock, which lttng_ust_before_fork takes. */
static void before_fork(void)
{
	hsat_lazy_fork_prepare();
	hsat_locks_acquire();
	if (tell_lttng_ust)
		lttng_ust_before_fork(&saved_signals);
}

static void after_fork_parent(void)
{
	if (tell_lttng_ust)
		lttng_ust_after_fork_parent(&saved_signals);
	hsat_locks_release();
	hsat_lazy_fork_parent();
}

/* Only this thread exists; LTTng-UST starts its listener threads again. */
static void after_fork_child(void)
{
	hsat_lazy_fork_child();
	hsat_locks_reinit();
	hsat_pending_after_fork_child();
	if (tell_lttng_ust)
		lttng_ust_after_fork_child(&saved_signals);
}

/* liblttng-ust-fork.so already calls lttng_ust_before_fork and friends around fork(). */
static bool lttng_ust_fork_wrapper_loaded(void)
{
	void *lib = dlopen("liblttng-ust-fork.so.1", RTLD_LAZY | RTLD_NOLOAD);

	if (!lib)
		lib = dlopen("liblttng-ust-fork.so", RTLD_LAZY | RTLD_NOLOAD);
	if (!lib)
		return false;
	dlclose(lib);
	return true;
}

__attribute__((constructor)) static void fork_init(void)
{
	tell_lttng_ust = !lttng_ust_fork_wrapper_loaded();
	pthread_atfork(before_fork, after_fork_parent, after_fork_child);
}
