/* The babeltrace2 graph: source.ctf.fs per trace folder → our merging sink. */
#include "analyses/common/trace_read.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/common/bt_error_text.h"
#include "analyses/common/bt_probe.h"
#include "analyses/common/stream_file.h"
#include "analyses/common/trace_merge.h"
#include "analyses/common/trace_salvage.h"

struct read_state {
	trace_event_fn fn;
	void *data;
	int progress;
	uint64_t events;
	struct trace_read_losses losses;
	char *err;
	size_t err_size;
	char **dirs;			/* the trace folders, */
	const bt_component_source **srcs; /* and the source reading each */
	size_t ndirs;
	int source_refused;		/* build_graph failed: source.ctf.fs refused a folder */
};

static void describe_stream(const bt_port_output *upstream, char *buf, size_t size, void *data)
{
	const struct read_state *s = data;

	stream_file_describe_port(upstream, s->srcs, (const char *const *)s->dirs, s->ndirs, buf,
				  size);
}

/* err = what, then babeltrace2's causes (and clears its error); the causes also in
 * `causes` when not NULL. */
static void take_bt_error_into(const char *what, char *err, size_t err_size, char *causes,
			       size_t causes_size)
{
	size_t len = (size_t)snprintf(err, err_size, "%s", what);
	char own[2048];

	if (!causes) {
		causes = own;
		causes_size = sizeof(own);
	}
	if (bt_error_text_take(causes, causes_size) && len < err_size)
		snprintf(err + len, err_size - len, ": %s", causes);
}

