/* export_api - API entry/exit pairs to api_calls rows, their arguments to api_args rows. */
#include "analyses/common/api_event.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/export/export_decode_internal.h"
#include "schema/hsatrace_schema.h"

#define HSA_STATUS_ERROR_FIRST 0x1000

/* One api_args row per payload member but the ones every API event has. */
static int write_args(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
		      uint64_t corr, const char *direction, char *err, size_t err_size)
{
	const bt_field_class *fc;
	char value[512];

	if (!ev->payload)
		return 0;
	fc = bt_field_borrow_class_const(ev->payload);
	for (uint64_t i = 0; i < bt_field_class_structure_get_member_count(fc); i++) {
		const char *name = bt_field_class_structure_member_get_name(
			bt_field_class_structure_borrow_member_by_index_const(fc, i));
		struct export_value row[ARG_COLUMNS] = {
			export_int(pid), export_int((int64_t)corr), export_text(direction),
			export_text(name), export_text(NULL),
		};

		if (!export_is_argument(name))
			continue;
		row[ARG_VALUE] = export_text(trace_event_format(ev, name, value, sizeof(value)));
		if (export_emit(d, EX_API_ARGS, row, err, err_size))
			return -1;
	}
	return 0;
}

/* An index in d->calls for a new open call: a freed one, or a new one at the end. */
static int take_call(struct export_decoder *d, size_t *index)
{
	if (d->free_calls.count) {
		*index = *(size_t *)vec_at(&d->free_calls, --d->free_calls.count);
		return 0;
	}
	if (!vec_push(&d->calls))
		return -1;
	*index = d->calls.count - 1;
	return 0;
}

/* The call's function into buf, cut to size - 1 bytes as snprintf cut it (a copy: snprintf's
 * format parsing cost more than the bytes, on every API call). */
static void function_name(const struct trace_event *ev, char *buf, size_t size)
{
	const char *function = api_event_function(ev->name, trace_event_get_str(ev, "function"),
						  buf, size);
	size_t n;

	if (function == buf)
		return;
	n = strnlen(function, size - 1);
	memcpy(buf, function, n);
	buf[n] = '\0';
}

int export_api_entry(struct export_decoder *d, const struct trace_event *ev,
		     const struct export_class *k, int64_t pid, int64_t tid, char *err,
		     size_t err_size)
{
	uint64_t corr;
	int64_t key[2];
	size_t *slot, *depth = export_thread_depth(d, pid, tid), index;
	struct export_open_call *call;
	int added;

	if (!ev->has_ts || !trace_event_get_u64(ev, "correlation_id", &corr))
		return 0;
	key[0] = pid;
	key[1] = (int64_t)corr;
	added = keymap_get_or_add(&d->call_index, key, sizeof(key), &slot);
	if (added < 0 || (added == 1 && take_call(d, &index)))
		goto oom;
	if (added == 1)
		*slot = index;
	call = vec_at(&d->calls, *slot);
	call->pid = pid;
	call->tid = tid;
	call->correlation_id = corr;
	call->start_ns = ev->ts_ns;
	call->depth = depth ? (*depth)++ : 0;
	call->live = 1;
	call->is_hip = k->is_hip;
	function_name(ev, call->function, sizeof(call->function));
	return k->has_args ? write_args(d, ev, pid, corr, "in", err, err_size) : 0;
oom:
	snprintf(err, err_size, "out of memory while exporting event '%s'", ev->name);
	return -1;
}

static int write_call(struct export_decoder *d, const struct export_open_call *call,
		      const int64_t *end_ns, const int64_t *status, char *err, size_t err_size)
{
	struct export_value row[API_COLUMNS] = {
		[API_PID] = export_int(call->pid),
		[API_TID] = export_int(call->tid),
		[API_CORRELATION] = export_int((int64_t)call->correlation_id),
		[API_FUNCTION] = export_text(call->function),
		[API_START_NS] = export_int(call->start_ns),
		[API_DEPTH] = export_int((int64_t)call->depth),
		[API_LAYER] = export_text(call->is_hip ? "hip" : "hsa"),
	};

	if (end_ns) {
		row[API_END_NS] = export_int(*end_ns);
		row[API_DURATION_NS] = export_int(*end_ns - call->start_ns);
	}
	if (status) {
		row[API_STATUS] = export_int(*status);
		row[API_IS_ERROR] = export_int(call->is_hip ? hsat_hip_status_is_error(*status) :
						   *status >= HSA_STATUS_ERROR_FIRST);
	}
	return export_emit(d, EX_API_CALLS, row, err, err_size);
}

int export_api_exit(struct export_decoder *d, const struct trace_event *ev,
		    const struct export_class *k, int64_t pid, char *err, size_t err_size)
{
	uint64_t corr;
	int64_t key[2], status;
	size_t *slot, *depth, *free_slot, index;
	struct export_open_call *call;
	int has_status;

	if (!ev->has_ts || !trace_event_get_u64(ev, "correlation_id", &corr))
		return 0;
	key[0] = pid;
	key[1] = (int64_t)corr;
	slot = keymap_find(&d->call_index, key, sizeof(key));
	if (!slot)
		return 0;	/* an exit whose entry is not in the trace */
	index = *slot;
	call = vec_at(&d->calls, index);
	has_status = trace_event_get_i64(ev, "status", &status);
	if (write_call(d, call, &ev->ts_ns, has_status ? &status : NULL, err, err_size) ||
	    (k->has_args && write_args(d, ev, pid, corr, "out", err, err_size)))
		return -1;
	depth = export_thread_depth(d, call->pid, call->tid);
	if (depth && *depth)
		(*depth)--;
	call->live = 0;
	keymap_remove(&d->call_index, key, sizeof(key));
	free_slot = vec_push(&d->free_calls);
	if (!free_slot) {
		snprintf(err, err_size, "out of memory while exporting event '%s'", ev->name);
		return -1;
	}
	*free_slot = index;
	return 0;
}

/* Calls still open at the end of the trace: written without end, duration or status. */
int export_api_flush(struct export_decoder *d, char *err, size_t err_size)
{
	for (size_t i = 0; i < d->calls.count; i++) {
		struct export_open_call *call = vec_at(&d->calls, i);

		if (!call->live)
			continue;
		call->live = 0;
		if (write_call(d, call, NULL, NULL, err, err_size))
			return -1;
	}
	return 0;
}
