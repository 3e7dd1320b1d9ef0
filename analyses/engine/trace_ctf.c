/*
 * trace_ctf.c - CTF traces through libbabeltrace2: a graph src.ctf.fs -> flt.utils.muxer ->
 * a simple sink of ours that turns event messages into struct ev (fields converted on demand,
 * as Trace Compass's CtfTmfEventField does: integers -> Long, enums -> label, reals -> Double).
 * The trace's own files are checked first (analyses/common/trace_check.h); what the tracer
 * discarded is reported after the read.
 */
#include "analyses/engine/trace.h"
#include "analyses/common/bt_error_text.h"
#include "analyses/common/bt_probe.h"
#include "analyses/common/salvage.h"
#include "analyses/common/bt_sink.h"
#include "analyses/common/stream_file.h"
#include "analyses/common/trace_check.h"

#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <babeltrace2/babeltrace.h>

struct ctf_ctx {
	trace_event_fn fn;
	void *ctx;
	bt_message_iterator *it;
	const bt_clock_class *last_clock;
	char host[64];
	const char *trace_name;
	int64_t last_ts;
	uint64_t nevents;
	uint64_t discarded_events, discarded_packets;
};

static struct hv field_value(const bt_field *f, struct scratch *sc)
{
	switch (bt_field_get_class_type(f)) {
	case BT_FIELD_CLASS_TYPE_BOOL:
		return hv_long(bt_field_bool_get_value(f));
	case BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER:
		return hv_long((int64_t)bt_field_integer_unsigned_get_value(f));
	case BT_FIELD_CLASS_TYPE_SIGNED_INTEGER:
		return hv_long(bt_field_integer_signed_get_value(f));
	case BT_FIELD_CLASS_TYPE_UNSIGNED_ENUMERATION:
	case BT_FIELD_CLASS_TYPE_SIGNED_ENUMERATION: {
		bt_field_class_enumeration_mapping_label_array labels;
		uint64_t n = 0;
		int is_unsigned = bt_field_get_class_type(f) == BT_FIELD_CLASS_TYPE_UNSIGNED_ENUMERATION;

		if (is_unsigned)
			bt_field_enumeration_unsigned_get_mapping_labels(f, &labels, &n);
		else
			bt_field_enumeration_signed_get_mapping_labels(f, &labels, &n);
		if (n)
			return hv_str(labels[0]);
		return hv_str(is_unsigned ?
			      scratch_printf(sc, "%" PRIu64, bt_field_integer_unsigned_get_value(f)) :
			      scratch_printf(sc, "%" PRId64, bt_field_integer_signed_get_value(f)));
	}
	case BT_FIELD_CLASS_TYPE_SINGLE_PRECISION_REAL:
		return hv_double(bt_field_real_single_precision_get_value(f));
	case BT_FIELD_CLASS_TYPE_DOUBLE_PRECISION_REAL:
		return hv_double(bt_field_real_double_precision_get_value(f));
	case BT_FIELD_CLASS_TYPE_STRING:
		return hv_str(bt_field_string_get_value(f));
	case BT_FIELD_CLASS_TYPE_STATIC_ARRAY:
	case BT_FIELD_CLASS_TYPE_DYNAMIC_ARRAY_WITHOUT_LENGTH_FIELD:
	case BT_FIELD_CLASS_TYPE_DYNAMIC_ARRAY_WITH_LENGTH_FIELD: {
		uint64_t n = bt_field_array_get_length(f);
		char *s = scratch_strdup(sc, "[");

		for (uint64_t i = 0; i < n; i++) {
			struct hv v = field_value(bt_field_array_borrow_element_field_by_index_const(f, i), sc);
			char buf[64];

			s = scratch_printf(sc, "%s%s%s", s, i ? ", " : "",
					   v.type == HV_STRING ? v.u.s : hv_to_string(&v, buf, sizeof(buf)));
		}
		return hv_str(scratch_printf(sc, "%s]", s));
	}
	default:
		return hv_str("?");
	}
}

static const bt_field *member(const bt_field *st, const char *name);

/*
 * Trace Compass reads the metadata's names as written ("_vtid"); libbabeltrace2 removes one
 * leading underscore, as CTF 1.8 says ("vtid"). So "_x" also finds "x".
 */
static const bt_field *member_tc(const bt_field *st, const char *name)
{
	const bt_field *f = member(st, name);

	if (!f && name[0] == '_' && name[1])
		f = member(st, name + 1);
	return f;
}

