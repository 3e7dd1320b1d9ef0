/*
 * trace.h - trace readers: CTF through libbabeltrace2 (analyses/common/trace_read.h)
 * and Trace Compass's XML stub trace format (conformance traces).
 *
 * ev_read() picks the reader: a regular file is a stub trace, a directory a CTF trace. Every
 * event is handed to fn in timestamp order. Returns 0, or -1 with err filled; events before the
 * failure point have been delivered.
 */
#ifndef HSAT_ENGINE_TRACE_H
#define HSAT_ENGINE_TRACE_H

#include <stddef.h>

#include "analyses/engine/event.h"

typedef void (*ev_trace_fn)(void *ctx, const struct ev *e);

int ev_read_stub(const char *path, ev_trace_fn fn, void *ctx, char *err, size_t errsz);
int ev_read_ctf(const char *path, ev_trace_fn fn, void *ctx, char *err, size_t errsz);
int ev_read(const char *path, ev_trace_fn fn, void *ctx, char *err, size_t errsz);

#endif
