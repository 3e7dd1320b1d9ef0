#include "analyses/record/hsa_check.h"

#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <babeltrace2/babeltrace.h>

#include "analyses/common/bt_sink.h"

static bt_value *found_traces;	/* nftw() has no user pointer */

/* Each folder holding a `metadata` file is a trace (source.ctf.fs 2.0 does not search). */
static int add_trace(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	if (type != FTW_F || strcmp(path + ftw->base, "metadata") != 0)
		return 0;
	return bt_value_array_append_string_element(found_traces, path) ==
		       BT_VALUE_ARRAY_APPEND_ELEMENT_STATUS_OK ? 0 : -1;
}

/* The traces below dir, with their `/metadata` cut off. */
static int find_traces(const char *dir, bt_value *inputs)
{
	int ret;

	found_traces = inputs;
	ret = nftw(dir, add_trace, 16, FTW_PHYS);
	found_traces = NULL;
	for (uint64_t i = 0; ret == 0 && i < bt_value_array_get_length(inputs); i++) {
		bt_value *v = bt_value_array_borrow_element_by_index(inputs, i);
		char path[4200];

		snprintf(path, sizeof(path), "%s", bt_value_string_get(v));
		*strrchr(path, '/') = '\0';
		if (bt_value_string_set(v, path) != BT_VALUE_STRING_SET_STATUS_OK)
			ret = -1;
	}
	return ret == 0 && bt_value_array_get_length(inputs) > 0 ? 0 : -1;
}

static bool is_hsa_event(const bt_message *msg)
{
	const char *name;

	if (bt_message_get_type(msg) != BT_MESSAGE_TYPE_EVENT)
		return false;
	name = bt_event_class_get_name(bt_event_borrow_class_const(
		bt_message_event_borrow_event_const(msg)));
	return name && (strncmp(name, "hsa_meta:", 9) == 0 || strncmp(name, "hsa_api_", 8) == 0 ||
			strncmp(name, "hsa_hot_", 8) == 0);
}

struct look {
	bool stop_at_hsa;
	struct rec_trace_look *result;
};

static bt_graph_simple_sink_component_consume_func_status
consume(bt_message_iterator *it, void *user_data)
{
	struct look *look = user_data;
	bt_message_array_const msgs;
	uint64_t count = 0;
	bt_graph_simple_sink_component_consume_func_status ret;

	if (!bt_sink_next(it, &msgs, &count, &ret))
		return ret;
	for (uint64_t i = 0; i < count; i++) {
		look->result->events += bt_message_get_type(msgs[i]) == BT_MESSAGE_TYPE_EVENT;
		look->result->any_hsa = look->result->any_hsa || is_hsa_event(msgs[i]);
		bt_message_put_ref(msgs[i]);
	}
	return look->stop_at_hsa && look->result->any_hsa ?
		BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_END : ret;
}

/* Connects every stream to the muxer; returns how many, or -1. */
static int connect_streams(bt_graph *graph, const bt_component_source *src,
			    const bt_component_filter *muxer)
{
	int connected = 0;

	for (uint64_t i = 0; i < bt_component_source_get_output_port_count(src); i++) {
		const bt_port_output *out =
			bt_component_source_borrow_output_port_by_index_const(src, i);
		/* The muxer always offers one free input port, and a new one per connection. */
		uint64_t n = bt_component_filter_get_input_port_count(muxer);

		if (bt_graph_connect_ports(graph, out,
					   bt_component_filter_borrow_input_port_by_index_const(
						   muxer, n - 1), NULL) !=
		    BT_GRAPH_CONNECT_PORTS_STATUS_OK)
			return -1;
		connected++;
	}
	return connected;
}

/* source.ctf.fs on the traces below dir, into a muxer; -1, or the number of
 * activity streams connected. */
static int add_source(bt_graph *graph, const char *dir, const bt_component_filter **muxer,
		      const bt_plugin **ctf, const bt_plugin **utils)
{
	const bt_component_class_source *fs;
	const bt_component_class_filter *mux;
	const bt_component_source *src;
	bt_value *params = bt_value_map_create(), *inputs = NULL;
	int ret = -1;

	if (bt_plugin_find("ctf", BT_TRUE, BT_FALSE, BT_TRUE, BT_TRUE, BT_FALSE, ctf) !=
		    BT_PLUGIN_FIND_STATUS_OK ||
	    bt_plugin_find("utils", BT_TRUE, BT_FALSE, BT_TRUE, BT_TRUE, BT_FALSE, utils) !=
		    BT_PLUGIN_FIND_STATUS_OK)
		goto end;
	fs = bt_plugin_borrow_source_component_class_by_name_const(*ctf, "fs");
	mux = bt_plugin_borrow_filter_component_class_by_name_const(*utils, "muxer");
	if (!fs || !mux || !params ||
	    bt_value_map_insert_empty_array_entry(params, "inputs", &inputs) ||
	    find_traces(dir, inputs) != 0)
		goto end;
	if (bt_graph_add_filter_component(graph, mux, "muxer", NULL, BT_LOGGING_LEVEL_NONE,
					  muxer) != BT_GRAPH_ADD_COMPONENT_STATUS_OK ||
	    bt_graph_add_source_component(graph, fs, "source", params, BT_LOGGING_LEVEL_NONE,
					  &src) != BT_GRAPH_ADD_COMPONENT_STATUS_OK)
		goto end;
	ret = connect_streams(graph, src, *muxer);
end:
	bt_value_put_ref(params);
	return ret;
}

int rec_trace_look(const char *dir, bool stop_at_hsa, struct rec_trace_look *result)
{
	const bt_plugin *ctf = NULL, *utils = NULL;
	const bt_component_filter *muxer = NULL;
	const bt_component_sink *sink;
	bt_graph *graph = NULL;
	struct look look = { stop_at_hsa, result };
	bt_graph_run_status run;
	int ret = -1, streams;

	*result = (struct rec_trace_look){ 0 };
	graph = bt_graph_create(0);
	streams = graph ? add_source(graph, dir, &muxer, &ctf, &utils) : -1;
	if (streams <= 0) {
		ret = streams;
		goto end;
	}
	if (bt_graph_add_simple_sink_component(graph, "look", NULL, consume, NULL, &look,
					       &sink) != BT_GRAPH_ADD_COMPONENT_STATUS_OK ||
	    bt_graph_connect_ports(graph,
				   bt_component_filter_borrow_output_port_by_name_const(muxer, "out"),
				   bt_component_sink_borrow_input_port_by_name_const(sink, "in"),
				   NULL) != BT_GRAPH_CONNECT_PORTS_STATUS_OK)
		goto end;
	do
		run = bt_graph_run(graph);
	while (run == BT_GRAPH_RUN_STATUS_AGAIN);
	ret = run == BT_GRAPH_RUN_STATUS_OK || (stop_at_hsa && result->any_hsa) ? 0 : -1;
end:
	bt_current_thread_clear_error();
	bt_graph_put_ref(graph);
	bt_plugin_put_ref(ctf);
	bt_plugin_put_ref(utils);
	return ret;
}

int rec_recorded_hsa(const char *dir)
{
	struct rec_trace_look look;
	char ust[4200];
	struct stat st;

	snprintf(ust, sizeof(ust), "%s/ust", dir);
	if (stat(ust, &st) != 0)
		return 0;	/* no instrumented process registered at all */
	if (rec_trace_look(ust, true, &look) != 0)
		return -1;
	return look.any_hsa;
}
