/* export_decode - the dispatch of events, the processes and threads they come from. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/export/export_decode_internal.h"

void export_decoder_init(struct export_decoder *d, struct export_sink *sink)
{
	memset(d, 0, sizeof(*d));
	d->sink = sink;
	export_classes_init(&d->classes);
	keymap_init(&d->processes);
	keymap_init(&d->threads);
	keymap_init(&d->call_index);
	keymap_init(&d->queue_index);
	vec_init(&d->calls, sizeof(struct export_open_call));
	vec_init(&d->free_calls, sizeof(size_t));
	vec_init(&d->queues, sizeof(struct export_open_queue));
}

void export_decoder_release(struct export_decoder *d)
{
	keymap_release(&d->processes);
	keymap_release(&d->threads);
	keymap_release(&d->call_index);
	keymap_release(&d->queue_index);
	vec_release(&d->calls);
	vec_release(&d->free_calls);
	vec_release(&d->queues);
	demangle_cache_release(&d->kernel_names);
	export_classes_release(&d->classes);
	memset(d, 0, sizeof(*d));
}

int export_emit(struct export_decoder *d, enum export_table table,
		const struct export_value *row, char *err, size_t err_size)
{
	d->rows++;
	return d->sink->ops->row(d->sink, table, row, err, err_size);
}

struct export_value export_field_int(const struct trace_event *ev, const char *field)
{
	int64_t v;

	return trace_event_get_i64(ev, field, &v) ? export_int(v) : export_text(NULL);
}

const char *export_field_str(const struct trace_event *ev, const char *field)
{
	const char *s = trace_event_get_str(ev, field);

	return s && strcmp(s, "-") != 0 ? s : NULL;
}

size_t *export_thread_depth(struct export_decoder *d, int64_t pid, int64_t tid)
{
	int64_t key[2] = { pid, tid };

	if (d->last.known && d->last.has_tid && d->last.pid == pid && d->last.tid == tid)
		return d->last.depth;
	return keymap_find(&d->threads, key, sizeof(key));
}

static int out_of_memory(const struct trace_event *ev, char *err, size_t err_size)
{
	snprintf(err, err_size, "out of memory while exporting event '%s'", ev->name);
	return -1;
}

/* Writes the process and thread rows the first time each is seen. */
static int identify(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
		    int64_t tid, int has_tid, char *err, size_t err_size)
{
	int64_t key[2] = { pid, tid };
	size_t *slot;
	int added;

	added = keymap_get_or_add(&d->processes, &pid, sizeof(pid), &slot);
	if (added < 0)
		return out_of_memory(ev, err, err_size);
	if (added) {
		struct export_value row[PROC_COLUMNS] = {
			export_int(pid), export_text(trace_event_get_str(ev, "procname")) };

		*slot = 0;
		if (export_emit(d, EX_PROCESSES, row, err, err_size))
			return -1;
	}
	d->last = (struct export_last_thread){ 1, has_tid, pid, tid, NULL };
	if (!has_tid)
		return 0;
	added = keymap_get_or_add(&d->threads, key, sizeof(key), &slot);
	if (added < 0) {
		d->last.known = 0;
		return out_of_memory(ev, err, err_size);
	}
	d->last.depth = slot;
	if (added) {
		struct export_value row[THR_COLUMNS] = {
			export_int(pid), export_int(tid),
			export_text(trace_event_get_str(ev, "procname")) };

		*slot = 0;
		return export_emit(d, EX_THREADS, row, err, err_size);
	}
	return 0;
}

int export_decoder_event(struct export_decoder *d, const struct trace_event *ev, char *err,
			 size_t err_size)
{
	const struct export_class *k = export_classes_of(&d->classes, ev);
	int64_t pid = 0, tid = 0;
	int has_tid;

	if (k->kind == EXC_OTHER)
		return 0;
	if (ev->has_ts && ev->ts_ns > d->last_ns)
		d->last_ns = ev->ts_ns;
	trace_event_get_i64(ev, "vpid", &pid);
	has_tid = trace_event_get_i64(ev, "vtid", &tid);
	if (!(d->last.known && d->last.pid == pid && d->last.tid == tid &&
	      d->last.has_tid == has_tid) &&
	    identify(d, ev, pid, tid, has_tid, err, err_size))
		return -1;
	switch (k->kind) {
	case EXC_API_ENTRY:
		return export_api_entry(d, ev, k, pid, tid, err, err_size);
	case EXC_API_EXIT:
		return export_api_exit(d, ev, k, pid, err, err_size);
	case EXC_ACTIVITY:
		return k->activity ? k->activity(d, ev, pid, tid, err, err_size) : 0;
	default:
		return 0;
	}
}

int export_decoder_flush(struct export_decoder *d, char *err, size_t err_size)
{
	if (export_api_flush(d, err, err_size))
		return -1;
	return export_queues_flush(d, err, err_size);
}
