/*
 * hooks.h - the API functions whose wrapper does more than trace the call.
 *
 * For each hooked function NAME, HSAT_HOOK_NAME is defined as the hook's predicate: when it is
 * true (or when NAME's API events are enabled) the generated wrapper calls
 * hsat_hook_NAME(call, args...) instead of the runtime's function; the hook makes the real call
 * itself and emits the activity it observes. When the predicate is false and the API events are
 * disabled, the wrapper calls the runtime directly: loaded but idle, the tracer costs a few
 * loads per call.
 */
#ifndef HSAT_HOOKS_H
#define HSAT_HOOKS_H

#include "tracer/call.h"
#include "hsatrace/api_tables.h"
#include "hsatrace/tp_hsa_activity.h"

/* --- queues.c: intercept queues, packets, kernel executions, the doorbell --- */
extern _Atomic int hsat_intercepted_queues;
#define hsat_packets_wanted()                                              \
	(lttng_ust_tracepoint_enabled(hsa_activity, packet_submit) ||       \
	 lttng_ust_tracepoint_enabled(hsa_activity, kernel_exec) ||         \
	 lttng_ust_tracepoint_enabled(hsa_activity, queue_create) ||        \
	 lttng_ust_tracepoint_enabled(hsa_activity, counter))

#define HSAT_HOOK_hsa_queue_create hsat_packets_wanted()
hsa_status_t hsat_hook_hsa_queue_create(struct hsat_call *call, hsa_agent_t agent, uint32_t size,
					hsa_queue_type32_t type,
					void (*callback)(hsa_status_t, hsa_queue_t *, void *),
					void *data, uint32_t private_segment_size,
					uint32_t group_segment_size, hsa_queue_t **queue);
/* Always: an intercepted queue's bookkeeping must be released. */
#define HSAT_HOOK_hsa_queue_destroy (atomic_load_explicit(&hsat_intercepted_queues, \
							  memory_order_relaxed) > 0)
hsa_status_t hsat_hook_hsa_queue_destroy(struct hsat_call *call, hsa_queue_t *queue);

/* The doorbell: remember the store's correlation id for the packets it submits. */
#define HSAT_HOOK_hsa_signal_store_screlease HSAT_HOOK_hsa_queue_destroy
#define HSAT_HOOK_hsa_signal_store_relaxed HSAT_HOOK_hsa_queue_destroy
void hsat_hook_hsa_signal_store_screlease(struct hsat_call *call, hsa_signal_t signal,
					  hsa_signal_value_t value);
void hsat_hook_hsa_signal_store_relaxed(struct hsat_call *call, hsa_signal_t signal,
					hsa_signal_value_t value);

/* --- memory.c: allocations and frees --- */
#define hsat_memory_wanted()                                               \
	(lttng_ust_tracepoint_enabled(hsa_activity, mem_alloc) ||           \
	 lttng_ust_tracepoint_enabled(hsa_activity, mem_free) ||            \
	 lttng_ust_tracepoint_enabled(hsa_activity, counter))
#define HSAT_HOOK_hsa_amd_memory_pool_allocate hsat_memory_wanted()
#define HSAT_HOOK_hsa_amd_memory_pool_free hsat_memory_wanted()
#define HSAT_HOOK_hsa_memory_allocate hsat_memory_wanted()
#define HSAT_HOOK_hsa_memory_free hsat_memory_wanted()
hsa_status_t hsat_hook_hsa_amd_memory_pool_allocate(struct hsat_call *call,
						    hsa_amd_memory_pool_t memory_pool, size_t size,
						    uint32_t flags, void **ptr);
hsa_status_t hsat_hook_hsa_amd_memory_pool_free(struct hsat_call *call, void *ptr);
hsa_status_t hsat_hook_hsa_memory_allocate(struct hsat_call *call, hsa_region_t region,
					   size_t size, void **ptr);
hsa_status_t hsat_hook_hsa_memory_free(struct hsat_call *call, void *ptr);

/* --- copies.c: asynchronous copies --- */
#define hsat_copies_wanted()                                               \
	(lttng_ust_tracepoint_enabled(hsa_activity, copy_exec) ||           \
	 lttng_ust_tracepoint_enabled(hsa_activity, counter))
