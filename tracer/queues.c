/*
 * Queues and packets: hsa_queue_create becomes an intercept queue (when the runtime offers
 * one), whose handler runs in the thread that rings the doorbell, before the packets reach
 * the real queue. Each packet is reported (packet_submit); kernel dispatches get the tracer's
 * completion signal (pending.c), and their completion reports the GPU times (kernel_exec).
 */
#include "tracer/hooks.h"
#include "tracer/hw_counters.h"
#include "tracer/map.h"
#include "tracer/tracer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Atomic int hsat_intercepted_queues;

struct queue_state {
	struct queue_state *next_dead;
	hsa_queue_t *queue;
	hsa_agent_t agent;
	uint64_t queue_id;
	uint32_t size;
	int32_t type;
	int intercepted;
	_Atomic int64_t in_flight;
};

/* Live queues by hsa_queue_t address; destroyed ones stay allocated (a completion may still
 * count down their in-flight counter) until the runtime unloads. */
static struct hsat_map queues = HSAT_MAP_INIT;
static struct queue_state *dead;

struct dispatch {
	struct hsat_pending pending;	/* first: pending.c frees the dispatch through it */
	struct queue_state *queue;
	uint64_t packet_index;
	uint64_t correlation_id;
	uint64_t hip_correlation_id;	/* the HIP call that submitted it, 0 when none */
	uint64_t kernel_object;
	char kernel_name[256];
};

static void emit_in_flight(struct queue_state *q, int64_t delta)
{
	int64_t now = atomic_fetch_add(&q->in_flight, delta) + delta;

	hsat_emit_counter("packets_in_flight", "queue", q->queue_id, now, "packets");
}

static void dispatch_done(struct hsat_pending *p)
{
	struct dispatch *d = (struct dispatch *)p;
	hsa_amd_profiling_dispatch_time_t t = { 0, 0 };
	struct hsat_ev_hsa_activity__kernel_exec e = { 0 };

	if (lttng_ust_tracepoint_enabled(hsa_activity, kernel_exec)) {
		if (hsat_real_amd_ext.hsa_amd_profiling_get_dispatch_time_fn(d->queue->agent, p->proxy,
									     &t)
		    == HSA_STATUS_SUCCESS) {
			e.gpu_begin_ns = hsat_system_to_monotonic_ns(t.start);
			e.gpu_end_ns = hsat_system_to_monotonic_ns(t.end);
		}
		e.queue_id = d->queue->queue_id;
		e.packet_index = d->packet_index;
		e.correlation_id = d->correlation_id;
		e.hip_correlation_id = d->hip_correlation_id;
		e.kernel_object = d->kernel_object;
		e.kernel_name = d->kernel_name;
		e.agent_handle = d->queue->agent.handle;
		lttng_ust_do_tracepoint(hsa_activity, kernel_exec, &e);
	}
	emit_in_flight(d->queue, -1);
}

static uint32_t packet_type(const hsa_kernel_dispatch_packet_t *p)
{
	return (p->header >> HSA_PACKET_HEADER_TYPE) & ((1u << HSA_PACKET_HEADER_WIDTH_TYPE) - 1);
}

static int is_barrier(const hsa_kernel_dispatch_packet_t *p)
{
	uint32_t type = packet_type(p);

	return type == HSA_PACKET_TYPE_BARRIER_AND || type == HSA_PACKET_TYPE_BARRIER_OR;
}

/* Barrier-AND and barrier-OR packets share one layout: five dependency signals. */
static void record_dependencies(struct hsat_ev_hsa_activity__packet_submit *e,
				const hsa_barrier_and_packet_t *b)
{
	e->dep_signal_0 = b->dep_signal[0].handle;
	e->dep_signal_1 = b->dep_signal[1].handle;
	e->dep_signal_2 = b->dep_signal[2].handle;
	e->dep_signal_3 = b->dep_signal[3].handle;
	e->dep_signal_4 = b->dep_signal[4].handle;
}

