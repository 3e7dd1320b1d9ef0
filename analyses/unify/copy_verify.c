#include "analyses/unify/copy_verify.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include <babeltrace2/babeltrace.h>

#include "analyses/common/bt_error_text.h"
#include "analyses/common/bt_sink.h"
#include "analyses/common/stream_file.h"
#include "analyses/unify/pass.h"

/* One drained stream: its source port's name, whether it failed. */
struct drained {
	const char *port_name;
	bool failed;
};

static bt_graph_simple_sink_component_consume_func_status drain(bt_message_iterator *it,
								 void *data)
{
	struct drained *d = data;
	bt_message_array_const msgs;
	uint64_t count;
	bt_graph_simple_sink_component_consume_func_status status;

	if (bt_sink_next(it, &msgs, &count, &status))
		for (uint64_t i = 0; i < count; i++)
			bt_message_put_ref(msgs[i]);
	if (status == BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_ERROR)
		d->failed = true;
	return status;
}

/* A drain sink per output port of `src`. 0 or -1. */
static int connect_drains(bt_graph *g, const bt_component_source *src, struct drained *d,
			  uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		const bt_port_output *out = bt_component_source_borrow_output_port_by_index_const(
			src, i);
		const bt_component_sink *sink = NULL;
		char name[32];

		d[i].port_name = bt_port_get_name(bt_port_output_as_port_const(out));
		snprintf(name, sizeof(name), "drain%" PRIu64, i);
		if (bt_graph_add_simple_sink_component(g, name, NULL, drain, NULL, &d[i], &sink) !=
			    BT_GRAPH_ADD_COMPONENT_STATUS_OK ||
		    bt_graph_connect_ports(g, out,
			    bt_component_sink_borrow_input_port_by_index_const(sink, 0), NULL) !=
			    BT_GRAPH_CONNECT_PORTS_STATUS_OK)
			return -1;
	}
	return 0;
}

/* Why the failed stream does not read: its file and babeltrace2's causes. */
static void say_failed(const char *dir, const struct drained *d, uint64_t n, char *why,
		       size_t size)
{
	char where[4400] = "", causes[1024];

	for (uint64_t i = 0; i < n && !where[0]; i++)
		if (d[i].failed)
			stream_file_describe(dir, d[i].port_name, where, sizeof(where));
	bt_error_text_take(causes, sizeof(causes));
	snprintf(why, size, "%s: its events do not all decode (%s)%s%s", dir,
		 where[0] ? where : "a stream", causes[0] ? ": " : "", causes);
}

int copy_verify_trace(const char *dir, char *why, size_t why_size)
{
	bt_graph *g = bt_graph_create(0);
	const bt_component_source *src = g ? pass_add_source(g, dir, 0) : NULL;
	struct drained *d = NULL;
	uint64_t n = 0;
	int ret = -1;

	snprintf(why, why_size, "%s: failed to set up the babeltrace2 graph that checks it", dir);
	if (!src)
		goto end;
	n = bt_component_source_get_output_port_count(src);
	d = calloc(n + 1, sizeof(*d));
	if (!d || connect_drains(g, src, d, n) != 0)
		goto end;
	if (pass_run_graph(g) == 0) {
		ret = 0;
		goto end;
	}
	say_failed(dir, d, n, why, why_size);
	ret = 1;
end:
	if (ret != 1)
		bt_current_thread_clear_error();
	bt_graph_put_ref(g);
	free(d);
	return ret;
}
