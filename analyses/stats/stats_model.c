#include "analyses/stats/stats_model.h"
#include "analyses/stats/stats_model_internal.h"
#include "analyses/common/api_event.h"
#include "analyses/common/schema_version.h"
#include "analyses/common/trace_read.h"
#include "schema/hsatrace_schema.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct stats_pending_call {
	int64_t entry_ns, vpid, vtid;
	size_t function_row;
	int is_wait;
	int is_hip;		/* function_row is in hip_api, not api */
	char procname[32];
};

/* Finds or adds the row of a string key in a table whose rows start with a char *name. */
static int row_for_name(struct keymap *index, struct vec *rows, const char *name,
			size_t *row)
{
	size_t *slot;
	int added = keymap_get_or_add(index, name, strlen(name), &slot);
	char **new_row;

	if (added < 0)
		return -1;
	if (added == 1) {
		new_row = vec_push(rows);
		if (!new_row || !(*new_row = strdup(name))) {
			if (new_row)
				rows->count--;
			keymap_remove(index, name, strlen(name));
			return -1;
		}
		*slot = rows->count - 1;
	}
	*row = *slot;
	return 0;
}

/* ---- lifecycle ---------------------------------------------------------------------- */

void stats_model_init(struct stats_model *m)
{
	memset(m, 0, sizeof(*m));
	vec_init(&m->api, sizeof(struct stats_api_row));
	vec_init(&m->hip_api, sizeof(struct stats_api_row));
	vec_init(&m->kernels, sizeof(struct stats_kernel_row));
	vec_init(&m->copies, sizeof(struct stats_copy_row));
	vec_init(&m->queues, sizeof(struct stats_queue_row));
	vec_init(&m->waits, sizeof(struct stats_wait_row));
	vec_init(&m->pending, sizeof(struct stats_pending_call));
	vec_init(&m->free_pending, sizeof(size_t));
	vec_init(&m->kernel_exec, sizeof(struct stats_gpu_item));
	vec_init(&m->kernel_gpu, sizeof(struct stats_gpu_item));
	vec_init(&m->copy_exec, sizeof(struct stats_gpu_item));
	vec_init(&m->copy_gpu, sizeof(struct stats_gpu_item));
	vec_init(&m->kernel_all, sizeof(struct stats_gpu_item));
	vec_init(&m->copy_all, sizeof(struct stats_gpu_item));
	vec_init(&m->submits, sizeof(struct stats_submit));
	keymap_init(&m->api_index);
	keymap_init(&m->hip_api_index);
	keymap_init(&m->kernel_index);
	keymap_init(&m->copy_index);
	keymap_init(&m->queue_index);
	keymap_init(&m->wait_index);
	keymap_init(&m->pending_calls);
	keymap_init(&m->gpu_pending);
}

void stats_model_release(struct stats_model *m)
{
	for (size_t i = 0; i < m->api.count; i++)
		free(STATS_ROW(&m->api, struct stats_api_row, i)->function);
	for (size_t i = 0; i < m->hip_api.count; i++)
		free(STATS_ROW(&m->hip_api, struct stats_api_row, i)->function);
	for (size_t i = 0; i < m->kernels.count; i++) {
		free(STATS_ROW(&m->kernels, struct stats_kernel_row, i)->name);
		free(STATS_ROW(&m->kernels, struct stats_kernel_row, i)->mangled);
	}
	for (size_t i = 0; i < m->copies.count; i++)
		free(STATS_ROW(&m->copies, struct stats_copy_row, i)->direction);
	for (size_t i = 0; i < m->waits.count; i++)
		free(STATS_ROW(&m->waits, struct stats_wait_row, i)->procname);
	free(m->api.items);
	free(m->hip_api.items);
	free(m->kernels.items);
	free(m->copies.items);
	free(m->queues.items);
	free(m->waits.items);
	free(m->pending.items);
	free(m->free_pending.items);
	free(m->kernel_exec.items);
	free(m->kernel_gpu.items);
	free(m->copy_exec.items);
	free(m->copy_gpu.items);
	free(m->kernel_all.items);
	free(m->copy_all.items);
	free(m->submits.items);
	keymap_release(&m->api_index);
	keymap_release(&m->hip_api_index);
	keymap_release(&m->kernel_index);
	keymap_release(&m->copy_index);
	keymap_release(&m->queue_index);
	keymap_release(&m->wait_index);
	keymap_release(&m->pending_calls);
	keymap_release(&m->gpu_pending);
	stats_model_init(m);
}

