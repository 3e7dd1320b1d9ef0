/*
 * gpu_synth - the hsa_gpu:* events unify adds: kernel_begin/_end and copy_begin/_end at the
 * GPU times of each kernel_exec/copy_exec record of the base run (payload copied from the
 * record), kernel_counter for each counter attached to a dispatch (its payload built from the
 * schema's definition of the event and filled by field name); on streams of their own
 * (one per process and queue for kernels, one per process for copies), planned as one sorted
 * list that the filter merges with its inputs.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/common/demangle.h"
#include "analyses/unify/ir_copy.h"
#include "analyses/unify/unify_filter_internal.h"
#include "schema/hsatrace_schema.h"

static const char *const synth_names[] = {
	"hsa_gpu:kernel_begin", "hsa_gpu:kernel_end", "hsa_gpu:copy_begin", "hsa_gpu:copy_end",
	"hsa_gpu:kernel_counter",
};


/* The CTF field class of a schema field type (base 16 for handles, as the tracer writes them). */
static bt_field_class *schema_field_fc(bt_trace_class *tc, enum hsat_field_type type)
{
	bt_field_class *fc;

	switch (type) {
	case HSAT_FT_STRING:
		return bt_field_class_string_create(tc);
	case HSAT_FT_S64:
	case HSAT_FT_S32:
		fc = bt_field_class_integer_signed_create(tc);
		if (fc)
			bt_field_class_integer_set_field_value_range(fc, type == HSAT_FT_S32 ? 32 : 64);
		return fc;
	default:
		fc = bt_field_class_integer_unsigned_create(tc);
		if (fc && type == HSAT_FT_U64_HEX)
			bt_field_class_integer_set_preferred_display_base(fc,
				BT_FIELD_CLASS_INTEGER_PREFERRED_DISPLAY_BASE_HEXADECIMAL);
		return fc;
	}
}

/* The payload of a synthesized event that has no record to copy: its schema fields, in order. */
static bt_field_class *schema_payload_fc(bt_trace_class *tc, const struct hsat_event *sev)
{
	bt_field_class *s = sev ? bt_field_class_structure_create(tc) : NULL;
	bt_field_class *fc = NULL;

	for (size_t i = 0; s && i < sev->n_fields; i++) {
		fc = schema_field_fc(tc, sev->fields[i].type);
		if (!fc || bt_field_class_structure_append_member(s, sev->fields[i].name, fc) != 0)
			goto error;
		bt_field_class_put_ref(fc);	/* the structure keeps it */
		fc = NULL;
	}
	return s;
error:
	bt_field_class_put_ref(fc);
	bt_field_class_put_ref(s);
	return NULL;
}

static int create_gpu_classes(struct unify_iter *it)
{
	struct out_trace *ot = &it->f->ot;
	bt_field_class *payload;
	int status;

	it->gpu_sc = bt_stream_class_create(ot->tc);
	if (!it->gpu_sc)
		return -1;
	bt_stream_class_put_ref(it->gpu_sc); /* the trace class keeps it */
	if (bt_stream_class_set_name(it->gpu_sc, "hsa_gpu") != 0 ||
	    bt_stream_class_set_default_clock_class(it->gpu_sc, ot->cc) != 0)
		return -1;
	bt_stream_class_set_supports_packets(it->gpu_sc, BT_TRUE, BT_TRUE, BT_TRUE);
	it->counter_ec = bt_event_class_create(it->gpu_sc);
	if (!it->counter_ec)
		return -1;
	bt_event_class_put_ref(it->counter_ec);
	payload = schema_payload_fc(ot->tc, hsat_schema_find_event(synth_names[SYN_COUNTER]));
	if (!payload)
		return -1;
	status = bt_event_class_set_payload_field_class(it->counter_ec, payload);
	bt_field_class_put_ref(payload);
	if (status != 0)
		return -1;
	return bt_event_class_set_name(it->counter_ec, synth_names[SYN_COUNTER]) == 0 ? 0 : -1;
}

/* The hsa_gpu event class for a begin/end of an activity record of class `in`: its payload
 * is a copy of the record's, so every field of kernel_exec/copy_exec is kept. */
static bt_event_class *gpu_event_class(struct unify_iter *it, const bt_event_class *in,
				       enum synth_what what)
{
	bt_event_class *out = ptrmap_get(&it->gpu_ecs[what], in);
	const bt_field_class *in_payload = bt_event_class_borrow_payload_field_class_const(in);
	struct fc_copy_scope scope;
	bt_field_class *payload = NULL;

