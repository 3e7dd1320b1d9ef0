/*
 * inputs - finding the CTF traces under the paths given to `hsatrace unify`.
 *
 * A trace is a directory holding a `metadata` file (LTTng writes one per domain and per
 * buffer owner: kernel/, ust/uid/1000/64-bit/, ust/pid/...). A path given on the command
 * line may be a trace, or any folder above traces (an LTTng session output, a
 * `hsatrace record` output). A `hsatrace record --passes` output holds a `hsatrace-passes`
 * file listing its pass folders, base run first; unify reads the base run as events and
 * the other passes for their counters.
 */
#ifndef HSATRACE_UNIFY_INPUTS_H
#define HSATRACE_UNIFY_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

struct trace_dir {
	char *path;
	unsigned run;		/* 0: the base run; >0: a counter pass */
	size_t label;		/* the recording or pass it came from: index in labels */
	bool has_hsa_activity;	/* its metadata declares hsa_activity events */
	bool readable;		/* source.ctf.fs opens it (set by the caller) */
	char *activity_path;	/* its GPU activity streams alone (a temporary trace), or NULL */
};

struct trace_list {
	struct trace_dir *dirs;
	size_t n, cap;
	unsigned n_runs;
	/* One per input recording ("run0", "run1"...: all of the base run) and per counter
	 * pass ("pass1"...), in the order found. */
	struct run_label {
		char name[24];
		unsigned run;
	} *labels;
	size_t n_labels;
	char *runs_desc;	/* "run0=PATH;run1=PATH;pass1=PATH;..." for the environment */
	size_t unified_skipped;	/* unify outputs found below an input folder, not read */
};

void trace_list_init(struct trace_list *l);
void trace_list_release(struct trace_list *l);

/* Adds the traces under `path` as `run`; expands a hsatrace-passes manifest into runs.
 * A unified trace below `path` (an earlier unify output) is skipped, said once; `path`
 * itself may be one. Returns the number of traces found, or -1 with a message on stderr. */
int trace_list_add(struct trace_list *l, const char *path, bool counters_only);

/* Adds one trace folder as is (no search, no manifest). 0 or -1. */
int trace_list_add_dir(struct trace_list *l, const char *path, unsigned run);

#endif
