/*
 * perfetto_tracks - the bookkeeping of the Perfetto export: GPU tracks named once, flow ids.
 *
 * Chrome JSON has only processes and threads, so each GPU queue and each copy direction is a
 * pseudo-thread of its process, with a tid no real thread has (PERFETTO_QUEUE_TID + queue id,
 * PERFETTO_COPY_TID + direction), named ("queue 1", "copy engine host-to-device") the first
 * time it is used. Flow arrows are keyed by a small number: a kernel's is given out when its
 * dispatch packet is submitted and taken back when the kernel is written, a copy's when its
 * API call is; so what is kept is what is in flight, and memory stays bounded.
 *
 * An arrow's end must come after its start in the file. A copy's start is on its API call's
 * slice, written at the call's exit; a copy that completes inside the call (the CPU runtime's
 * often do) is written first, so its end waits here until the call is written ("deferred").
 */
#ifndef HSAT_EXPORT_PERFETTO_TRACKS_H
#define HSAT_EXPORT_PERFETTO_TRACKS_H

#include <stdint.h>

#include "analyses/common/json_writer.h"
#include "analyses/common/keymap.h"
#include "analyses/common/vec.h"

#define PERFETTO_QUEUE_TID 0x40000000LL
#define PERFETTO_COPY_TID 0x50000000LL

struct perfetto_tracks {
	struct keymap named;	/* (pid, tid) of the pseudo-threads already named */
	struct keymap flows;	/* (kind, pid, a, b) → flow id */
	uint64_t next_flow;
	struct keymap deferred;	/* (pid, correlation id) → index in deferred_ends */
	struct vec deferred_ends; /* struct perfetto_flow_end: ends waiting for their start */
};

/* Where an arrow ends: the slice at ts on pseudo-thread tid of pid. */
struct perfetto_flow_end {
	int64_t pid, correlation_id, tid, ts;
};

void perfetto_tracks_init(struct perfetto_tracks *t);
void perfetto_tracks_release(struct perfetto_tracks *t);

/* Writes the metadata events naming pseudo-thread tid of pid unless done already; returns 1
 * when it wrote, 0 when not, -1 when out of memory. */
int perfetto_tracks_name(struct perfetto_tracks *t, struct json_writer *w, int64_t pid,
			 int64_t tid, const char *name);

/* Whether pseudo-thread tid of pid is named already. */
int perfetto_tracks_named(const struct perfetto_tracks *t, int64_t pid, int64_t tid);

/* The flow id of a key, for both ends of the arrow, whichever is written first: the first
 * call gives out a new id, the second returns it and forgets the key. 0 when out of memory. */
uint64_t perfetto_flow_id(struct perfetto_tracks *t, int64_t kind, int64_t pid, int64_t a,
			  int64_t b);

/* Whether the arrow of a key has one end written (perfetto_flow_id called once). */
int perfetto_flow_pending(const struct perfetto_tracks *t, int64_t kind, int64_t pid, int64_t a,
			  int64_t b);

/* Keeps the end of (pid, correlation id)'s arrow until its start is written; 0, or -1 when
 * out of memory. */
int perfetto_flow_defer(struct perfetto_tracks *t, const struct perfetto_flow_end *end);

/* Takes back the deferred end of (pid, correlation id): 1 (and *end) when there was one. */
int perfetto_flow_take(struct perfetto_tracks *t, int64_t pid, int64_t correlation_id,
		       struct perfetto_flow_end *end);

#endif