	if (out)
		return out;
	out = bt_event_class_create(it->gpu_sc);
	if (!out)
		return NULL;
	bt_event_class_put_ref(out);
	fc_copy_scope_init(&scope, it->f->ot.tc);
	scope.in_roots[BT_FIELD_PATH_SCOPE_EVENT_PAYLOAD] = in_payload;
	if (in_payload)
		payload = fc_copy(&scope, in_payload);
	fc_copy_scope_release(&scope);
	if ((in_payload && !payload) ||
	    (payload && bt_event_class_set_payload_field_class(out, payload) != 0) ||
	    bt_event_class_set_name(out, synth_names[what]) != 0 ||
	    ptrmap_put(&it->gpu_ecs[what], in, out) != 0)
		out = NULL;
	bt_field_class_put_ref(payload);
	return out;
}

static size_t gpu_stream_index(struct unify_iter *it, const struct gpu_record *r)
{
	size_t i;

	for (i = 0; i < it->n_gstreams; i++) {
		const struct gpu_stream *g = &it->gstreams[i];

		if (g->kind == r->kind && g->vpid == r->vpid && g->queue_id == r->queue_id)
			return i;
	}
	it->gstreams[i] = (struct gpu_stream){ .kind = r->kind, .vpid = r->vpid,
					       .queue_id = r->queue_id };
	it->n_gstreams++;
	return i;
}

