/*
 * unify_filter_internal - the state shared by the unify filter's files: unify_filter.c
 * (merge, rewriting, component life) and gpu_synth.c (the synthesized hsa_gpu:* events).
 * Not an API: only these two files include it.
 */
#ifndef HSATRACE_UNIFY_FILTER_INTERNAL_H
#define HSATRACE_UNIFY_FILTER_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

#include "analyses/common/demangle.h"
#include "analyses/common/msg_merge.h"
#include "analyses/common/ptrmap.h"
#include "analyses/unify/out_trace.h"
#include "analyses/unify/unify_filter.h"

enum synth_what { SYN_KERNEL_BEGIN, SYN_KERNEL_END, SYN_COPY_BEGIN, SYN_COPY_END, SYN_COUNTER };

/* One synthesized event, planned from the gpu_store. */
struct synth {
	int64_t ns;
	size_t order;		/* insertion order: ties keep begin < end < counters */
	size_t rec;
	size_t counter;		/* SYN_COUNTER: index into the record's counters */
	size_t stream;		/* index into gpu_streams */
	enum synth_what what;
	bool first, last;	/* first/last event of its stream */
};

/* A synthesized stream: the kernels of one queue, or the copies, of one process. */
struct gpu_stream {
	enum gpu_kind kind;
	uint64_t vpid, queue_id;
	struct out_stream *s;
};

/* The component's state. */
struct unify_filter {
	struct unify_params params;
	struct out_trace ot;
	bt_self_component_filter *self;
	bool dynamic_ports;		/* plugin: one more input port each time one is connected */
	void *owner;			/* released with the component (the plugin's job) */
	void (*release_owner)(void *owner);
};

/* The message iterator's state: the merge and the synthesized events. */
struct unify_iter {
	struct unify_filter *f;
	bt_self_message_iterator *self;
	struct msg_merge merge;		/* the inputs' iterators (data: their input port) */
	uint64_t *port_of;		/* each merge input's input port index */
	bool primed, closed;
	const bt_message **pending;
	size_t n_pending, cap_pending, pending_pos;
	struct synth *syn;
	size_t n_syn, syn_pos;
	struct gpu_stream *gstreams;
	size_t n_gstreams;
	bt_stream_class *gpu_sc;	/* borrowed from the output trace class */
	struct ptrmap gpu_ecs[4];	/* input activity event class -> output hsa_gpu event class */
	struct demangle_cache demangled; /* kernel names shown demangled in hsa_gpu events */
	bt_event_class *counter_ec;
};

/* Queues an output message (consumes the reference; NULL is an error). 0 or -1. */
int unify_push(struct unify_iter *it, const bt_message *msg);
/* Ends the open packet, if any, and the stream. 0 or -1. */
int unify_close_stream(struct unify_iter *it, struct out_stream *s);

/* gpu_synth.c: plans the synthesized events from the gpu_store (after the output trace
 * exists), emits one, releases what planning allocated. */
int gpu_synth_plan(struct unify_iter *it);
int gpu_synth_emit(struct unify_iter *it, const struct synth *e);
void gpu_synth_release(struct unify_iter *it);

#endif
