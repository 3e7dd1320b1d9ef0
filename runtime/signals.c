/*
 * signals.c - signal storage, value operations, waits (single, any, groups).
 *
 * Every value change bumps the signal's epoch and wakes its sleepers if there are any; it
 * also wakes the "any" sleepers (wait_any, signal groups, the async handler thread) when
 * some exist. Waits spin briefly (HSA_WAIT_STATE_ACTIVE asks for it) and then sleep on the
 * futex, with the timeout the caller gave.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/fork.h"
#include "runtime/queue.h"
#include "runtime/signal.h"

#define SLAB_SIGNALS 256
#define MAX_SLABS 4096
#define ACTIVE_SPIN_NS 20000ull

static pthread_mutex_t slab_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hsat_signal *slabs[MAX_SLABS];
static _Atomic uint32_t slab_count;
/* Oldest freed first: a destroyed handle stays invalid as long as possible. */
static struct hsat_signal *free_list, *free_tail;

static _Atomic uint32_t any_waiters;
static _Atomic uint32_t any_epoch;

/* --- storage ---------------------------------------------------------------------------- */

struct hsat_signal *hsat_signal_from_handle(hsa_signal_t handle)
{
	uintptr_t address = (uintptr_t)handle.handle;
	uint32_t count = atomic_load_explicit(&slab_count, memory_order_acquire);

	if (!address)
		return NULL;
	for (uint32_t i = 0; i < count; i++) {
		uintptr_t base = (uintptr_t)slabs[i];
		struct hsat_signal *signal;

		if (address < base || address >= base + SLAB_SIGNALS * sizeof(struct hsat_signal))
			continue;
		if ((address - base) % sizeof(struct hsat_signal))
			return NULL;
		signal = (struct hsat_signal *)address;
		return hsat_signal_alive(signal) ? signal : NULL;
	}
	return NULL;
}

static void free_push_locked(struct hsat_signal *signal)
{
	signal->next_free = NULL;
	if (free_tail)
		free_tail->next_free = signal;
	else
		free_list = signal;
	free_tail = signal;
}

static struct hsat_signal *free_pop_locked(void)
{
	struct hsat_signal *signal = free_list;

	free_list = signal->next_free;
	if (!free_list)
		free_tail = NULL;
	signal->next_free = NULL;
	return signal;
}

static bool grow_locked(void)
{
	uint32_t count = atomic_load(&slab_count);
	struct hsat_signal *slab;

	if (count == MAX_SLABS)
		return false;
	slab = aligned_alloc(AMD_SIGNAL_ALIGN_BYTES, SLAB_SIGNALS * sizeof(*slab));
	if (!slab)
		return false;
	memset(slab, 0, SLAB_SIGNALS * sizeof(*slab));
	for (int i = 0; i < SLAB_SIGNALS; i++)
		free_push_locked(&slab[i]);
	slabs[count] = slab;
	atomic_store_explicit(&slab_count, count + 1, memory_order_release);
	return true;
}

struct hsat_signal *hsat_signal_new(int64_t initial_value)
{
	struct hsat_signal *signal = NULL;

	pthread_mutex_lock(&slab_lock);
	if (free_list || grow_locked())
		signal = free_pop_locked();
	pthread_mutex_unlock(&slab_lock);
	if (!signal)
		return NULL;
	atomic_fetch_add_explicit(&signal->generation, 1, memory_order_relaxed);
	__atomic_store_n(&signal->amd.value, initial_value, __ATOMIC_RELAXED);
	hsat_signal_set_times(signal, 0, 0);
	atomic_store(&signal->doorbell_of, NULL);
	__atomic_store_n(&signal->amd.kind, AMD_SIGNAL_KIND_USER, __ATOMIC_RELEASE);
	return signal;
}

void hsat_signal_delete(struct hsat_signal *signal)
{
	if (!signal)
		return;
	__atomic_store_n(&signal->amd.kind, AMD_SIGNAL_KIND_INVALID, __ATOMIC_RELEASE);
	/* Wake anyone still sleeping on it so they notice (and return). */
	hsat_signal_poke(signal);
	if (atomic_load(&any_waiters))
		hsat_signal_any_poke();
	pthread_mutex_lock(&slab_lock);
	free_push_locked(signal);
	pthread_mutex_unlock(&slab_lock);
}

