/* ctf_source.c - a test's babeltrace2 source into sink.ctf.fs (ctf_source.h). */
#include "ctf_source.h"

#include <stdio.h>

/* The component keeps the test's ctf_source_iterator (the initialize method data). */
static bt_component_class_initialize_method_status
source_init(bt_self_component_source *self, bt_self_component_source_configuration *config,
	    const bt_value *params, void *data)
{
	(void)config;
	(void)params;
	bt_self_component_set_data(bt_self_component_source_as_self_component(self), data);
	return bt_self_component_source_add_output_port(self, "out", NULL, NULL) == 0 ?
		BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_OK :
		BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
}

static bt_message_iterator_class_initialize_method_status
iter_init(bt_self_message_iterator *self, bt_self_message_iterator_configuration *config,
	  bt_self_component_port_output *port)
{
	bt_self_component *comp = bt_self_message_iterator_borrow_component(self);
	const struct ctf_source_iterator *iterator = bt_self_component_get_data(comp);

	(void)config;
	(void)port;
	if (iterator->init(comp, iterator->state) != 0)
		return BT_MESSAGE_ITERATOR_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
	bt_self_message_iterator_set_data(self, (void *)iterator);
	return BT_MESSAGE_ITERATOR_CLASS_INITIALIZE_METHOD_STATUS_OK;
}

/* As many of the test's messages as fit, until its last one. */
static bt_message_iterator_class_next_method_status
iter_next(bt_self_message_iterator *self, bt_message_array_const msgs, uint64_t capacity,
	  uint64_t *count)
{
	const struct ctf_source_iterator *iterator = bt_self_message_iterator_get_data(self);
	int done = 0;

	*count = 0;
	while (*count < capacity) {
		bt_message *m = iterator->next(self, iterator->state, &done);

		if (done)
			break;
		if (!m)
			return BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_ERROR;
		msgs[(*count)++] = m;
	}
	return *count ? BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_OK :
			BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_END;
}

static void iter_finalize(bt_self_message_iterator *self)
{
	const struct ctf_source_iterator *iterator = bt_self_message_iterator_get_data(self);

	iterator->finalize(iterator->state);
}

/* sink.ctf.fs writing one trace into path, without its messages. */
static int add_sink(bt_graph *g, const bt_plugin *ctf, const char *path,
		    const bt_component_sink **sink)
{
	bt_value *params = bt_value_map_create();
	int ret = -1;

	if (params && bt_value_map_insert_string_entry(params, "path", path) == 0 &&
	    bt_value_map_insert_bool_entry(params, "assume-single-trace", BT_TRUE) == 0 &&
	    bt_value_map_insert_bool_entry(params, "quiet", BT_TRUE) == 0 &&
	    bt_graph_add_sink_component(g, bt_plugin_borrow_sink_component_class_by_name_const(ctf,
		"fs"), "sink", params, BT_LOGGING_LEVEL_NONE, sink) == 0)
		ret = 0;
	bt_value_put_ref(params);
	return ret;
}

/* The source component class of ctf_source.c's message iterator. */
static bt_component_class_source *source_class(const char *name, bt_message_iterator_class **mic)
{
	bt_component_class_source *cls;

	*mic = bt_message_iterator_class_create(iter_next);
	if (!*mic)
		return NULL;
	bt_message_iterator_class_set_initialize_method(*mic, iter_init);
	bt_message_iterator_class_set_finalize_method(*mic, iter_finalize);
	cls = bt_component_class_source_create(name, *mic);
	if (cls && bt_component_class_source_set_initialize_method(cls, source_init) != 0) {
		bt_component_class_source_put_ref(cls);
		cls = NULL;
	}
	return cls;
}

int ctf_source_write(const char *name, const struct ctf_source_iterator *iterator,
		     const char *path)
{
	bt_message_iterator_class *mic = NULL;
	bt_component_class_source *cls = source_class(name, &mic);
	bt_graph *g = bt_graph_create(0);
	const bt_plugin *ctf = NULL;
	const bt_component_source *src;
	const bt_component_sink *sink;
	int ret = 1;

	if (!cls || !g)
		goto cleanup;
	if (bt_plugin_find("ctf", BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE, &ctf) !=
	    BT_PLUGIN_FIND_STATUS_OK)
		goto cleanup;
	if (bt_graph_add_source_component_with_initialize_method_data(g, cls, name, NULL,
		(void *)iterator, BT_LOGGING_LEVEL_NONE, &src) != 0 ||
	    add_sink(g, ctf, path, &sink) != 0 ||
	    bt_graph_connect_ports(g, bt_component_source_borrow_output_port_by_index_const(src, 0),
		bt_component_sink_borrow_input_port_by_index_const(sink, 0), NULL) != 0)
		goto cleanup;
	ret = bt_graph_run(g) == BT_GRAPH_RUN_STATUS_OK ? 0 : 1;
cleanup:
	if (ret)
		fprintf(stderr, "%s_trace: failed to write the trace: path=%s\n", name, path);
	bt_graph_put_ref(g);
	bt_plugin_put_ref(ctf);
	bt_component_class_source_put_ref(cls);
	bt_message_iterator_class_put_ref(mic);
	return ret;
}
