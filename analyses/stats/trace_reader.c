/* The babeltrace2 graph: source.ctf.fs per trace folder → muxer → our simple sink. */
#include "analyses/stats/trace_reader.h"
#include "analyses/common/bt_sink.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

struct sink_state {
	trace_event_fn fn;
	void *data;
	int progress;
	uint64_t events;
	struct trace_read_losses losses;
	int callback_failed;
	char *err;
	size_t err_size;
};

/* Is this cause one a component wrote (rather than the library's own bookkeeping)? */
static int from_component(const bt_error_cause *c)
{
	return bt_error_cause_get_actor_type(c) != BT_ERROR_CAUSE_ACTOR_TYPE_UNKNOWN;
}

/*
 * Flattens babeltrace2's current error into err, then clears it: the root cause (cause 0,
 * what was wrong) and the outermost cause a component wrote (what it was doing), which is
 * enough to act on; the library's own causes ("component initialization method failed:
 * comp-addr=...") are left out when a component spoke.
 */
static void take_bt_error(const char *what, char *err, size_t err_size)
{
	const bt_error *error = bt_current_thread_take_error();
	size_t len = (size_t)snprintf(err, err_size, "%s", what);
	const bt_error_cause *root = NULL, *outer = NULL;
	uint64_t n = error ? bt_error_get_cause_count(error) : 0;

	for (uint64_t i = 0; i < n; i++) {
		const bt_error_cause *c = bt_error_borrow_cause_by_index(error, i);

		if (!root && from_component(c))
			root = c;
		if (from_component(c))
			outer = c;
	}
	if (!root && n) /* only the library spoke */
		root = outer = bt_error_borrow_cause_by_index(error, 0);
	if (root && len < err_size)
		len += (size_t)snprintf(err + len, err_size - len, ": %s",
					bt_error_cause_get_message(root));
	if (outer && outer != root && len < err_size)
		snprintf(err + len, err_size - len, " (%s)", bt_error_cause_get_message(outer));
	if (error)
		bt_error_release(error);
	for (char *p = err; *p; p++)
		if (*p == '\n')
			*p = ' ';
}

static void count_losses(struct trace_read_losses *losses, const bt_message *msg)
{
	uint64_t n = 0;

	switch (bt_message_get_type(msg)) {
	case BT_MESSAGE_TYPE_DISCARDED_EVENTS:
		if (bt_message_discarded_events_get_count(msg, &n) ==
		    BT_PROPERTY_AVAILABILITY_AVAILABLE)
			losses->discarded_events += n;
		break;
	case BT_MESSAGE_TYPE_DISCARDED_PACKETS:
		if (bt_message_discarded_packets_get_count(msg, &n) ==
		    BT_PROPERTY_AVAILABILITY_AVAILABLE)
			losses->discarded_packets += n;
		break;
	default:
		break;
	}
}

static bt_graph_simple_sink_component_consume_func_status
consume(bt_message_iterator *it, void *user_data)
{
	struct sink_state *s = user_data;
	bt_message_array_const msgs;
	uint64_t count = 0;
	bt_graph_simple_sink_component_consume_func_status ret;

	if (!bt_sink_next(it, &msgs, &count, &ret))
		return ret;
	for (uint64_t i = 0; i < count; i++) {
		struct trace_event ev;

		count_losses(&s->losses, msgs[i]);
		/* Every message reference is put, the ones after a failure included. */
		if (ret == BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_OK &&
		    trace_event_from_message(&ev, msgs[i]) == 0) {
			if (s->fn(&ev, s->data, s->err, s->err_size)) {
				s->callback_failed = 1;
				ret = BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_ERROR;
			}
			s->events++;
			if (s->progress && (s->events & 0xfffff) == 0)
				fprintf(stderr, "\rread %" PRIu64 " events", s->events);
		}
		bt_message_put_ref(msgs[i]);
	}
	return ret;
}

static int find_classes(const bt_plugin **ctf, const bt_plugin **utils,
			const bt_component_class_source **fs,
			const bt_component_class_filter **muxer, char *err, size_t err_size)
{
	if (bt_plugin_find("ctf", BT_TRUE, BT_FALSE, BT_TRUE, BT_TRUE, BT_FALSE, ctf) !=
		    BT_PLUGIN_FIND_STATUS_OK ||
	    bt_plugin_find("utils", BT_TRUE, BT_FALSE, BT_TRUE, BT_TRUE, BT_FALSE, utils) !=
		    BT_PLUGIN_FIND_STATUS_OK) {
		take_bt_error("failed to find the babeltrace2 'ctf' and 'utils' plugins", err,
			      err_size);
		return -1;
	}
	*fs = bt_plugin_borrow_source_component_class_by_name_const(*ctf, "fs");
	*muxer = bt_plugin_borrow_filter_component_class_by_name_const(*utils, "muxer");
	if (!*fs || !*muxer) {
		snprintf(err, err_size, "babeltrace2 lacks source.ctf.fs or filter.utils.muxer");
		return -1;
	}
	return 0;
}