#define HSAT_HOOK_hsa_amd_memory_async_copy hsat_copies_wanted()
hsa_status_t hsat_hook_hsa_amd_memory_async_copy(struct hsat_call *call, void *dst,
						 hsa_agent_t dst_agent, const void *src,
						 hsa_agent_t src_agent, size_t size,
						 uint32_t num_dep_signals,
						 const hsa_signal_t *dep_signals,
						 hsa_signal_t completion_signal);

#define HSAT_HOOK_hsa_amd_memory_async_copy_rect hsat_copies_wanted()
hsa_status_t hsat_hook_hsa_amd_memory_async_copy_rect(
	struct hsat_call *call, const hsa_pitched_ptr_t *dst, const hsa_dim3_t *dst_offset,
	const hsa_pitched_ptr_t *src, const hsa_dim3_t *src_offset, const hsa_dim3_t *range,
	hsa_agent_t copy_agent, hsa_amd_copy_direction_t dir, uint32_t num_dep_signals,
	const hsa_signal_t *dep_signals, hsa_signal_t completion_signal);

/* --- code_objects.c: code objects and kernel symbols (kernel names for packets) --- */
#define hsat_code_objects_wanted()                                         \
	(lttng_ust_tracepoint_enabled(hsa_activity, kernel_symbol) ||       \
	 lttng_ust_tracepoint_enabled(hsa_activity, code_object_load) ||    \
	 lttng_ust_tracepoint_enabled(hsa_activity, code_object_unload) ||  \
	 hsat_packets_wanted())
#define HSAT_HOOK_hsa_executable_load_agent_code_object hsat_code_objects_wanted()
#define HSAT_HOOK_hsa_executable_load_program_code_object hsat_code_objects_wanted()
#define HSAT_HOOK_hsa_executable_load_code_object hsat_code_objects_wanted()
#define HSAT_HOOK_hsa_executable_freeze hsat_code_objects_wanted()
#define HSAT_HOOK_hsa_executable_destroy hsat_code_objects_wanted()
hsa_status_t hsat_hook_hsa_executable_load_agent_code_object(
	struct hsat_call *call, hsa_executable_t executable, hsa_agent_t agent,
	hsa_code_object_reader_t code_object_reader, const char *options,
	hsa_loaded_code_object_t *loaded_code_object);
hsa_status_t hsat_hook_hsa_executable_load_program_code_object(
	struct hsat_call *call, hsa_executable_t executable,
	hsa_code_object_reader_t code_object_reader, const char *options,
	hsa_loaded_code_object_t *loaded_code_object);
hsa_status_t hsat_hook_hsa_executable_load_code_object(struct hsat_call *call,
						       hsa_executable_t executable,
						       hsa_agent_t agent,
						       hsa_code_object_t code_object,
						       const char *options);
hsa_status_t hsat_hook_hsa_executable_freeze(struct hsat_call *call, hsa_executable_t executable,
					     const char *options);
hsa_status_t hsat_hook_hsa_executable_destroy(struct hsat_call *call,
					      hsa_executable_t executable);

/* --- waits.c: host waits on signals --- */
#define hsat_waits_wanted() lttng_ust_tracepoint_enabled(hsa_activity, signal_wait)
#define HSAT_HOOK_hsa_signal_wait_scacquire hsat_waits_wanted()
#define HSAT_HOOK_hsa_signal_wait_relaxed hsat_waits_wanted()
hsa_signal_value_t hsat_hook_hsa_signal_wait_scacquire(struct hsat_call *call,
						       hsa_signal_t signal,
						       hsa_signal_condition_t condition,
						       hsa_signal_value_t compare_value,
						       uint64_t timeout_hint,
						       hsa_wait_state_t wait_state_hint);
hsa_signal_value_t hsat_hook_hsa_signal_wait_relaxed(struct hsat_call *call, hsa_signal_t signal,
						     hsa_signal_condition_t condition,
						     hsa_signal_value_t compare_value,
						     uint64_t timeout_hint,
						     hsa_wait_state_t wait_state_hint);

#define HSAT_HOOK_hsa_amd_signal_wait_any hsat_waits_wanted()
uint32_t hsat_hook_hsa_amd_signal_wait_any(struct hsat_call *call, uint32_t signal_count,
					   hsa_signal_t *signals, hsa_signal_condition_t *conds,
					   hsa_signal_value_t *values, uint64_t timeout_hint,
					   hsa_wait_state_t wait_hint,
					   hsa_signal_value_t *satisfying_value);

#endif