static void take_bt_error(const char *what, char *err, size_t err_size)
{
	take_bt_error_into(what, err, err_size, NULL, 0);
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

static int on_message(const bt_message *msg, const struct trace_event *ev, void *data)
{
	struct read_state *s = data;

	count_losses(&s->losses, msg);
	if (!ev)
		return 0;
	if (s->fn(ev, s->data, s->err, s->err_size))
		return -1;
	s->events++;
	s->losses.failure.events = s->events;
	s->losses.failure.last_origin_ns = ev->origin_ns;
	if (s->progress && (s->events & 0xfffff) == 0)
		fprintf(stderr, "\rread %" PRIu64 " events", s->events);
	return 0;
}

static int find_fs_class(const bt_plugin **ctf, const bt_component_class_source **fs,
			 char *err, size_t err_size)
{
	if (bt_plugin_find("ctf", BT_TRUE, BT_FALSE, BT_TRUE, BT_TRUE, BT_FALSE, ctf) !=
	    BT_PLUGIN_FIND_STATUS_OK) {
		take_bt_error("failed to find the babeltrace2 'ctf' plugin", err, err_size);
		return -1;
	}
	*fs = bt_plugin_borrow_source_component_class_by_name_const(*ctf, "fs");
	if (!*fs) {
		snprintf(err, err_size, "babeltrace2 lacks source.ctf.fs");
		return -1;
	}
	return 0;
}

static int add_source(bt_graph *graph, const bt_component_class_source *fs, const char *dir,
		      size_t index, const bt_component_source **src, char *err,
		      size_t err_size, struct trace_read_failure *failure)
{
	bt_value *params = bt_value_map_create(), *inputs = NULL;
	char name[32], what[4200];
	int ret = -1;

	if (!params || bt_value_map_insert_empty_array_entry(params, "inputs", &inputs) ||
	    bt_value_array_append_string_element(inputs, dir)) {
		snprintf(err, err_size, "out of memory");
		goto cleanup;
	}
	snprintf(name, sizeof(name), "source-%zu", index);
	if (bt_graph_add_source_component(graph, fs, name, params, BT_LOGGING_LEVEL_NONE,
					  src) != BT_GRAPH_ADD_COMPONENT_STATUS_OK) {
		snprintf(what, sizeof(what), "failed to read CTF trace: path=%s", dir);
		take_bt_error_into(what, err, err_size, failure->causes, sizeof(failure->causes));
		goto cleanup;
	}
	ret = 0;
cleanup:
	bt_value_put_ref(params);
	return ret;
}

/* Every output port of the sources, in order, to the merging sink's input ports. */
static int connect_sources(bt_graph *graph, const bt_component_source **srcs, size_t n,
			   const bt_component_sink *sink, char *err, size_t err_size)
{
	uint64_t next = 0;

	for (size_t i = 0; i < n; i++)
		for (uint64_t p = 0; p < bt_component_source_get_output_port_count(srcs[i]); p++)
			if (bt_graph_connect_ports(graph,
				    bt_component_source_borrow_output_port_by_index_const(srcs[i], p),
				    bt_component_sink_borrow_input_port_by_index_const(sink, next++),
				    NULL) != BT_GRAPH_CONNECT_PORTS_STATUS_OK) {
				take_bt_error("failed to connect the trace's streams", err,
					      err_size);
				return -1;
			}
	return 0;
}

static int add_sink(bt_graph *graph, struct trace_merge_params *merge,
		    const bt_component_sink **sink, char *err, size_t err_size)
{
	bt_component_class_sink *cls = trace_merge_class_create();
	int ret = 0;

	if (!cls || bt_graph_add_sink_component_with_initialize_method_data(graph, cls,
			"hsatrace-merge", NULL, merge, BT_LOGGING_LEVEL_NONE, sink) !=
			BT_GRAPH_ADD_COMPONENT_STATUS_OK) {
		take_bt_error("failed to set up the sink", err, err_size);
		ret = -1;
	}
	bt_component_class_sink_put_ref(cls);
	return ret;
}

/* Sources (into s->srcs, allocated here) and the merging sink, connected. */
static int build_graph(bt_graph *graph, const bt_component_class_source *fs,
		       struct read_state *s, struct trace_merge_params *merge)
{
	const bt_component_sink *sink;

	s->srcs = calloc(s->ndirs + 1, sizeof(*s->srcs));
	if (!s->srcs) {
		snprintf(s->err, s->err_size, "out of memory");
		return -1;
	}
	merge->n_inputs = 0;
	for (size_t i = 0; i < s->ndirs; i++) {
		if (add_source(graph, fs, s->dirs[i], i, &s->srcs[i], s->err, s->err_size,
			       &s->losses.failure)) {
			s->source_refused = 1;
			s->losses.failure.opening = 1;
			return -1;
		}
		merge->n_inputs += bt_component_source_get_output_port_count(s->srcs[i]);
	}
	return add_sink(graph, merge, &sink, s->err, s->err_size) ||
	       connect_sources(graph, s->srcs, s->ndirs, sink, s->err, s->err_size) ? -1 : 0;
}

static int run_graph(bt_graph *graph, struct read_state *state,
		     struct trace_merge_params *merge)
{
	bt_graph_run_status run;

	do
		run = bt_graph_run(graph);
	while (run == BT_GRAPH_RUN_STATUS_AGAIN);
	if (state->progress && state->events >= 0x100000)
		fputc('\n', stderr);
	if (run == BT_GRAPH_RUN_STATUS_OK)
		return 0;
	if (merge->callback_failed || state->err[0])
		bt_current_thread_clear_error(); /* the callback or the merge said why */
	else
		take_bt_error_into("failed to read the trace", state->err, state->err_size,
				   merge->causes, sizeof(merge->causes));
	snprintf(state->losses.failure.stream, sizeof(state->losses.failure.stream), "%s",
		 merge->stream);
	snprintf(state->losses.failure.causes, sizeof(state->losses.failure.causes), "%s",
		 merge->causes);
	return -1;
}

/*
 * The graph of every trace folder; when source.ctf.fs refuses one whole, it is built again
 * from the folders' readable parts (trace_salvage.h): only then is each folder probed.
 */
static int open_graph(bt_graph **graph, const bt_component_class_source *fs,
		      struct read_state *s, struct trace_merge_params *merge, struct salvage *sv)
{
	for (int attempt = 0; attempt < 2; attempt++) {
		s->source_refused = 0;
		*graph = bt_graph_create(0);
		if (!*graph) {
			snprintf(s->err, s->err_size, "failed to create a babeltrace2 graph");
			return -1;
		}
		if (build_graph(*graph, fs, s, merge) == 0)
			return 0;
		if (attempt || !s->source_refused)
			return -1;
		BT_GRAPH_PUT_REF_AND_RESET(*graph);
		free(s->srcs);
		s->srcs = NULL;
		s->err[0] = '\0';	/* the probes below say again what was refused, and why */
		if (trace_salvage_dirs(sv, &s->dirs, &s->ndirs, s->err, s->err_size) != 0)
			return -1;
		s->losses.streams_cut = sv->streams_cut;
		s->losses.streams_lost = sv->streams_lost;
		s->losses.bytes_dropped = sv->bytes_dropped;
	}
	return -1;
}

int trace_read_is_damaged(const struct trace_read_losses *losses)
{
	return losses->damage.short_streams || losses->damage.folders_without_metadata ||
	       losses->damage.damaged_metadata ||
	       losses->streams_cut || losses->streams_lost;
}

int trace_read(const char *path, const struct trace_read_options *opts, trace_event_fn fn,
	       void *data, struct trace_read_losses *losses, char *err, size_t err_size)
{
	const char *prog = opts && opts->prog ? opts->prog : "hsatrace";
	const bt_plugin *ctf = NULL;
	const bt_component_class_source *fs;
	bt_graph *graph = NULL;
	struct read_state state = { .fn = fn, .data = data, .err = err, .err_size = err_size };
	struct salvage salvage;
	struct trace_merge_params merge;
	int ret = -1;

	merge = (struct trace_merge_params){ .fn = on_message, .data = &state,
					     .describe = describe_stream, .err = err,
					     .err_size = err_size };
	state.progress = opts && opts->progress;
	err[0] = '\0';
	trace_event_cache_reset();
	trace_check_tree(path, prog, &state.losses.damage);
	salvage_init(&salvage, prog);
	if (trace_find_dirs(path, &state.dirs, &state.ndirs, err, err_size) ||
	    find_fs_class(&ctf, &fs, err, err_size) ||
	    trace_salvage_drop_damaged_metadata(&state.dirs, &state.ndirs, err, err_size))
		goto cleanup;
	if (!state.ndirs) {
		snprintf(err, err_size, "no readable trace: path=%s", path);
		goto cleanup;
	}
	if (open_graph(&graph, fs, &state, &merge, &salvage) || run_graph(graph, &state, &merge))
		goto cleanup;
	ret = 0;
cleanup:
	state.losses.clamped = merge.clamped;
	if (merge.clamped)
		fprintf(stderr, "%s: warning: %" PRIu64 " out-of-order timestamps moved forward to "
			"keep streams monotonic\n", prog, merge.clamped);
	if (losses)
		*losses = state.losses;
	bt_graph_put_ref(graph);
	trace_event_cache_reset();	/* its event classes are gone with the graph */
	bt_plugin_put_ref(ctf);
	free(state.srcs);
	trace_dirs_free(state.dirs, state.ndirs);
	salvage_release(&salvage);	/* after the graph: its sources read the salvaged files */
	bt_probe_release();
	return ret;
}
