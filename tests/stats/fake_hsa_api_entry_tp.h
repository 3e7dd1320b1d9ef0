/* Test provider: hsa_api_entry events (event name = the function) with the schema's fields. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER hsa_api_entry

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "tests/stats/fake_hsa_api_entry_tp.h"

#if !defined(FAKE_HSA_API_ENTRY_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define FAKE_HSA_API_ENTRY_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

LTTNG_UST_TRACEPOINT_EVENT_CLASS(hsa_api_entry, call,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(function, function)
		lttng_ust_field_integer(uint64_t, correlation_id, correlation_id)
	)
)

LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_api_entry, call, hsa_api_entry, hsa_init,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_api_entry, call, hsa_api_entry, hsa_queue_create,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_api_entry, call, hsa_api_entry, hsa_signal_create,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_api_entry, call, hsa_api_entry, hsa_signal_wait_scacquire,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_api_entry, call, hsa_api_entry, hsa_memory_copy,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_api_entry, call, hsa_api_entry, hsa_amd_memory_async_copy,
	LTTNG_UST_TP_ARGS(const char *, function, uint64_t, correlation_id))

#endif

#include <lttng/tracepoint-event.h>