/* name may be "a.b.c" into nested structures. */
static const bt_field *member(const bt_field *st, const char *name)
{
	const char *dot;
	char head[256];

	if (!st || bt_field_get_class_type(st) != BT_FIELD_CLASS_TYPE_STRUCTURE)
		return NULL;
	{
		const bt_field *f = bt_field_structure_borrow_member_field_by_name_const(st, name);

		if (f)
			return f;
	}
	dot = strchr(name, '.');
	if (!dot || (size_t)(dot - name) >= sizeof(head))
		return NULL;
	memcpy(head, name, dot - name);
	head[dot - name] = '\0';
	return member_tc(bt_field_structure_borrow_member_field_by_name_const(st, head), dot + 1);
}

/* ---------------------------------------------------------- field cache
 * Looking fields up by name costs several hash lookups (payload, then "context." in the specific
 * and common contexts, each with and without the leading underscore). The names asked for are the
 * compiled analyses' strings, stable for the whole run: (event class, name pointer) -> where the
 * field is (scope and member indices) is cached in a direct-mapped table.
 */
enum { SCOPE_ABSENT = -1, SCOPE_PAYLOAD, SCOPE_SPECIFIC, SCOPE_COMMON };

struct fcache_ent {
	const void *ec;
	const char *name;
	signed char scope;
	unsigned char depth;
	uint32_t idx[4];
};

#define FCACHE_SIZE 4096
static struct fcache_ent fcache[FCACHE_SIZE];

static const bt_field *scope_field(const bt_event *event, int scope)
{
	switch (scope) {
	case SCOPE_PAYLOAD:
		return bt_event_borrow_payload_field_const(event);
	case SCOPE_SPECIFIC:
		return bt_event_borrow_specific_context_field_const(event);
	case SCOPE_COMMON:
		return bt_event_borrow_common_context_field_const(event);
	}
	return NULL;
}

/* The index path from st to the field f (a descendant of st found by member_tc), or -1. */
static int index_path(const bt_field *st, const bt_field *f, uint32_t *idx, int depth)
{
	uint64_t n;

	if (st == f)
		return depth;
	if (depth == 4 || !st || bt_field_get_class_type(st) != BT_FIELD_CLASS_TYPE_STRUCTURE)
		return -1;
	n = bt_field_class_structure_get_member_count(bt_field_borrow_class_const(st));
	for (uint64_t i = 0; i < n; i++) {
		int d;

		idx[depth] = (uint32_t)i;
		d = index_path(bt_field_structure_borrow_member_field_by_index_const(st, i), f, idx,
			       depth + 1);
		if (d >= 0)
			return d;
	}
	return -1;
}

static const bt_field *find_field(const bt_event *event, const char *name, int *scope)
{
	const bt_field *f = member_tc(bt_event_borrow_payload_field_const(event), name);

	*scope = SCOPE_PAYLOAD;
	if (!f && !strncmp(name, "context.", 8)) {
		*scope = SCOPE_SPECIFIC;
		f = member_tc(bt_event_borrow_specific_context_field_const(event), name + 8);
		if (!f) {
			*scope = SCOPE_COMMON;
			f = member_tc(bt_event_borrow_common_context_field_const(event), name + 8);
		}
	}
	if (!f)
		*scope = SCOPE_ABSENT;
	return f;
}

static int ctf_get_field(const struct ev *e, const char *name, struct hv *out, struct scratch *sc)
{
	const bt_event *event = e->impl;
	const void *ec = bt_event_borrow_class_const(event);
	uintptr_t h = ((uintptr_t)ec >> 4) * 31 + ((uintptr_t)name >> 3);
	struct fcache_ent *ce = &fcache[(h ^ (h >> 12)) & (FCACHE_SIZE - 1)];
	const bt_field *f;
	int scope, d;

	if (ce->ec == ec && ce->name == name) {
		if (ce->scope == SCOPE_ABSENT)
			return 0;
		f = scope_field(event, ce->scope);
		for (int i = 0; i < ce->depth; i++)
			f = bt_field_structure_borrow_member_field_by_index_const(f, ce->idx[i]);
		*out = field_value(f, sc);
		return 1;
	}
	f = find_field(event, name, &scope);
	ce->ec = NULL;
	if (scope == SCOPE_ABSENT) {
		ce->scope = SCOPE_ABSENT;
	} else {
		d = index_path(scope_field(event, scope), f, ce->idx, 0);
		if (d < 0)
			goto uncached;
		ce->scope = (signed char)scope;
		ce->depth = (unsigned char)d;
	}
	ce->ec = ec;
	ce->name = name;
uncached:
	if (!f)
		return 0;
	*out = field_value(f, sc);
	return 1;
}

