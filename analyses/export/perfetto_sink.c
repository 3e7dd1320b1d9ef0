/*
 * perfetto_sink - the rows as a Chrome JSON trace-event file, which ui.perfetto.dev and
 * Perfetto's trace_processor both open (docs/export.md says why this format).
 *
 * Each row becomes its events as it comes, so the file streams out: API calls are "X"
 * slices on their thread (they nest by time), processes and threads are named by "M"
 * events; perfetto_gpu.c writes the GPU side.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/export/export_path.h"
#include "analyses/export/perfetto_internal.h"

/* "M" metadata naming a process (tid 0) or a thread; "pid N"/"tid N" when unnamed. */
static void name_row(struct perfetto_sink *s, const char *what, int64_t pid, int64_t tid,
		     const struct export_value *name)
{
	struct json_writer *w = perfetto_event(s, "M", pid, tid, NULL);
	char fallback[64], event[32];

	snprintf(fallback, sizeof(fallback), "%s %" PRId64, what[0] == 'p' ? "pid" : "tid",
		 what[0] == 'p' ? pid : tid);
	snprintf(event, sizeof(event), "%s_name", what);
	PERFETTO_STRING(w, "name", event);
	perfetto_args_begin(w, NULL);
	PERFETTO_STRING(w, "name", name->kind == EXV_TEXT ? name->s : fallback);
	perfetto_args_end(w);
}

/* The arrow from an async copy call to its copy; the copy's end follows at once when the copy
 * completed inside the call and so was written first. */
static void copy_flow_start(struct perfetto_sink *s, int64_t pid, int64_t tid, int64_t start,
			    int64_t correlation_id)
{
	struct perfetto_flow_end end;
	uint64_t id = perfetto_flow_id(&s->tracks, FLOW_COPY, pid, correlation_id, 0);

	perfetto_flow(s, "s", id, pid, tid, start);
	if (perfetto_flow_take(&s->tracks, pid, correlation_id, &end))
		perfetto_flow(s, "f", perfetto_flow_id(&s->tracks, FLOW_COPY, pid, correlation_id, 0),
			      end.pid, end.tid, end.ts);
}

static void api_row(struct perfetto_sink *s, const struct export_value *row)
{
	int64_t pid = row[API_PID].i, tid = row[API_TID].i, start = row[API_START_NS].i;
	int open = row[API_END_NS].kind != EXV_INT;
	int64_t end = open ? s->last_ns : row[API_END_NS].i;
	struct json_writer *w = perfetto_event(s, "X", pid, tid, &start);

	perfetto_duration(w, end - start);
	if (end > s->last_ns)
		s->last_ns = end;
	PERFETTO_STRING(w, "name", row[API_FUNCTION].s);
	perfetto_args_begin(w, open ? "api-unfinished" : "api");
	PERFETTO_INT(w, "correlation_id", &row[API_CORRELATION]);
	PERFETTO_INT(w, "status", &row[API_STATUS]);
	PERFETTO_INT(w, "depth", &row[API_DEPTH]);
	perfetto_args_end(w);
	if (strncmp(row[API_FUNCTION].s, "hsa_amd_memory_async_copy", 25) == 0)
		copy_flow_start(s, pid, tid, start, row[API_CORRELATION].i);
}

static int perfetto_row(struct export_sink *sink, enum export_table table,
			const struct export_value *row, char *err, size_t err_size)
{
	struct perfetto_sink *s = (struct perfetto_sink *)sink;

	if (table == EX_PROCESSES)
		name_row(s, "process", row[PROC_PID].i, 0, &row[PROC_NAME]);
	else if (table == EX_THREADS)
		name_row(s, "thread", row[THR_PID].i, row[THR_TID].i, &row[THR_NAME]);
	else if (table == EX_API_CALLS && row[API_START_NS].kind == EXV_INT)
		api_row(s, row);
	else if (perfetto_gpu_row(s, table, row)) {
		snprintf(err, err_size, "out of memory");
		return -1;
	}
	if (s->out.write_errno) {
		snprintf(err, err_size, "failed to write %s: %s", s->out.name,
			 strerror(s->out.write_errno));
		return -1;
	}
	return 0;
}

static void perfetto_discard(struct export_sink *sink)
{
	struct perfetto_sink *s = (struct perfetto_sink *)sink;

	out_file_discard(&s->out);
	perfetto_tracks_release(&s->tracks);
	free(s->out_buffer);
	free(s);
}

static int perfetto_finish(struct export_sink *sink, char *err, size_t err_size)
{
	struct perfetto_sink *s = (struct perfetto_sink *)sink;
	int ret;

	json_array_end(&s->json);
	json_object_end(&s->json);
	if (json_writer_finish(&s->json) && !ferror(s->out.f)) {
		snprintf(err, err_size, "the Perfetto JSON is misnested (a bug)");
		out_file_discard(&s->out);
		ret = -1;
	} else {
		ret = out_file_close(&s->out, err, err_size);
	}
	perfetto_tracks_release(&s->tracks);
	free(s->out_buffer);
	free(s);
	return ret;
}

static const struct export_sink_ops perfetto_ops = { perfetto_row, perfetto_finish,
						     perfetto_discard };

struct export_sink *perfetto_sink_open(const char *path, int force, char *err,
				       size_t err_size)
{
	struct perfetto_sink *s;
	int to_stdout = strcmp(path, "-") == 0;

	if (!to_stdout && export_path_check(path, force, err, err_size))
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	s->out_buffer = malloc(PERFETTO_OUT_BUFFER);
	if (!s->out_buffer || out_file_open(&s->out, path, err, err_size)) {
		if (!s->out_buffer)
			snprintf(err, err_size, "out of memory");
		free(s->out_buffer);
		free(s);
		return NULL;
	}
	setvbuf(s->out.f, s->out_buffer, _IOFBF, PERFETTO_OUT_BUFFER);
	s->base.ops = &perfetto_ops;
	perfetto_tracks_init(&s->tracks);
	json_writer_init(&s->json, s->out.f, 0);
	json_object_begin(&s->json, JSON_COMPACT);
	PERFETTO_STRING(&s->json, "displayTimeUnit", "ns");
	JSON_KEY(&s->json, "traceEvents");
	json_array_begin(&s->json, JSON_LINES);
	return &s->base;
}
