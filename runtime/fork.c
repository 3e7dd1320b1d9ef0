/*
 * fork.c - pthread_atfork handlers: a child forked after hsa_init keeps a usable runtime.
 *
 * Only the forking thread exists in a child. The worker pool, the queues' packet processors,
 * the copy engine and the async thread stayed in the parent, and a lock one of them held, or
 * a condition variable they waited on (its waiters are counted inside it), would block the
 * child forever. Each module's hook (fork.h) makes its locks fresh and marks its threads as
 * the parent's: the child starts its own when it needs them, and its hsa_shut_down joins only
 * those. The objects themselves (queues, signals, memory, executables) stay the child's.
 */
#include "runtime/fork.h"

typedef void (*fork_hook)(enum hsat_fork_phase phase);

/* Outer locks first: a module may call into the ones after it while holding its lock. */
static const fork_hook hooks[] = {
	hsat_executables_at_fork,
	hsat_memory_at_fork,
	hsat_aperture_at_fork,
	hsat_queues_at_fork,
	hsat_async_at_fork,
	hsat_copy_engine_at_fork,
	hsat_workers_at_fork,
	hsat_counters_at_fork,
	hsat_signals_at_fork,
};
#define HOOK_COUNT (sizeof(hooks) / sizeof(hooks[0]))

static pthread_once_t registered = PTHREAD_ONCE_INIT;

void hsat_fork_mutex(pthread_mutex_t *mutex, enum hsat_fork_phase phase)
{
	switch (phase) {
	case HSAT_FORK_PREPARE:
		pthread_mutex_lock(mutex);
		break;
	case HSAT_FORK_PARENT:
		pthread_mutex_unlock(mutex);
		break;
	case HSAT_FORK_CHILD:
		/* not unlock: the owner recorded in it is a thread of the parent */
		pthread_mutex_init(mutex, NULL);
		break;
	}
}

static void prepare(void)
{
	for (size_t i = 0; i < HOOK_COUNT; i++)
		hooks[i](HSAT_FORK_PREPARE);
}

static void parent(void)
{
	for (size_t i = HOOK_COUNT; i-- > 0;)
		hooks[i](HSAT_FORK_PARENT);
}

static void child(void)
{
	hsat_runtime_at_fork_child();
	for (size_t i = HOOK_COUNT; i-- > 0;)
		hooks[i](HSAT_FORK_CHILD);
}

static void register_once(void)
{
	pthread_atfork(prepare, parent, child);
}

void hsat_fork_handlers_register(void)
{
	pthread_once(&registered, register_once);
}
