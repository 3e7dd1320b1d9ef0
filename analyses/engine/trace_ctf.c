/*
 * trace_ctf.c - CTF traces through the analyses' reading layer (analyses/common/trace_read.h:
 * events in time order across streams, as Trace Compass's CTFTraceReader reads them, packets
 * that overlap in time included), each event turned into a struct ev (fields converted on
 * demand, as Trace Compass's CtfTmfEventField does: integers -> Long, enums -> label, reals ->
 * Double). What the tracer discarded is reported after the read.
 */
#include "analyses/engine/trace.h"
#include "analyses/common/field_cache.h"
#include "analyses/common/trace_read.h"

#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <babeltrace2/babeltrace.h>

struct ctf_ctx {
	ev_trace_fn fn;
	void *ctx;
	const bt_clock_class *last_clock;
	char host[64];
	const char *trace_name;
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

/* Fields by name are found once per event class (the compiled analyses' names are stable
 * strings) and then by index: analyses/common/field_cache.h. */
static struct field_cache fcache;

/* Trace Compass's names: a payload field, or "context.x" in the specific then the common
 * context; "_x" also finds "x". */
static const bt_field *find_field(const bt_event *event, const char *name,
				  enum field_scope *scope)
{
	const bt_field *f = member_tc(bt_event_borrow_payload_field_const(event), name);

