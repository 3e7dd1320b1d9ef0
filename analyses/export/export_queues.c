/* export_queues - a queue's row is written when it is destroyed (or at the end of the trace),
 * so it has both its creation and destruction times. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/export/export_decode_internal.h"

static int new_queue(struct export_decoder *d, size_t *index)
{
	if (!vec_push(&d->queues))
		return -1;
	*index = d->queues.count - 1;
	return 0;
}

int export_queue_create(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
			int64_t tid, char *err, size_t err_size)
{
	int64_t key[2] = { pid, 0 };
	struct export_open_queue *q;
	size_t *slot, index;
	int added;

	(void)tid;
	if (!trace_event_get_i64(ev, "queue_id", &key[1]))
		return 0;
	added = keymap_get_or_add(&d->queue_index, key, sizeof(key), &slot);
	if (added < 0 || (added == 1 && new_queue(d, &index))) {
		snprintf(err, err_size, "out of memory while exporting event '%s'", ev->name);
		return -1;
	}
	if (added == 1)
		*slot = index;
	q = vec_at(&d->queues, *slot);
	q->live = 1;
	q->row[QUEUE_PID] = export_int(pid);
	q->row[QUEUE_ID] = export_int(key[1]);
	q->row[QUEUE_AGENT] = export_field_int(ev, "agent_handle");
	q->row[QUEUE_HANDLE] = export_field_int(ev, "queue_handle");
	q->row[QUEUE_SIZE] = export_field_int(ev, "size");
	q->row[QUEUE_TYPE] = export_field_int(ev, "type");
	q->row[QUEUE_INTERCEPTED] = export_field_int(ev, "intercepted");
	q->row[QUEUE_CREATE_NS] = ev->has_ts ? export_int(ev->ts_ns) : export_text(NULL);
	q->row[QUEUE_DESTROY_NS] = export_text(NULL);
	return 0;
}

int export_queue_destroy(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
			 int64_t tid, char *err, size_t err_size)
{
	int64_t key[2] = { pid, 0 };
	struct export_open_queue *q;
	size_t *slot;

	(void)tid;
	if (!trace_event_get_i64(ev, "queue_id", &key[1]))
		return 0;
	slot = keymap_find(&d->queue_index, key, sizeof(key));
	if (!slot)
		return 0;	/* created before the trace started */
	q = vec_at(&d->queues, *slot);
	keymap_remove(&d->queue_index, key, sizeof(key));
	q->live = 0;
	q->row[QUEUE_DESTROY_NS] = ev->has_ts ? export_int(ev->ts_ns) : export_text(NULL);
	return export_emit(d, EX_QUEUES, q->row, err, err_size);
}

int export_queues_flush(struct export_decoder *d, char *err, size_t err_size)
{
	for (size_t i = 0; i < d->queues.count; i++) {
		struct export_open_queue *q = vec_at(&d->queues, i);

		if (!q->live)
			continue;
		q->live = 0;
		if (export_emit(d, EX_QUEUES, q->row, err, err_size))
			return -1;
	}
	return 0;
}
