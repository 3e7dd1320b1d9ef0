/*
 * trace_merge - the sink of trace_read's graph: merges its input ports (one per stream of the
 * source.ctf.fs components) in event-time order (msg_merge.h: packets that overlap in time
 * are read whole, as Trace Compass reads them, where filter.utils.muxer stops), and moves
 * an event time going back in its stream forward to the stream's last event time, counted
 * (as `hsatrace unify` does), instead of stopping the read.
 *
 *   cls = trace_merge_class_create();
 *   bt_graph_add_sink_component_with_initialize_method_data(graph, cls, name, NULL, &params,
 *                                                           ...);
 *   then connect n_inputs upstream ports to its input ports "in0", "in1", ...
 *
 * Every message goes to params.fn, an event message with its struct trace_event (time
 * clamped), any other with ev NULL; the callback does not own the message. A failing
 * upstream ends the read with params.err naming its stream (params.describe) and the causes.
 */
#ifndef HSATRACE_ANALYSES_TRACE_MERGE_H
#define HSATRACE_ANALYSES_TRACE_MERGE_H

#include <stddef.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

#include "analyses/common/trace_event.h"

/* Returns 0 to go on, non-zero to stop with an error (written in err by the callback). */
typedef int (*trace_merge_fn)(const bt_message *msg, const struct trace_event *ev, void *data);

struct trace_merge_params {
	uint64_t n_inputs;
	trace_merge_fn fn;
	void *data;
	/* Names the stream an upstream port reads ("file=PATH"), for messages. */
	void (*describe)(const bt_port_output *upstream, char *buf, size_t size, void *data);
	uint64_t clamped;	/* out: event times moved forward */
	int callback_failed;	/* out: fn stopped the read */
	char *err;		/* out: why an upstream failed */
	char stream[4400];	/* out: the stream that failed, as describe names it, or "" */
	char causes[2048];	/* out: babeltrace2's causes of that failure, one a line */
	size_t err_size;
};

/* A new reference; the initialize-method data is a struct trace_merge_params *, which must
 * outlive the graph's run. */
bt_component_class_sink *trace_merge_class_create(void);

#endif
