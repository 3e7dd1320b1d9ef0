/*
 * trace_reader - reads every event of a CTF trace folder, in time order, with libbabeltrace2.
 *
 * PATH may be one CTF trace (a folder with a `metadata` file) or any folder holding several
 * (an `hsatrace record` output: ust/uid/.../64-bit, kernel/, one per run, ...). Each trace
 * folder found (recursively, in sorted order) becomes a source.ctf.fs component, a
 * filter.utils.muxer merges them by time, and a sink of our own (a simple sink component)
 * hands each event to the callback:
 *
 *     source.ctf.fs (one per trace folder) ──▶ our merging sink (trace_merge) ──▶ fn(ev, data)
 *
 * A trace folder source.ctf.fs refuses whole (a stream file cut inside a packet, a corrupted
 * one) is read stream file by stream file, each cut at its last complete packet when needed
 * (trace_salvage.h), as unify reads it; counted in losses.
 *
 * Before reading, the trace's own files are checked (analyses/common/trace_check.h): stream
 * files shorter than their LTTng index, folders of stream files without metadata; warnings
 * on stderr, counted in losses. A time going back in its stream is moved forward, counted
 * and reported with `hsatrace unify`'s warning.
 *
 * Errors (no such path, no trace, unreadable metadata, a damaged stream, the callback's own
 * failure) come back as -1 with a lowercase message in err: one line, then one line per
 * babeltrace2 cause ("  cause: ..."), naming the stream file when it is known.
 */
#ifndef HSAT_STATS_TRACE_READER_H
#define HSAT_STATS_TRACE_READER_H

#include <stddef.h>

#include "analyses/common/trace_check.h"
#include "analyses/stats/trace_event.h"

/* Returns 0 to go on, non-zero to stop reading with an error (write why in err). */
typedef int (*trace_event_fn)(const struct trace_event *ev, void *data, char *err,
			      size_t err_size);

struct trace_read_options {
	int progress;      /* print a progress line on stderr (callers pass isatty(2)) */
	const char *prog;  /* names the command in the warnings ("hsatrace stats") */
};

/* What the tracer said it lost (LTTng's discarded-events/-packets records), what the trace's
 * files say is missing and what was repaired, filled by trace_read when not NULL. */
struct trace_read_losses {
	uint64_t discarded_events;  /* events the tracer dropped (buffers full) */
	uint64_t discarded_packets; /* whole packets lost, of unknown event count */
	uint64_t clamped;	    /* event times that went back, moved forward */
	struct trace_check_counts damage; /* stream files cut short, folders without metadata */
	size_t streams_cut;	    /* stream files read up to their last complete packet */
	size_t streams_lost;	    /* stream files that could not be read at all */
	uint64_t bytes_dropped;	    /* cut off those streams */
};


/* Whether the trace's files say part of it is missing (the commands then exit 1, after
 * writing what they read). */
int trace_read_is_damaged(const struct trace_read_losses *losses);

int trace_read(const char *path, const struct trace_read_options *opts, trace_event_fn fn,
	       void *data, struct trace_read_losses *losses, char *err, size_t err_size);

/* The trace folders trace_read would open, sorted: *count entries, each malloc'ed, in a
 * malloc'ed array (free with trace_dirs_free). Returns 0, or -1 with err set. */
int trace_find_dirs(const char *path, char ***dirs, size_t *count, char *err, size_t err_size);
void trace_dirs_free(char **dirs, size_t count);

#endif
