/* Shared by the perfetto_*.c files: the sink's state and its event writers. */
#ifndef HSAT_EXPORT_PERFETTO_INTERNAL_H
#define HSAT_EXPORT_PERFETTO_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "analyses/common/out_file.h"
#include "analyses/export/export_sink.h"
#include "analyses/export/perfetto_tracks.h"

enum { FLOW_KERNEL = 1, FLOW_COPY = 2 };

struct perfetto_sink {
	struct export_sink base;
	struct out_file out;
	struct perfetto_tracks tracks;
	const char *sep;	/* before the next event: "" for the first, then ",\n" */
	int64_t last_ns;	/* the latest time seen: the end of calls without exit */
};

/* Starts an event, {"ph":PH,"pid":..,"tid":.. and "ts" when ns is not NULL; the caller
 * adds its fields and the closing brace. */
FILE *perfetto_event(struct perfetto_sink *s, const char *ph, int64_t pid, int64_t tid,
		     const int64_t *ns);
void perfetto_duration(FILE *f, int64_t ns);
void perfetto_string(FILE *f, const char *sep, const char *key, const char *value);
void perfetto_int(FILE *f, const char *sep, const char *key, const struct export_value *v);
/* A flow event ("s" or "f") of id at ns on pid/tid. */
void perfetto_flow(struct perfetto_sink *s, const char *ph, uint64_t id, int64_t pid,
		   int64_t tid, int64_t ns);
/* Names a pseudo-thread the first time; returns 0, or -1 when out of memory. */
int perfetto_track(struct perfetto_sink *s, int64_t pid, int64_t tid, const char *name);

/* Packets, kernels, copies, counters, queues; returns 0, or -1 when out of memory. */
int perfetto_gpu_row(struct perfetto_sink *s, enum export_table table,
		     const struct export_value *row);

#endif
