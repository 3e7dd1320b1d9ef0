/* Test provider: the hsa_gpu events unify synthesizes, with the kernel_exec fields copied. */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER hsa_gpu

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "tests/stats/fake_hsa_gpu_tp.h"

#if !defined(FAKE_HSA_GPU_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define FAKE_HSA_GPU_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

#include "tests/stats/fake_kernel_fields.h"

LTTNG_UST_TRACEPOINT_EVENT_CLASS(hsa_gpu, kernel,
	FAKE_KERNEL_TP_ARGS,
	FAKE_KERNEL_TP_FIELDS
)
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_gpu, kernel, hsa_gpu, kernel_begin,
	FAKE_KERNEL_TP_ARGS)
LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(hsa_gpu, kernel, hsa_gpu, kernel_end,
	FAKE_KERNEL_TP_ARGS)

#endif

#include <lttng/tracepoint-event.h>