void hsat_signals_release_all(void)
{
	uint32_t count = atomic_load(&slab_count);

	pthread_mutex_lock(&slab_lock);
	free_list = free_tail = NULL;
	for (uint32_t i = 0; i < count; i++) {
		for (int j = 0; j < SLAB_SIGNALS; j++) {
			__atomic_store_n(&slabs[i][j].amd.kind, AMD_SIGNAL_KIND_INVALID,
					 __ATOMIC_RELEASE);
			hsat_signal_poke(&slabs[i][j]); /* waiters notice the signal is gone */
			free_push_locked(&slabs[i][j]);
		}
	}
	pthread_mutex_unlock(&slab_lock);
}

/* --- notification ----------------------------------------------------------------------- */

uint32_t hsat_signal_epoch(struct hsat_signal *signal)
{
	return atomic_load(&signal->epoch);
}

void hsat_signal_poke(struct hsat_signal *signal)
{
	atomic_fetch_add(&signal->epoch, 1);
	if (atomic_load(&signal->waiters))
		hsat_futex_wake_all(&signal->epoch);
}

void hsat_signal_sleep(struct hsat_signal *signal, uint32_t seen_epoch, uint64_t timeout_ns)
{
	atomic_fetch_add(&signal->waiters, 1);
	hsat_futex_wait(&signal->epoch, seen_epoch, timeout_ns);
	atomic_fetch_sub(&signal->waiters, 1);
}

void hsat_signal_any_waiter_enter(void)
{
	atomic_fetch_add(&any_waiters, 1);
}

void hsat_signal_any_waiter_leave(void)
{
	atomic_fetch_sub(&any_waiters, 1);
}

uint32_t hsat_signal_any_epoch(void)
{
	return atomic_load(&any_epoch);
}

void hsat_signal_any_sleep(uint32_t seen_epoch, uint64_t timeout_ns)
{
	hsat_futex_wait(&any_epoch, seen_epoch, timeout_ns);
}

void hsat_signal_any_poke(void)
{
	atomic_fetch_add(&any_epoch, 1);
	hsat_futex_wake_all(&any_epoch);
}

/* After every value change. The doorbell hook runs the intercept queue's handlers in the
 * writing thread, as ROCr does. Callers read doorbell_of *before* changing the value: once
 * the new value is visible, the program may destroy the signal and its slot may be reused
 * (the memory stays mapped, so the wake-ups below are at worst spurious). */
static void changed(struct hsat_signal *signal, struct hsat_queue *doorbell_of)
{
	hsat_signal_poke(signal);
	if (atomic_load(&any_waiters))
		hsat_signal_any_poke();
	if (doorbell_of)
		hsat_queue_doorbell_rung(doorbell_of);
}

static struct hsat_queue *doorbell_of(struct hsat_signal *signal)
{
	return atomic_load_explicit(&signal->doorbell_of, memory_order_acquire);
}

void hsat_signal_subtract(struct hsat_signal *signal, int64_t amount)
{
	struct hsat_queue *queue = doorbell_of(signal);

	__atomic_fetch_sub(&signal->amd.value, amount, __ATOMIC_SEQ_CST);
	changed(signal, queue);
}

void hsat_signal_store(struct hsat_signal *signal, int64_t value)
{
	struct hsat_queue *queue = doorbell_of(signal);

	__atomic_store_n(&signal->amd.value, value, __ATOMIC_SEQ_CST);
	changed(signal, queue);
}

/* --- create / destroy ------------------------------------------------------------------- */

/* The HSA spec refuses a consumer list that names an agent twice (INVALID_ARGUMENT). */
static bool agents_repeat(const hsa_agent_t *agents, uint32_t count)
{
	for (uint32_t i = 0; agents && i < count; i++)
		for (uint32_t j = i + 1; j < count; j++)
			if (agents[i].handle == agents[j].handle)
				return true;
	return false;
}

