/* Host waits on signals: how long the thread blocked (signal_wait), and its CPU time at the
 * wait's entry and return, so the model has the CPU time of the host phases between waits
 * without a kernel trace; and the process's CPU time at the return (schema 2.3), so the CPU
 * the runtime's own threads use between waits is known too. The clocks are read inside the
 * monotonic brackets: the CPU time within a wait is never more than blocked_ns. */
#include "tracer/hooks.h"
#include "tracer/tracer.h"

typedef hsa_signal_value_t (*wait_fn)(hsa_signal_t, hsa_signal_condition_t, hsa_signal_value_t,
				      uint64_t, hsa_wait_state_t);

static hsa_signal_value_t timed_wait(struct hsat_call *call, wait_fn wait, hsa_signal_t signal,
				     hsa_signal_condition_t condition,
				     hsa_signal_value_t compare_value, uint64_t timeout_hint,
				     hsa_wait_state_t wait_state_hint)
{
	uint64_t begin = hsat_monotonic_ns(), cpu_begin = hsat_thread_cpu_ns();
	hsa_signal_value_t value = wait(signal, condition, compare_value, timeout_hint,
					wait_state_hint);
	uint64_t cpu_end = hsat_thread_cpu_ns(), process_cpu = hsat_process_cpu_ns();
	struct hsat_ev_hsa_activity__signal_wait e = {
		.signal = signal.handle,
		.condition = (int32_t)condition,
		.compare_value = compare_value,
		.timeout_hint = timeout_hint,
		.value = value,
		.blocked_ns = hsat_monotonic_ns() - begin,
		.correlation_id = call->cid,
		.thread_cpu_begin_ns = cpu_begin,
		.thread_cpu_end_ns = cpu_end,
		.process_cpu_ns = process_cpu,
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

/* Wait-any: the event names the signal that satisfied the wait; the program's arrays are read
 * only then (the runtime has read them itself), never after an error or a timeout. */
uint32_t hsat_hook_hsa_amd_signal_wait_any(struct hsat_call *call, uint32_t signal_count,
					   hsa_signal_t *signals, hsa_signal_condition_t *conds,
					   hsa_signal_value_t *values, uint64_t timeout_hint,
					   hsa_wait_state_t wait_hint,
					   hsa_signal_value_t *satisfying_value)
{
	uint64_t begin = hsat_monotonic_ns(), cpu_begin = hsat_thread_cpu_ns();
	uint32_t index = hsat_real_amd_ext.hsa_amd_signal_wait_any_fn(
		signal_count, signals, conds, values, timeout_hint, wait_hint, satisfying_value);
	uint64_t cpu_end = hsat_thread_cpu_ns(), process_cpu = hsat_process_cpu_ns();
	struct hsat_ev_hsa_activity__signal_wait e = {
		.timeout_hint = timeout_hint,
		.value = (int64_t)index,
		.blocked_ns = hsat_monotonic_ns() - begin,
		.correlation_id = call->cid,
		.thread_cpu_begin_ns = cpu_begin,
		.thread_cpu_end_ns = cpu_end,
		.process_cpu_ns = process_cpu,
	};

	if (index < signal_count && signals && conds && values) {
		e.signal = signals[index].handle;
		e.condition = (int32_t)conds[index];
		e.compare_value = values[index];
	}
	lttng_ust_tracepoint(hsa_activity, signal_wait, &e);
	return index;
}
