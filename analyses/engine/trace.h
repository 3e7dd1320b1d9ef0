/*
 * trace.h - trace readers: CTF through libbabeltrace2 (src.ctf.fs -> flt.utils.muxer -> our sink)
 * and Trace Compass's XML stub trace format (conformance traces).
 *
 * trace_read() picks the reader: a regular file is a stub trace, a directory a CTF trace. Every
 * event is handed to fn in timestamp order. Returns 0, or -1 with err filled; events before the
 * failure point have been delivered.
 */
#ifndef HSAT_ENGINE_TRACE_H
#define HSAT_ENGINE_TRACE_H

#include <stddef.h>

#include "analyses/engine/event.h"

typedef void (*trace_event_fn)(void *ctx, const struct ev *e);

int trace_read_stub(const char *path, trace_event_fn fn, void *ctx, char *err, size_t errsz);
int trace_read_ctf(const char *path, trace_event_fn fn, void *ctx, char *err, size_t errsz);
int trace_read(const char *path, trace_event_fn fn, void *ctx, char *err, size_t errsz);

#endif
