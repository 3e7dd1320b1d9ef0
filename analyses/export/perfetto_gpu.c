/*
 * perfetto_gpu - the GPU side of the Perfetto export: packets, kernels on a pseudo-thread
 * per queue ("queue N"), copies on one per direction ("copy engine host-to-device"),
 * counters as counter tracks, and the flow arrows that link them to their launch.
 */
#include <inttypes.h>
#include <string.h>

#include "analyses/export/perfetto_internal.h"

static int queue_track(struct perfetto_sink *s, int64_t pid, const struct export_value *queue,
		       int64_t *tid)
{
	char name[64];
	int64_t id = queue->kind == EXV_INT ? queue->i : 0;

	*tid = PERFETTO_QUEUE_TID + (id & 0xfffffff);
	if (perfetto_tracks_named(&s->tracks, pid, *tid))
		return 0;	/* the usual case: no name to format */
	snprintf(name, sizeof(name), "queue %" PRId64, id);
	return perfetto_track(s, pid, *tid, name);
}

/* A zero-length slice on the submitting thread (where the launch arrow starts, inside the
 * doorbell store when hsa_hot_* is traced) and an instant on the queue's track. */
static int packet_row(struct perfetto_sink *s, const struct export_value *row)
{
	int64_t pid = row[PKT_PID].i, ts, queue_tid;
	const char *type = row[PKT_TYPE_NAME].kind == EXV_TEXT ? row[PKT_TYPE_NAME].s : "packet";
	const char *kernel = row[PKT_KERNEL_NAME].kind == EXV_TEXT ? row[PKT_KERNEL_NAME].s : NULL;
	struct json_writer *w;

	if (row[PKT_TS_NS].kind != EXV_INT || queue_track(s, pid, &row[PKT_QUEUE_ID], &queue_tid))
		return row[PKT_TS_NS].kind != EXV_INT ? 0 : -1;
	ts = row[PKT_TS_NS].i;
	for (int on_queue = 0; on_queue < 2; on_queue++) {
		w = perfetto_event(s, on_queue ? "i" : "X", pid,
				   on_queue ? queue_tid : row[PKT_TID].i, &ts);
		if (on_queue)
			PERFETTO_STRING(w, "s", "t");
		else
			perfetto_duration(w, 0);
		PERFETTO_STRING(w, "name", kernel && !on_queue ? kernel : type);
		perfetto_args_begin(w, "packet");
		PERFETTO_STRING(w, "type", type);
		PERFETTO_INT(w, "queue_id", &row[PKT_QUEUE_ID]);
		PERFETTO_INT(w, "packet_index", &row[PKT_INDEX]);
		PERFETTO_INT(w, "correlation_id", &row[PKT_CORRELATION]);
		perfetto_args_end(w);
	}
	if (row[PKT_TYPE].kind == EXV_INT && row[PKT_TYPE].i == 2)
		perfetto_flow(s, "s", perfetto_flow_id(&s->tracks, FLOW_KERNEL, pid,
						       row[PKT_QUEUE_ID].i, row[PKT_INDEX].i),
			      pid, row[PKT_TID].i, ts);
	return 0;
}

static int kernel_row(struct perfetto_sink *s, const struct export_value *row)
{
	int64_t pid = row[KER_PID].i, tid, start;
	struct json_writer *w;

	if (row[KER_START_NS].kind != EXV_INT || row[KER_END_NS].kind != EXV_INT)
		return 0;
	if (queue_track(s, pid, &row[KER_QUEUE_ID], &tid))
		return -1;
	start = row[KER_START_NS].i;
	w = perfetto_event(s, "X", pid, tid, &start);
	perfetto_duration(w, row[KER_END_NS].i - start);
	PERFETTO_STRING(w, "name", row[KER_NAME].s);
	perfetto_args_begin(w, "kernel");
	PERFETTO_INT(w, "queue_id", &row[KER_QUEUE_ID]);
	PERFETTO_INT(w, "packet_index", &row[KER_PACKET_INDEX]);
	PERFETTO_INT(w, "correlation_id", &row[KER_CORRELATION]);
	perfetto_args_end(w);
	perfetto_flow(s, "f", perfetto_flow_id(&s->tracks, FLOW_KERNEL, pid, row[KER_QUEUE_ID].i,
					       row[KER_PACKET_INDEX].i),
		      pid, tid, start);
	return 0;
}

