/*
 * profiling.c - hsa_amd_profiling_*: dispatch and async-copy times, already in the system
 * domain (CLOCK_MONOTONIC nanoseconds, the same clock as hsa_system_get_info(TIMESTAMP)),
 * stored in the completion signal by the packet processor and the copy engine.
 */
#include "runtime/agents.h"
#include "runtime/profiling.h"
#include "runtime/queue.h"
#include "runtime/signal.h"

static _Atomic bool async_copy_profiling;

bool hsat_profiling_async_copy_enabled(void)
{
	return atomic_load(&async_copy_profiling);
}

hsa_status_t impl_hsa_amd_profiling_async_copy_enable(bool enable)
{
	HSAT_REQUIRE_INIT();
	atomic_store(&async_copy_profiling, enable);
	return HSA_STATUS_SUCCESS;
}

/* The begin and end times a completion signal holds, into start and end (NULL: no result given). */
static hsa_status_t signal_times(hsa_signal_t handle, uint64_t *start, uint64_t *end)
{
	struct hsat_signal *signal = hsat_signal_from_handle(handle);

	if (!signal)
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	if (!start || !end)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	hsat_signal_times(signal, start, end);
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_amd_profiling_get_async_copy_time(hsa_signal_t handle,
							hsa_amd_profiling_async_copy_time_t *time)
{
	HSAT_REQUIRE_INIT();
	return signal_times(handle, time ? &time->start : NULL, time ? &time->end : NULL);
}

hsa_status_t impl_hsa_amd_profiling_convert_tick_to_system_domain(hsa_agent_t agent,
								  uint64_t agent_tick,
								  uint64_t *system_tick)
{
	HSAT_REQUIRE_INIT();
	if (!hsat_agent_from_handle(agent))
		return HSA_STATUS_ERROR_INVALID_AGENT;
	if (!system_tick)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*system_tick = agent_tick; /* the agents tick in the system domain already */
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_amd_profiling_set_profiler_enabled(hsa_queue_t *public, int enable)
{
	struct hsat_queue *queue;
	hsa_status_t status = hsat_queue_checked(public, &queue);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	atomic_store(&queue->profiling, enable != 0);
	if (enable)
		queue->amd.queue_properties |= AMD_QUEUE_PROPERTIES_ENABLE_PROFILING;
	else
		queue->amd.queue_properties &= ~(uint32_t)AMD_QUEUE_PROPERTIES_ENABLE_PROFILING;
	if (queue->intercept)
		hsat_intercept_set_profiling(queue, enable != 0);
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_amd_profiling_get_dispatch_time(hsa_agent_t agent, hsa_signal_t handle,
						      hsa_amd_profiling_dispatch_time_t *time)
{
	HSAT_REQUIRE_INIT();
	if (hsat_agent_from_handle(agent) != &hsat_gpu_agent)
		return HSA_STATUS_ERROR_INVALID_AGENT;
	return signal_times(handle, time ? &time->start : NULL, time ? &time->end : NULL);
}
