#include "analyses/unify/pass.h"
#include "analyses/common/bt_error_text.h"
#include "analyses/common/bt_probe.h"
#include "analyses/common/bt_sink.h"
#include "analyses/common/stream_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The innermost causes explain best (e.g. which file is truncated): they come first. */
static void print_error(const char *what)
{
	char causes[2048];

	bt_error_text_take(causes, sizeof(causes));
	fprintf(stderr, "hsatrace unify: %s%s%s\n", what, causes[0] ? "\n  cause: " : "", causes);
}

/* The sources of a pass and the trace each reads, to name a damaged stream's file. */
struct pass_sources {
	const bt_component_source **srcs;
	const char *const *paths;
	size_t n;
};

static void describe_stream(const bt_port_output *upstream, char *buf, size_t size, void *data)
{
	const struct pass_sources *ps = data;

	stream_file_describe_port(upstream, ps->srcs, ps->paths, ps->n, buf, size);
}

static const bt_plugin *plugin;

void pass_cleanup(void)
{
	pass_release_kept();
	BT_PLUGIN_PUT_REF_AND_RESET(plugin);
	bt_probe_release();
}

static const bt_plugin *ctf_plugin(void)
{
	if (!plugin && bt_plugin_find("ctf", BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE,
				      &plugin) != BT_PLUGIN_FIND_STATUS_OK)
		plugin = NULL;
	return plugin;
}

const bt_component_source *pass_add_source(bt_graph *g, const char *path, size_t index)
{
	const bt_plugin *plugin = ctf_plugin();
	const bt_component_class_source *cls = plugin ?
		bt_plugin_borrow_source_component_class_by_name_const(plugin, "fs") : NULL;
	bt_value *params = bt_value_map_create();
	bt_value *inputs = NULL;
	const bt_component_source *comp = NULL;
	char name[32];

	if (!cls || !params)
		goto cleanup;
	if (bt_value_map_insert_empty_array_entry(params, "inputs", &inputs) != 0 ||
	    bt_value_array_append_string_element(inputs, path) != 0)
		goto cleanup;
	snprintf(name, sizeof(name), "src%zu", index);
	if (bt_graph_add_source_component(g, cls, name, params, BT_LOGGING_LEVEL_NONE, &comp) !=
	    BT_GRAPH_ADD_COMPONENT_STATUS_OK)
		comp = NULL;
cleanup:
	bt_value_put_ref(params);
	return comp;
}

bool pass_trace_opens(const char *path)
{
	return bt_probe_trace_opens_quietly(path);
}

/* A trace whose source was created to see that it opens, kept in its graph for the first
 * pass that reads it alone: creating a source.ctf.fs parses the trace's metadata, which is
 * most of what unify spends on a small trace (bench/RESULTS.md, unify start-up). */
struct kept_source {
	char *path;
	bt_graph *graph;
	const bt_component_source *src;
};

/* Enough for a recording's traces and their activity streams; more are opened again. */
#define MAX_KEPT 8
static struct kept_source kept[MAX_KEPT];
static size_t n_kept;

/* Whether the trace opens; the error, if any, stays the thread's current error. */
static bool open_and_keep(const char *path)
{
	bt_graph *g = bt_graph_create(0);
	const bt_component_source *src = g ? pass_add_source(g, path, 0) : NULL;

	if (!src) {
		bt_graph_put_ref(g);
		return false;
	}
	if (n_kept < MAX_KEPT && (kept[n_kept].path = strdup(path))) {
		kept[n_kept].graph = g;
		kept[n_kept++].src = src;
		return true;
	}
	bt_graph_put_ref(g);
	return true;
}

/* The kept graph of `path` (its source named src0), now the caller's; or NULL. */
static bt_graph *take_kept(const char *path, const bt_component_source **src)
{
	for (size_t i = 0; i < n_kept; i++) {
		bt_graph *g = kept[i].graph;

		if (strcmp(kept[i].path, path) != 0)
			continue;
		*src = kept[i].src;
		free(kept[i].path);
		kept[i] = kept[--n_kept];
		return g;
	}
	return NULL;
}

void pass_release_kept(void)
{
	while (n_kept) {
		n_kept--;
		free(kept[n_kept].path);
		bt_graph_put_ref(kept[n_kept].graph);
	}
}

bool pass_trace_opens_kept(const char *path)
{
	bool ok = open_and_keep(path);

	if (!ok)
		bt_current_thread_clear_error();
	return ok;
}

bool pass_trace_is_readable(const char *path)
{
	bool ok = open_and_keep(path);

	if (!ok)
		bt_probe_warn_refused("hsatrace unify", path);
	return ok;
}

/* Collect mode's sink: pulls everything from the filter. */
static bt_graph_simple_sink_component_consume_func_status drain(bt_message_iterator *it,
								 void *data)
{
	bt_message_array_const msgs;
	uint64_t count;
	bt_graph_simple_sink_component_consume_func_status status;

	(void)data;
	if (bt_sink_next(it, &msgs, &count, &status))
		for (uint64_t i = 0; i < count; i++)
			bt_message_put_ref(msgs[i]);
	return status;
}

