/*
 * model_read - trace events to struct model_event (see model_read.h).
 */
#include "analyses/model/model_read.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "analyses/common/api_event.h"
#include "analyses/common/trace_read.h"
#include "analyses/common/schema_version.h"
#include "analyses/model/model_slices.h"

static uint64_t field_u64(const struct trace_event *ev, const char *name)
{
	uint64_t v = 0;

	trace_event_get_u64(ev, name, &v);
	return v;
}

static int64_t field_i64(const struct trace_event *ev, const char *name)
{
	int64_t v = 0;

	trace_event_get_i64(ev, name, &v);
	return v;
}

static enum model_event_kind kind_of(const char *name)
{
	if (strcmp(name, "hsa_activity:packet_submit") == 0)
		return MODEL_EV_SUBMIT;
	if (strcmp(name, "hsa_activity:kernel_exec") == 0 ||
	    strcmp(name, "hsa_gpu:kernel_end") == 0)
		return MODEL_EV_KERNEL;
	if (strcmp(name, "hsa_activity:copy_exec") == 0 || strcmp(name, "hsa_gpu:copy_end") == 0)
		return MODEL_EV_COPY;
	if (strcmp(name, "hsa_activity:agent_info") == 0)
		return MODEL_EV_AGENT;
	if (strcmp(name, "sched_switch") == 0)
		return MODEL_EV_SCHED_SWITCH;
	if (strcmp(name, "hsa_activity:signal_wait") == 0)
		return MODEL_EV_SIGNAL_WAIT;
	return MODEL_EV_OTHER;
}

/* The CPU the event was recorded on: its packet's cpu_id (LTTng's per-CPU streams). */
static void read_cpu(const struct trace_event *tev, struct model_event *ev)
{
	const bt_packet *p = tev->event ? bt_event_borrow_packet_const(tev->event) : NULL;
	const bt_field *ctx = p ? bt_packet_borrow_context_field_const(p) : NULL;
	const bt_field *f =
		ctx ? bt_field_structure_borrow_member_field_by_name_const(ctx, "cpu_id") : NULL;

	if (!f || bt_field_get_class_type(f) != BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER)
		return;
	ev->has_cpu = 1;
	ev->cpu = (int64_t)bt_field_integer_unsigned_get_value(f);
}

/* The API function an entry or exit is about, into buf; an entry's signal and wait condition,
 * an exit's return value (a wait's timing out, model_slices.h). */
static void api_fields(const struct trace_event *tev, struct model_event *ev, char *buf,
		       size_t size)
{
	const char *fn;
	size_t len;
	int64_t condition = 0;
	enum api_event_kind k = api_event_classify(tev->name, &fn, &len);

	ev->kind = k == API_EVENT_ENTRY ? MODEL_EV_API_ENTRY :
		   k == API_EVENT_EXIT ? MODEL_EV_API_EXIT : MODEL_EV_OTHER;
	if (ev->kind == MODEL_EV_OTHER)
		return;
	ev->function = api_event_function(tev->name, trace_event_get_str(tev, "function"), buf,
					  size);
	ev->correlation_id = field_u64(tev, "correlation_id");
	if (ev->kind == MODEL_EV_API_EXIT) {
		if (model_is_wait_function(ev->function))
			ev->has_retval = trace_event_get_i64(tev, "retval", &ev->retval);
		return;
	}
	if (!trace_event_get_u64(tev, "signal", &ev->signal))
		ev->signal = field_u64(tev, "completion_signal");
	if (!model_is_wait_function(ev->function))
		return;
	ev->has_condition = trace_event_get_i64(tev, "condition", &condition) &&
			    trace_event_get_i64(tev, "compare_value", &ev->compare_value);
	ev->condition = (int32_t)condition;
}

/* A wait's CPU times: the thread's (schema 2.2; a 2.0/2.1 signal_wait has neither field),
 * the process's at the return (schema 2.3; absent before, 0 when the tracer could not read
 * it: unknown either way). */