hsa_status_t impl_hsa_amd_signal_create(hsa_signal_value_t initial_value, uint32_t num_consumers,
					const hsa_agent_t *consumers, uint64_t attributes,
					hsa_signal_t *handle)
{
	struct hsat_signal *signal;

	HSAT_REQUIRE_INIT();
	(void)attributes;
	if (!handle || (num_consumers > 0 && !consumers) ||
	    agents_repeat(consumers, num_consumers))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	signal = hsat_signal_new(initial_value);
	if (!signal)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	*handle = hsat_signal_handle(signal);
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_signal_create(hsa_signal_value_t initial_value, uint32_t num_consumers,
				    const hsa_agent_t *consumers, hsa_signal_t *handle)
{
	return impl_hsa_amd_signal_create(initial_value, num_consumers, consumers, 0, handle);
}

hsa_status_t impl_hsa_signal_destroy(hsa_signal_t handle)
{
	struct hsat_signal *signal;

	HSAT_REQUIRE_INIT();
	if (handle.handle == 0)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	signal = hsat_signal_from_handle(handle);
	if (!signal || atomic_load(&signal->doorbell_of))
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	hsat_signal_delete(signal);
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_amd_signal_value_pointer(hsa_signal_t handle,
					       volatile hsa_signal_value_t **value_ptr)
{
	struct hsat_signal *signal;

	HSAT_REQUIRE_INIT();
	signal = hsat_signal_from_handle(handle);
	if (!signal)
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	if (!value_ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*value_ptr = &signal->amd.value;
	return HSA_STATUS_SUCCESS;
}

/* --- value operations (the memory-order variants all act sequentially consistent) ------- */

#define SIGNAL_OR_RETURN(handle, fallback)                                           \
	struct hsat_signal *signal = hsat_signal_from_handle(handle);                \
	if (!signal)                                                                 \
		return fallback

#define LOAD_OP(suffix)                                                              \
	hsa_signal_value_t impl_hsa_signal_load_##suffix(hsa_signal_t handle)        \
	{                                                                            \
		SIGNAL_OR_RETURN(handle, 0);                                         \
		return hsat_signal_value(signal);                                    \
	}
LOAD_OP(relaxed)
LOAD_OP(scacquire)

#define STORE_OP(name)                                                               \
	void impl_hsa_signal_##name(hsa_signal_t handle, hsa_signal_value_t value)   \
	{                                                                            \
		SIGNAL_OR_RETURN(handle, );                                          \
		hsat_signal_store(signal, value);                                    \
	}
STORE_OP(store_relaxed)
STORE_OP(store_screlease)
/* A silent store need not wake anyone; waking anyway is allowed and keeps waits simple. */
STORE_OP(silent_store_relaxed)
STORE_OP(silent_store_screlease)

#define RMW_VOID_OP(op, expr, suffix)                                                   \
	void impl_hsa_signal_##op##_##suffix(hsa_signal_t handle, hsa_signal_value_t value) \
	{                                                                               \
		struct hsat_queue *queue;                                               \
		SIGNAL_OR_RETURN(handle, );                                             \
		queue = doorbell_of(signal);                                            \
		expr;                                                                   \
		changed(signal, queue);                                                 \
	}
#define RMW_VOID_OPS(op, expr)                  \
	RMW_VOID_OP(op, expr, relaxed)          \
	RMW_VOID_OP(op, expr, scacquire)        \
	RMW_VOID_OP(op, expr, screlease)        \
	RMW_VOID_OP(op, expr, scacq_screl)
RMW_VOID_OPS(and, __atomic_fetch_and(&signal->amd.value, value, __ATOMIC_SEQ_CST))
RMW_VOID_OPS(or, __atomic_fetch_or(&signal->amd.value, value, __ATOMIC_SEQ_CST))
RMW_VOID_OPS(xor, __atomic_fetch_xor(&signal->amd.value, value, __ATOMIC_SEQ_CST))
RMW_VOID_OPS(add, __atomic_fetch_add(&signal->amd.value, value, __ATOMIC_SEQ_CST))
RMW_VOID_OPS(subtract, __atomic_fetch_sub(&signal->amd.value, value, __ATOMIC_SEQ_CST))

#define EXCHANGE_OP(suffix)                                                             \
	hsa_signal_value_t impl_hsa_signal_exchange_##suffix(hsa_signal_t handle,       \
							      hsa_signal_value_t value) \
	{                                                                               \
		int64_t old;                                                            \
		struct hsat_queue *queue;                                               \
		SIGNAL_OR_RETURN(handle, 0);                                            \
		queue = doorbell_of(signal);                                            \
		old = __atomic_exchange_n(&signal->amd.value, value, __ATOMIC_SEQ_CST);  \
		changed(signal, queue);                                                 \
		return old;                                                             \
	}
EXCHANGE_OP(relaxed)
EXCHANGE_OP(scacquire)
EXCHANGE_OP(screlease)
EXCHANGE_OP(scacq_screl)

#define CAS_OP(suffix)                                                                  \
	hsa_signal_value_t impl_hsa_signal_cas_##suffix(                                \
		hsa_signal_t handle, hsa_signal_value_t expected, hsa_signal_value_t value) \
	{                                                                               \
		int64_t old = expected;                                                 \
		struct hsat_queue *queue;                                               \
		SIGNAL_OR_RETURN(handle, 0);                                            \
		queue = doorbell_of(signal);                                            \
		if (__atomic_compare_exchange_n(&signal->amd.value, &old, value, false, \
						__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))    \
			changed(signal, queue);                                         \
		return old;                                                             \
	}
CAS_OP(relaxed)
CAS_OP(scacquire)
CAS_OP(screlease)
CAS_OP(scacq_screl)

/* --- waits -------------------------------------------------------------------------------- */

bool hsat_signal_condition_met(hsa_signal_condition_t cond, int64_t value, int64_t compare)
{
	switch (cond) {
	case HSA_SIGNAL_CONDITION_EQ:
		return value == compare;
	case HSA_SIGNAL_CONDITION_NE:
		return value != compare;
	case HSA_SIGNAL_CONDITION_LT:
		return value < compare;
	case HSA_SIGNAL_CONDITION_GTE:
		return value >= compare;
	default:
		return true; /* an unknown condition must not block forever */
	}
}

static uint64_t deadline_after(uint64_t timeout_ns)
{
	uint64_t now = hsat_now_ns();

	return timeout_ns >= UINT64_MAX - now ? UINT64_MAX : now + timeout_ns;
}

static uint64_t remaining(uint64_t deadline)
{
	uint64_t now;

	if (deadline == UINT64_MAX)
		return UINT64_MAX;
	now = hsat_now_ns();
	return deadline > now ? deadline - now : 0;
}

int64_t hsat_signal_wait(struct hsat_signal *signal, hsa_signal_condition_t cond,
			 int64_t compare, uint64_t timeout_ns, hsa_wait_state_t hint)
{
	uint64_t deadline = deadline_after(timeout_ns);
	uint64_t spin_until = hint == HSA_WAIT_STATE_ACTIVE ? deadline_after(ACTIVE_SPIN_NS) : 0;

	for (;;) {
		uint32_t epoch = hsat_signal_epoch(signal);
		int64_t value = hsat_signal_value(signal);
		uint64_t left;

		if (hsat_signal_condition_met(cond, value, compare) ||
		    !hsat_signal_alive(signal))
			return value;
		left = remaining(deadline);
		if (left == 0)
			return value;
		if (spin_until && hsat_now_ns() < spin_until)
			continue;
		hsat_signal_sleep(signal, epoch, left);
	}
}

static hsa_signal_value_t wait_op(hsa_signal_t handle, hsa_signal_condition_t cond,
				  hsa_signal_value_t compare, uint64_t timeout_hint,
				  hsa_wait_state_t hint)
{
	SIGNAL_OR_RETURN(handle, 0);
	return hsat_signal_wait(signal, cond, compare, timeout_hint, hint);
}

hsa_signal_value_t impl_hsa_signal_wait_relaxed(hsa_signal_t handle, hsa_signal_condition_t cond,
						hsa_signal_value_t compare, uint64_t timeout_hint,
						hsa_wait_state_t hint)
{
	return wait_op(handle, cond, compare, timeout_hint, hint);
}

hsa_signal_value_t impl_hsa_signal_wait_scacquire(hsa_signal_t handle,
						  hsa_signal_condition_t cond,
						  hsa_signal_value_t compare,
						  uint64_t timeout_hint, hsa_wait_state_t hint)
{
	return wait_op(handle, cond, compare, timeout_hint, hint);
}

static uint32_t first_met(uint32_t count, struct hsat_signal *const *signals,
			  const hsa_signal_condition_t *conds, const int64_t *values,
			  int64_t *satisfying_value)
{
	for (uint32_t i = 0; i < count; i++) {
		int64_t value;

		if (!signals[i])
			continue;
		value = hsat_signal_value(signals[i]);
		if (hsat_signal_condition_met(conds[i], value, values[i])) {
			if (satisfying_value)
				*satisfying_value = value;
			return i;
		}
	}
	return UINT32_MAX;
}

uint32_t hsat_signal_wait_any(uint32_t count, struct hsat_signal *const *signals,
			      const hsa_signal_condition_t *conds, const int64_t *values,
			      uint64_t timeout_ns, int64_t *satisfying_value)
{
	uint64_t deadline = deadline_after(timeout_ns);
	uint32_t index;

	hsat_signal_any_waiter_enter();
	for (;;) {
		uint32_t epoch = hsat_signal_any_epoch();
		uint64_t left;

		index = first_met(count, signals, conds, values, satisfying_value);
		if (index != UINT32_MAX)
			break;
		left = remaining(deadline);
		if (left == 0)
			break;
		hsat_signal_any_sleep(epoch, left);
	}
	hsat_signal_any_waiter_leave();
	return index;
}

uint32_t impl_hsa_amd_signal_wait_any(uint32_t signal_count, hsa_signal_t *handles,
				      hsa_signal_condition_t *conds, hsa_signal_value_t *values,
				      uint64_t timeout_hint, hsa_wait_state_t wait_hint,
				      hsa_signal_value_t *satisfying_value)
{
	struct hsat_signal **signals;
	uint32_t index = UINT32_MAX;

	(void)wait_hint;
	if (!hsat_initialized() || signal_count == 0 || !handles || !conds || !values)
		return UINT32_MAX;
	signals = calloc(signal_count, sizeof(*signals));
	if (!signals)
		return UINT32_MAX;
	for (uint32_t i = 0; i < signal_count; i++) {
		signals[i] = hsat_signal_from_handle(handles[i]);
		if (!signals[i])
			goto cleanup; /* ROCr would fault; refuse instead */
	}
	index = hsat_signal_wait_any(signal_count, signals, conds, values, timeout_hint,
				     satisfying_value);
cleanup:
	free(signals);
	return index;
}

/* --- signal groups ------------------------------------------------------------------------ */

#define GROUP_MAGIC 0x47525550u

struct signal_group {
	uint32_t magic;
	uint32_t count;
	hsa_signal_t handles[];
};

static pthread_mutex_t group_lock = PTHREAD_MUTEX_INITIALIZER;
static struct group_entry {
	struct signal_group *group;
	struct group_entry *next;
} *groups;

static struct signal_group *group_from_handle(hsa_signal_group_t handle)
{
	struct signal_group *found = NULL;

	pthread_mutex_lock(&group_lock);
	for (struct group_entry *e = groups; e; e = e->next)
		if ((uint64_t)(uintptr_t)e->group == handle.handle)
			found = e->group;
	pthread_mutex_unlock(&group_lock);
	return found;
}

/* A group names each signal once (HSA spec: INVALID_ARGUMENT otherwise). */
static bool signals_repeat(const hsa_signal_t *signals, uint32_t count)
{
	for (uint32_t i = 0; i < count; i++)
		for (uint32_t j = i + 1; j < count; j++)
			if (signals[i].handle == signals[j].handle)
				return true;
	return false;
}

hsa_status_t impl_hsa_signal_group_create(uint32_t num_signals, const hsa_signal_t *signals,
					  uint32_t num_consumers, const hsa_agent_t *consumers,
					  hsa_signal_group_t *handle)
{
	struct signal_group *group;
	struct group_entry *entry;

	HSAT_REQUIRE_INIT();
	if (num_signals == 0 || !signals || !handle || num_consumers == 0 || !consumers ||
	    agents_repeat(consumers, num_consumers) || signals_repeat(signals, num_signals))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	for (uint32_t i = 0; i < num_signals; i++)
		if (!hsat_signal_from_handle(signals[i]))
			return HSA_STATUS_ERROR_INVALID_SIGNAL;
	group = malloc(sizeof(*group) + num_signals * sizeof(hsa_signal_t));
	entry = malloc(sizeof(*entry));
	if (!group || !entry) {
		free(group);
		free(entry);
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	group->magic = GROUP_MAGIC;
	group->count = num_signals;
	memcpy(group->handles, signals, num_signals * sizeof(hsa_signal_t));
	entry->group = group;
	pthread_mutex_lock(&group_lock);
	entry->next = groups;
	groups = entry;
	pthread_mutex_unlock(&group_lock);
	handle->handle = (uint64_t)(uintptr_t)group;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_signal_group_destroy(hsa_signal_group_t handle)
{
	struct group_entry **link, *found = NULL;

	HSAT_REQUIRE_INIT();
	pthread_mutex_lock(&group_lock);
	for (link = &groups; *link; link = &(*link)->next) {
		if ((uint64_t)(uintptr_t)(*link)->group == handle.handle) {
			found = *link;
			*link = found->next;
			break;
		}
	}
	pthread_mutex_unlock(&group_lock);
	if (!found)
		return HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP;
	free(found->group);
	free(found);
	return HSA_STATUS_SUCCESS;
}

void hsat_signal_groups_release_all(void)
{
	pthread_mutex_lock(&group_lock);
	while (groups) {
		struct group_entry *next = groups->next;

		free(groups->group);
		free(groups);
		groups = next;
	}
	pthread_mutex_unlock(&group_lock);
}

static hsa_status_t group_wait_any(hsa_signal_group_t handle, const hsa_signal_condition_t *conds,
				   const hsa_signal_value_t *values, hsa_signal_t *signal,
				   hsa_signal_value_t *value)
{
	struct signal_group *group;
	struct hsat_signal **signals;
	uint32_t index;

	HSAT_REQUIRE_INIT();
	group = group_from_handle(handle);
	if (!group)
		return HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP;
	if (!conds || !values || !signal || !value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	signals = calloc(group->count, sizeof(*signals));
	if (!signals)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	for (uint32_t i = 0; i < group->count; i++)
		signals[i] = hsat_signal_from_handle(group->handles[i]);
	index = hsat_signal_wait_any(group->count, signals, conds, values, UINT64_MAX, value);
	free(signals);
	if (index == UINT32_MAX)
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	*signal = group->handles[index];
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_signal_group_wait_any_scacquire(hsa_signal_group_t group,
						      const hsa_signal_condition_t *conds,
						      const hsa_signal_value_t *values,
						      hsa_wait_state_t hint, hsa_signal_t *signal,
						      hsa_signal_value_t *value)
{
	(void)hint;
	return group_wait_any(group, conds, values, signal, value);
}

hsa_status_t impl_hsa_signal_group_wait_any_relaxed(hsa_signal_group_t group,
						    const hsa_signal_condition_t *conds,
						    const hsa_signal_value_t *values,
						    hsa_wait_state_t hint, hsa_signal_t *signal,
						    hsa_signal_value_t *value)
{
	(void)hint;
	return group_wait_any(group, conds, values, signal, value);
}

/* A forked child: the threads counted as sleeping on signals stayed in the parent. */
static void forget_waiters(void)
{
	uint32_t count = atomic_load(&slab_count);

	atomic_store(&any_waiters, 0);
	for (uint32_t i = 0; i < count; i++)
		for (int j = 0; j < SLAB_SIGNALS; j++)
			atomic_store(&slabs[i][j].waiters, 0);
}

void hsat_signals_at_fork(enum hsat_fork_phase phase)
{
	hsat_fork_mutex(&slab_lock, phase);
	hsat_fork_mutex(&group_lock, phase);
	if (phase == HSAT_FORK_CHILD)
		forget_waiters();
}