static int cmp_synth(const void *a, const void *b)
{
	const struct synth *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns < y->ns ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static void add_synth(struct unify_iter *it, int64_t ns, size_t rec, size_t counter,
		      size_t stream, enum synth_what what)
{
	it->syn[it->n_syn] = (struct synth){ .ns = ns, .order = it->n_syn, .rec = rec,
					     .counter = counter, .stream = stream, .what = what };
	it->n_syn++;
}

/* Flags the first and last event of each stream, where it is opened and closed. */
static int mark_stream_ends(struct unify_iter *it)
{
	size_t *last = malloc((it->n_gstreams + 1) * sizeof(*last));

	if (!last)
		return -1;
	for (size_t g = 0; g < it->n_gstreams; g++)
		last[g] = SIZE_MAX;
	for (size_t i = 0; i < it->n_syn; i++) {
		size_t g = it->syn[i].stream;

		if (last[g] == SIZE_MAX)
			it->syn[i].first = true;
		last[g] = i;
	}
	for (size_t g = 0; g < it->n_gstreams; g++)
		if (last[g] != SIZE_MAX)
			it->syn[last[g]].last = true;
	free(last);
	return 0;
}

int gpu_synth_plan(struct unify_iter *it)
{
	const struct gpu_store *st = it->f->params.gpu;
	size_t total = 0;

	for (size_t i = 0; i < st->n_recs; i++)
		if (st->recs[i].run == 0)
			total += 2 + st->recs[i].n_counters;
	if (!total)
		return 0;
	it->syn = calloc(total, sizeof(*it->syn));
	it->gstreams = calloc(st->n_recs, sizeof(*it->gstreams));
	if (!it->syn || !it->gstreams || create_gpu_classes(it) != 0)
		return -1;
	for (size_t i = 0; i < st->n_recs; i++) {
		const struct gpu_record *r = &st->recs[i];
		size_t s;
		bool kernel = r->kind == GPU_KERNEL;

		if (r->run != 0)
			continue;
		s = gpu_stream_index(it, r);
		add_synth(it, r->begin_ns, i, 0, s, kernel ? SYN_KERNEL_BEGIN : SYN_COPY_BEGIN);
		add_synth(it, r->end_ns, i, 0, s, kernel ? SYN_KERNEL_END : SYN_COPY_END);
		for (size_t c = 0; c < r->n_counters; c++)
			add_synth(it, r->end_ns, i, c, s, SYN_COUNTER);
	}
	qsort(it->syn, it->n_syn, sizeof(*it->syn), cmp_synth);
	return mark_stream_ends(it);
}

/* Payload members are set by their schema name: a missing one is a schema mismatch, an error. */
static int set_unsigned(bt_field *payload, const char *name, uint64_t v)
{
	bt_field *f = bt_field_structure_borrow_member_field_by_name(payload, name);

	if (!f)
		return -1;
	bt_field_integer_unsigned_set_value(f, v);
	return 0;
}

static int set_signed(bt_field *payload, const char *name, int64_t v)
{
	bt_field *f = bt_field_structure_borrow_member_field_by_name(payload, name);

	if (!f)
		return -1;
	bt_field_integer_signed_set_value(f, v);
	return 0;
}

static int set_string(bt_field *payload, const char *name, const char *v)
{
	bt_field *f = bt_field_structure_borrow_member_field_by_name(payload, name);

	return f && bt_field_string_set_value(f, v) == BT_FIELD_STRING_SET_VALUE_STATUS_OK ? 0 : -1;
}

static int fill_counter_event(const struct gpu_store *st, const struct synth *e, bt_event *ev)
{
	const struct gpu_record *r = &st->recs[e->rec];
	const struct gpu_counter *c = &st->counters[r->counters[e->counter]];
	bt_field *p = bt_event_borrow_payload_field(ev);

	return set_unsigned(p, "correlation_id", r->correlation_id) |
	       set_unsigned(p, "queue_id", r->queue_id) |
	       set_unsigned(p, "packet_index", r->packet_index) |
	       set_string(p, "kernel_name", r->kernel_name) |
	       set_string(p, "counter", c->name) |
	       set_signed(p, "value", c->value) |
	       set_unsigned(p, "pass", c->run) ? -1 : 0;
}

/*
 * Views label kernels by the hsa_gpu events' kernel_name: a C++ name the tracer could not
 * demangle (no C++ runtime in the program) is shown demangled there; the base run's
 * kernel_exec and kernel_symbol events keep the traced (mangled) name.
 */
static int show_demangled(struct unify_iter *it, const struct gpu_record *rec, bt_field *payload)
{
	bt_field *name = bt_field_structure_borrow_member_field_by_name(payload, "kernel_name");
	const char *readable;

	if (!name || rec->kind != GPU_KERNEL)
		return 0;
	readable = demangle_cached(&it->demangled, rec->kernel_name);
	if (!readable)
		return 0;	/* not a mangled name: shown as traced */
	return bt_field_string_set_value(name, readable) == BT_FIELD_STRING_SET_VALUE_STATUS_OK ?
		0 : -1;
}

/* Creates the stream at its first event and opens its one packet at that time. */
static int open_gpu_stream(struct unify_iter *it, struct gpu_stream *g, int64_t ns)
{
	struct out_trace *ot = &it->f->ot;
	char name[96];

	if (g->kind == GPU_KERNEL)
		snprintf(name, sizeof(name), "hsa_gpu_queue_%" PRIu64 "_pid_%" PRIu64,
			 g->queue_id, g->vpid);
	else
		snprintf(name, sizeof(name), "hsa_gpu_copy_pid_%" PRIu64, g->vpid);
	g->s = out_trace_add_stream(ot, it->gpu_sc, name);
	if (!g->s)
		return -1;
	g->s->packet = bt_packet_create(g->s->out);
	if (!g->s->packet)
		return -1;
	if (unify_push(it, bt_message_stream_beginning_create(it->self, g->s->out)) != 0)
		return -1;
	return unify_push(it, bt_message_packet_beginning_create_with_default_clock_snapshot(it->self,
		g->s->packet, out_stream_cycles(ot, g->s, ns)));
}

int gpu_synth_emit(struct unify_iter *it, const struct synth *e)
{
	const struct gpu_store *st = it->f->params.gpu;
	struct gpu_stream *g = &it->gstreams[e->stream];
	const struct gpu_record *rec = &st->recs[e->rec];
	bt_event_class *ec;
	bt_message *m;
	uint64_t cycles;

	if (e->first && open_gpu_stream(it, g, e->ns) != 0)
		return -1;
	ec = e->what == SYN_COUNTER ? it->counter_ec : gpu_event_class(it, rec->ec, e->what);
	if (!ec)
		return -1;
	cycles = out_stream_cycles(&it->f->ot, g->s, e->ns);
	m = bt_message_event_create_with_packet_and_default_clock_snapshot(it->self, ec,
		g->s->packet, cycles);
	if (!m)
		return -1;
	if (e->what == SYN_COUNTER) {
		if (fill_counter_event(st, e, bt_message_event_borrow_event(m)) != 0)
			goto error;
	} else {
		bt_field *payload = bt_event_borrow_payload_field(bt_message_event_borrow_event(m));

		if (payload && (gpu_record_fill_payload(rec, payload) != 0 ||
				show_demangled(it, rec, payload) != 0))
			goto error;
	}
	if (unify_push(it, m) != 0)
		return -1;
	it->f->params.counts->synthesized++;
	it->f->params.counts->events_out++;
	return e->last ? unify_close_stream(it, g->s) : 0;
error:
	bt_message_put_ref(m);
	return -1;
}

void gpu_synth_release(struct unify_iter *it)
{
	for (size_t i = 0; i < 4; i++)
		ptrmap_release(&it->gpu_ecs[i]);
	demangle_cache_release(&it->demangled);
	free(it->syn);
	free(it->gstreams);
}
