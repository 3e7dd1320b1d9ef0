/* hsatrace_bench:call - an API-call-like event (the bulk of a real trace) for bench/unify. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER hsatrace_bench

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "tests/unify/bench_tp.h"

#if !defined(HSATRACE_BENCH_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define HSATRACE_BENCH_TP_H

#include <stdint.h>
#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(hsatrace_bench, call,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id, int, status),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(function, function)
		lttng_ust_field_integer(uint64_t, correlation_id, correlation_id)
		lttng_ust_field_integer(int, status, status)
	)
)

#endif

#include <lttng/tracepoint-event.h>
