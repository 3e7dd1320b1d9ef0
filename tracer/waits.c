/* Host waits on signals: how long the thread blocked (signal_wait). */
#include "tracer/hooks.h"
#include "tracer/tracer.h"

typedef hsa_signal_value_t (*wait_fn)(hsa_signal_t, hsa_signal_condition_t, hsa_signal_value_t,
				      uint64_t, hsa_wait_state_t);

static hsa_signal_value_t timed_wait(struct hsat_call *call, wait_fn wait, hsa_signal_t signal,
				     hsa_signal_condition_t condition,
				     hsa_signal_value_t compare_value, uint64_t timeout_hint,
				     hsa_wait_state_t wait_state_hint)
{
	uint64_t begin = hsat_monotonic_ns();
	hsa_signal_value_t value = wait(signal, condition, compare_value, timeout_hint,
					wait_state_hint);
	struct hsat_ev_hsa_activity__signal_wait e = {
		.signal = signal.handle,
		.condition = (int32_t)condition,
		.compare_value = compare_value,
		.timeout_hint = timeout_hint,
		.value = value,
		.blocked_ns = hsat_monotonic_ns() - begin,
		.correlation_id = call->cid,
	};

	lttng_ust_tracepoint(hsa_activity, signal_wait, &e);
	return value;
}

hsa_signal_value_t hsat_hook_hsa_signal_wait_scacquire(struct hsat_call *call,
						       hsa_signal_t signal,
						       hsa_signal_condition_t condition,
						       hsa_signal_value_t compare_value,
						       uint64_t timeout_hint,
						       hsa_wait_state_t wait_state_hint)
{
	return timed_wait(call, hsat_real_core.hsa_signal_wait_scacquire_fn, signal, condition,
			  compare_value, timeout_hint, wait_state_hint);
}

hsa_signal_value_t hsat_hook_hsa_signal_wait_relaxed(struct hsat_call *call, hsa_signal_t signal,
						     hsa_signal_condition_t condition,
						     hsa_signal_value_t compare_value,
						     uint64_t timeout_hint,
						     hsa_wait_state_t wait_state_hint)
{
	return timed_wait(call, hsat_real_core.hsa_signal_wait_relaxed_fn, signal, condition,
			  compare_value, timeout_hint, wait_state_hint);
}
