/* The reference events for bench/hiptrace: the same fields as the HIP layer's
 * hip_api_entry:hipGetDeviceCount / hip_api_exit:hipGetDeviceCount, emitted by plain
 * tracepoints. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER hsatrace_hip_bench

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "bench/hiptrace/bench_hip_tp.h"

#if !defined(HSATRACE_BENCH_HIP_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define HSATRACE_BENCH_HIP_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

LTTNG_UST_TRACEPOINT_EVENT(hsatrace_hip_bench, hipGetDeviceCount_entry,
	LTTNG_UST_TP_ARGS(uint64_t, correlation_id, const void *, count),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(function, "hipGetDeviceCount")
		lttng_ust_field_integer(uint64_t, correlation_id, correlation_id)
		lttng_ust_field_integer_hex(uint64_t, count, (uint64_t)(uintptr_t)count)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(hsatrace_hip_bench, hipGetDeviceCount_exit,
	LTTNG_UST_TP_ARGS(uint64_t, correlation_id, int32_t, status, int64_t, count),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(function, "hipGetDeviceCount")
		lttng_ust_field_integer(uint64_t, correlation_id, correlation_id)
		lttng_ust_field_integer(int32_t, status, status)
		lttng_ust_field_integer(int64_t, count, count)
	)
)

#endif

#include <lttng/tracepoint-event.h>
