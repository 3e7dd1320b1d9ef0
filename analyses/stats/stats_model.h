/*
 * stats_model - the statistics of one trace, accumulated event by event.
 *
 *   struct stats_model m;
 *   stats_model_init(&m);
 *   stats_model_add_event(&m, ev);    // for each event, in time order (trace_read callback)
 *   stats_model_finish(&m);           // pairs what is left, sorts every table
 *   ... read m.api, m.kernels, m.copies, m.queues, m.waits ...
 *   stats_model_release(&m);
 *
 * What is counted (docs/stats-report.md has the details):
 * - api: hsa_api_entry/exit:* and hsa_hot_entry/exit:* pairs, matched by (vpid, correlation_id);
 * - hip_api: the same for the HIP layer's hip_api_entry/exit:* and hip_hot_entry/exit:*;
 * - kernels: hsa_activity:kernel_exec GPU times, plus hsa_gpu:kernel_begin/_end pairs that
 *   no kernel_exec describes (same vpid, queue_id, packet_index, correlation_id), so a
 *   unified trace holding both counts each dispatch once;
 * - copies: hsa_activity:copy_exec (and hsa_gpu:copy_begin/_end the same way), per direction;
 * - queues: hsa_activity:packet_submit per (vpid, queue_id) and the packets in flight;
 * - waits: per thread, hsa_activity:signal_wait blocked_ns, or for threads without such
 *   events the durations of hsa_signal_wait_* / hsa_amd_signal_wait_* calls.
 * Tables are sorted by total time (or count) descending, then by name, so output is stable.
 */
#ifndef HSAT_STATS_MODEL_H
#define HSAT_STATS_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "analyses/common/keymap.h"
#include "analyses/common/trace_event.h"
#include "analyses/common/vec.h"

struct stats_api_row {
	char *function;
	uint64_t calls, total_ns, min_ns, max_ns;
	uint64_t errors;  /* exits whose status is an error (hsat_status_is_error, or
			     hsat_hip_status_is_error for HIP calls) */
};

struct stats_kernel_row {
	char *name;		/* demangled when the trace held a mangled C++ name */
	char *mangled;		/* that name as the trace held it, else NULL */
	uint64_t launches, total_ns, min_ns, max_ns;
};

struct stats_copy_row {
	char *direction;
	uint64_t count, bytes, total_ns;
};

struct stats_queue_row {
	int64_t vpid;
	uint64_t queue_id, size;
	uint64_t packets, kernel_packets, other_packets, max_in_flight;
};

struct stats_wait_row {
	int64_t vpid, vtid;
	char *procname;
	uint64_t signal_waits, signal_blocked_ns;  /* from hsa_activity:signal_wait */
	uint64_t api_waits, api_ns;                /* from hsa_signal_wait_* calls */
};

/* One GPU activity (kernel dispatch or copy), as recorded; the report draws these. */
struct stats_gpu_item {
	int64_t vpid;
	uint64_t queue_id, packet_index, correlation_id, bytes;
	int64_t begin_ns, end_ns;
	size_t row;         /* index in the kernel or copy name table (before sorting) */
	int complete;
};

struct stats_model {
	/* Result tables, sorted by stats_model_finish(). */
	struct vec api, hip_api, kernels, copies, queues, waits;
	/* Trace summary. */
	uint64_t events;
	int64_t first_ns, last_ns;
	int have_time;
	char schema_version[16];            /* hsa_meta:trace_info's, "" when none, "mixed" */
	uint64_t discarded_events, discarded_packets; /* set by the caller from trace_read */
	uint64_t api_events, api_events_without_thread; /* API events; those lacking vtid */
	/* Bookkeeping while reading. */
	struct keymap api_index, hip_api_index, kernel_index, copy_index, queue_index, wait_index;
	struct keymap pending_calls;        /* (vpid, correlation_id) → pending_call */
	struct vec pending;           /* struct stats_pending_call, reused via free list */
	struct vec free_pending;      /* size_t indexes */
	struct vec kernel_exec, kernel_gpu, copy_exec, copy_gpu; /* struct stats_gpu_item */
	struct vec kernel_all, copy_all; /* merged by stats_model_finish */
	struct keymap gpu_pending;          /* hsa_gpu begin → item index in kernel_gpu/copy_gpu */
	struct vec submits;           /* struct stats_submit */
	const struct vec *kernel_items, *copy_items; /* the chosen sources, after finish */
	int finished;
};

void stats_model_init(struct stats_model *m);
void stats_model_release(struct stats_model *m);

/* Returns 0, or -1 when out of memory. */
int stats_model_add_event(struct stats_model *m, const struct trace_event *ev);

/* Returns 0, or -1 when out of memory. */
int stats_model_finish(struct stats_model *m);

/* Warns on stderr, prefixed by prog, when the trace's schema major version differs from the
 * one this hsatrace was built for (HSAT_SCHEMA_VERSION_MAJOR); returns 1 when it warned. */
int stats_model_check_schema(const struct stats_model *m, const char *prog);

/* Warns on stderr when the tracer discarded events or packets (the counts are then low);
 * returns 1 when it warned. */
int stats_model_check_losses(const struct stats_model *m, const char *prog);

/* Warns when the API events lack the vpid/vtid contexts (a session set up by hand without
 * `lttng add-context`): their threads show as pid 0 tid 0. Returns 1 when it warned. */
int stats_model_check_contexts(const struct stats_model *m, const char *prog);

struct trace_read_losses;

/* After trace_read: takes its counts of discarded events and packets into @m, then gives the
 * three warnings above (schema, losses, contexts), prefixed by @prog. */
void stats_model_read_done(struct stats_model *m, const struct trace_read_losses *losses,
			   const char *prog);

#define STATS_ROW(vec, type, i) (&((type *)(vec)->items)[i])

#endif
