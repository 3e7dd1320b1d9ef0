/* Test provider: the hsa_gpu events unify synthesizes, with the kernel_exec fields copied. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER hsa_gpu

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "tests/stats/fake_hsa_gpu_tp.h"

#if !defined(FAKE_HSA_GPU_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define FAKE_HSA_GPU_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

LTTNG_UST_TRACEPOINT_EVENT_CLASS(hsa_gpu, kernel,
	LTTNG_UST_TP_ARGS(uint64_t, queue_id, uint64_t, packet_index, uint64_t, correlation_id,
			  const char *, kernel_name, uint64_t, gpu_begin_ns, uint64_t, gpu_end_ns),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(uint64_t, queue_id, queue_id)
		lttng_ust_field_integer(uint64_t, packet_index, packet_index)
		lttng_ust_field_integer(uint64_t, correlation_id, correlation_id)
		lttng_ust_field_string(kernel_name, kernel_name)
		lttng_ust_field_integer(uint64_t, gpu_begin_ns, gpu_begin_ns)
		lttng_ust_field_integer(uint64_t, gpu_end_ns, gpu_end_ns)
	)
)
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_gpu, kernel, hsa_gpu, kernel_begin,
	LTTNG_UST_TP_ARGS(uint64_t, queue_id, uint64_t, packet_index, uint64_t, correlation_id,
			  const char *, kernel_name, uint64_t, gpu_begin_ns, uint64_t, gpu_end_ns))
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_gpu, kernel, hsa_gpu, kernel_end,
	LTTNG_UST_TP_ARGS(uint64_t, queue_id, uint64_t, packet_index, uint64_t, correlation_id,
			  const char *, kernel_name, uint64_t, gpu_begin_ns, uint64_t, gpu_end_ns))

#endif

#include <lttng/tracepoint-event.h>
