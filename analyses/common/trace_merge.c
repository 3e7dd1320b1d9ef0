/* Our merging sink: N input ports, one message iterator each, merged by msg_merge. */
#include "analyses/common/trace_merge.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/common/bt_error_text.h"
#include "analyses/common/msg_merge.h"

/* Messages handed on per consume call: fewer calls through the graph. */
#define MERGE_BATCH 4096

/* Per input: its last event's struct trace_event times (what a clamped event is moved to). */
struct merge_last {
	int64_t ts_ns, origin_ns;
};

struct merge {
	struct trace_merge_params *params;
	struct msg_merge order;
	struct merge_last *last;
};

static void merge_destroy(struct merge *m)
{
	if (!m)
		return;
	msg_merge_release(&m->order);
	free(m->last);
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
	m->last = calloc(m->params->n_inputs + 1, sizeof(*m->last));
	if (!m->last || msg_merge_init(&m->order, m->params->n_inputs) != 0)
		goto error;
	for (uint64_t i = 0; i < m->params->n_inputs; i++) {
		snprintf(name, sizeof(name), "in%" PRIu64, i);
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

	for (size_t i = 0; i < m->order.n; i++) {
		bt_self_component_port_input *port =
			bt_self_component_sink_borrow_input_port_by_index(self, i);
		struct msg_merge_input *in = &m->order.inputs[i];

		/* the upstream port (const) names the stream in messages */
		in->data = (void *)upstream_port(bt_self_component_port_input_as_port_input(port));
		if (bt_message_iterator_create_from_sink_component(self, port, &in->it) !=
		    BT_MESSAGE_ITERATOR_CREATE_FROM_SINK_COMPONENT_STATUS_OK)
			return BT_COMPONENT_CLASS_SINK_GRAPH_IS_CONFIGURED_METHOD_STATUS_ERROR;
	}
	return BT_COMPONENT_CLASS_SINK_GRAPH_IS_CONFIGURED_METHOD_STATUS_OK;
}

static void upstream_failed(struct merge *m, const bt_port_output *upstream)
{
	struct trace_merge_params *p = m->params;
	size_t len;

	p->stream[0] = '\0';
	if (p->describe && upstream)
		p->describe(upstream, p->stream, sizeof(p->stream), p->data);
	len = (size_t)snprintf(p->err, p->err_size, "failed to read the trace: %s", p->stream);
	if (bt_error_text_take(p->causes, sizeof(p->causes)) && len < p->err_size)
		snprintf(p->err + len, p->err_size - len, "\n  cause: %s", p->causes);
}

static int deliver(struct merge *m, const bt_message *msg, const struct msg_merge_taken *t)
{
	struct merge_last *last = &m->last[t->input];
	struct trace_event ev;

	if (!t->is_event || trace_event_from_message(&ev, msg) != 0)
		return m->params->fn(msg, NULL, m->params->data);
	if (ev.has_ts) {
		if (t->clamped) {
			ev.ts_ns = last->ts_ns;
			ev.origin_ns = last->origin_ns;
			m->params->clamped++;
		}
		last->ts_ns = ev.ts_ns;
		last->origin_ns = ev.origin_ns;
	}
	return m->params->fn(msg, &ev, m->params->data);
}

static bt_component_class_sink_consume_method_status merge_consume(bt_self_component_sink *self)
{
	struct merge *m = bt_self_component_get_data(bt_self_component_sink_as_self_component(self));

	for (int n = 0; n < MERGE_BATCH; n++) {
		struct msg_merge_taken taken;
		const bt_message *msg;
		int failed;

		switch (msg_merge_next(&m->order, &msg, &taken)) {
		case MSG_MERGE_OK:
			break;
		case MSG_MERGE_END:
			return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_END;
		case MSG_MERGE_AGAIN:
			return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_AGAIN;
		case MSG_MERGE_MEMORY_ERROR:
			return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_MEMORY_ERROR;
		default:
			upstream_failed(m, m->order.inputs[m->order.failed].data);
			return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR;
		}
		failed = deliver(m, msg, &taken);
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
