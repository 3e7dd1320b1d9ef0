/*
 * signal.h - HSA signals: a 64-bit value plus a futex "epoch" that changes whenever the value
 * does, so waiters sleep in the kernel instead of spinning.
 *
 * Signals live in slabs that are never unmapped: a stale or foreign handle is recognised
 * (NULL from hsat_signal_from_handle) instead of being dereferenced blindly.
 */
#ifndef HSAT_SIGNAL_H
#define HSAT_SIGNAL_H

#include "runtime/runtime.h"

struct hsat_queue;

struct hsat_signal {
	_Atomic uint64_t magic;       /* SIGNAL_MAGIC while alive */
	_Atomic int64_t value;
	_Atomic uint32_t epoch;       /* futex word: bumped on change when someone waits */
	_Atomic uint32_t waiters;
	_Atomic uint64_t start_ns;    /* profiling: dispatch or copy begin (system domain) */
	_Atomic uint64_t end_ns;
	struct hsat_queue *_Atomic doorbell_of; /* set for a queue's doorbell signal */
	struct hsat_signal *next_free;
};

struct hsat_signal *hsat_signal_from_handle(hsa_signal_t handle);
static inline hsa_signal_t hsat_signal_handle(struct hsat_signal *signal)
{
	return (hsa_signal_t){ (uint64_t)(uintptr_t)signal };
}

/* Create/destroy for the runtime's own use (doorbells); NULL when out of memory. */
struct hsat_signal *hsat_signal_new(int64_t initial_value);
void hsat_signal_delete(struct hsat_signal *signal);

/* Marks every signal dead and frees the signal groups (last hsa_shut_down). */
void hsat_signal_groups_release_all(void);
void hsat_signals_release_all(void);

/* Value changes made by the runtime itself (completion signals): they wake waiters. */
void hsat_signal_subtract(struct hsat_signal *signal, int64_t amount);
void hsat_signal_store(struct hsat_signal *signal, int64_t value);

bool hsat_signal_condition_met(hsa_signal_condition_t cond, int64_t value, int64_t compare);

/* Block until the condition holds or timeout_ns passes; returns the last value read. */
int64_t hsat_signal_wait(struct hsat_signal *signal, hsa_signal_condition_t cond,
			 int64_t compare, uint64_t timeout_ns, hsa_wait_state_t hint);

/* Block until one of the signals meets its condition; index or UINT32_MAX on timeout.
 * NULL entries are skipped. */
uint32_t hsat_signal_wait_any(uint32_t count, struct hsat_signal *const *signals,
			      const hsa_signal_condition_t *conds, const int64_t *values,
			      uint64_t timeout_ns, int64_t *satisfying_value);

/* Any-signal change notification, for waits on several signals (wait_any, the async
 * handler thread): register, read the epoch, check, then sleep while the epoch is unchanged. */
void hsat_signal_any_waiter_enter(void);
void hsat_signal_any_waiter_leave(void);
uint32_t hsat_signal_any_epoch(void);
void hsat_signal_any_sleep(uint32_t seen_epoch, uint64_t timeout_ns);
void hsat_signal_any_poke(void); /* wakes every any-waiter (used for shutdown) */

/* Per-signal change notification, for the packet processor's doorbell wait. */
uint32_t hsat_signal_epoch(struct hsat_signal *signal);
void hsat_signal_sleep(struct hsat_signal *signal, uint32_t seen_epoch, uint64_t timeout_ns);
void hsat_signal_poke(struct hsat_signal *signal);

#endif /* HSAT_SIGNAL_H */
