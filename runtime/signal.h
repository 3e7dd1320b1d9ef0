/*
 * signal.h - HSA signals: a 64-bit value plus a futex "epoch" that changes whenever the value
 * does, so waiters sleep in the kernel instead of spinning.
 *
 * As in ROCr, a signal handle is the address of an amd_signal_t (amd_hsa_signal.h): kind
 * USER, the value at offset 8, start_ts/end_ts (profiling, system domain) at 32/40. Tools
 * rely on that layout (roctracer-style tracers copy start_ts/end_ts between signals). The
 * runtime's own fields follow in the second 64 bytes. The amd_signal_t fields are accessed
 * with GCC's __atomic builtins (the header declares them volatile, not _Atomic).
 *
 * Signals live in slabs that are never unmapped: a stale or foreign handle is recognised
 * (NULL from hsat_signal_from_handle) instead of being dereferenced blindly; a dead signal's
 * kind is AMD_SIGNAL_KIND_INVALID. Freed slots are reused oldest first, and each use of a
 * slot has a new generation, so a holder of a handle can tell that its signal was destroyed
 * even once the slot serves another signal.
 */
#ifndef HSAT_SIGNAL_H
#define HSAT_SIGNAL_H

#include <hsa/amd_hsa_signal.h>

#include "runtime/runtime.h"

struct hsat_queue;

struct hsat_signal {
	amd_signal_t amd;                       /* first: the handle points here */
	_Atomic uint32_t epoch;                 /* futex word: bumped on every change */
	_Atomic uint32_t waiters;
	_Atomic uint32_t generation;            /* changes each time the slot is reused */
	struct hsat_queue *_Atomic doorbell_of; /* set for a queue's doorbell signal */
	struct hsat_signal *next_free;
};

_Static_assert(offsetof(struct hsat_signal, amd) == 0, "amd_signal_t first");
_Static_assert(sizeof(amd_signal_t) == 64, "amd_signal_t is 64 bytes");

static inline int64_t hsat_signal_value(const struct hsat_signal *signal)
{
	return __atomic_load_n(&signal->amd.value, __ATOMIC_SEQ_CST);
}

static inline bool hsat_signal_alive(const struct hsat_signal *signal)
{
	return __atomic_load_n(&signal->amd.kind, __ATOMIC_ACQUIRE) == AMD_SIGNAL_KIND_USER;
}

static inline uint32_t hsat_signal_generation(const struct hsat_signal *signal)
{
	return atomic_load_explicit(&signal->generation, memory_order_acquire);
}

/* True while signal is still the one that had this generation (not destroyed since). */
static inline bool hsat_signal_still(const struct hsat_signal *signal, uint32_t generation)
{
	return hsat_signal_alive(signal) && hsat_signal_generation(signal) == generation;
}

static inline void hsat_signal_set_times(struct hsat_signal *signal, uint64_t begin, uint64_t end)
{
	__atomic_store_n(&signal->amd.start_ts, begin, __ATOMIC_RELAXED);
	__atomic_store_n(&signal->amd.end_ts, end, __ATOMIC_RELAXED);
}

static inline void hsat_signal_times(const struct hsat_signal *signal, uint64_t *begin,
				     uint64_t *end)
{
	*begin = __atomic_load_n(&signal->amd.start_ts, __ATOMIC_RELAXED);
	*end = __atomic_load_n(&signal->amd.end_ts, __ATOMIC_RELAXED);
}

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
