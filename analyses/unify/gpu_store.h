/*
 * gpu_store - the GPU activity records of the inputs, collected in a first pass so that
 * the second pass can place hsa_gpu:* events at their GPU times (which precede the
 * completion records that carry them), and counters of extra passes can be attached.
 *
 * Memory is proportional to the number of GPU activity records and counters only: each
 * record keeps its payload's top-level values (integers, interned strings) and shares a
 * reference to its event class, enough to write the fields again.
 *
 * Counters: hsa_activity:counter records with scope "dispatch", whose id names the kernel
 * dispatch they were measured on: queue_id * 2^32 + packet_index (what the tracer writes),
 * or else its correlation_id.
 *
 * Records of run 0 (the base run) are materialized; records of runs 1..N only carry
 * counters, attached to base kernels dispatch by dispatch: same queue_id, same sequence
 * number on that queue (ordered by packet_index), same kernel name.
 */
#ifndef HSATRACE_UNIFY_GPU_STORE_H
#define HSATRACE_UNIFY_GPU_STORE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <babeltrace2/babeltrace.h>

#include "analyses/common/strtab.h"

enum gpu_kind { GPU_KERNEL, GPU_COPY };

struct gpu_counter {
	const char *name;	/* interned */
	int64_t value;
	unsigned run;		/* the pass it was measured in */
	uint64_t vpid;
	uint64_t id;		/* the dispatch: queue_id << 32 | packet_index, or correlation_id */
};

struct gpu_record {
	enum gpu_kind kind;
	const bt_event_class *ec; /* the kernel_exec / copy_exec class (reference in classes) */
	uint64_t *values;	/* per payload member: the integer, or (uintptr_t) its string */
	unsigned run;
	uint64_t vpid;
	uint64_t queue_id;	/* kernels; copies: 0 */
	uint64_t packet_index;
	uint64_t correlation_id;
	const char *kernel_name; /* interned, "" for copies */
	int64_t begin_ns, end_ns; /* GPU times, ns from the clock origin */
	uint64_t begin_cycles, end_cycles; /* the recorded field values */
	uint64_t seq;		/* sequence number on its queue (kernels) */
	size_t *counters;	/* indexes into gpu_store.counters */
	size_t n_counters;
};

struct gpu_store {
	struct strtab strings;
	const bt_event_class **classes;	/* references held */
	size_t n_classes;
	struct gpu_record *recs;
	size_t n_recs, cap_recs;
	struct gpu_counter *counters;
	size_t n_counters, cap_counters;
	unsigned current_run;	/* run the next records belong to */
	/* Distinct hsa_meta:trace_info values seen, ';'-separated. */
	char schema_versions[256];
	char tracer_versions[256];
	/* The same per recording or pass (index: trace_dir.label), current_label's next. */
	struct gpu_run_versions {
		char schema[64];
		char tracer[64];
	} *run_versions;
	size_t n_run_versions;
	size_t current_label;
	uint64_t skipped_records; /* GPU records missing a field */
	uint64_t other_schema;	/* trace_info records with another schema major version */
	/* The first schema version older than this hsatrace's major (its events are named
	 * otherwise, e.g. 1.x's "hsa_api:<function>_entry"): unify refuses it. "" when none. */
	char older_schema[16];
	/* Filled by gpu_store_finish. */
	uint64_t matched, unmatched_pass, unmatched_base_kernels;
	uint64_t counters_attached, counters_unattached;
};

void gpu_store_init(struct gpu_store *st);
void gpu_store_release(struct gpu_store *st);

/* The recording or pass (trace_dir.label) the next records come from. 0 or -1 (memory). */
int gpu_store_set_label(struct gpu_store *st, size_t label);

/* Looks at one event message of the current run and keeps what matters. 0 or -1 (memory). */
int gpu_store_collect(struct gpu_store *st, const bt_message *msg);

/* Numbers kernels on their queues, attaches counters, matches passes. 0 or -1. */
int gpu_store_finish(struct gpu_store *st, FILE *report);

/* Writes a record's payload values into `payload` (a structure of the record's class). */
int gpu_record_fill_payload(const struct gpu_record *r, bt_field *payload);

/* Reads an integer member of a structure field by name (signed or unsigned). */
bool struct_get_u64(const bt_field *s, const char *name, uint64_t *out);
const char *struct_get_string(const bt_field *s, const char *name);

#endif
