/* Test provider: the hsa_activity events the statistics read, with the contract's fields. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER hsa_activity

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "tests/stats/fake_hsa_activity_tp.h"

#if !defined(FAKE_HSA_ACTIVITY_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define FAKE_HSA_ACTIVITY_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

#include "tests/stats/fake_kernel_fields.h"

LTTNG_UST_TRACEPOINT_EVENT(hsa_activity, queue_create,
	LTTNG_UST_TP_ARGS(uint64_t, queue_id, uint64_t, queue_handle, uint32_t, size),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_hex(uint64_t, agent_handle, 0x1000)
		lttng_ust_field_integer(uint64_t, queue_id, queue_id)
		lttng_ust_field_integer_hex(uint64_t, queue_handle, queue_handle)
		lttng_ust_field_integer(uint32_t, size, size)
		lttng_ust_field_integer(int, type, 0)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(hsa_activity, packet_submit,
	LTTNG_UST_TP_ARGS(uint64_t, queue_id, uint64_t, packet_index, int, packet_type,
			  const char *, kernel_name, uint64_t, correlation_id),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint64_t, queue_id, queue_id)
		lttng_ust_field_integer(uint64_t, packet_index, packet_index)
		lttng_ust_field_integer(int, packet_type, packet_type)
		lttng_ust_field_string(kernel_name, kernel_name)
		lttng_ust_field_integer(uint64_t, correlation_id, correlation_id)
	)
)

LTTNG_UST_TRACEPOINT_EVENT_CLASS(hsa_activity, kernel,
	FAKE_KERNEL_TP_ARGS,
	FAKE_KERNEL_TP_FIELDS
)
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_activity, kernel, hsa_activity, kernel_exec,
	FAKE_KERNEL_TP_ARGS)

LTTNG_UST_TRACEPOINT_EVENT(hsa_activity, copy_exec,
	LTTNG_UST_TP_ARGS(uint64_t, copy_id, uint64_t, size, int, direction,
			  uint64_t, gpu_begin_ns, uint64_t, gpu_end_ns),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint64_t, copy_id, copy_id)
		lttng_ust_field_integer(uint64_t, correlation_id, copy_id + 100)
		lttng_ust_field_integer_hex(uint64_t, src, 0x7000)
		lttng_ust_field_integer_hex(uint64_t, dst, 0x8000)
		lttng_ust_field_integer_hex(uint64_t, src_agent, 0x1000)
		lttng_ust_field_integer_hex(uint64_t, dst_agent, 0x2000)
		lttng_ust_field_integer(uint64_t, size, size)
		lttng_ust_field_integer(int, direction, direction)
		lttng_ust_field_integer(uint64_t, gpu_begin_ns, gpu_begin_ns)
		lttng_ust_field_integer(uint64_t, gpu_end_ns, gpu_end_ns)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(hsa_activity, signal_wait,
	LTTNG_UST_TP_ARGS(uint64_t, signal, uint64_t, blocked_ns),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_hex(uint64_t, signal, signal)
		lttng_ust_field_integer(int, condition, 0)
		lttng_ust_field_integer(uint64_t, blocked_ns, blocked_ns)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(hsa_activity, counter,
	LTTNG_UST_TP_ARGS(const char *, name, int64_t, value),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(name, name)
		lttng_ust_field_string(scope, "queue")
		lttng_ust_field_integer(uint64_t, id, 1)
		lttng_ust_field_integer(int64_t, value, value)
		lttng_ust_field_string(unit, "packets")
	)
)

#endif

#include <lttng/tracepoint-event.h>
