/*
 * fork.h - the runtime in a child forked after hsa_init (fork.c).
 *
 * Each module that has locks or threads has a hook called at each pthread_atfork phase:
 * PREPARE takes its locks (so the state they guard is whole in the child), PARENT releases
 * them, CHILD gives every lock and condition variable a fresh state and forgets the threads
 * that stayed in the parent.
 */
#ifndef HSAT_FORK_H
#define HSAT_FORK_H

#include <pthread.h>

enum hsat_fork_phase { HSAT_FORK_PREPARE, HSAT_FORK_PARENT, HSAT_FORK_CHILD };

/* Registers the handlers (once; called by hsa_init). */
void hsat_fork_handlers_register(void);

/* Locks, unlocks or re-initializes a default mutex for the phase. */
void hsat_fork_mutex(pthread_mutex_t *mutex, enum hsat_fork_phase phase);

/* The hooks, in the order PREPARE calls them (PARENT and CHILD go the other way). */
void hsat_executables_at_fork(enum hsat_fork_phase phase);
void hsat_memory_at_fork(enum hsat_fork_phase phase);
void hsat_aperture_at_fork(enum hsat_fork_phase phase);
void hsat_queues_at_fork(enum hsat_fork_phase phase);
void hsat_async_at_fork(enum hsat_fork_phase phase);
void hsat_copy_engine_at_fork(enum hsat_fork_phase phase);
void hsat_workers_at_fork(enum hsat_fork_phase phase);
void hsat_counters_at_fork(enum hsat_fork_phase phase);
void hsat_signals_at_fork(enum hsat_fork_phase phase);

/* Only CHILD: system.c's init lock, which PREPARE does not take (it is held across whole
 * hsa_init and hsa_shut_down calls, tool loading and thread joins included). */
void hsat_runtime_at_fork_child(void);

#endif /* HSAT_FORK_H */
