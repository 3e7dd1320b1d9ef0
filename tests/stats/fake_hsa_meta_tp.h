/* Test provider: hsa_meta:trace_info, with the schema version the test asks for. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER hsa_meta

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "tests/stats/fake_hsa_meta_tp.h"

#if !defined(FAKE_HSA_META_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define FAKE_HSA_META_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(hsa_meta, trace_info,
	LTTNG_UST_TP_ARGS(const char *, schema_version),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_string(schema_version, schema_version)
		lttng_ust_field_string(tracer_version, "fake")
	)
)

#endif

#include <lttng/tracepoint-event.h>
