/* The reference events for bench/tracer: the same fields as the tracer's
 * hsa_api_entry:hsa_system_get_info / hsa_api_exit:hsa_system_get_info, emitted by plain
 * tracepoints. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER hsatrace_bench

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "bench/tracer/bench_tp.h"

#if !defined(HSATRACE_BENCH_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define HSATRACE_BENCH_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

LTTNG_UST_TRACEPOINT_EVENT(hsatrace_bench, hsa_system_get_info_entry,
	LTTNG_UST_TP_ARGS(uint64_t, correlation_id, int32_t, attribute, const void *, value),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(function, "hsa_system_get_info")
		lttng_ust_field_integer(uint64_t, correlation_id, correlation_id)
		lttng_ust_field_integer(int32_t, attribute, attribute)
		lttng_ust_field_integer_hex(uint64_t, value, (uint64_t)(uintptr_t)value)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(hsatrace_bench, hsa_system_get_info_exit,
	LTTNG_UST_TP_ARGS(uint64_t, correlation_id, int32_t, status),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(function, "hsa_system_get_info")
		lttng_ust_field_integer(uint64_t, correlation_id, correlation_id)
		lttng_ust_field_integer(int32_t, status, status)
	)
)

#endif

#include <lttng/tracepoint-event.h>
