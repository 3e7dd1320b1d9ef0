/*
 * copy_stream - the stream files of one input trace copied into a unified trace made by
 * copying (copy_path), packet by packet: each packet header gets the output trace's UUID
 * and its stream class's new id; when the input's header layout differs from the output's
 * (babeltrace2's 64-bit stream id against LTTng's 32-bit one) the header is rebuilt in
 * the output's layout and the rest of the packet moved, which is allowed only when the
 * move keeps every declared alignment, and the packet's sizes follow. The rest of each
 * packet is copied as it is (copy_file_range).
 *
 *   copy_stream_input(m, i, out_dir, dry_run, &counts, why, size)
 *       0 done; 1 the input cannot be copied (why: which file, what); -1 a write failed
 *       (said on stderr). dry_run walks and checks the packets without writing anything
 *       (their events when copy_input.verify); an input whose times move (copy_input.shift)
 *       has its events walked as they are written, so 1 can come from writing too.
 */
#ifndef HSATRACE_UNIFY_COPY_STREAM_H
#define HSATRACE_UNIFY_COPY_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyses/unify/copy_meta.h"

struct copy_counts {
	uint64_t files, packets, bytes;
	uint64_t discarded_events;	/* the last packet's events_discarded of each stream */
};

int copy_stream_input(const struct copy_meta *m, size_t input, const char *out_dir,
		      bool dry_run, struct copy_counts *counts, char *why, size_t why_size);

#endif
