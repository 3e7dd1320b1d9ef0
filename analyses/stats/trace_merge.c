/* Our merging sink: N input ports, one message iterator each, the earliest message first. */
#include "analyses/stats/trace_merge.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/common/bt_error_text.h"

/* Messages handed on per consume call: fewer calls through the graph. */
#define MERGE_BATCH 4096

struct merge_input {
	bt_message_iterator *it;
	bt_message_array_const msgs;
	uint64_t count, pos;
	int64_t last_ns;	 /* ns from origin of its last message with a time */
	int64_t last_event_ns;	 /* its last event's struct trace_event time */
	int has_event;
	int ended;
	const bt_port_output *upstream;
};

struct merge {
	struct trace_merge_params *params;
	struct merge_input *inputs;
	uint64_t n_inputs;
};

static void merge_destroy(struct merge *m)
{
	if (!m)
		return;
	for (uint64_t i = 0; i < m->n_inputs; i++) {
		struct merge_input *in = &m->inputs[i];

		for (uint64_t k = in->pos; k < in->count; k++)
			bt_message_put_ref(in->msgs[k]);
		bt_message_iterator_put_ref(in->it);
	}
	free(m->inputs);
	free(m);
}

static bt_component_class_initialize_method_status
merge_init(bt_self_component_sink *self, bt_self_component_sink_configuration *config,
	   const bt_value *params, void *init_data)
{
	struct merge *m = calloc(1, sizeof(*m));
	char name[32];

	(void)config;
	(void)params;
	if (!m)
		goto error;
	m->params = init_data;
	m->inputs = calloc(m->params->n_inputs + 1, sizeof(*m->inputs));
	if (!m->inputs)
		goto error;
	for (m->n_inputs = 0; m->n_inputs < m->params->n_inputs; m->n_inputs++) {
		m->inputs[m->n_inputs].last_ns = INT64_MIN;
		snprintf(name, sizeof(name), "in%" PRIu64, m->n_inputs);
		if (bt_self_component_sink_add_input_port(self, name, NULL, NULL) !=
		    BT_SELF_COMPONENT_ADD_PORT_STATUS_OK)
			goto error;
	}
	bt_self_component_set_data(bt_self_component_sink_as_self_component(self), m);
	return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_OK;
error:
	merge_destroy(m);
	return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_MEMORY_ERROR;
}

static void merge_finalize(bt_self_component_sink *self)
{
	merge_destroy(bt_self_component_get_data(bt_self_component_sink_as_self_component(self)));
}

static const bt_port_output *upstream_port(const bt_port_input *port)
{
	const bt_connection *c = bt_port_borrow_connection_const(bt_port_input_as_port_const(port));

	return c ? bt_connection_borrow_upstream_port_const(c) : NULL;
}

static bt_component_class_sink_graph_is_configured_method_status
merge_configured(bt_self_component_sink *self)
{
	struct merge *m = bt_self_component_get_data(bt_self_component_sink_as_self_component(self));

	for (uint64_t i = 0; i < m->n_inputs; i++) {
		bt_self_component_port_input *port =
			bt_self_component_sink_borrow_input_port_by_index(self, i);

		m->inputs[i].upstream =
			upstream_port(bt_self_component_port_input_as_port_input(port));
		if (bt_message_iterator_create_from_sink_component(self, port, &m->inputs[i].it) !=
		    BT_MESSAGE_ITERATOR_CREATE_FROM_SINK_COMPONENT_STATUS_OK)
			return BT_COMPONENT_CLASS_SINK_GRAPH_IS_CONFIGURED_METHOD_STATUS_ERROR;
	}
	return BT_COMPONENT_CLASS_SINK_GRAPH_IS_CONFIGURED_METHOD_STATUS_OK;
}

static void upstream_failed(struct merge *m, const struct merge_input *in)
{
	struct trace_merge_params *p = m->params;
	char stream[4400], causes[2048];
	size_t len;

	stream[0] = '\0';
	if (p->describe && in->upstream)
		p->describe(in->upstream, stream, sizeof(stream), p->data);
	len = (size_t)snprintf(p->err, p->err_size, "failed to read the trace: %s", stream);
	if (bt_error_text_take(causes, sizeof(causes)) && len < p->err_size)
		snprintf(p->err + len, p->err_size - len, "\n  cause: %s", causes);
}

/* Makes sure the input has a message at pos, or is ended: OK, AGAIN or an error. */
static bt_component_class_sink_consume_method_status fill(struct merge *m,
							  struct merge_input *in)
{
	if (in->ended || in->pos < in->count)
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_OK;
	in->pos = in->count = 0;
	switch (bt_message_iterator_next(in->it, &in->msgs, &in->count)) {
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_OK:
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_OK;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_END:
		in->ended = 1;
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_OK;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_AGAIN:
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_AGAIN;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_MEMORY_ERROR:
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_MEMORY_ERROR;
	default:
		upstream_failed(m, in);
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR;
	}
}

