/*
 * ooo_trace DIR - writes, with babeltrace2's own sink.ctf.fs, a small CTF trace whose one
 * stream has out-of-order timestamps (as some real LTTng traces do), so the unify tests can
 * check that they are moved forward and counted, not fatal.
 *
 * Stream: packet [1000, 5000] holding events "ooo:tick" seq=0..4 at 1000, 3000, 2000,
 * 4000, 5000 (seq 2 goes back in time).
 */
#include <stdio.h>

#include <babeltrace2/babeltrace.h>

static const uint64_t times[] = { 1000, 3000, 2000, 4000, 5000 };
#define N_EVENTS (sizeof(times) / sizeof(times[0]))

struct ooo_iter {
	bt_trace *trace;
	bt_stream *stream;
	bt_packet *packet;
	bt_event_class *ec;
	size_t step;
};

static int make_classes(bt_self_component *self, struct ooo_iter *it)
{
	bt_trace_class *tc = bt_trace_class_create(self);
	bt_clock_class *cc = bt_clock_class_create(self);
	bt_stream_class *sc = tc ? bt_stream_class_create(tc) : NULL;
	bt_field_class *payload = tc ? bt_field_class_structure_create(tc) : NULL;
	bt_field_class *seq = tc ? bt_field_class_integer_unsigned_create(tc) : NULL;
	int ret = -1;

	if (!tc || !cc || !sc || !payload || !seq)
		goto cleanup;
	if (bt_stream_class_set_default_clock_class(sc, cc) != 0)
		goto cleanup;
	bt_stream_class_set_supports_packets(sc, BT_TRUE, BT_TRUE, BT_TRUE);
	it->ec = bt_event_class_create(sc);
	if (!it->ec || bt_event_class_set_name(it->ec, "ooo:tick") != 0 ||
	    bt_field_class_structure_append_member(payload, "seq", seq) != 0 ||
	    bt_event_class_set_payload_field_class(it->ec, payload) != 0)
		goto cleanup;
	it->trace = bt_trace_create(tc);
	it->stream = it->trace ? bt_stream_create(sc, it->trace) : NULL;
	it->packet = it->stream ? bt_packet_create(it->stream) : NULL;
	if (it->packet && bt_trace_set_environment_entry_string(it->trace, "hostname", "ooo") == 0)
		ret = 0;
cleanup:
	bt_field_class_put_ref(seq);
	bt_field_class_put_ref(payload);
	bt_stream_class_put_ref(sc);
	bt_clock_class_put_ref(cc);
	bt_trace_class_put_ref(tc);
	return ret;
}

static bt_message *step_message(bt_self_message_iterator *self, struct ooo_iter *it)
{
	size_t s = it->step++;
	bt_message *m;

	if (s == 0)
		return bt_message_stream_beginning_create(self, it->stream);
	if (s == 1)
		return bt_message_packet_beginning_create_with_default_clock_snapshot(self,
			it->packet, times[0]);
	if (s < 2 + N_EVENTS) {
		m = bt_message_event_create_with_packet_and_default_clock_snapshot(self, it->ec,
			it->packet, times[s - 2]);
		if (m)
			bt_field_integer_unsigned_set_value(bt_field_structure_borrow_member_field_by_index(
				bt_event_borrow_payload_field(bt_message_event_borrow_event(m)), 0),
				s - 2);
		return m;
	}
	if (s == 2 + N_EVENTS)
		return bt_message_packet_end_create_with_default_clock_snapshot(self, it->packet,
			times[N_EVENTS - 1]);
	return bt_message_stream_end_create(self, it->stream);
}

static bt_message_iterator_class_next_method_status
ooo_next(bt_self_message_iterator *self, bt_message_array_const msgs, uint64_t capacity,
	 uint64_t *count)
{
	struct ooo_iter *it = bt_self_message_iterator_get_data(self);

	*count = 0;
	while (*count < capacity && it->step < 4 + N_EVENTS) {
		bt_message *m = step_message(self, it);

		if (!m)
			return BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_ERROR;
		msgs[(*count)++] = m;
	}
	return *count ? BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_OK :
			BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_END;
}

