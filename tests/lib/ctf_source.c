/* ctf_source.c - a test's babeltrace2 source into sink.ctf.fs (ctf_source.h). */
#include "ctf_source.h"

#include <stdio.h>

static bt_component_class_initialize_method_status
source_init(bt_self_component_source *self, bt_self_component_source_configuration *config,
	    const bt_value *params, void *data)
{
	(void)config;
	(void)params;
	(void)data;
	return bt_self_component_source_add_output_port(self, "out", NULL, NULL) == 0 ?
		BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_OK :
		BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
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

/* The source component class of the test's message iterator. */
static bt_component_class_source *source_class(const char *name,
					       const struct ctf_source_iterator *iterator,
					       bt_message_iterator_class **mic)
{
	bt_component_class_source *cls;

	*mic = bt_message_iterator_class_create(iterator->next);
	if (!*mic)
		return NULL;
	bt_message_iterator_class_set_initialize_method(*mic, iterator->initialize);
	bt_message_iterator_class_set_finalize_method(*mic, iterator->finalize);
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
	bt_component_class_source *cls = source_class(name, iterator, &mic);
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
	if (bt_graph_add_source_component(g, cls, name, NULL, BT_LOGGING_LEVEL_NONE, &src) != 0 ||
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