static void emit_submit(struct queue_state *q, const hsa_kernel_dispatch_packet_t *p,
			uint64_t index, uint64_t cid, const char *name)
{
	struct hsat_ev_hsa_activity__packet_submit e = { 0 };
	int dispatch = packet_type(p) == HSA_PACKET_TYPE_KERNEL_DISPATCH;

	e.queue_id = q->queue_id;
	e.packet_index = index;
	e.packet_type = (int32_t)packet_type(p);
	e.header = p->header;
	e.kernel_name = name;
	e.completion_signal = p->completion_signal.handle;
	e.correlation_id = cid;
	e.hip_correlation_id = hsat_tls.hip_cid;
	if (is_barrier(p))
		record_dependencies(&e, (const hsa_barrier_and_packet_t *)p);
	if (dispatch) {
		e.kernel_object = p->kernel_object;
		e.grid_x = p->grid_size_x;
		e.grid_y = p->grid_size_y;
		e.grid_z = p->grid_size_z;
		e.workgroup_x = p->workgroup_size_x;
		e.workgroup_y = p->workgroup_size_y;
		e.workgroup_z = p->workgroup_size_z;
		e.group_segment_size = p->group_segment_size;
		e.private_segment_size = p->private_segment_size;
		e.kernarg_address = (uint64_t)(uintptr_t)p->kernarg_address;
	}
	lttng_ust_tracepoint(hsa_activity, packet_submit, &e);
}

/* Swaps the dispatch's completion signal for the tracer's; NULL when it cannot. */
static struct dispatch *watch_dispatch(struct queue_state *q, hsa_kernel_dispatch_packet_t *p,
				       uint64_t index, uint64_t cid, const char *name)
{
	struct dispatch *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->queue = q;
	d->packet_index = index;
	d->correlation_id = cid;
	d->hip_correlation_id = hsat_tls.hip_cid;
	d->kernel_object = p->kernel_object;
	snprintf(d->kernel_name, sizeof(d->kernel_name), "%s", name);
	d->pending.done = dispatch_done;
	d->pending.orig = d->pending.stamp = p->completion_signal;
	if (hsat_pending_prepare(&d->pending)) {
		free(d);
		return NULL;
	}
	p->completion_signal = d->pending.proxy;
	emit_in_flight(q, 1);
	return d;
}

/* Does a packet name a signal (completion, barrier dependency) that is not 0 and not live? */
static bool names_unusable_signal(const hsa_kernel_dispatch_packet_t *p)
{
	const hsa_barrier_and_packet_t *b = (const hsa_barrier_and_packet_t *)p;
	uint32_t type = packet_type(p);

	if (type != HSA_PACKET_TYPE_KERNEL_DISPATCH && type != HSA_PACKET_TYPE_AGENT_DISPATCH &&
	    type != HSA_PACKET_TYPE_BARRIER_AND && type != HSA_PACKET_TYPE_BARRIER_OR)
		return false;
	if (p->completion_signal.handle && !hsat_signal_usable(p->completion_signal))
		return true;
	if (type != HSA_PACKET_TYPE_BARRIER_AND && type != HSA_PACKET_TYPE_BARRIER_OR)
		return false;
	for (int i = 0; i < 5; i++)
		if (b->dep_signal[i].handle && !hsat_signal_usable(b->dep_signal[i]))
			return true;
	return false;
}

/* A batch naming a destroyed signal goes to the runtime untouched: a proxy created for it
 * could get that signal's handle, and the runtime must see exactly the program's packets. */
static bool batch_may_be_watched(const hsa_kernel_dispatch_packet_t *pkts, uint64_t count)
{
	for (uint64_t i = 0; i < count; i++)
		if (names_unusable_signal(&pkts[i]))
			return false;
	return true;
}

/* Room for one batch: its packets, the watched dispatches, and what goes to the real queue
 * (a counted dispatch becomes start, dispatch, stop). */
struct batch {
	hsa_kernel_dispatch_packet_t *copy, *out;
	struct dispatch **watched;
	struct hw_profile **counted;
	hsa_kernel_dispatch_packet_t stack_copy[8], stack_out[24];
	struct dispatch *stack_watched[8];
	struct hw_profile *stack_counted[8];
};

static int batch_init(struct batch *b, uint64_t count)
{
	b->copy = b->stack_copy;
	b->out = b->stack_out;
	b->watched = b->stack_watched;
	b->counted = b->stack_counted;
	if (count <= 8)
		return 0;
	b->copy = malloc(count * sizeof(*b->copy));
	b->out = malloc(3 * count * sizeof(*b->out));
	b->watched = malloc(count * sizeof(*b->watched));
	b->counted = malloc(count * sizeof(*b->counted));
	return b->copy && b->out && b->watched && b->counted ? 0 : -1;
}

static void batch_release(struct batch *b)
{
	if (b->copy != b->stack_copy)
		free(b->copy);
	if (b->out != b->stack_out)
		free(b->out);
	if (b->watched != b->stack_watched)
		free(b->watched);
	if (b->counted != b->stack_counted)
		free(b->counted);
}