static int ctf_get_cpu(const struct ev *e, struct hv *out)
{
	const bt_event *event = e->impl;
	const bt_packet *p = bt_event_borrow_packet_const(event);
	const bt_field *f = p ? member(bt_packet_borrow_context_field_const(p), "cpu_id") : NULL;

	if (!f)
		f = member(bt_event_borrow_payload_field_const(event), "cpu_id");
	if (!f)
		return 0;
	if (bt_field_get_class_type(f) == BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER)
		*out = hv_int((int32_t)bt_field_integer_unsigned_get_value(f));
	else if (bt_field_get_class_type(f) == BT_FIELD_CLASS_TYPE_SIGNED_INTEGER)
		*out = hv_int((int32_t)bt_field_integer_signed_get_value(f));
	else
		return 0;
	return 1;
}

static const struct ev_ops ctf_ops = { ctf_get_field, ctf_get_cpu };

/* hostId: the clock's UUID when it has one, else the trace name. */
static const char *host_id(struct ctf_ctx *c, const bt_clock_class *cc)
{
	bt_uuid u;

	if (cc == c->last_clock)
		return c->host;
	c->last_clock = cc;
	u = cc ? bt_clock_class_get_uuid(cc) : NULL;
	if (u)
		snprintf(c->host, sizeof(c->host),
			 "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
			 u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11],
			 u[12], u[13], u[14], u[15]);
	else
		snprintf(c->host, sizeof(c->host), "%s", c->trace_name);
	return c->host;
}

static void on_event(struct ctf_ctx *c, const bt_message *msg)
{
	const bt_event *event = bt_message_event_borrow_event_const(msg);
	const bt_event_class *ec = bt_event_borrow_class_const(event);
	const bt_clock_class *cc = bt_message_event_borrow_stream_class_default_clock_class_const(msg);
	struct ev e = { 0 };
	int64_t ns = 0;

	if (cc)
		bt_clock_snapshot_get_ns_from_origin(
			bt_message_event_borrow_default_clock_snapshot_const(msg), &ns);
	e.cls = ec;
	e.name = bt_event_class_get_name(ec);
	if (!e.name)
		e.name = "";
	e.ts = ns;
	e.host_id = host_id(c, cc);
	e.ops = &ctf_ops;
	e.impl = event;
	c->last_ts = ns;
	c->nevents++;
	c->fn(c->ctx, &e);
}

static void count_discarded(struct ctf_ctx *c, const bt_message *msg)
{
	uint64_t n = 0;

	if (bt_message_get_type(msg) == BT_MESSAGE_TYPE_DISCARDED_EVENTS &&
	    bt_message_discarded_events_get_count(msg, &n) == BT_PROPERTY_AVAILABILITY_AVAILABLE)
		c->discarded_events += n;
	else if (bt_message_get_type(msg) == BT_MESSAGE_TYPE_DISCARDED_PACKETS &&
		 bt_message_discarded_packets_get_count(msg, &n) ==
			 BT_PROPERTY_AVAILABILITY_AVAILABLE)
		c->discarded_packets += n;
}

/* The wording of `hsatrace stats` and `hsatrace unify`. */
static void warn_discarded(const struct ctf_ctx *c)
{
	if (c->discarded_events || c->discarded_packets)
		fprintf(stderr, "hsatrace analyze: warning: the tracer discarded %" PRIu64 " events "
			"and %" PRIu64 " packets (its buffers were full): the results are "
			"incomplete; record with --blocking or larger buffers\n",
			c->discarded_events, c->discarded_packets);
}

static bt_graph_simple_sink_component_initialize_func_status sink_init(bt_message_iterator *it,
								      void *data)
{
	((struct ctf_ctx *)data)->it = it;
	return BT_GRAPH_SIMPLE_SINK_COMPONENT_INITIALIZE_FUNC_STATUS_OK;
}