	*scope = FIELD_SCOPE_PAYLOAD;
	if (!f && !strncmp(name, "context.", 8)) {
		*scope = FIELD_SCOPE_SPECIFIC_CONTEXT;
		f = member_tc(bt_event_borrow_specific_context_field_const(event), name + 8);
		if (!f) {
			*scope = FIELD_SCOPE_COMMON_CONTEXT;
			f = member_tc(bt_event_borrow_common_context_field_const(event), name + 8);
		}
	}
	if (!f)
		*scope = FIELD_SCOPE_ABSENT;
	return f;
}

static int ctf_get_field(const struct ev *e, const char *name, struct hv *out, struct scratch *sc)
{
	const bt_field *f = field_cache_find(&fcache, e->impl, name, find_field);

	if (!f)
		return 0;
	*out = field_value(f, sc);
	return 1;
}

/* Where the packet context's cpu_id is, by stream class (the last one asked: a kernel trace
 * has one): its index, or none. Emptied with fcache for each trace read. */
static struct { const bt_stream_class *sc; int has; uint64_t index; } cpu_memo;

/* The packet context's cpu_id of `event`'s packet, or NULL. */
static const bt_field *packet_cpu_id(const bt_event *event)
{
	const bt_packet *p = bt_event_borrow_packet_const(event);
	const bt_field *ctx = p ? bt_packet_borrow_context_field_const(p) : NULL;
	const bt_stream_class *sc;

	if (!ctx || bt_field_get_class_type(ctx) != BT_FIELD_CLASS_TYPE_STRUCTURE)
		return NULL;
	sc = bt_stream_borrow_class_const(bt_event_borrow_stream_const(event));
	if (sc != cpu_memo.sc) {
		const bt_field_class *fc = bt_field_borrow_class_const(ctx);
		uint64_t n = bt_field_class_structure_get_member_count(fc);

		cpu_memo.sc = sc;
		cpu_memo.has = 0;
		for (uint64_t i = 0; i < n && !cpu_memo.has; i++) {
			const bt_field_class_structure_member *m =
				bt_field_class_structure_borrow_member_by_index_const(fc, i);

			if (!strcmp(bt_field_class_structure_member_get_name(m), "cpu_id")) {
				cpu_memo.has = 1;
				cpu_memo.index = i;
			}
		}
	}
	return cpu_memo.has ?
	       bt_field_structure_borrow_member_field_by_index_const(ctx, cpu_memo.index) : NULL;
}

static int ctf_get_cpu(const struct ev *e, struct hv *out)
{
	const bt_event *event = e->impl;
	const bt_field *f = packet_cpu_id(event);

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

static int on_event(const struct trace_event *te, void *data, char *err, size_t err_size)
{
	struct ctf_ctx *c = data;
	struct ev e = { 0 };

	(void)err;
	(void)err_size;
	e.cls = bt_event_borrow_class_const(te->event);
	e.name = te->name;
	e.ts = te->has_ts ? te->origin_ns : 0;
	e.host_id = host_id(c, te->clock);
	e.ops = &ctf_ops;
	e.impl = te->event;
	c->fn(c->ctx, &e);
	return 0;
}

/* The wording of `hsatrace stats` and `hsatrace unify`. */
static void warn_discarded(const struct trace_read_losses *l)
{
	if (l->discarded_events || l->discarded_packets)
		fprintf(stderr, "hsatrace analyze: warning: the tracer discarded %" PRIu64 " events "
			"and %" PRIu64 " packets (its buffers were full): the results are "
			"incomplete; record with --blocking or larger buffers\n",
			l->discarded_events, l->discarded_packets);
}

/*
 * analyze's wording of a failure: "failed to WHAT the CTF trace: path=P [file=F]
 * reason=ROOT-CAUSE", then `note` (may be ""), then a line per further cause.
 */
static void failure_text(char *err, size_t errsz, const char *path,
			 const struct trace_read_failure *f, const char *fallback)
{
	char causes[4096], note[128] = "";
	char *more;

	snprintf(causes, sizeof(causes), "%s", f->causes[0] ? f->causes : fallback);
	more = strchr(causes, '\n');
	if (more) {
		*more++ = '\0';
		while (*more == ' ')
			more++;
		if (!strncmp(more, "cause: ", 7))
			more += 7;
	}
	if (!f->opening)
		snprintf(note, sizeof(note), " (stopped after %" PRIu64 " events, last timestamp %"
			 PRId64 ")", f->events, f->last_origin_ns);
	snprintf(err, errsz, "failed to %s the CTF trace: path=%s%s%s%s%s%s%s%s",
		 f->opening ? "open" : "read", path, f->stream[0] ? " " : "", f->stream,
		 causes[0] ? " reason=" : "", causes, note, more ? "\n  cause: " : "",
		 more ? more : "");
}

int ev_read_ctf(const char *path, ev_trace_fn fn, void *ctx, char *err, size_t errsz)
{
	const struct trace_read_options opts = { .progress = 0, .prog = "hsatrace analyze" };
	struct trace_read_losses losses = { 0 };
	char *copy = strdup(path), why[4096];
	struct ctf_ctx c = { 0 };
	int failed;

	field_cache_reset(&fcache);
	cpu_memo.sc = NULL;
	c.fn = fn;
	c.ctx = ctx;
	c.trace_name = copy ? basename(copy) : path;
	failed = trace_read(path, &opts, on_event, &c, &losses, why, sizeof(why));
	warn_discarded(&losses);
	if (losses.damage.damaged_metadata)
		snprintf(err, errsz, "the trace's metadata is cut or damaged (%zu traces), it cannot "
			 "be read: path=%s", losses.damage.damaged_metadata, path);
	else if (failed && (losses.failure.causes[0] || losses.failure.stream[0]))
		failure_text(err, errsz, path, &losses.failure, why);
	else if (failed)
		snprintf(err, errsz, "%s", why);
	else if (trace_read_is_damaged(&losses))
		snprintf(err, errsz, "the trace is incomplete (%zu stream files cut short, %zu "
			 "folders without metadata, %zu cut inside a packet, %zu unreadable): path=%s",
			 losses.damage.short_streams, losses.damage.folders_without_metadata,
			 losses.streams_cut, losses.streams_lost, path);
	free(copy);
	return failed || losses.damage.damaged_metadata || trace_read_is_damaged(&losses) ? -1 : 0;
}