static int copy_engine(const char *direction)
{
	static const char *const names[] = { "host-to-host", "host-to-device", "device-to-host",
					     "device-to-device" };

	for (int i = 0; i < 4; i++)
		if (direction && strcmp(direction, names[i]) == 0)
			return i;
	return 4;
}

/* The arrow's end now if its start (the API call) is written, else when the call is. */
static int copy_flow_end(struct perfetto_sink *s, int64_t pid, int64_t correlation_id,
			 int64_t tid, int64_t ts)
{
	struct perfetto_flow_end end = { pid, correlation_id, tid, ts };

	if (!perfetto_flow_pending(&s->tracks, FLOW_COPY, pid, correlation_id, 0))
		return perfetto_flow_defer(&s->tracks, &end);
	perfetto_flow(s, "f", perfetto_flow_id(&s->tracks, FLOW_COPY, pid, correlation_id, 0), pid,
		      tid, ts);
	return 0;
}

static int copy_row(struct perfetto_sink *s, const struct export_value *row)
{
	const char *direction = row[COPY_DIRECTION].kind == EXV_TEXT ? row[COPY_DIRECTION].s : "copy";
	int64_t pid = row[COPY_PID].i, tid = PERFETTO_COPY_TID + copy_engine(direction), start;
	char name[64];
	struct json_writer *w;

	if (row[COPY_START_NS].kind != EXV_INT || row[COPY_END_NS].kind != EXV_INT)
		return 0;
	snprintf(name, sizeof(name), "copy engine %s", direction);
	if (perfetto_track(s, pid, tid, name))
		return -1;
	start = row[COPY_START_NS].i;
	w = perfetto_event(s, "X", pid, tid, &start);
	perfetto_duration(w, row[COPY_END_NS].i - start);
	PERFETTO_STRING(w, "name", direction);
	perfetto_args_begin(w, "copy");
	PERFETTO_INT(w, "bytes", &row[COPY_BYTES]);
	PERFETTO_INT(w, "copy_id", &row[COPY_ID]);
	PERFETTO_INT(w, "correlation_id", &row[COPY_CORRELATION]);
	perfetto_args_end(w);
	return copy_flow_end(s, pid, row[COPY_CORRELATION].i, tid, start);
}

/* One counter track per (name, scope, id): "packets_in_flight queue 1". */
static int counter_row(struct perfetto_sink *s, const struct export_value *row)
{
	char name[256];
	struct json_writer *w;

	if (row[CTR_TS_NS].kind != EXV_INT || row[CTR_VALUE].kind != EXV_INT)
		return 0;
	snprintf(name, sizeof(name), "%s %s %" PRId64,
		 row[CTR_NAME].kind == EXV_TEXT ? row[CTR_NAME].s : "counter",
		 row[CTR_SCOPE].kind == EXV_TEXT ? row[CTR_SCOPE].s : "-",
		 row[CTR_ID].kind == EXV_INT ? row[CTR_ID].i : 0);
	w = perfetto_event(s, "C", row[CTR_PID].i, 0, &row[CTR_TS_NS].i);
	PERFETTO_STRING(w, "name", name);
	perfetto_args_begin(w, "counter");
	PERFETTO_INT(w, "value", &row[CTR_VALUE]);
	perfetto_args_end(w);
	return 0;
}

int perfetto_gpu_row(struct perfetto_sink *s, enum export_table table,
		     const struct export_value *row)
{
	int64_t tid;

	switch (table) {
	case EX_PACKETS:
		return packet_row(s, row);
	case EX_KERNELS:
		return kernel_row(s, row);
	case EX_COPIES:
		return copy_row(s, row);
	case EX_COUNTERS:
		return counter_row(s, row);
	case EX_QUEUES:
		return queue_track(s, row[QUEUE_PID].i, &row[QUEUE_ID], &tid);
	default:
		return 0;	/* arguments, waits, agents, code objects: in sqlite and csv */
	}
}