static bt_graph_simple_sink_component_consume_func_status sink_consume(bt_message_iterator *it,
								      void *data)
{
	struct ctf_ctx *c = data;
	bt_message_array_const msgs;
	uint64_t count;
	bt_graph_simple_sink_component_consume_func_status status;

	if (!bt_sink_next(it, &msgs, &count, &status))
		return status;
	for (uint64_t i = 0; i < count; i++) {
		if (bt_message_get_type(msgs[i]) == BT_MESSAGE_TYPE_EVENT)
			on_event(c, msgs[i]);
		else
			count_discarded(c, msgs[i]);
		bt_message_put_ref(msgs[i]);
	}
	return BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_OK;
}

/*
 * The current thread's error into err: "failed to WHAT: path=P [file=F] reason=ROOT-CAUSE",
 * then `note` (may be ""), then a line per further cause. F: the stream file that failed,
 * when a stream's message iterator said so.
 */
static void take_error(char *err, size_t errsz, const char *what, const char *path,
		       const char *note)
{
	char causes[2048], port[512], stream[4400] = "";
	char *more;

	bt_error_text_take_port(causes, sizeof(causes), port, sizeof(port));
	if (port[0]) {
		stream[0] = ' ';
		stream_file_describe(path, port, stream + 1, sizeof(stream) - 1);
	}
	more = strchr(causes, '\n');
	if (more)
		*more++ = '\0';
	snprintf(err, errsz, "failed to %s: path=%s%s%s%s%s%s%s", what, path, stream,
		 causes[0] ? " reason=" : "", causes, note, more ? "\n" : "", more ? more : "");
}

static const void *find_class(const char *plugin_name, const char *cls, int source,
			      const bt_plugin **plugin)
{
	if (bt_plugin_find(plugin_name, BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE, BT_FALSE, plugin) !=
	    BT_PLUGIN_FIND_STATUS_OK)
		return NULL;
	return source ? (const void *)bt_plugin_borrow_source_component_class_by_name_const(*plugin, cls)
		      : (const void *)bt_plugin_borrow_filter_component_class_by_name_const(*plugin, cls);
}

static int append_input(void *data, const char *dir)
{
	return bt_value_array_append_string_element(data, dir) == 0 ? 0 : -1;
}

/*
 * A trace source.ctf.fs refuses whole (a stream file cut inside a packet) is read from its
 * readable parts, as unify and stats read it: each stream file alone, cut at its last
 * complete packet when needed, in temporary folders sharing the metadata (so one trace
 * again). *params gets those folders as inputs. Returns the parts found (0: none, params
 * unchanged), -1 on error.
 */
static int salvage_inputs(struct salvage *sv, const char *path, bt_value **params)
{
	bt_value *fresh, *inputs = NULL;
	int n;

	/* first: the library refuses calls while the thread has an error */
	bt_probe_warn_refused("hsatrace analyze", path);
	fresh = bt_value_map_create();
	if (!fresh || bt_value_map_insert_empty_array_entry(fresh, "inputs", &inputs)) {
		bt_value_put_ref(fresh);
		return -1;
	}
	n = salvage_trace(sv, path, bt_probe_trace_opens_quietly, append_input, inputs);
	if (n <= 0) {
		bt_value_put_ref(fresh);
		return n;
	}
	bt_value_put_ref(*params);
	*params = fresh;
	return n;
}

/*
 * The trace's source; when source.ctf.fs refuses the trace whole, the source of its readable
 * parts, in a fresh graph (the refusal is only then probed for: one opening on the common
 * path). 0, or -1 with the thread's error set.
 */
static int add_source_or_salvage(bt_graph **graph, const bt_component_class_source *cls,
				 bt_value **params, struct salvage *sv, const char *path,
				 const bt_component_source **src, size_t *damage)
{
	int n;

	if (bt_graph_add_source_component(*graph, cls, "source", *params, BT_LOGGING_LEVEL_NONE,
					  src) == BT_GRAPH_ADD_COMPONENT_STATUS_OK)
		return 0;
	n = salvage_inputs(sv, path, params);
	if (n < 0)
		return -1;
	if (n > 0)
		(*damage)++;
	/* Nothing salvaged: the same refusal again, which says why (the warning took it). */
	BT_GRAPH_PUT_REF_AND_RESET(*graph);
	*graph = bt_graph_create(0);
	return *graph && bt_graph_add_source_component(*graph, cls, "source", *params,
						       BT_LOGGING_LEVEL_NONE, src) ==
				 BT_GRAPH_ADD_COMPONENT_STATUS_OK ? 0 : -1;
}

