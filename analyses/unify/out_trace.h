/*
 * out_trace - the one output trace of `hsatrace unify` and the mapping from every input
 * stream class, event class and stream onto it.
 *
 * Timestamps: the output has a single clock class of 1 GHz whose offset is the one of a
 * chosen input clock (the UST one when there is one), so cycles of that input are kept
 * unchanged; every other timestamp is converted through nanoseconds from the origin.
 * Each output stream keeps its timestamps monotonic: an earlier value is clamped to the
 * last one written and counted.
 */
#ifndef HSATRACE_UNIFY_OUT_TRACE_H
#define HSATRACE_UNIFY_OUT_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

#include "analyses/common/ptrmap.h"
#include "analyses/unify/ir_copy.h"

struct out_stream_class {
	const bt_stream_class *in;	/* reference held, keeps the copy scope's keys alive */
	bt_stream_class *out;		/* borrowed from the output trace class */
	struct fc_copy_scope scope;
	struct ptrmap event_classes;	/* const bt_event_class * -> bt_event_class * */
};

struct out_stream {
	const bt_stream *in;		/* reference held (NULL for synthesized streams) */
	bt_stream *out;			/* reference held */
	bt_stream_class *sc;		/* borrowed */
	bt_packet *packet;		/* the open packet, reference held, or NULL */
	bool end_held;			/* packet's end read, written with the next message */
	int64_t held_end_ns;		/* its time, ns from origin */
	uint64_t last_cycles;
	uint64_t clamped;		/* timestamps moved forward to keep the stream monotonic */
	bool ended;
};

struct out_trace {
	bt_self_component *self;
	bt_trace_class *tc;
	bt_trace *trace;
	bt_clock_class *cc;
	int64_t offset_ns;		/* the output clock's origin offset, in ns */
	struct ptrmap stream_classes;	/* const bt_stream_class * -> struct out_stream_class * */
	struct ptrmap streams;		/* const bt_stream * -> struct out_stream * */
	struct out_stream **all;	/* every stream, input-mapped or synthesized, to close them */
	size_t n_all, cap_all;
	uint64_t clamped_before_origin;	/* timestamps before the output clock's origin */
};

int out_trace_init(struct out_trace *ot, bt_self_component *self);
void out_trace_release(struct out_trace *ot);

/* Creates the clock class after `model` (the chosen input clock) and the trace itself. */
int out_trace_start(struct out_trace *ot, const bt_clock_class *model);

/* The output stream for an input stream, created (with its classes) on first use. */
struct out_stream *out_trace_map_stream(struct out_trace *ot, const bt_stream *in);
/* The output event class for an input event class of a mapped stream class. */
bt_event_class *out_trace_map_event_class(struct out_trace *ot, const bt_event_class *in);

/* A stream of the output trace with no input counterpart (synthesized GPU activity). */
struct out_stream *out_trace_add_stream(struct out_trace *ot, bt_stream_class *sc,
					const char *name);

/* Output clock cycles for a time in ns from the origin, monotonic within `s`. */
uint64_t out_stream_cycles(struct out_trace *ot, struct out_stream *s, int64_t ns);

#endif