/* The intercept handler: in the thread that rang the doorbell, packets in queue order. */
static void on_submit(const void *pkts, uint64_t count, uint64_t user_pkt_index, void *data,
		      hsa_amd_queue_intercept_packet_writer writer)
{
	struct queue_state *q = data;
	struct batch b;
	uint64_t cid = hsat_tls.doorbell_cid ? hsat_tls.doorbell_cid : hsat_new_correlation_id();
	int want_exec = lttng_ust_tracepoint_enabled(hsa_activity, kernel_exec) ||
			lttng_ust_tracepoint_enabled(hsa_activity, counter);
	int want_counters = hsat_hw_counters_on();
	size_t n_out = 0;
	char name[256];

	hsat_enter_tracer();
	if (batch_init(&b, count)) {
		/* Out of memory: forward untouched, untraced. */
		writer(pkts, count);
		goto out;
	}
	memcpy(b.copy, pkts, count * sizeof(*b.copy));
	if ((want_exec || want_counters) && !batch_may_be_watched(b.copy, count))
		want_exec = want_counters = 0;
	for (uint64_t i = 0; i < count; i++) {
		uint64_t index = user_pkt_index + i;
		int dispatch = packet_type(&b.copy[i]) == HSA_PACKET_TYPE_KERNEL_DISPATCH;

		name[0] = '\0';
		if (dispatch)
			hsat_kernel_name(b.copy[i].kernel_object, name, sizeof(name));
		emit_submit(q, &b.copy[i], index, cid, name);
		b.watched[i] = dispatch && want_exec ?
			watch_dispatch(q, &b.copy[i], index, cid, name) : NULL;
		b.counted[i] = dispatch && want_counters ?
			hsat_hw_counters_begin(q->agent, (q->queue_id << 32) | (index & 0xffffffffu),
					       &b.out[n_out], &b.out[n_out + 2]) : NULL;
		if (b.counted[i]) {
			hsa_kernel_dispatch_packet_t *k = &b.out[n_out + 1];

			/* The program sees the completion once the counters are read, after the
			 * stop packet: it may shut down as soon as it does. */
			*k = b.copy[i];
			if (b.watched[i]) {
				hsat_hw_counters_release_later(b.counted[i],
							       b.watched[i]->pending.orig);
				b.watched[i]->pending.orig.handle = 0;
			} else {
				hsat_hw_counters_release_later(b.counted[i], k->completion_signal);
				k->completion_signal.handle = 0;
			}
			n_out += 3;
		} else {
			b.out[n_out++] = b.copy[i];
		}
	}
	writer(b.out, n_out);
	for (uint64_t i = 0; i < count; i++) {
		if (b.watched[i])
			hsat_pending_arm(&b.watched[i]->pending);
		if (b.counted[i])
			hsat_hw_counters_arm(b.counted[i]);
	}
out:
	batch_release(&b);
	hsat_leave_tracer();
}

static void emit_queue(int destroy, const struct queue_state *q, uint64_t cid)
{
	struct hsat_ev_hsa_activity__queue_create e = { 0 };

	e.agent_handle = q->agent.handle;
	e.queue_id = q->queue_id;
	e.queue_handle = (uint64_t)(uintptr_t)q->queue;
	e.size = q->size;
	e.type = q->type;
	e.intercepted = (uint64_t)q->intercepted;
	e.correlation_id = cid;
	if (destroy)
		lttng_ust_tracepoint(hsa_activity, queue_destroy,
				     (const struct hsat_ev_hsa_activity__queue_destroy *)&e);
	else
		lttng_ust_tracepoint(hsa_activity, queue_create, &e);
}

_Static_assert(sizeof(struct hsat_ev_hsa_activity__queue_create) ==
	       sizeof(struct hsat_ev_hsa_activity__queue_destroy), "same fields");

static hsa_status_t create_intercepted(hsa_agent_t agent, uint32_t size, hsa_queue_type32_t type,
				       void (*callback)(hsa_status_t, hsa_queue_t *, void *),
				       void *data, uint32_t private_segment_size,
				       uint32_t group_segment_size, hsa_queue_t **queue)
{
	hsa_status_t st = hsat_real_amd_ext.hsa_amd_queue_intercept_create_fn(
		agent, size, type, callback, data, private_segment_size, group_segment_size, queue);

	if (st == HSA_STATUS_SUCCESS)
		hsat_real_amd_ext.hsa_amd_profiling_set_profiler_enabled_fn(*queue, 1);
	return st;
}