/* ---- per-thread identity ------------------------------------------------------------ */

struct thread_id {
	int64_t vpid, vtid;
};

static struct thread_id thread_of(const struct trace_event *ev)
{
	struct thread_id t = { 0, 0 };

	trace_event_get_i64(ev, "vpid", &t.vpid);
	trace_event_get_i64(ev, "vtid", &t.vtid);
	return t;
}

static int wait_row_for(struct stats_model *m, int64_t vpid, int64_t vtid,
			const char *procname, struct stats_wait_row **out)
{
	int64_t key[2] = { vpid, vtid };
	size_t *slot;
	int added = keymap_get_or_add(&m->wait_index, key, sizeof(key), &slot);
	struct stats_wait_row *row;

	if (added < 0)
		return -1;
	if (added == 1) {
		row = vec_push(&m->waits);
		if (!row || !(row->procname = strdup(procname ? procname : ""))) {
			if (row)
				m->waits.count--;
			keymap_remove(&m->wait_index, key, sizeof(key));
			return -1;
		}
		row->vpid = vpid;
		row->vtid = vtid;
		*slot = m->waits.count - 1;
	}
	*out = STATS_ROW(&m->waits, struct stats_wait_row, *slot);
	return 0;
}

/* ---- API calls ---------------------------------------------------------------------- */

static int is_wait_function(const char *f)
{
	return strncmp(f, "hsa_signal_wait_", 16) == 0 ||
	       strncmp(f, "hsa_amd_signal_wait_", 20) == 0;
}

static int api_entry(struct stats_model *m, const struct trace_event *ev)
{
	struct thread_id t = thread_of(ev);
	const char *function = trace_event_get_str(ev, "function");
	const char *procname = trace_event_get_str(ev, "procname");
	char fallback[128];
	uint64_t corr;
	int64_t key[2];
	size_t *slot, index;
	struct stats_pending_call *call;
	int added;

	if (!ev->has_ts || !trace_event_get_u64(ev, "correlation_id", &corr))
		return 0;
	function = api_event_function(ev->name, function, fallback, sizeof(fallback));
	key[0] = t.vpid;
	key[1] = (int64_t)corr;
	added = keymap_get_or_add(&m->pending_calls, key, sizeof(key), &slot);
	if (added < 0)
		return -1;
	if (added == 1) {
		if (m->free_pending.count) {
			index = *(size_t *)vec_at(&m->free_pending, --m->free_pending.count);
		} else {
			if (!vec_push(&m->pending))
				return -1;
			index = m->pending.count - 1;
		}
		*slot = index;
	}
	call = vec_at(&m->pending, *slot);
	call->entry_ns = ev->ts_ns;
	call->vpid = t.vpid;
	call->vtid = t.vtid;
	call->is_wait = is_wait_function(function);
	call->is_hip = api_event_layer(ev->name) == API_LAYER_HIP;
	snprintf(call->procname, sizeof(call->procname), "%s", procname ? procname : "");
	if (call->is_hip)
		return row_for_name(&m->hip_api_index, &m->hip_api, function, &call->function_row);
	return row_for_name(&m->api_index, &m->api, function, &call->function_row);
}

static void add_duration(uint64_t *count, uint64_t *total, uint64_t *min, uint64_t *max,
			 uint64_t d)
{
	if (*count == 0 || d < *min)
		*min = d;
	if (*count == 0 || d > *max)
		*max = d;
	(*count)++;
	*total += d;
}

/* Makes a pending-call slot reusable by the next entry. */
static int release_pending(struct stats_model *m, size_t index)
{
	size_t *free_slot = vec_push(&m->free_pending);

	if (!free_slot)
		return -1;
	*free_slot = index;
	return 0;
}

