/*
 * hsa_check - whether a recording holds any event of the program's HSA use: the tracer
 * emits hsa_meta:trace_info at the first HSA call (hsa_init, or the runtime loading it as
 * a tool), so reading (in time order) stops at the first hsa_meta or API event
 * (libbabeltrace2: source.ctf.fs into the analyses' merging sink, analyses/common/trace_merge.h,
 * which orders events by time and reads packets that overlap in time whole).
 */
#ifndef HSATRACE_RECORD_HSA_CHECK_H
#define HSATRACE_RECORD_HSA_CHECK_H

#include <stdbool.h>
#include <stdint.h>

struct rec_trace_look {
	uint64_t events;	/* read (up to the first HSA event with stop_at_hsa) */
	bool any_hsa;
};

/* Reads the traces below dir (every folder with a `metadata` file); stop_at_hsa: stops at
 * the first hsa_meta/API event. 0, or -1 when there is no trace or it cannot be read
 * to the end. */
int rec_trace_look(const char *dir, bool stop_at_hsa, struct rec_trace_look *result);

/* 1 such an event was recorded under dir, 0 none, -1 the trace could not be read. */
int rec_recorded_hsa(const char *dir);

#endif
