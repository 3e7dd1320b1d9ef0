/* Asynchronous copies: the completion-signal swap gives their begin/end (copy_exec). */
#include "tracer/hooks.h"
#include "tracer/tracer.h"

#include <stdatomic.h>
#include <stdlib.h>

struct copy {
	struct hsat_pending pending;	/* first: pending.c frees the copy through it */
	struct hsat_ev_hsa_activity__copy_exec e;
};

static _Atomic uint64_t next_copy_id = 1;
static _Atomic int64_t bytes_copied;
static atomic_int profiling_enabled;

/* 0 host-to-host, 1 host-to-device, 2 device-to-host, 3 device-to-device. */
static int32_t direction(hsa_agent_t src, hsa_agent_t dst)
{
	int src_dev = hsat_agent_device_type(src) != HSA_DEVICE_TYPE_CPU;
	int dst_dev = hsat_agent_device_type(dst) != HSA_DEVICE_TYPE_CPU;

	return (int32_t)(src_dev * 2 + dst_dev);
}

static void copy_done(struct hsat_pending *p)
{
	struct copy *c = (struct copy *)p;
	hsa_amd_profiling_async_copy_time_t t = { 0, 0 };
	int64_t total = atomic_fetch_add(&bytes_copied, (int64_t)c->e.size) + (int64_t)c->e.size;

	if (hsat_real_amd_ext.hsa_amd_profiling_get_async_copy_time_fn &&
	    hsat_real_amd_ext.hsa_amd_profiling_get_async_copy_time_fn(p->proxy, &t) ==
	    HSA_STATUS_SUCCESS) {
		c->e.gpu_begin_ns = hsat_system_to_monotonic_ns(t.start);
		c->e.gpu_end_ns = hsat_system_to_monotonic_ns(t.end);
	}
	lttng_ust_tracepoint(hsa_activity, copy_exec, &c->e);
	hsat_emit_counter("bytes_copied", "process", 0, total, "bytes");
}

/* A copy whose completion the tracer watches, or NULL (then the program's signal is used).
 * The runtime must judge the program's own signals: a call naming one it would reject (0,
 * destroyed) is passed through untouched, untimed, and checked before the proxy exists (which
 * could otherwise get a destroyed dependency's handle, making the copy wait for itself). */
static struct copy *watch_copy(struct hsat_call *call, uint32_t num_dep_signals,
			       const hsa_signal_t *dep_signals, hsa_signal_t completion_signal)
{
	struct copy *c;

	if (!hsat_copies_wanted() || !hsat_can_swap_signals() ||
	    !hsat_signal_usable(completion_signal) ||
	    !hsat_signals_usable(num_dep_signals, dep_signals))
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->pending.done = copy_done;
	c->pending.orig = c->pending.stamp = completion_signal;
	if (hsat_pending_prepare(&c->pending)) {
		free(c);
		return NULL;
	}
	hsat_enter_tracer();
	if (!atomic_exchange(&profiling_enabled, 1) &&
	    hsat_real_amd_ext.hsa_amd_profiling_async_copy_enable_fn)
		hsat_real_amd_ext.hsa_amd_profiling_async_copy_enable_fn(true);
	hsat_leave_tracer();
	c->e.copy_id = atomic_fetch_add(&next_copy_id, 1);
	c->e.correlation_id = call->cid;
	c->e.hip_correlation_id = hsat_tls.hip_cid;
	return c;
}

/* The runtime's answer decides: watch the accepted copy, drop the refused one. */
static hsa_status_t watched(struct copy *c, hsa_status_t st)
{
	if (st != HSA_STATUS_SUCCESS)
		hsat_pending_cancel(&c->pending);
	else
		hsat_pending_arm(&c->pending);
	return st;
}

hsa_status_t hsat_hook_hsa_amd_memory_async_copy(struct hsat_call *call, void *dst,
						 hsa_agent_t dst_agent, const void *src,
						 hsa_agent_t src_agent, size_t size,
						 uint32_t num_dep_signals,
						 const hsa_signal_t *dep_signals,
						 hsa_signal_t completion_signal)
{
	struct copy *c = watch_copy(call, num_dep_signals, dep_signals, completion_signal);

	if (!c)
		return hsat_real_amd_ext.hsa_amd_memory_async_copy_fn(
			dst, dst_agent, src, src_agent, size, num_dep_signals, dep_signals,
			completion_signal);
	hsat_enter_tracer();
	c->e.src_address = (uint64_t)(uintptr_t)src;
	c->e.dst_address = (uint64_t)(uintptr_t)dst;
	c->e.src_agent = src_agent.handle;
	c->e.dst_agent = dst_agent.handle;
	c->e.size = size;
	c->e.direction = direction(src_agent, dst_agent);
	hsat_leave_tracer();
	return watched(c, hsat_real_amd_ext.hsa_amd_memory_async_copy_fn(
				  dst, dst_agent, src, src_agent, size, num_dep_signals,
				  dep_signals, c->pending.proxy));
}

/* A 3D copy: its shape is read only once the runtime accepted it (then the pointers were
 * valid); both agents are the copy agent, the direction is the program's. */
hsa_status_t hsat_hook_hsa_amd_memory_async_copy_rect(
	struct hsat_call *call, const hsa_pitched_ptr_t *dst, const hsa_dim3_t *dst_offset,
	const hsa_pitched_ptr_t *src, const hsa_dim3_t *src_offset, const hsa_dim3_t *range,
	hsa_agent_t copy_agent, hsa_amd_copy_direction_t dir, uint32_t num_dep_signals,
	const hsa_signal_t *dep_signals, hsa_signal_t completion_signal)
{
	struct copy *c = watch_copy(call, num_dep_signals, dep_signals, completion_signal);
	hsa_status_t st;

	if (!c)
		return hsat_real_amd_ext.hsa_amd_memory_async_copy_rect_fn(
			dst, dst_offset, src, src_offset, range, copy_agent, dir, num_dep_signals,
			dep_signals, completion_signal);
	st = hsat_real_amd_ext.hsa_amd_memory_async_copy_rect_fn(
		dst, dst_offset, src, src_offset, range, copy_agent, dir, num_dep_signals,
		dep_signals, c->pending.proxy);
	if (st == HSA_STATUS_SUCCESS) {
		c->e.src_address = (uint64_t)(uintptr_t)src->base;
		c->e.dst_address = (uint64_t)(uintptr_t)dst->base;
		c->e.src_agent = c->e.dst_agent = copy_agent.handle;
		c->e.size = (uint64_t)range->x * range->y * range->z;
		c->e.direction = (int32_t)dir;
	}
	return watched(c, st);
}
