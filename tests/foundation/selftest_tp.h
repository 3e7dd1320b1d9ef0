/* A one-event LTTng-UST provider used to check the harness end to end. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER hsatrace_selftest

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "tests/foundation/selftest_tp.h"

#if !defined(HSATRACE_SELFTEST_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define HSATRACE_SELFTEST_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(hsatrace_selftest, hello,
	LTTNG_UST_TP_ARGS(int, value, const char *, word),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int, value, value)
		lttng_ust_field_string(word, word)
	)
)

#endif

#include <lttng/tracepoint-event.h>
