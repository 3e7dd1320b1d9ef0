/*
 * export_decode - trace events to the rows of export_tables, as they are read.
 *
 *   struct export_decoder d;
 *   export_decoder_init(&d, sink);
 *   export_decoder_event(&d, ev, err, sizeof(err));   // trace_read callback, time order
 *   export_decoder_flush(&d, err, sizeof(err));       // calls without exit, live queues
 *   export_decoder_release(&d);
 *
 * Rows are written as soon as they are known, so memory holds only what is open: API calls
 * between entry and exit (paired by pid and correlation id), queues not yet destroyed, and
 * the processes and threads seen. Kernels and copies come from hsa_activity:kernel_exec and
 * copy_exec; the hsa_gpu:* events unify synthesizes from them are not counted twice.
 */
#ifndef HSAT_EXPORT_DECODE_H
#define HSAT_EXPORT_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "analyses/common/demangle.h"
#include "analyses/export/export_classes.h"
#include "analyses/export/export_sink.h"
#include "analyses/common/keymap.h"
#include "analyses/common/trace_event.h"
#include "analyses/common/vec.h"

struct export_open_call {
	int64_t pid, tid, start_ns;
	uint64_t correlation_id;
	size_t depth;
	char function[96];
	int live;
	int is_hip;		/* a HIP call (hip_api_*), else an HSA one */
};

struct export_open_queue {
	struct export_value row[QUEUE_COLUMNS];
	int live;
};

/* The thread of the last event identified: its process and thread rows are written, and
 * where its open-call count is (a pointer into threads, taken after its last change). */
struct export_last_thread {
	int known, has_tid;
	int64_t pid, tid;
	size_t *depth;
};

struct export_decoder {
	struct export_sink *sink;
	struct export_classes classes;	/* what each event class is to the export */
	struct export_last_thread last;	/* runs of events of one thread skip the maps */
	struct keymap processes;	/* pid → 0 */
	struct keymap threads;		/* (pid, tid) → API calls open on the thread */
	struct keymap call_index;	/* (pid, correlation id) → index in calls */
	struct vec calls;		/* struct export_open_call */
	struct vec free_calls;		/* size_t indexes in calls whose call has ended */
	struct keymap queue_index;	/* (pid, queue id) → index in queues */
	struct vec queues;		/* struct export_open_queue */
	int64_t last_ns;
	uint64_t rows;
	struct demangle_cache kernel_names;	/* each mangled kernel name demangled once */
};

void export_decoder_init(struct export_decoder *d, struct export_sink *sink);
void export_decoder_release(struct export_decoder *d);
int export_decoder_event(struct export_decoder *d, const struct trace_event *ev, char *err,
			 size_t err_size);
int export_decoder_flush(struct export_decoder *d, char *err, size_t err_size);

#endif