int trace_read_ctf(const char *path, trace_event_fn fn, void *ctx, char *err, size_t errsz)
{
	const bt_plugin *ctf = NULL, *utils = NULL;
	const bt_component_class_source *src_cls;
	const bt_component_class_filter *mux_cls;
	const bt_component_source *src;
	const bt_component_filter *mux;
	const bt_component_sink *sink;
	bt_graph *graph = bt_graph_create(0);
	bt_value *params = bt_value_map_create(), *inputs = NULL;
	char *copy = strdup(path);
	struct ctf_ctx c = { 0 };
	struct trace_check_counts counts = { 0 };
	struct salvage salvage;
	size_t damage;
	bt_graph_run_status st;
	int ret = -1;

	memset(fcache, 0, sizeof(fcache));
	salvage_init(&salvage, "hsatrace analyze");
	damage = trace_check_tree(path, "hsatrace analyze", &counts);
	c.fn = fn;
	c.ctx = ctx;
	c.trace_name = copy ? basename(copy) : path;
	if (!graph || !params || !copy) {
		snprintf(err, errsz, "failed to create the trace graph: path=%s", path);
		goto cleanup;
	}
	if (counts.damaged_metadata) {
		snprintf(err, errsz, "the trace's metadata is cut or damaged (%zu traces), it cannot "
			 "be read: path=%s", counts.damaged_metadata, path);
		goto cleanup;
	}
	src_cls = find_class("ctf", "fs", 1, &ctf);
	mux_cls = find_class("utils", "muxer", 0, &utils);
	if (!src_cls || !mux_cls) {
		snprintf(err, errsz, "failed to find the babeltrace2 plugins ctf and utils");
		goto cleanup;
	}
	if (bt_value_map_insert_empty_array_entry(params, "inputs", &inputs) ||
	    bt_value_array_append_string_element(inputs, path)) {
		snprintf(err, errsz, "failed to build the source parameters: path=%s", path);
		goto cleanup;
	}
	if (add_source_or_salvage(&graph, src_cls, &params, &salvage, path, &src, &damage)) {
		take_error(err, errsz, "open the CTF trace", path, "");
		goto cleanup;
	}
	if (bt_graph_add_filter_component(graph, mux_cls, "muxer", NULL, BT_LOGGING_LEVEL_NONE, &mux) ||
	    bt_graph_add_simple_sink_component(graph, "engine", sink_init, sink_consume, NULL, &c,
					       &sink)) {
		take_error(err, errsz, "build the trace graph", path, "");
		goto cleanup;
	}
	for (uint64_t i = 0; i < bt_component_source_get_output_port_count(src); i++) {
		if (bt_graph_connect_ports(graph,
				bt_component_source_borrow_output_port_by_index_const(src, i),
				bt_component_filter_borrow_input_port_by_index_const(mux, i), NULL)) {
			take_error(err, errsz, "connect the trace streams", path, "");
			goto cleanup;
		}
	}
	if (bt_graph_connect_ports(graph, bt_component_filter_borrow_output_port_by_index_const(mux, 0),
				   bt_component_sink_borrow_input_port_by_index_const(sink, 0), NULL)) {
		take_error(err, errsz, "connect the sink", path, "");
		goto cleanup;
	}
	do
		st = bt_graph_run(graph);
	while (st == BT_GRAPH_RUN_STATUS_AGAIN);
	warn_discarded(&c);
	if (st != BT_GRAPH_RUN_STATUS_OK) {
		char note[128];

		snprintf(note, sizeof(note), " (stopped after %" PRIu64 " events, last timestamp %"
			 PRId64 ")", c.nevents, c.last_ts);
		take_error(err, errsz, "read the CTF trace", path, note);
		goto cleanup;
	}
	if (damage) {
		snprintf(err, errsz, "the trace is incomplete (%zu stream files cut short, %zu "
			 "folders without metadata, %zu cut inside a packet, %zu unreadable): path=%s",
			 counts.short_streams, counts.folders_without_metadata, salvage.streams_cut,
			 salvage.streams_lost, path);
		goto cleanup;
	}
	ret = 0;
cleanup:
	bt_value_put_ref(params);
	bt_graph_put_ref(graph);
	bt_plugin_put_ref(ctf);
	bt_plugin_put_ref(utils);
	salvage_release(&salvage);	/* after the graph: its source read the salvaged files */
	bt_probe_release();
	free(copy);
	return ret;
}
