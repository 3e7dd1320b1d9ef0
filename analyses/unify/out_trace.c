#include "analyses/unify/out_trace.h"

#include <stdio.h>
#include <stdlib.h>

int out_trace_init(struct out_trace *ot, bt_self_component *self)
{
	*ot = (struct out_trace){ .self = self, .stream_classes = PTRMAP_INIT,
				  .streams = PTRMAP_INIT };
	ot->tc = bt_trace_class_create(self);
	if (!ot->tc)
		return -1;
	/* Our stream classes get ids in creation order; CTF needs nothing more. */
	return 0;
}

static void release_stream_class(const void *key, void *value, void *data)
{
	struct out_stream_class *osc = value;

	(void)key;
	(void)data;
	fc_copy_scope_release(&osc->scope);
	ptrmap_release(&osc->event_classes);
	bt_stream_class_put_ref(osc->in);
	free(osc);
}

void out_trace_release(struct out_trace *ot)
{
	for (size_t i = 0; i < ot->n_all; i++) {
		bt_packet_put_ref(ot->all[i]->packet);
		bt_stream_put_ref(ot->all[i]->out);
		bt_stream_put_ref(ot->all[i]->in);
		free(ot->all[i]);
	}
	free(ot->all);
	ptrmap_release(&ot->streams);
	ptrmap_foreach(&ot->stream_classes, release_stream_class, NULL);
	ptrmap_release(&ot->stream_classes);
	bt_trace_put_ref(ot->trace);
	bt_clock_class_put_ref(ot->cc);
	bt_trace_class_put_ref(ot->tc);
	*ot = (struct out_trace){ 0 };
}

int out_trace_start(struct out_trace *ot, const bt_clock_class *model)
{
	int64_t offset_ns = 0;

	ot->cc = bt_clock_class_create(ot->self);
	if (!ot->cc)
		return -1;
	bt_clock_class_set_frequency(ot->cc, 1000000000ULL);
	if (model) {
		const char *name = bt_clock_class_get_name(model);
		const char *description = bt_clock_class_get_description(model);
		const uint8_t *uuid = bt_clock_class_get_uuid(model);

		if (name && bt_clock_class_set_name(ot->cc, name) != 0)
			return -1;
		if (description && bt_clock_class_set_description(ot->cc, description) != 0)
			return -1;
		if (uuid)
			bt_clock_class_set_uuid(ot->cc, uuid);
		bt_clock_class_set_origin_is_unix_epoch(ot->cc,
			bt_clock_class_origin_is_unix_epoch(model));
		if (bt_clock_class_cycles_to_ns_from_origin(model, 0, &offset_ns) != 0)
			offset_ns = 0;
	} else if (bt_clock_class_set_name(ot->cc, "monotonic") != 0) {
		return -1;
	}
	{
		int64_t seconds = offset_ns / 1000000000LL;
		int64_t rest = offset_ns % 1000000000LL;

		if (rest < 0) {
			rest += 1000000000LL;
			seconds--;
		}
		bt_clock_class_set_offset(ot->cc, seconds, (uint64_t)rest);
	}
	ot->offset_ns = offset_ns;
	ot->trace = bt_trace_create(ot->tc);
	return ot->trace ? 0 : -1;
}

static int copy_stream_class_props(struct out_trace *ot, struct out_stream_class *osc)
{
	const bt_stream_class *in = osc->in;
	bt_stream_class *out = osc->out;
	const bt_field_class *pc = bt_stream_class_borrow_packet_context_field_class_const(in);
	const bt_field_class *cc = bt_stream_class_borrow_event_common_context_field_class_const(in);
	bool has_clock = bt_stream_class_borrow_default_clock_class_const(in) != NULL;
	const char *name = bt_stream_class_get_name(in);

	if (name && bt_stream_class_set_name(out, name) != 0)
		return -1;
	if (has_clock && bt_stream_class_set_default_clock_class(out, ot->cc) != 0)
		return -1;
	bt_stream_class_set_supports_packets(out, bt_stream_class_supports_packets(in),
		has_clock && bt_stream_class_packets_have_beginning_default_clock_snapshot(in),
		has_clock && bt_stream_class_packets_have_end_default_clock_snapshot(in));
	bt_stream_class_set_supports_discarded_events(out,
		bt_stream_class_supports_discarded_events(in),
		has_clock && bt_stream_class_discarded_events_have_default_clock_snapshots(in));
	bt_stream_class_set_supports_discarded_packets(out,
		bt_stream_class_supports_discarded_packets(in),
		has_clock && bt_stream_class_discarded_packets_have_default_clock_snapshots(in));
	osc->scope.in_roots[BT_FIELD_PATH_SCOPE_PACKET_CONTEXT] = pc;
	osc->scope.in_roots[BT_FIELD_PATH_SCOPE_EVENT_COMMON_CONTEXT] = cc;
	if (pc) {
		bt_field_class *copy = fc_copy(&osc->scope, pc);
		int status;

		if (!copy)
			return -1;
		status = bt_stream_class_set_packet_context_field_class(out, copy);
		bt_field_class_put_ref(copy);
		if (status != 0)
			return -1;
	}
	if (cc) {
		bt_field_class *copy = fc_copy(&osc->scope, cc);
		int status;

		if (!copy)
			return -1;
		status = bt_stream_class_set_event_common_context_field_class(out, copy);
		bt_field_class_put_ref(copy);
		if (status != 0)
			return -1;
	}
	return 0;
}

static struct out_stream_class *map_stream_class(struct out_trace *ot, const bt_stream_class *in)
{
	struct out_stream_class *osc = ptrmap_get(&ot->stream_classes, in);