static int api_exit(struct stats_model *m, const struct trace_event *ev)
{
	struct thread_id t = thread_of(ev);
	uint64_t corr, d;
	int64_t key[2], status;
	size_t *slot, index;
	struct stats_pending_call call;
	struct stats_api_row *row;
	struct stats_wait_row *wait;

	if (!ev->has_ts || !trace_event_get_u64(ev, "correlation_id", &corr))
		return 0;
	key[0] = t.vpid;
	key[1] = (int64_t)corr;
	slot = keymap_find(&m->pending_calls, key, sizeof(key));
	if (!slot)
		return 0; /* the call began before the trace did */
	index = *slot;
	call = *(struct stats_pending_call *)vec_at(&m->pending, index);
	keymap_remove(&m->pending_calls, key, sizeof(key));
	if (release_pending(m, index))
		return -1;
	d = ev->ts_ns > call.entry_ns ? (uint64_t)(ev->ts_ns - call.entry_ns) : 0;
	row = STATS_ROW(call.is_hip ? &m->hip_api : &m->api, struct stats_api_row,
			call.function_row);
	add_duration(&row->calls, &row->total_ns, &row->min_ns, &row->max_ns, d);
	if (trace_event_get_i64(ev, "status", &status) &&
	    (call.is_hip ? hsat_hip_status_is_error(status) : hsat_status_is_error(status)))
		row->errors++;
	if (call.is_wait) {
		if (wait_row_for(m, call.vpid, call.vtid, call.procname, &wait))
			return -1;
		wait->api_waits++;
		wait->api_ns += d;
	}
	return 0;
}

/* ---- GPU activity ------------------------------------------------------------------- */

/* copy_exec.direction: 0 host-to-host, 1 host-to-device, 2 device-to-host, 3 device-to-device. */
static const char *copy_direction(const struct trace_event *ev, char *buf, size_t size)
{
	static const char *const names[] = { "host-to-host", "host-to-device", "device-to-host",
					     "device-to-device" };
	int64_t d;

	if (trace_event_get_i64(ev, "direction", &d) && d >= 0 && d < 4)
		return names[d];
	if (trace_event_format(ev, "direction", buf, size))
		return buf;
	return "unknown";
}

static int gpu_item_from(struct stats_model *m, const struct trace_event *ev, int is_copy,
			 struct stats_gpu_item *item)
{
	const char *name;
	char buf[64];
	uint64_t v;

	item->vpid = thread_of(ev).vpid;
	trace_event_get_u64(ev, "queue_id", &item->queue_id);
	trace_event_get_u64(ev, "packet_index", &item->packet_index);
	trace_event_get_u64(ev, "correlation_id", &item->correlation_id);
	if (is_copy) {
		trace_event_get_u64(ev, "size", &item->bytes);
		if (trace_event_get_u64(ev, "copy_id", &v))
			item->packet_index = v;
		name = copy_direction(ev, buf, sizeof(buf));
		return row_for_name(&m->copy_index, &m->copies, name, &item->row);
	}
	name = trace_event_get_str(ev, "kernel_name");
	return row_for_name(&m->kernel_index, &m->kernels, name && *name ? name : "(unnamed)",
			    &item->row);
}

/* hsa_activity:kernel_exec / copy_exec: one complete record with both GPU times. */
static int gpu_exec(struct stats_model *m, const struct trace_event *ev, int is_copy)
{
	struct stats_gpu_item item = { 0 }, *slot;

	if (!trace_event_get_i64(ev, "gpu_begin_ns", &item.begin_ns) ||
	    !trace_event_get_i64(ev, "gpu_end_ns", &item.end_ns))
		return 0;
	if (gpu_item_from(m, ev, is_copy, &item))
		return -1;
	item.complete = 1;
	slot = vec_push(is_copy ? &m->copy_exec : &m->kernel_exec);
	if (!slot)
		return -1;
	*slot = item;
	return 0;
}