/* The message's default clock snapshot, or NULL: the types that carry one in LTTng traces. */
static const bt_clock_snapshot *snapshot(const bt_message *msg)
{
	const bt_clock_snapshot *cs = NULL;

	switch (bt_message_get_type(msg)) {
	case BT_MESSAGE_TYPE_EVENT:
		if (bt_message_event_borrow_stream_class_default_clock_class_const(msg))
			return bt_message_event_borrow_default_clock_snapshot_const(msg);
		return NULL;
	case BT_MESSAGE_TYPE_PACKET_BEGINNING:
		if (bt_message_packet_beginning_borrow_stream_class_default_clock_class_const(msg) &&
		    bt_stream_class_packets_have_beginning_default_clock_snapshot(
			    bt_stream_borrow_class_const(bt_packet_borrow_stream_const(
				    bt_message_packet_beginning_borrow_packet_const(msg)))))
			return bt_message_packet_beginning_borrow_default_clock_snapshot_const(msg);
		return NULL;
	case BT_MESSAGE_TYPE_MESSAGE_ITERATOR_INACTIVITY:
		return bt_message_message_iterator_inactivity_borrow_clock_snapshot_const(msg);
	case BT_MESSAGE_TYPE_STREAM_BEGINNING:
		if (bt_message_stream_beginning_borrow_stream_class_default_clock_class_const(msg) &&
		    bt_message_stream_beginning_borrow_default_clock_snapshot_const(msg, &cs) ==
			    BT_MESSAGE_STREAM_CLOCK_SNAPSHOT_STATE_KNOWN)
			return cs;
		return NULL;
	default:
		return NULL;
	}
}

/* The head message's time: its own, never before its stream's last one. */
static int64_t head_ns(const struct merge_input *in)
{
	const bt_clock_snapshot *cs = snapshot(in->msgs[in->pos]);
	int64_t ns;

	if (cs && bt_clock_snapshot_get_ns_from_origin(cs, &ns) ==
		      BT_CLOCK_SNAPSHOT_GET_NS_FROM_ORIGIN_STATUS_OK && ns > in->last_ns)
		return ns;
	return in->last_ns;
}

/* The input with the earliest head; ties go to the lowest index. NULL: all ended. */
static struct merge_input *earliest(struct merge *m, int64_t *ns)
{
	struct merge_input *best = NULL;

	for (uint64_t i = 0; i < m->n_inputs; i++) {
		struct merge_input *in = &m->inputs[i];
		int64_t t;

		if (in->ended)
			continue;
		t = head_ns(in);
		if (!best || t < *ns) {
			best = in;
			*ns = t;
		}
	}
	return best;
}

static int deliver(struct merge *m, struct merge_input *in, const bt_message *msg)
{
	struct trace_event ev;

	if (trace_event_from_message(&ev, msg) != 0)
		return m->params->fn(msg, NULL, m->params->data);
	if (ev.has_ts) {
		if (in->has_event && ev.ts_ns < in->last_event_ns) {
			ev.ts_ns = in->last_event_ns;
			m->params->clamped++;
		}
		in->last_event_ns = ev.ts_ns;
		in->has_event = 1;
	}
	return m->params->fn(msg, &ev, m->params->data);
}

static bt_component_class_sink_consume_method_status merge_consume(bt_self_component_sink *self)
{
	struct merge *m = bt_self_component_get_data(bt_self_component_sink_as_self_component(self));

	for (int n = 0; n < MERGE_BATCH; n++) {
		struct merge_input *in;
		const bt_message *msg;
		int64_t ns = 0;
		int failed;

		for (uint64_t i = 0; i < m->n_inputs; i++) {
			bt_component_class_sink_consume_method_status st = fill(m, &m->inputs[i]);

			if (st != BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_OK)
				return st;
		}
		in = earliest(m, &ns);
		if (!in)
			return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_END;
		msg = in->msgs[in->pos++];
		in->last_ns = ns;
		failed = deliver(m, in, msg);
		bt_message_put_ref(msg);
		if (failed) {
			m->params->callback_failed = 1;
			return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR;
		}
	}
	return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_OK;
}

bt_component_class_sink *trace_merge_class_create(void)
{
	bt_component_class_sink *cls = bt_component_class_sink_create("hsatrace-merge",
								      merge_consume);

	if (!cls)
		return NULL;
	if (bt_component_class_sink_set_initialize_method(cls, merge_init) ||
	    bt_component_class_sink_set_finalize_method(cls, merge_finalize) ||
	    bt_component_class_sink_set_graph_is_configured_method(cls, merge_configured)) {
		bt_component_class_sink_put_ref(cls);
		return NULL;
	}
	return cls;
}
