#include "analyses/record/hsa_check.h"

#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <babeltrace2/babeltrace.h>

#include "analyses/common/trace_merge.h"

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

/* Each message in event-time order (trace_merge.h); non-zero stops at the first HSA one. */
static int on_message(const bt_message *msg, const struct trace_event *ev, void *data)
{
	struct look *look = data;

	if (!ev)
		return 0;
	look->result->events++;
	look->result->any_hsa = look->result->any_hsa || is_hsa_event(msg);
	return look->stop_at_hsa && look->result->any_hsa;
}

/* source.ctf.fs on the traces below dir; NULL when there is none or it does not open. */
static const bt_component_source *add_source(bt_graph *graph, const char *dir,
					     const bt_plugin **ctf)
{
	const bt_component_class_source *fs;
	const bt_component_source *src = NULL;
	bt_value *params = bt_value_map_create(), *inputs = NULL;

	if (bt_plugin_find("ctf", BT_TRUE, BT_FALSE, BT_TRUE, BT_TRUE, BT_FALSE, ctf) !=
	    BT_PLUGIN_FIND_STATUS_OK)
		goto end;
	fs = bt_plugin_borrow_source_component_class_by_name_const(*ctf, "fs");
	if (!fs || !params || bt_value_map_insert_empty_array_entry(params, "inputs", &inputs) ||
	    find_traces(dir, inputs) != 0 ||
	    bt_graph_add_source_component(graph, fs, "source", params, BT_LOGGING_LEVEL_NONE,
					  &src) != BT_GRAPH_ADD_COMPONENT_STATUS_OK)
		src = NULL;
end:
	bt_value_put_ref(params);
	return src;
}

/* The merging sink with one input per stream of src, connected. 0 or -1. */
static int add_sink(bt_graph *graph, const bt_component_source *src,
		    struct trace_merge_params *merge)
{
	bt_component_class_sink *cls = trace_merge_class_create();
	const bt_component_sink *sink;
	int ret = -1;

	merge->n_inputs = bt_component_source_get_output_port_count(src);
	if (!cls || bt_graph_add_sink_component_with_initialize_method_data(graph, cls, "look",
			NULL, merge, BT_LOGGING_LEVEL_NONE, &sink) != BT_GRAPH_ADD_COMPONENT_STATUS_OK)
		goto end;
	for (uint64_t i = 0; i < merge->n_inputs; i++)
		if (bt_graph_connect_ports(graph,
			    bt_component_source_borrow_output_port_by_index_const(src, i),
			    bt_component_sink_borrow_input_port_by_index_const(sink, i), NULL) !=
		    BT_GRAPH_CONNECT_PORTS_STATUS_OK)
			goto end;
	ret = 0;
end:
	bt_component_class_sink_put_ref(cls);
	return ret;
}

int rec_trace_look(const char *dir, bool stop_at_hsa, struct rec_trace_look *result)
{
	const bt_plugin *ctf = NULL;
	const bt_component_source *src;
	bt_graph *graph = NULL;
	struct look look = { stop_at_hsa, result };
	struct trace_merge_params merge;
	char err[512];
	bt_graph_run_status run;
	int ret = -1;

	*result = (struct rec_trace_look){ 0 };
	merge = (struct trace_merge_params){ .fn = on_message, .data = &look, .err = err,
					     .err_size = sizeof(err) };
	graph = bt_graph_create(0);
	src = graph ? add_source(graph, dir, &ctf) : NULL;
	if (src && bt_component_source_get_output_port_count(src) == 0)
		ret = 0;	/* traces without streams: nothing recorded, nothing to read */
	if (!src || bt_component_source_get_output_port_count(src) == 0 ||
	    add_sink(graph, src, &merge) != 0)
		goto end;
	do
		run = bt_graph_run(graph);
	while (run == BT_GRAPH_RUN_STATUS_AGAIN);
	ret = run == BT_GRAPH_RUN_STATUS_OK || (stop_at_hsa && result->any_hsa) ? 0 : -1;
end:
	bt_current_thread_clear_error();
	bt_graph_put_ref(graph);
	bt_plugin_put_ref(ctf);
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
