/*
 * lost - what a pass whose session could not be stopped (the session daemon died) left on
 * disk: nothing, stream files without their metadata (undecodable), a trace that reads (the
 * events still in the daemon's buffers are lost), or one that does not read to the end.
 */
#ifndef HSATRACE_RECORD_LOST_H
#define HSATRACE_RECORD_LOST_H

#include <stddef.h>
#include <stdint.h>

/* Writes one sentence about dir into what; returns how many events read there (0 when
 * nothing does). */
uint64_t rec_describe_lost(const char *dir, char *what, size_t size);

#endif