static const bt_port_input *add_sink(bt_graph *g, enum unify_mode mode, const char *out_path)
{
	const bt_component_sink *sink = NULL;

	if (mode == UNIFY_COLLECT) {
		if (bt_graph_add_simple_sink_component(g, "drain", NULL, drain, NULL, NULL, &sink) !=
		    BT_GRAPH_ADD_COMPONENT_STATUS_OK)
			return NULL;
	} else {
		const bt_plugin *plugin = ctf_plugin();
		const bt_component_class_sink *cls = plugin ?
			bt_plugin_borrow_sink_component_class_by_name_const(plugin, "fs") : NULL;
		bt_value *params = bt_value_map_create();
		int status = -1;

		if (cls && params &&
		    bt_value_map_insert_string_entry(params, "path", out_path) == 0 &&
		    bt_value_map_insert_bool_entry(params, "assume-single-trace", BT_TRUE) == 0 &&
		    bt_value_map_insert_bool_entry(params, "quiet", BT_TRUE) == 0)
			status = bt_graph_add_sink_component(g, cls, "sink", params,
							     BT_LOGGING_LEVEL_NONE, &sink);
		bt_value_put_ref(params);
		if (status != BT_GRAPH_ADD_COMPONENT_STATUS_OK)
			return NULL;
	}
	return bt_component_sink_borrow_input_port_by_index_const(sink, 0);
}

/* Connects every source port to the filter's next input port; copied[port] is the flag
 * of the port's trace in copied_traces (when given). */
static int connect_sources(bt_graph *g, const bt_component_source **srcs, size_t n,
			   const bt_component_filter *filter, const bool *copied_traces,
			   bool *copied)
{
	uint64_t next = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t ports = bt_component_source_get_output_port_count(srcs[i]);

		for (uint64_t p = 0; p < ports; p++) {
			copied[next] = copied_traces && copied_traces[i];
			if (bt_graph_connect_ports(g,
				bt_component_source_borrow_output_port_by_index_const(srcs[i], p),
				bt_component_filter_borrow_input_port_by_index_const(filter, next++),
				NULL) != BT_GRAPH_CONNECT_PORTS_STATUS_OK)
				return -1;
		}
	}
	return 0;
}

int pass_run_graph(bt_graph *g)
{
	for (;;) {
		bt_graph_run_status status = bt_graph_run(g);

		if (status == BT_GRAPH_RUN_STATUS_OK)
			return 0;
		if (status != BT_GRAPH_RUN_STATUS_AGAIN)
			return -1;
		usleep(1000);
	}
}

/* A graph with a source per trace of `paths` in srcs (n_inputs: their ports), or NULL
 * (said). A trace read alone may have been opened already (kept): its metadata parsed. */
static bt_graph *graph_with_sources(const char *const *paths, size_t n,
				    const bt_component_source **srcs, struct unify_params *params)
{
	bt_graph *g = n == 1 ? take_kept(paths[0], &srcs[0]) : NULL;

	/* The write passes come after every collect pass: the traces kept and not read alone
	 * would only hold memory while they run. */
	if (params->mode == UNIFY_WRITE)
		pass_release_kept();
	if (!g)
		g = bt_graph_create(0);
	params->n_inputs = 0;
	for (size_t i = 0; g && i < n; i++) {
		if (!srcs[i])
			srcs[i] = pass_add_source(g, paths[i], i);
		if (!srcs[i]) {
			print_error("failed to open a trace that was readable before");
			bt_graph_put_ref(g);
			return NULL;
		}
		params->n_inputs += bt_component_source_get_output_port_count(srcs[i]);
	}
	return g;
}

int pass_run(const char *const *paths, size_t n, struct unify_params *params,
	     const char *out_path, bt_graph **keep)
{
	const bt_component_source **srcs = calloc(n + 1, sizeof(*srcs));
	bt_graph *g = srcs ? graph_with_sources(paths, n, srcs, params) : NULL;
	bt_component_class_filter *cls = unify_filter_class_create();
	const bt_component_filter *filter = NULL;
	const bt_port_input *sink_in;
	struct pass_sources sources = { srcs, paths, n };
	bool *copied_ports = NULL;
	int ret = -1;

	*keep = NULL;
	if (!g || !cls)
		goto cleanup;
	params->describe = describe_stream;
	params->describe_data = &sources;
	copied_ports = calloc(params->n_inputs + 1, sizeof(*copied_ports));
	if (!copied_ports)
		goto cleanup;
	params->copied_ports = params->copied_traces ? copied_ports : NULL;
	if (bt_graph_add_filter_component_with_initialize_method_data(g, cls, "unify", NULL,
		params, BT_LOGGING_LEVEL_NONE, &filter) != BT_GRAPH_ADD_COMPONENT_STATUS_OK ||
	    connect_sources(g, srcs, n, filter, params->copied_traces, copied_ports) != 0)
		goto error;
	sink_in = add_sink(g, params->mode, out_path);
	if (!sink_in || bt_graph_connect_ports(g,
		bt_component_filter_borrow_output_port_by_index_const(filter, 0), sink_in, NULL) !=
		BT_GRAPH_CONNECT_PORTS_STATUS_OK)
		goto error;
	if (pass_run_graph(g) != 0)
		goto error;
	*keep = g;
	g = NULL;
	ret = 0;
	goto cleanup;
error:
	print_error(params->mode == UNIFY_WRITE ? "failed to write the unified trace" :
						  "failed to read the GPU activity records");
	/* babeltrace2 2.0.4's sink.ctf.fs crashes while finalizing after a failed write (a
	 * full disk): the writing graph goes to the caller, which decides whether to free it. */
	if (params->mode == UNIFY_WRITE) {
		*keep = g;
		g = NULL;
	}
cleanup:
	params->describe = NULL; /* the sources are gone after this call */
	params->copied_ports = NULL;
	free(copied_ports);
	bt_component_class_filter_put_ref(cls);
	free(srcs);
	bt_graph_put_ref(g);
	return ret;
}