/* hsa_gpu:*_begin / *_end, synthesized by unify: paired by their identifying fields. */
static int gpu_edge(struct stats_model *m, const struct trace_event *ev, int is_copy,
		    int is_end)
{
	struct stats_gpu_item item = { 0 }, *target;
	struct vec *items = is_copy ? &m->copy_gpu : &m->kernel_gpu;
	uint64_t key[5];
	size_t *slot;
	int added;

	if (gpu_item_from(m, ev, is_copy, &item))
		return -1;
	key[0] = (uint64_t)item.vpid;
	key[1] = item.queue_id;
	key[2] = item.packet_index;
	key[3] = item.correlation_id;
	key[4] = (uint64_t)is_copy;
	added = keymap_get_or_add(&m->gpu_pending, key, sizeof(key), &slot);
	if (added < 0)
		return -1;
	if (added == 1) {
		target = vec_push(items);
		if (!target)
			return -1;
		*target = item;
		target->begin_ns = target->end_ns = ev->ts_ns;
		*slot = items->count - 1;
	}
	target = vec_at(items, *slot);
	if (is_end) {
		target->end_ns = ev->ts_ns;
		target->complete = 1;
		keymap_remove(&m->gpu_pending, key, sizeof(key));
	} else {
		target->begin_ns = ev->ts_ns;
	}
	/* Explicit GPU times, when the synthesized event copies them, win over timestamps. */
	trace_event_get_i64(ev, "gpu_begin_ns", &target->begin_ns);
	trace_event_get_i64(ev, "gpu_end_ns", &target->end_ns);
	return 0;
}

/* ---- queues and waits --------------------------------------------------------------- */

static int queue_row_for(struct stats_model *m, int64_t vpid, uint64_t queue_id, size_t *row)
{
	int64_t key[2] = { vpid, (int64_t)queue_id };
	size_t *slot;
	int added = keymap_get_or_add(&m->queue_index, key, sizeof(key), &slot);
	struct stats_queue_row *q;

	if (added < 0)
		return -1;
	if (added == 1) {
		q = vec_push(&m->queues);
		if (!q)
			return -1;
		q->vpid = vpid;
		q->queue_id = queue_id;
		*slot = m->queues.count - 1;
	}
	*row = *slot;
	return 0;
}

static int queue_create(struct stats_model *m, const struct trace_event *ev)
{
	uint64_t id, size = 0;
	size_t row;

	if (!trace_event_get_u64(ev, "queue_id", &id))
		return 0;
	if (queue_row_for(m, thread_of(ev).vpid, id, &row))
		return -1;
	if (trace_event_get_u64(ev, "size", &size))
		STATS_ROW(&m->queues, struct stats_queue_row, row)->size = size;
	return 0;
}

static int packet_submit(struct stats_model *m, const struct trace_event *ev)
{
	struct stats_submit *s;
	struct stats_queue_row *q;
	uint64_t id, type = HSA_PACKET_TYPE_KERNEL_DISPATCH;
	size_t row;

	if (!ev->has_ts || !trace_event_get_u64(ev, "queue_id", &id))
		return 0;
	if (queue_row_for(m, thread_of(ev).vpid, id, &row))
		return -1;
	s = vec_push(&m->submits);
	if (!s)
		return -1;
	s->queue_row = row;
	trace_event_get_u64(ev, "packet_index", &s->packet_index);
	trace_event_get_u64(ev, "packet_type", &type);
	s->is_kernel = type == HSA_PACKET_TYPE_KERNEL_DISPATCH;
	s->ts_ns = ev->ts_ns;
	q = STATS_ROW(&m->queues, struct stats_queue_row, row);
	q->packets++;
	if (s->is_kernel)
		q->kernel_packets++;
	else
		q->other_packets++;
	return 0;
}

static int signal_wait(struct stats_model *m, const struct trace_event *ev)
{
	struct thread_id t = thread_of(ev);
	struct stats_wait_row *row;
	uint64_t blocked = 0;

	trace_event_get_u64(ev, "blocked_ns", &blocked);
	if (wait_row_for(m, t.vpid, t.vtid, trace_event_get_str(ev, "procname"), &row))
		return -1;
	row->signal_waits++;
	row->signal_blocked_ns += blocked;
	return 0;
}

