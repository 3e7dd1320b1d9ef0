/*
 * salvage - best effort for a trace source.ctf.fs refuses as a whole (a truncated or
 * corrupted stream file makes the whole trace fail to open).
 *
 * Each stream file is tried alone, in a temporary trace folder next to a link to the
 * metadata; a file that still fails is cut at the last complete packet (packet ends from
 * the LTTng index, else from a walk of the packet headers (packet_walk.c: a unified trace
 * has no index), else at sub-buffer-sized boundaries) and tried again. What can be read
 * is added to the trace list; the rest is reported.
 */
#ifndef HSATRACE_UNIFY_SALVAGE_H
#define HSATRACE_UNIFY_SALVAGE_H

#include <stdint.h>

#include "analyses/unify/inputs.h"

struct salvage {
	char *root;		/* temporary folder holding the salvaged traces, or NULL */
	unsigned next;
	size_t streams_kept;	/* stream files read whole */
	size_t streams_cut;	/* stream files cut at a packet boundary */
	size_t streams_lost;	/* stream files that could not be read at all */
	uint64_t bytes_dropped;	/* cut off the streams_cut */
};

void salvage_init(struct salvage *sv);
/* Removes the temporary folder. */
void salvage_release(struct salvage *sv);

/* Adds the readable parts of the trace at `path` (run `run`) to `list`. Returns the
 * number of traces added, or -1 on a system error. `readable` tells whether a trace
 * folder can be opened (it prints nothing). */
int salvage_trace(struct salvage *sv, struct trace_list *list, const char *path, unsigned run,
		  bool (*readable)(const char *path));

/* A temporary trace folder holding only the stream files of `trace` whose names start with
 * `prefix` (and the metadata). Returns a new string (free it), or NULL when there is no such
 * file, no other file (nothing to gain), or on error. */
char *salvage_subset(struct salvage *sv, const char *trace, const char *prefix);

#endif
