/*
 * pass - one babeltrace2 graph run of `hsatrace unify`:
 *   source.ctf.fs (one per trace) -> unify filter -> sink
 * where the sink is sink.ctf.fs (write mode) or a sink that only drains (collect mode).
 */
#ifndef HSATRACE_UNIFY_PASS_H
#define HSATRACE_UNIFY_PASS_H

#include <babeltrace2/babeltrace.h>

#include "analyses/unify/inputs.h"
#include "analyses/unify/unify_filter.h"

/* Whether source.ctf.fs can open the trace; pass_trace_is_readable prints why not.
 * pass_trace_is_readable and pass_trace_opens_kept keep the opened source (up to a few
 * traces) for the first pass_run that reads that trace alone: its metadata is parsed
 * once. pass_trace_opens (salvage's probe of cut streams) keeps nothing. */
bool pass_trace_is_readable(const char *path);
bool pass_trace_opens_kept(const char *path);
bool pass_trace_opens(const char *path);

/* Drops the kept sources (a write pass_run drops those it does not read first). */
void pass_release_kept(void);

/* Runs a graph over `paths` with a unify filter configured by `params` (n_inputs is
 * filled in). write mode: `out_path` receives the trace. On success the graph is returned
 * in *keep, for the caller to put. */
int pass_run(const char *const *paths, size_t n, struct unify_params *params,
	     const char *out_path, bt_graph **keep);

/* Runs `g` to its end, waiting while a component says AGAIN: 0, or -1 on an error. */
int pass_run_graph(bt_graph *g);

/* A source.ctf.fs reading the trace at `path`, named "src<index>" in `g`, or NULL. */
const bt_component_source *pass_add_source(bt_graph *g, const char *path, size_t index);

/* Releases the kept sources and the ctf plugin loaded by the functions above. */
void pass_cleanup(void);

#endif