/* ---- the schema version ------------------------------------------------------------ */

static int trace_info(struct stats_model *m, const struct trace_event *ev)
{
	schema_version_see(m->schema_version, sizeof(m->schema_version), ev);
	return 0;
}

int stats_model_check_schema(const struct stats_model *m, const char *prog)
{
	return schema_version_warn(m->schema_version, prog, "no API table");
}

int stats_model_check_losses(const struct stats_model *m, const char *prog)
{
	if (!m->discarded_events && !m->discarded_packets)
		return 0;
	fprintf(stderr, "%s: warning: the tracer discarded %" PRIu64 " events and %" PRIu64
		" packets (its buffers were full): the counts below are low; record with "
		"--blocking or larger buffers\n", prog, m->discarded_events, m->discarded_packets);
	return 1;
}

int stats_model_check_contexts(const struct stats_model *m, const char *prog)
{
	if (!m->api_events_without_thread)
		return 0;
	fprintf(stderr, "%s: warning: %" PRIu64 " of %" PRIu64 " API events have no vpid/vtid "
		"context: their threads show as pid 0 tid 0; record with hsatrace record, or add "
		"the contexts to the session: lttng add-context -u -t vpid -t vtid -t procname\n",
		prog, m->api_events_without_thread, m->api_events);
	return 1;
}

void stats_model_read_done(struct stats_model *m, const struct trace_read_losses *losses,
			   const char *prog)
{
	m->discarded_events = losses->discarded_events;
	m->discarded_packets = losses->discarded_packets;
	stats_model_check_schema(m, prog);
	stats_model_check_losses(m, prog);
	stats_model_check_contexts(m, prog);
}

/* ---- dispatch ----------------------------------------------------------------------- */

int stats_model_add_event(struct stats_model *m, const struct trace_event *ev)
{
	const char *n = ev->name;

	m->events++;
	if (ev->has_ts) {
		if (!m->have_time || ev->ts_ns < m->first_ns)
			m->first_ns = ev->ts_ns;
		if (!m->have_time || ev->ts_ns > m->last_ns)
			m->last_ns = ev->ts_ns;
		m->have_time = 1;
	}
	if (api_event_is_api(n)) {
		int64_t vtid;

		m->api_events++;
		if (!trace_event_get_i64(ev, "vtid", &vtid))
			m->api_events_without_thread++;
		switch (api_event_classify(n, NULL, NULL)) {
		case API_EVENT_ENTRY:
			return api_entry(m, ev);
		case API_EVENT_EXIT:
			return api_exit(m, ev);
		case API_EVENT_NONE:
			break;
		}
		return 0;
	}
	if (strncmp(n, "hsa_activity:", 13) == 0) {
		n += 13;
		if (strcmp(n, "kernel_exec") == 0)
			return gpu_exec(m, ev, 0);
		if (strcmp(n, "copy_exec") == 0)
			return gpu_exec(m, ev, 1);
		if (strcmp(n, "packet_submit") == 0)
			return packet_submit(m, ev);
		if (strcmp(n, "queue_create") == 0)
			return queue_create(m, ev);
		if (strcmp(n, "signal_wait") == 0)
			return signal_wait(m, ev);
		return 0;
	}
	if (strcmp(n, "hsa_meta:trace_info") == 0)
		return trace_info(m, ev);
	if (strcmp(n, "hsa_gpu:kernel_begin") == 0)
		return gpu_edge(m, ev, 0, 0);
	if (strcmp(n, "hsa_gpu:kernel_end") == 0)
		return gpu_edge(m, ev, 0, 1);
	if (strcmp(n, "hsa_gpu:copy_begin") == 0)
		return gpu_edge(m, ev, 1, 0);
	if (strcmp(n, "hsa_gpu:copy_end") == 0)
		return gpu_edge(m, ev, 1, 1);
	return 0;
}