static struct ooo_iter iter_state;

static bt_message_iterator_class_initialize_method_status
ooo_iter_init(bt_self_message_iterator *self, bt_self_message_iterator_configuration *config,
	      bt_self_component_port_output *port)
{
	(void)config;
	(void)port;
	if (make_classes(bt_self_message_iterator_borrow_component(self), &iter_state) != 0)
		return BT_MESSAGE_ITERATOR_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
	bt_self_message_iterator_set_data(self, &iter_state);
	return BT_MESSAGE_ITERATOR_CLASS_INITIALIZE_METHOD_STATUS_OK;
}

static void ooo_iter_finalize(bt_self_message_iterator *self)
{
	struct ooo_iter *it = bt_self_message_iterator_get_data(self);

	bt_packet_put_ref(it->packet);
	bt_stream_put_ref(it->stream);
	bt_trace_put_ref(it->trace);
}

static bt_component_class_initialize_method_status
ooo_init(bt_self_component_source *self, bt_self_component_source_configuration *config,
	 const bt_value *params, void *data)
{
	(void)config;
	(void)params;
	(void)data;
	return bt_self_component_source_add_output_port(self, "out", NULL, NULL) == 0 ?
		BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_OK :
		BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
}

int main(int argc, char **argv)
{
	bt_message_iterator_class *mic = bt_message_iterator_class_create(ooo_next);
	bt_component_class_source *cls = NULL;
	bt_graph *g = bt_graph_create(0);
	const bt_plugin *ctf = NULL;
	const bt_component_source *src;
	const bt_component_sink *sink;
	bt_value *params = bt_value_map_create();
	int ret = 1;

	if (argc != 2) {
		fprintf(stderr, "usage: ooo_trace DIR\n");
		return 2;
	}
	if (!mic || !g || !params)
		goto cleanup;
	bt_message_iterator_class_set_initialize_method(mic, ooo_iter_init);
	bt_message_iterator_class_set_finalize_method(mic, ooo_iter_finalize);
	cls = bt_component_class_source_create("ooo", mic);
	if (!cls || bt_component_class_source_set_initialize_method(cls, ooo_init) != 0)
		goto cleanup;
	if (bt_plugin_find("ctf", BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE, &ctf) !=
	    BT_PLUGIN_FIND_STATUS_OK)
		goto cleanup;
	if (bt_value_map_insert_string_entry(params, "path", argv[1]) != 0 ||
	    bt_value_map_insert_bool_entry(params, "assume-single-trace", BT_TRUE) != 0 ||
	    bt_value_map_insert_bool_entry(params, "quiet", BT_TRUE) != 0)
		goto cleanup;
	if (bt_graph_add_source_component(g, cls, "ooo", NULL, BT_LOGGING_LEVEL_NONE, &src) != 0 ||
	    bt_graph_add_sink_component(g, bt_plugin_borrow_sink_component_class_by_name_const(ctf,
		"fs"), "sink", params, BT_LOGGING_LEVEL_NONE, &sink) != 0 ||
	    bt_graph_connect_ports(g, bt_component_source_borrow_output_port_by_index_const(src, 0),
		bt_component_sink_borrow_input_port_by_index_const(sink, 0), NULL) != 0)
		goto cleanup;
	ret = bt_graph_run(g) == BT_GRAPH_RUN_STATUS_OK ? 0 : 1;
cleanup:
	if (ret)
		fprintf(stderr, "ooo_trace: failed to write the trace: path=%s\n", argv[1]);
	bt_graph_put_ref(g);
	bt_value_put_ref(params);
	bt_plugin_put_ref(ctf);
	bt_component_class_source_put_ref(cls);
	bt_message_iterator_class_put_ref(mic);
	return ret;
}