hsa_status_t hsat_hook_hsa_queue_create(struct hsat_call *call, hsa_agent_t agent, uint32_t size,
					hsa_queue_type32_t type,
					void (*callback)(hsa_status_t, hsa_queue_t *, void *),
					void *data, uint32_t private_segment_size,
					uint32_t group_segment_size, hsa_queue_t **queue)
{
	hsa_status_t st = HSA_STATUS_ERROR;
	struct queue_state *q = NULL;
	void *old;
	int intercepted = 0;

	if (hsat_packets_wanted() && hsat_can_intercept_queues() && queue) {
		st = create_intercepted(agent, size, type, callback, data, private_segment_size,
					group_segment_size, queue);
		intercepted = st == HSA_STATUS_SUCCESS;
	}
	if (!intercepted)
		st = hsat_real_core.hsa_queue_create_fn(agent, size, type, callback, data,
							private_segment_size, group_segment_size,
							queue);
	if (st != HSA_STATUS_SUCCESS || !queue)
		return st;
	hsat_enter_tracer();
	q = calloc(1, sizeof(*q));
	if (!q)
		goto out;
	q->queue = *queue;
	q->agent = agent;
	q->queue_id = (*queue)->id;
	q->size = (*queue)->size;
	q->type = (int32_t)(*queue)->type;
	if (intercepted &&
	    hsat_real_amd_ext.hsa_amd_queue_intercept_register_fn(*queue, on_submit, q) ==
	    HSA_STATUS_SUCCESS) {
		q->intercepted = 1;
		atomic_fetch_add(&hsat_intercepted_queues, 1);
	}
	pthread_mutex_lock(&queues.lock);
	if (hsat_map_put(&queues, (uint64_t)(uintptr_t)*queue, q, &old))
		old = NULL;	/* not tracked: its destroy reports what the program passes */
	pthread_mutex_unlock(&queues.lock);
	free(old);
	emit_queue(0, q, call->cid);
out:
	hsat_leave_tracer();
	return st;
}

hsa_status_t hsat_hook_hsa_queue_destroy(struct hsat_call *call, hsa_queue_t *queue)
{
	struct queue_state *q;
	hsa_status_t st;

	pthread_mutex_lock(&queues.lock);
	q = hsat_map_get(&queues, (uint64_t)(uintptr_t)queue);
	pthread_mutex_unlock(&queues.lock);
	if (q)
		emit_queue(1, q, call->cid);
	st = hsat_real_core.hsa_queue_destroy_fn(queue);
	if (st != HSA_STATUS_SUCCESS || !q)
		return st;
	pthread_mutex_lock(&queues.lock);
	if (hsat_map_remove(&queues, (uint64_t)(uintptr_t)queue)) {
		q->next_dead = dead;
		dead = q;
		if (q->intercepted)
			atomic_fetch_sub(&hsat_intercepted_queues, 1);
	}
	pthread_mutex_unlock(&queues.lock);
	return st;
}

static void store_with_cid(struct hsat_call *call, hsa_signal_t signal, hsa_signal_value_t value,
			   void (*store)(hsa_signal_t, hsa_signal_value_t))
{
	uint64_t outer = hsat_tls.doorbell_cid;

	hsat_tls.doorbell_cid = call->cid;
	store(signal, value);
	hsat_tls.doorbell_cid = outer;
}

void hsat_hook_hsa_signal_store_screlease(struct hsat_call *call, hsa_signal_t signal,
					  hsa_signal_value_t value)
{
	store_with_cid(call, signal, value, hsat_real_core.hsa_signal_store_screlease_fn);
}

void hsat_hook_hsa_signal_store_relaxed(struct hsat_call *call, hsa_signal_t signal,
					hsa_signal_value_t value)
{
	store_with_cid(call, signal, value, hsat_real_core.hsa_signal_store_relaxed_fn);
}

void hsat_queues_forget(void)
{
	pthread_mutex_lock(&queues.lock);
	hsat_map_clear(&queues, free);
	while (dead) {
		struct queue_state *next = dead->next_dead;

		free(dead);
		dead = next;
	}
	atomic_store(&hsat_intercepted_queues, 0);
	pthread_mutex_unlock(&queues.lock);
}

__attribute__((constructor)) static void queues_init(void)
{
	hsat_lock_register(&queues.lock);
}
