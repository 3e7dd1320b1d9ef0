/*
 * copy_path - the unified trace made by copying: one metadata merged from the inputs'
 * (copy_meta), their packets copied with patched headers (copy_stream). What cannot be
 * copied is decoded and re-encoded by the re-encoding filter, input by input: the filter
 * reads every input's first messages (for the output's clock and environment, as when it
 * re-encodes everything), then only the traces to re-encode, and writes their events with
 * the synthesized hsa_gpu events into a temporary trace (gpu_only), whose packets are
 * copied in the same way. So the output has one clock: the one the re-encoding path
 * keeps (the UST trace's).
 *
 * An input trace is re-encoded, and why is said on stderr, when
 *   - its clock is not that clock (the kernel trace's, another run's: each offset is
 *     LTTng's own measurement), unless keep_clocks: Trace Compass's CTF reader
 *     (CTFTrace.getClock()) applies a clock's offset only when the trace declares a single
 *     clock, so the copy would keep each clock as a class of its own, which babeltrace2
 *     reads right and Trace Compass does not;
 *   - it is written neither by LTTng nor by hsatrace unify (the time order of its events
 *     inside a packet is only known by decoding them; re-encoding moves an earlier time
 *     forward);
 *   - its metadata is outside what copy_meta understands, another byte order, a packet
 *     header or context that is not a structure of whole-byte integers, a packet that
 *     begins before the previous one ends, a packet size outside its file;
 *   - verify and one of its streams does not decode to its end (ctf_walk, or copy_verify
 *     for metadata the walk does not understand): the re-encoding keeps what reads, says
 *     which stream failed, and unify exits 1. An input whose times move is walked once,
 *     as it is copied: found damaged then, it is marked re-encoded and the output is
 *     written again from the start (damage is rare; walking it twice is not).
 * Every input is re-encoded (1: nothing copied) when a trace needed salvage or a stream
 * file is shorter than its index, or when no input can be copied.
 *
 *   copy_path_write(job, paths, n, params, opts, stage_dir, &result, why, size)
 *       0 written into stage_dir (created); 1 cannot copy, nothing written, why says what;
 *       -1 failed (said on stderr). params->counts gets the re-encoded events' counts.
 */
#ifndef HSATRACE_UNIFY_COPY_PATH_H
#define HSATRACE_UNIFY_COPY_PATH_H

#include <stdbool.h>
#include <stddef.h>

#include "analyses/unify/copy_stream.h"
#include "analyses/unify/job.h"
#include "analyses/unify/unify_filter.h"

struct copy_options {
	bool keep_clocks;	/* copy inputs whose clock differs, as clock classes of their own */
	bool verify;		/* decode each copied input first (copy_verify) */
};

struct copy_result {
	struct copy_counts counts;
	size_t traces;		/* input traces copied (the temporary trace not counted) */
	size_t reencoded;	/* input traces re-encoded */
};

int copy_path_write(struct unify_job *job, const char *const *paths, size_t n,
		    struct unify_params *params, const struct copy_options *opts,
		    const char *stage_dir, struct copy_result *result, char *why,
		    size_t why_size);

#endif
