/*
 * tracer.h - state shared by the parts of libhsatrace.so.
 *
 *   onload.c        OnLoad/OnUnload: table checks and patching, agent/pool descriptions
 *   preload.c       LD_PRELOAD mode: HSA_TOOLS_LIB set-up, exported hsa_init/hsa_shut_down
 *   pending.c       completion-signal swap shared by kernels and copies
 *   queues.c        intercept queues, packet_submit, kernel_exec, the doorbell
 *   copies.c        asynchronous copies
 *   code_objects.c  code objects, kernel symbols, kernel names
 *   memory.c        allocations
 *   waits.c         signal waits
 *   meta.c          trace_info, clocks, counters, warnings, the registry of locks
 *   fork.c          fork handlers: the locks, LTTng-UST, the child's completions
 *   hw_counters.c   HSATRACE_COUNTERS: hardware counters where the runtime offers them
 *   map.c           a small locked hash map
 */
#ifndef HSAT_TRACER_H
#define HSAT_TRACER_H

#include <stdbool.h>
#include <stdint.h>
#include "hsatrace/api_tables.h"

#define HSAT_TRACER_VERSION "0.1.0"

/* --- meta.c --- */

/* "hsatrace: warning: ..." on stderr, at most once per process (refusals the user must see). */
void hsat_warn_once(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Silent unless HSATRACE_DEBUG is set in the environment. */
void hsat_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

uint64_t hsat_monotonic_ns(void);
/* The calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID), ns: read at waits only, a system
 * call where CLOCK_MONOTONIC is not (the vDSO has no per-thread clocks). */
uint64_t hsat_thread_cpu_ns(void);
/* The process's CPU time, all its threads (CLOCK_PROCESS_CPUTIME_ID), ns, 0 if it cannot be
 * read: at a wait's return only (schema 2.3), a system call too. */
uint64_t hsat_process_cpu_ns(void);
/* hsa_meta:trace_info, once per process (again in a forked child). */
void hsat_emit_trace_info(void);
void hsat_set_attach_mode(const char *mode);
/* HSA system-domain ticks -> LTTng clock (CLOCK_MONOTONIC ns). Calibrated on first use
 * against HSA_SYSTEM_INFO_TIMESTAMP; needs the real table. */
uint64_t hsat_system_to_monotonic_ns(uint64_t ticks);
int64_t hsat_system_minus_monotonic_ns(void);
void hsat_emit_counter(const char *name, const char *scope, uint64_t id, int64_t value,
		       const char *unit);
/* hsa_device_type_t of an agent, cached; -1 when unknown. */
int hsat_agent_device_type(hsa_agent_t agent);
void hsat_meta_forget(void);	/* OnUnload: drop caches tied to the runtime instance */

/* --- onload.c --- */
/* What the runtime offers for activity capture, decided by OnLoad. */
bool hsat_can_intercept_queues(void);
bool hsat_can_swap_signals(void);

/* --- pending.c --- */
struct hsat_pending;
typedef void (*hsat_pending_done_fn)(struct hsat_pending *p);

/* An operation whose completion the tracer watches through a signal of its own. */
struct hsat_pending {
	struct hsat_pending *prev, *next;	/* all pending operations (owned by pending.c) */
	hsa_signal_t proxy;			/* the tracer's signal given to the runtime */
	hsa_signal_t orig;			/* the program's signal, released on completion */
	hsa_signal_t stamp;			/* receives the proxy's timestamps (0: none) */
	hsat_pending_done_fn done;		/* emits the events, runs on the handler thread */
	void (*forget)(struct hsat_pending *p); /* frees owner data, never called for done */
};

/* Creates p->proxy (value 1) and tracks p. 0 on success; -1 when the tracer cannot watch
 * completions (no signal swap, or a forked child whose runtime runs no async handlers: checked
 * once, by the child's first call, waiting up to 200 ms). Call it only after checking that every
 * signal of the program the operation names is usable: a proxy created while the program
 * still names a destroyed signal may get that signal's handle. */
int hsat_pending_prepare(struct hsat_pending *p);
/* After the runtime accepted the proxy: wait for it asynchronously. */
void hsat_pending_arm(struct hsat_pending *p);
/* The runtime refused the operation: destroy the proxy, untrack and free p. */
void hsat_pending_cancel(struct hsat_pending *p);
/* Reads the runtime's timestamps of a completed proxy into the program's signal when the
 * runtime uses the AMD signal layout (amd_signal_t.start_ts/end_ts). */
void hsat_pending_forget_all(void);
bool hsat_signals_have_amd_layout(void);
/* A live signal of the runtime (handle 0 and destroyed signals are not). */
bool hsat_signal_usable(hsa_signal_t signal);
/* All of count signals usable (count 0: true; a NULL list with count > 0: false). */
bool hsat_signals_usable(uint32_t count, const hsa_signal_t *signals);
/* atfork child handler: the next hsat_pending_prepare checks the runtime's async handlers. */
void hsat_pending_after_fork_child(void);

/* --- queues.c --- */
void hsat_queues_forget(void);
/* --- code_objects.c --- */
/* Copies the kernel name for kernel_object into buf ("" when unknown). */
void hsat_kernel_name(uint64_t kernel_object, char *buf, size_t len);
void hsat_code_objects_forget(void);
/* --- memory.c --- */
void hsat_memory_forget(void);

/* --- at fork: every lock of the tracer, taken in registration order --- */
#include <pthread.h>
void hsat_lock_register(pthread_mutex_t *lock);	/* from module constructors */
void hsat_locks_acquire(void);
void hsat_locks_release(void);
void hsat_locks_reinit(void);

#endif
