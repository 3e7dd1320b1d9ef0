/* Shared by the perfetto_*.c files: the sink's state and its event writers. */
#ifndef HSAT_EXPORT_PERFETTO_INTERNAL_H
#define HSAT_EXPORT_PERFETTO_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "analyses/common/json_writer.h"
#include "analyses/common/out_file.h"
#include "analyses/export/export_sink.h"
#include "analyses/export/perfetto_tracks.h"

enum { FLOW_KERNEL = 1, FLOW_COPY = 2 };

/* The JSON is written 64 KiB at a time: stdio's 8 KiB made a system call per 45 events. */
#define PERFETTO_OUT_BUFFER (64 << 10)

struct perfetto_sink {
	struct export_sink base;
	struct out_file out;
	char *out_buffer;	/* out's stdio buffer, PERFETTO_OUT_BUFFER bytes */
	struct perfetto_tracks tracks;
	struct json_writer json; /* {"displayTimeUnit":"ns","traceEvents":[ an event a line ]} */
	int64_t last_ns;	/* the latest time seen: the end of calls without exit */
};

/* Starts an event, {"ph":PH,"pid":..,"tid":.. and "ts" when ns is not NULL; the caller
 * adds its members and ends it (perfetto_args_end, or json_object_end without args). */
struct json_writer *perfetto_event(struct perfetto_sink *s, const char *ph, int64_t pid,
				   int64_t tid, const int64_t *ns);
void perfetto_duration(struct json_writer *w, int64_t ns);
/* "key":value members; key is a string literal (JSON_KEY). A NULL string is written "-", a
 * value that is not an integer null. */
#define PERFETTO_STRING(w, key, value) (JSON_KEY(w, key), perfetto_string_value(w, value))
#define PERFETTO_INT(w, key, v) (JSON_KEY(w, key), perfetto_int_value(w, v))
void perfetto_string_value(struct json_writer *w, const char *value);
void perfetto_int_value(struct json_writer *w, const struct export_value *v);
/* "cat":CAT (unless NULL) and "args":{ for the caller's members; perfetto_args_end closes the
 * arguments and the event. */
void perfetto_args_begin(struct json_writer *w, const char *cat);
void perfetto_args_end(struct json_writer *w);
/* A flow event ("s" or "f") of id at ns on pid/tid. */
void perfetto_flow(struct perfetto_sink *s, const char *ph, uint64_t id, int64_t pid,
		   int64_t tid, int64_t ns);
/* Names a pseudo-thread the first time; returns 0, or -1 when out of memory. */
int perfetto_track(struct perfetto_sink *s, int64_t pid, int64_t tid, const char *name);

/* Packets, kernels, copies, counters, queues; returns 0, or -1 when out of memory. */
int perfetto_gpu_row(struct perfetto_sink *s, enum export_table table,
		     const struct export_value *row);

#endif
