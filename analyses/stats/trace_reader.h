/*
 * trace_reader - reads every event of a CTF trace folder, in time order, with libbabeltrace2.
 *
 * PATH may be one CTF trace (a folder with a `metadata` file) or any folder holding several
 * (an `hsatrace record` output: ust/uid/.../64-bit, kernel/, one per run, ...). Each trace
 * folder found (recursively, in sorted order) becomes a source.ctf.fs component, a
 * filter.utils.muxer merges them by time, and a sink of our own (a simple sink component)
 * hands each event to the callback:
 *
 *     source.ctf.fs (one per trace folder) ──▶ filter.utils.muxer ──▶ our sink ──▶ fn(ev, data)
 *
 * Errors (no such path, no trace, unreadable metadata, incompatible clocks, the callback's
 * own failure) come back as -1 with a one-line, lowercase message in err.
 */
#ifndef HSAT_STATS_TRACE_READER_H
#define HSAT_STATS_TRACE_READER_H

#include <stddef.h>

#include "analyses/stats/trace_event.h"

/* Returns 0 to go on, non-zero to stop reading with an error (write why in err). */
typedef int (*trace_event_fn)(const struct trace_event *ev, void *data, char *err,
			      size_t err_size);

struct trace_read_options {
	int progress;  /* print a progress line on stderr (callers pass isatty(2)) */
};

/* What the tracer said it lost (LTTng's discarded-events/-packets records), filled by
 * trace_read when not NULL. */
struct trace_read_losses {
	uint64_t discarded_events;  /* events the tracer dropped (buffers full) */
	uint64_t discarded_packets; /* whole packets lost, of unknown event count */
};

int trace_read(const char *path, const struct trace_read_options *opts, trace_event_fn fn,
	       void *data, struct trace_read_losses *losses, char *err, size_t err_size);

/* The trace folders trace_read would open, sorted: *count entries, each malloc'ed, in a
 * malloc'ed array (free with trace_dirs_free). Returns 0, or -1 with err set. */
int trace_find_dirs(const char *path, char ***dirs, size_t *count, char *err, size_t err_size);
void trace_dirs_free(char **dirs, size_t count);

#endif
