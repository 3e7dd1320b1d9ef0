/*
 * salvage - best effort for a trace source.ctf.fs refuses as a whole (a truncated or
 * corrupted stream file makes the whole trace fail to open).
 *
 * Each stream file is tried alone, in a temporary trace folder next to a link to the
 * metadata; a file that still fails is cut at the last complete packet (packet ends from
 * the LTTng index, else from a walk of the packet headers (packet_walk.c: a unified trace
 * has no index), else at sub-buffer-sized boundaries) and tried again. What can be read
 * is handed to the caller; the rest is reported. Shared by unify and the stats/report reader.
 */
#ifndef HSATRACE_COMMON_SALVAGE_H
#define HSATRACE_COMMON_SALVAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct salvage {
	const char *prog;	/* names the command in the warnings ("hsatrace unify") */
	char *root;		/* temporary folder holding the salvaged traces, or NULL */
	unsigned next;
	size_t streams_kept;	/* stream files read whole */
	size_t streams_cut;	/* stream files cut at a packet boundary */
	size_t streams_lost;	/* stream files that could not be read at all */
	uint64_t bytes_dropped;	/* cut off the streams_cut */
};

void salvage_init(struct salvage *sv, const char *prog);
/* Removes the temporary folder. */
void salvage_release(struct salvage *sv);

/* Hands each readable part of the trace at `path` (a temporary trace folder) to add(data,
 * dir), which returns 0 (or -1 to stop: an error). Returns the number of parts added, or -1
 * on a system error. `readable` tells whether a trace folder can be opened (it prints
 * nothing). */
int salvage_trace(struct salvage *sv, const char *path, bool (*readable)(const char *path),
		  int (*add)(void *data, const char *dir), void *data);

/* A temporary trace folder holding only the stream files of `trace` whose names start with
 * `prefix` (and the metadata). Returns a new string (free it), or NULL when there is no such
 * file, no other file (nothing to gain), or on error. */
char *salvage_subset(struct salvage *sv, const char *trace, const char *prefix);

#endif
