/*
 * trace_type.h - which Trace Compass trace types a trace is (semantics.md §8), to tell an analysis
 * whose <traceType>s do not fit it: Trace Compass would not offer that analysis on the trace.
 */
#ifndef HSAT_ENGINE_TRACE_TYPE_H
#define HSAT_ENGINE_TRACE_TYPE_H

struct trace_kind {
	int stub;	/* a Trace Compass XML stub trace (TmfXmlTraceStub) */
	int ctf;	/* a CTF trace (CtfTmfTrace) */
	int kernel;	/* an LTTng kernel trace: metadata env domain = "kernel" */
	int ust;	/* an LTTng UST trace: domain = "ust" */
};

/* Anything but a directory (a file, a pipe) is a stub trace, as ev_read reads it; a directory
 * is CTF, its regular files named metadata giving the domains. */
void trace_kind_of(const char *path, struct trace_kind *k);

/* Does the trace type id apply to the trace (the trace's class is that type's class or a subclass)? */
int trace_kind_fits(const struct trace_kind *k, const char *id);

/* "LTTng kernel", "LTTng UST", "CTF", ... for messages. */
const char *trace_kind_name(const struct trace_kind *k);

#endif
