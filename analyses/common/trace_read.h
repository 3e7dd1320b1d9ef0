/*
 * trace_read - the one babeltrace2 reading layer of the analyses: every event of a CTF trace
 * folder, in time order (stats, report, export and analyze read through it; unify shares its
 * merge, msg_merge.h, and its salvage).
 *
 *   struct trace_read_losses losses;
 *   if (trace_read(path, &(struct trace_read_options){ .prog = "hsatrace x" }, on_event,
 *                  data, &losses, err, sizeof(err)))           -> err, losses.failure
 *   trace_read_is_damaged(&losses)                             -> exit 1 after the output
 *
 *   on_event(ev, data, err, size)   each event (trace_event.h: name, times, fields by name,
 *                                   cached by index: field_cache.h); non-zero stops the read
 *   trace_find_dirs(path, ...)      the trace folders a read opens
 *
 * The parts, for graphs of their own: msg_merge.h (the event-time merge of message
 * iterators), trace_merge.h (the merging sink), trace_salvage.h and salvage.h (reading what
 * source.ctf.fs refuses whole), trace_check.h (what the trace's own files say is missing),
 * bt_error_text.h (babeltrace2's causes as readable lines).
 *
 * PATH may be one CTF trace (a folder with a `metadata` file) or any folder holding several
 * (an `hsatrace record` output: ust/uid/.../64-bit, kernel/, one per run, ...). Each trace
 * folder found (recursively, in sorted order) becomes a source.ctf.fs component; our merging
 * sink takes one input port per stream and hands each event to the callback:
 *
 *     source.ctf.fs (one per trace folder) ──▶ our merging sink (trace_merge) ──▶ fn(ev, data)
 *
 * Events are ordered by their time across every stream, as Trace Compass's CTFTraceReader
 * orders them: packets whose times overlap (a packet's end after the next one's beginning)
 * are read whole (msg_merge.h), where babeltrace2's muxer stops. Fields are read through the
 * event view (trace_event.h).
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
 * babeltrace2 cause ("  cause: ..."), naming the stream file when it is known. The same,
 * in parts, is in losses->failure for a command that words it its own way; losses is filled
 * on failure too (what was read up to it).
 */
#ifndef HSATRACE_ANALYSES_TRACE_READ_H
#define HSATRACE_ANALYSES_TRACE_READ_H

#include <stddef.h>

#include "analyses/common/trace_check.h"
#include "analyses/common/trace_event.h"

/* Returns 0 to go on, non-zero to stop reading with an error (write why in err). */
typedef int (*trace_event_fn)(const struct trace_event *ev, void *data, char *err,
			      size_t err_size);

struct trace_read_options {
	int progress;      /* print a progress line on stderr (callers pass isatty(2)) */
	const char *prog;  /* names the command in the warnings ("hsatrace stats") */
};

/* Why trace_read failed, in parts. */
struct trace_read_failure {
	int opening;		/* 1: the trace could not be opened; 0: reading it failed */
	char stream[4400];	/* the stream file that failed ("file=PATH"), or "" */
	char causes[2048];	/* babeltrace2's causes, innermost first, one a line, or "" */
	uint64_t events;	/* events handed to the callback before */
	int64_t last_origin_ns; /* the last one's time, ns from origin */
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
	struct trace_read_failure failure; /* set when trace_read returns -1 */
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
