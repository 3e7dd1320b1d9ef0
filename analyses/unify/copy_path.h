/*
 * copy_path - the unified trace made by copying: one metadata merged from the inputs'
 * (copy_meta), their packets copied with patched headers (copy_stream), and the
 * synthesized hsa_gpu events, written by the re-encoding filter alone (gpu_only) into a
 * temporary trace whose packets are copied in the same way. Nothing is decoded but the
 * first packet of each input stream (for the clock and environment the filter takes).
 *
 * Inputs that cannot be copied, and why (the caller re-encodes them):
 *   - a trace that needed salvage, or a stream file shorter than its LTTng index;
 *   - a trace written neither by LTTng nor by hsatrace unify: their events' order within
 *     a packet is not known without decoding them, and re-encoding moves an earlier time
 *     forward;
 *   - metadata outside what copy_meta understands, another byte order, a packet header
 *     or context that is not a structure of whole-byte integers, a packet that begins
 *     before the previous one ends, a packet size outside its file;
 *   - inputs with different clocks (the kernel trace's, another run's: each offset is
 *     LTTng's own measurement), unless keep_clocks: the copy keeps each as a clock class
 *     of its own, which babeltrace2 reads right but Trace Compass does not (its CTF reader
 *     applies an offset only when the trace declares a single clock).
 *
 *   copy_path_write(job, paths, n, params, keep_clocks, stage_dir, &result, why, size)
 *       0 written into stage_dir (created); 1 cannot copy, nothing written, why says which
 *       input and what; -1 failed (said on stderr).
 */
#ifndef HSATRACE_UNIFY_COPY_PATH_H
#define HSATRACE_UNIFY_COPY_PATH_H

#include <stdbool.h>
#include <stddef.h>

#include "analyses/unify/copy_stream.h"
#include "analyses/unify/job.h"
#include "analyses/unify/unify_filter.h"

struct copy_result {
	struct copy_counts counts;
	size_t traces;		/* input traces copied (the GPU events' not counted) */
};

int copy_path_write(struct unify_job *job, const char *const *paths, size_t n,
		    struct unify_params *params, bool keep_clocks, const char *stage_dir,
		    struct copy_result *result, char *why, size_t why_size);

#endif