static void wait_fields(const struct trace_event *tev, struct model_event *ev)
{
	uint64_t begin = 0, end = 0, process = 0;

	ev->correlation_id = field_u64(tev, "correlation_id");
	ev->has_thread_cpu = trace_event_get_u64(tev, "thread_cpu_begin_ns", &begin) &&
			     trace_event_get_u64(tev, "thread_cpu_end_ns", &end) && end >= begin;
	ev->thread_cpu_begin_ns = (int64_t)begin;
	ev->thread_cpu_end_ns = (int64_t)end;
	ev->has_process_cpu = trace_event_get_u64(tev, "process_cpu_ns", &process) &&
			      process > 0 && process <= INT64_MAX;
	ev->process_cpu_ns = (int64_t)process;
}

static void activity_fields(const struct trace_event *tev, struct model_event *ev)
{
	ev->correlation_id = field_u64(tev, "correlation_id");
	ev->queue_id = field_u64(tev, "queue_id");
	ev->packet_index = field_u64(tev, "packet_index");
	ev->packet_type = (int32_t)field_i64(tev, "packet_type");
	ev->signal = field_u64(tev, "completion_signal");
	ev->name = trace_event_get_str(tev, ev->kind == MODEL_EV_AGENT ? "name" : "kernel_name");
	ev->agent = field_u64(tev, "agent_handle");
	if (ev->kind == MODEL_EV_COPY)
		ev->agent = field_u64(tev, "dst_agent");
	ev->begin_ns = field_i64(tev, "gpu_begin_ns");
	ev->end_ns = field_i64(tev, "gpu_end_ns");
	ev->bytes = field_u64(tev, "size");
	ev->direction = (int32_t)field_i64(tev, "direction");
	ev->device_type = (int32_t)field_i64(tev, "device_type");
	ev->compute_units = field_u64(tev, "compute_unit_count");
	ev->prev_tid = field_i64(tev, "prev_tid");
	ev->next_tid = field_i64(tev, "next_tid");
}

static int add_event(const struct trace_event *tev, void *data, char *err, size_t err_size)
{
	struct model_trace *t = data;
	struct model_event ev = { 0 };
	char fn[128];

	ev.ts_ns = tev->ts_ns;
	ev.has_process = trace_event_get_i64(tev, "vpid", &ev.vpid) &&
			 trace_event_get_i64(tev, "vtid", &ev.vtid);
	ev.procname = trace_event_get_str(tev, "procname");
	ev.kind = kind_of(tev->name);
	read_cpu(tev, &ev);
	schema_version_see(t->schema_version, sizeof(t->schema_version), tev);
	if (ev.kind == MODEL_EV_OTHER)
		api_fields(tev, &ev, fn, sizeof(fn));
	else if (ev.kind == MODEL_EV_SIGNAL_WAIT)
		wait_fields(tev, &ev);
	else
		activity_fields(tev, &ev);
	if (model_trace_add(t, &ev)) {
		snprintf(err, err_size, "out of memory while reading event '%s'", tev->name);
		return -1;
	}
	return 0;
}

int model_read(const char *path, struct model_trace *t, struct model_read_result *res,
	       char *err, size_t err_size)
{
	struct trace_read_options opts = { .progress = isatty(2), .prog = "hsatrace model" };
	struct trace_read_losses losses = { 0 };

	memset(res, 0, sizeof(*res));
	if (trace_read(path, &opts, add_event, t, &losses, err, err_size))
		return -1;
	if (model_merge_slices(t)) {
		snprintf(err, err_size, "out of memory while merging the waits re-issued after a "
			 "timeout");
		return -1;
	}
	schema_version_warn(t->schema_version, "hsatrace model", "no API calls to model");
	res->discarded_events = losses.discarded_events;
	res->discarded_packets = losses.discarded_packets;
	res->damaged = trace_read_is_damaged(&losses);
	return 0;
}
