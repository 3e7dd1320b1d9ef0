/*
 * copy_verify - whether every event of a trace decodes, before copy_path copies its packets
 * unread: a corrupted event inside a packet whose header and context are intact would
 * otherwise be copied unnoticed into an output that babeltrace2 stops reading there.
 *
 * Each stream is decoded by babeltrace2 (source.ctf.fs) to its end on its own (one drain
 * sink per output port: no time-ordered merge, nothing written), so the cost is the
 * decoding alone.
 *
 *   copy_verify_trace(dir, why, size)
 *       0 every stream reads to its end; 1 one does not (why: its file and babeltrace2's
 *       cause), the trace must be re-encoded (which keeps what reads and says so); -1 the
 *       graph could not be set up (why says so).
 */
#ifndef HSATRACE_UNIFY_COPY_VERIFY_H
#define HSATRACE_UNIFY_COPY_VERIFY_H

#include <stddef.h>

int copy_verify_trace(const char *dir, char *why, size_t why_size);

#endif