	if (osc)
		return osc;
	osc = calloc(1, sizeof(*osc));
	if (!osc)
		return NULL;
	osc->in = in;
	bt_stream_class_get_ref(in);
	osc->event_classes = (struct ptrmap)PTRMAP_INIT;
	fc_copy_scope_init(&osc->scope, ot->tc);
	osc->out = bt_stream_class_create(ot->tc);
	if (!osc->out || ptrmap_put(&ot->stream_classes, in, osc) != 0) {
		release_stream_class(in, osc, NULL);
		return NULL;
	}
	/* The trace class keeps the stream class alive. */
	bt_stream_class_put_ref(osc->out);
	if (copy_stream_class_props(ot, osc) != 0) {
		fprintf(stderr, "hsatrace unify: failed to copy stream class: name=%s\n",
			bt_stream_class_get_name(in) ? bt_stream_class_get_name(in) : "(none)");
		return NULL;
	}
	return osc;
}

static int remember_stream(struct out_trace *ot, struct out_stream *s)
{
	if (ot->n_all == ot->cap_all) {
		size_t cap = ot->cap_all ? ot->cap_all * 2 : 16;
		struct out_stream **all = realloc(ot->all, cap * sizeof(*all));

		if (!all)
			return -1;
		ot->all = all;
		ot->cap_all = cap;
	}
	ot->all[ot->n_all++] = s;
	return 0;
}

static struct out_stream *new_stream(struct out_trace *ot, bt_stream_class *sc, const char *name)
{
	struct out_stream *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->sc = sc;
	s->out = bt_stream_create(sc, ot->trace);
	if (!s->out || (name && bt_stream_set_name(s->out, name) != 0) ||
	    remember_stream(ot, s) != 0) {
		bt_stream_put_ref(s->out);
		free(s);
		return NULL;
	}
	return s;
}

struct out_stream *out_trace_map_stream(struct out_trace *ot, const bt_stream *in)
{
	struct out_stream *s = ptrmap_get(&ot->streams, in);
	struct out_stream_class *osc;

	if (s)
		return s;
	osc = map_stream_class(ot, bt_stream_borrow_class_const(in));
	if (!osc)
		return NULL;
	s = new_stream(ot, osc->out, bt_stream_get_name(in));
	if (!s)
		return NULL;
	s->in = in;
	bt_stream_get_ref(in);
	if (ptrmap_put(&ot->streams, in, s) != 0)
		return NULL; /* released with ot->all */
	return s;
}

struct out_stream *out_trace_add_stream(struct out_trace *ot, bt_stream_class *sc,
					const char *name)
{
	return new_stream(ot, sc, name);
}

static int copy_event_class_props(struct out_stream_class *osc, const bt_event_class *in,
				  bt_event_class *out)
{
	const bt_field_class *sc = bt_event_class_borrow_specific_context_field_class_const(in);
	const bt_field_class *pl = bt_event_class_borrow_payload_field_class_const(in);
	bt_event_class_log_level level;
	const char *uri = bt_event_class_get_emf_uri(in);

	if (bt_event_class_set_name(out, bt_event_class_get_name(in)) != 0)
		return -1;
	if (bt_event_class_get_log_level(in, &level) == BT_PROPERTY_AVAILABILITY_AVAILABLE)
		bt_event_class_set_log_level(out, level);
	if (uri && bt_event_class_set_emf_uri(out, uri) != 0)
		return -1;
	osc->scope.in_roots[BT_FIELD_PATH_SCOPE_EVENT_SPECIFIC_CONTEXT] = sc;
	osc->scope.in_roots[BT_FIELD_PATH_SCOPE_EVENT_PAYLOAD] = pl;
	if (sc) {
		bt_field_class *copy = fc_copy(&osc->scope, sc);
		int status;

		if (!copy)
			return -1;
		status = bt_event_class_set_specific_context_field_class(out, copy);
		bt_field_class_put_ref(copy);
		if (status != 0)
			return -1;
	}
	if (pl) {
		bt_field_class *copy = fc_copy(&osc->scope, pl);
		int status;

		if (!copy)
			return -1;
		status = bt_event_class_set_payload_field_class(out, copy);
		bt_field_class_put_ref(copy);
		if (status != 0)
			return -1;
	}
	return 0;
}

bt_event_class *out_trace_map_event_class(struct out_trace *ot, const bt_event_class *in)
{
	struct out_stream_class *osc = map_stream_class(ot, bt_event_class_borrow_stream_class_const(in));
	bt_event_class *out;

	if (!osc)
		return NULL;
	out = ptrmap_get(&osc->event_classes, in);
	if (out)
		return out;
	out = bt_event_class_create(osc->out);
	if (!out)
		return NULL;
	/* The stream class keeps the event class alive. */
	bt_event_class_put_ref(out);
	if (copy_event_class_props(osc, in, out) != 0 ||
	    ptrmap_put(&osc->event_classes, in, out) != 0) {
		fprintf(stderr, "hsatrace unify: failed to copy event class: name=%s\n",
			bt_event_class_get_name(in));
		return NULL;
	}
	return out;
}

uint64_t out_stream_cycles(struct out_trace *ot, struct out_stream *s, int64_t ns)
{
	uint64_t cycles;

	if (ns < ot->offset_ns) {
		ot->clamped_before_origin++;
		cycles = 0;
	} else {
		cycles = (uint64_t)(ns - ot->offset_ns);
	}
	if (cycles < s->last_cycles) {
		s->clamped++;
		cycles = s->last_cycles;
	}
	s->last_cycles = cycles;
	return cycles;
}
