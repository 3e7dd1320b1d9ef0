/* Test provider: hsa_api_hot entry/exit events with the contract's names and fields. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER hsa_api_hot

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "tests/stats/fake_hsa_api_hot_tp.h"

#if !defined(FAKE_HSA_API_HOT_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define FAKE_HSA_API_HOT_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

LTTNG_UST_TRACEPOINT_EVENT_CLASS(hsa_api_hot, entry,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(function, function)
		lttng_ust_field_integer(uint64_t, correlation_id, correlation_id)
	)
)

LTTNG_UST_TRACEPOINT_EVENT_CLASS(hsa_api_hot, exit,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id, int, status),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(function, function)
		lttng_ust_field_integer(uint64_t, correlation_id, correlation_id)
		lttng_ust_field_integer(int, status, status)
	)
)

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_api_hot, entry, hsa_api_hot, hsa_signal_load_relaxed_entry,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_api_hot, exit, hsa_api_hot, hsa_signal_load_relaxed_exit,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id, int, status))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_api_hot, entry, hsa_api_hot, hsa_queue_load_write_index_relaxed_entry,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_api_hot, exit, hsa_api_hot, hsa_queue_load_write_index_relaxed_exit,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id, int, status))

#endif

#include <lttng/tracepoint-event.h>