static int add_source(bt_graph *graph, const bt_component_class_source *fs, const char *dir,
		      size_t index, const bt_component_filter *muxer, char *err,
		      size_t err_size)
{
	bt_value *params = bt_value_map_create(), *inputs = NULL;
	const bt_component_source *src = NULL;
	char name[32], what[4200];
	int ret = -1;

	if (!params || bt_value_map_insert_empty_array_entry(params, "inputs", &inputs) ||
	    bt_value_array_append_string_element(inputs, dir)) {
		snprintf(err, err_size, "out of memory");
		goto cleanup;
	}
	snprintf(name, sizeof(name), "source-%zu", index);
	if (bt_graph_add_source_component(graph, fs, name, params, BT_LOGGING_LEVEL_NONE,
					  &src) != BT_GRAPH_ADD_COMPONENT_STATUS_OK) {
		snprintf(what, sizeof(what), "failed to read CTF trace: path=%s", dir);
		take_bt_error(what, err, err_size);
		goto cleanup;
	}
	for (uint64_t i = 0; i < bt_component_source_get_output_port_count(src); i++) {
		const bt_port_output *out =
			bt_component_source_borrow_output_port_by_index_const(src, i);
		/* The muxer always offers one free input port, and a new one per connection. */
		uint64_t n = bt_component_filter_get_input_port_count(muxer);
		const bt_port_input *in =
			bt_component_filter_borrow_input_port_by_index_const(muxer, n - 1);

		if (bt_graph_connect_ports(graph, out, in, NULL) !=
		    BT_GRAPH_CONNECT_PORTS_STATUS_OK) {
			snprintf(what, sizeof(what), "failed to connect trace: path=%s", dir);
			take_bt_error(what, err, err_size);
			goto cleanup;
		}
	}
	ret = 0;
cleanup:
	bt_value_put_ref(params);
	return ret;
}

int trace_read(const char *path, const struct trace_read_options *opts, trace_event_fn fn,
	       void *data, struct trace_read_losses *losses, char *err, size_t err_size)
{
	const bt_plugin *ctf = NULL, *utils = NULL;
	const bt_component_class_source *fs;
	const bt_component_class_filter *muxer_class;
	const bt_component_filter *muxer;
	const bt_component_sink *sink;
	bt_graph *graph = NULL;
	char **dirs = NULL;
	size_t ndirs = 0;
	struct sink_state state = { .fn = fn, .data = data, .err = err, .err_size = err_size };
	bt_graph_run_status run;
	int ret = -1;

	state.progress = opts && opts->progress;
	if (trace_find_dirs(path, &dirs, &ndirs, err, err_size))
		goto cleanup;
	if (find_classes(&ctf, &utils, &fs, &muxer_class, err, err_size))
		goto cleanup;
	graph = bt_graph_create(0);
	if (!graph) {
		snprintf(err, err_size, "failed to create a babeltrace2 graph");
		goto cleanup;
	}
	if (bt_graph_add_filter_component(graph, muxer_class, "muxer", NULL,
					  BT_LOGGING_LEVEL_NONE, &muxer) !=
	    BT_GRAPH_ADD_COMPONENT_STATUS_OK) {
		take_bt_error("failed to add the muxer", err, err_size);
		goto cleanup;
	}
	for (size_t i = 0; i < ndirs; i++)
		if (add_source(graph, fs, dirs[i], i, muxer, err, err_size))
			goto cleanup;
	if (bt_graph_add_simple_sink_component(graph, "hsatrace-sink", NULL, consume, NULL,
					       &state, &sink) !=
		    BT_GRAPH_ADD_COMPONENT_STATUS_OK ||
	    bt_graph_connect_ports(graph,
				   bt_component_filter_borrow_output_port_by_name_const(muxer, "out"),
				   bt_component_sink_borrow_input_port_by_name_const(sink, "in"),
				   NULL) != BT_GRAPH_CONNECT_PORTS_STATUS_OK) {
		take_bt_error("failed to set up the sink", err, err_size);
		goto cleanup;
	}
	do
		run = bt_graph_run(graph);
	while (run == BT_GRAPH_RUN_STATUS_AGAIN);
	if (state.progress && state.events >= 0x100000)
		fputc('\n', stderr);
	if (run != BT_GRAPH_RUN_STATUS_OK) {
		if (state.callback_failed)
			bt_current_thread_clear_error();
		else
			take_bt_error("failed to read the trace", err, err_size);
		goto cleanup;
	}
	if (losses)
		*losses = state.losses;
	ret = 0;
cleanup:
	bt_graph_put_ref(graph);
	bt_plugin_put_ref(ctf);
	bt_plugin_put_ref(utils);
	trace_dirs_free(dirs, ndirs);
	return ret;
}
