#include "analyses/unify/unify_filter.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/common/bt_error_text.h"
#include "analyses/common/ptrmap.h"
#include "analyses/unify/ir_copy.h"
#include "analyses/unify/out_trace.h"
#include "analyses/unify/unify_filter_internal.h"

/* --- small helpers --- */

/* The warning names the upstream's stream file when params.describe knows it. */
static void report_error(const struct unify_filter *f, const char *what,
			 bt_self_component_port_input *in)
{
	const bt_port *port = bt_self_component_port_as_port(
		bt_self_component_port_input_as_self_component_port(in));
	const bt_connection *c = bt_port_borrow_connection_const(port);
	char stream[4400], causes[2048];

	snprintf(stream, sizeof(stream), "input=%s", bt_port_get_name(port));
	if (f->params.describe && c)
		f->params.describe(bt_connection_borrow_upstream_port_const(c), stream,
				   sizeof(stream), f->params.describe_data);
	bt_error_text_take(causes, sizeof(causes));
	fprintf(stderr, "hsatrace unify: warning: %s: %s%s%s\n", what, stream,
		causes[0] ? "\n  cause: " : "", causes);
}

int unify_push(struct unify_iter *it, const bt_message *msg)
{
	if (!msg)
		return -1;
	if (it->n_pending == it->cap_pending) {
		size_t cap = it->cap_pending ? it->cap_pending * 2 : 64;
		const bt_message **p = realloc(it->pending, cap * sizeof(*p));

		if (!p) {
			bt_message_put_ref(msg);
			return -1;
		}
		it->pending = p;
		it->cap_pending = cap;
	}
	it->pending[it->n_pending++] = msg;
	return 0;
}

static const bt_stream_class *msg_stream_class(const bt_message *msg)
{
	switch (bt_message_get_type(msg)) {
	case BT_MESSAGE_TYPE_EVENT:
		return bt_event_class_borrow_stream_class_const(
			bt_event_borrow_class_const(bt_message_event_borrow_event_const(msg)));
	case BT_MESSAGE_TYPE_PACKET_BEGINNING:
		return bt_stream_borrow_class_const(bt_packet_borrow_stream_const(
			bt_message_packet_beginning_borrow_packet_const(msg)));
	case BT_MESSAGE_TYPE_PACKET_END:
		return bt_stream_borrow_class_const(bt_packet_borrow_stream_const(
			bt_message_packet_end_borrow_packet_const(msg)));
	case BT_MESSAGE_TYPE_DISCARDED_EVENTS:
		return bt_stream_borrow_class_const(bt_message_discarded_events_borrow_stream_const(msg));
	case BT_MESSAGE_TYPE_DISCARDED_PACKETS:
		return bt_stream_borrow_class_const(bt_message_discarded_packets_borrow_stream_const(msg));
	case BT_MESSAGE_TYPE_STREAM_BEGINNING:
		return bt_stream_borrow_class_const(bt_message_stream_beginning_borrow_stream_const(msg));
	case BT_MESSAGE_TYPE_STREAM_END:
		return bt_stream_borrow_class_const(bt_message_stream_end_borrow_stream_const(msg));
	default:
		return NULL;
	}
}

/* The message's default clock snapshot, or NULL when it has none. */
static const bt_clock_snapshot *msg_snapshot(const bt_message *msg)
{
	const bt_stream_class *sc = msg_stream_class(msg);
	const bt_clock_snapshot *cs = NULL;
	bool clock = sc && bt_stream_class_borrow_default_clock_class_const(sc);

	switch (bt_message_get_type(msg)) {
	case BT_MESSAGE_TYPE_EVENT:
		return clock ? bt_message_event_borrow_default_clock_snapshot_const(msg) : NULL;
	case BT_MESSAGE_TYPE_PACKET_BEGINNING:
		return clock && bt_stream_class_packets_have_beginning_default_clock_snapshot(sc) ?
			bt_message_packet_beginning_borrow_default_clock_snapshot_const(msg) : NULL;
	case BT_MESSAGE_TYPE_PACKET_END:
		return clock && bt_stream_class_packets_have_end_default_clock_snapshot(sc) ?
			bt_message_packet_end_borrow_default_clock_snapshot_const(msg) : NULL;
	case BT_MESSAGE_TYPE_DISCARDED_EVENTS:
		return clock && bt_stream_class_discarded_events_have_default_clock_snapshots(sc) ?
			bt_message_discarded_events_borrow_beginning_default_clock_snapshot_const(msg) : NULL;
	case BT_MESSAGE_TYPE_DISCARDED_PACKETS:
		return clock && bt_stream_class_discarded_packets_have_default_clock_snapshots(sc) ?
			bt_message_discarded_packets_borrow_beginning_default_clock_snapshot_const(msg) : NULL;
	case BT_MESSAGE_TYPE_STREAM_BEGINNING:
		if (clock && bt_message_stream_beginning_borrow_default_clock_snapshot_const(msg, &cs) ==
		    BT_MESSAGE_STREAM_CLOCK_SNAPSHOT_STATE_KNOWN)
			return cs;
		return NULL;
	case BT_MESSAGE_TYPE_STREAM_END:
		if (clock && bt_message_stream_end_borrow_default_clock_snapshot_const(msg, &cs) ==
		    BT_MESSAGE_STREAM_CLOCK_SNAPSHOT_STATE_KNOWN)
			return cs;
		return NULL;
	case BT_MESSAGE_TYPE_MESSAGE_ITERATOR_INACTIVITY:
		return bt_message_message_iterator_inactivity_borrow_clock_snapshot_const(msg);
	default:
		return NULL;
	}
}

static bool snapshot_ns(const bt_clock_snapshot *cs, int64_t *ns)
{
	return cs && bt_clock_snapshot_get_ns_from_origin(cs, ns) == BT_CLOCK_SNAPSHOT_GET_NS_FROM_ORIGIN_STATUS_OK;
}

/* --- output trace: environment and clock --- */

static const char *env_string(const bt_trace *t, const char *name)
{
	const bt_value *v = bt_trace_borrow_environment_entry_value_by_name_const(t, name);

	return v && bt_value_is_string(v) ? bt_value_string_get(v) : NULL;
}

static int set_env_value(bt_trace *out, const char *name, const bt_value *v)
{
	if (bt_value_is_string(v))
		return bt_trace_set_environment_entry_string(out, name, bt_value_string_get(v));
	if (bt_value_is_signed_integer(v))
		return bt_trace_set_environment_entry_integer(out, name,
							      bt_value_integer_signed_get(v));
	if (bt_value_is_unsigned_integer(v))
		return bt_trace_set_environment_entry_integer(out, name,
			(int64_t)bt_value_integer_unsigned_get(v));
	return 0;
}

/* Copies the environment of `in` (the index-th input trace): entries already present with
 * another value are kept under "<domain>_<name>" (or "trace<index>_<name>"). */
static int merge_env(bt_trace *out, const bt_trace *in, size_t index)
{
	const char *domain = env_string(in, "domain");
	uint64_t n = bt_trace_get_environment_entry_count(in);

	for (uint64_t i = 0; i < n; i++) {
		const char *name;
		const bt_value *v, *have;
		char alt[256];

		bt_trace_borrow_environment_entry_by_index_const(in, i, &name, &v);
		have = bt_trace_borrow_environment_entry_value_by_name_const(out, name);
		if (have && bt_value_is_equal(have, v))
			continue;
		if (have) {
			if (domain)
				snprintf(alt, sizeof(alt), "%s_%s", domain, name);
			else
				snprintf(alt, sizeof(alt), "trace%zu_%s", index, name);
			have = bt_trace_borrow_environment_entry_value_by_name_const(out, alt);
			if (have && !bt_value_is_equal(have, v))
				snprintf(alt, sizeof(alt), "trace%zu_%s", index, name);
			name = alt;
		}
		if (set_env_value(out, name, v) != 0)
			return -1;
	}
	return 0;
}

static const bt_stream *head_stream(const struct msg_merge_input *up)
{
	if (up->ended || up->pos >= up->count ||
	    bt_message_get_type(up->msgs[up->pos]) != BT_MESSAGE_TYPE_STREAM_BEGINNING)
		return NULL;
	return bt_message_stream_beginning_borrow_stream_const(up->msgs[up->pos]);
}

/* The input traces seen at the heads, the primary one (kernel if any) first. */
static size_t head_traces(struct unify_iter *it, const bt_trace **traces)
{
	size_t n = 0;

	for (size_t i = 0; i < it->merge.n; i++) {
		const bt_stream *s = head_stream(&it->merge.inputs[i]);
		const bt_trace *t = s ? bt_stream_borrow_trace_const(s) : NULL;
		size_t j;
		const char *domain;

		for (j = 0; t && j < n && traces[j] != t; j++)
			;
		if (!t || j < n)
			continue;
		domain = env_string(t, "domain");
		traces[n++] = t;
		if (domain && strcmp(domain, "kernel") == 0 && n > 1) {
			const bt_trace *first = traces[0];

			traces[0] = t;
			traces[n - 1] = first;
		}
	}
	return n;
}

/* The clock to keep unchanged: the UST trace's (GPU times are recorded in it). */
static const bt_clock_class *model_clock(struct unify_iter *it)
{
	const bt_clock_class *fallback = NULL;

	for (size_t i = 0; i < it->merge.n; i++) {
		const bt_stream *s = head_stream(&it->merge.inputs[i]);
		const bt_clock_class *cc;
		const char *domain;

		if (!s)
			continue;
		cc = bt_stream_class_borrow_default_clock_class_const(bt_stream_borrow_class_const(s));
		domain = env_string(bt_stream_borrow_trace_const(s), "domain");
		if (cc && domain && strcmp(domain, "ust") == 0)
			return cc;
		if (cc && !fallback)
			fallback = cc;
	}
	return fallback;
}

static int start_output(struct unify_iter *it)
{
	struct out_trace *ot = &it->f->ot;
	const bt_trace **traces = calloc(it->merge.n + 1, sizeof(*traces));
	size_t n;
	int ret = -1;

	if (!traces)
		return -1;
	if (out_trace_start(ot, model_clock(it)) != 0)
		goto cleanup;
	n = head_traces(it, traces);
	for (size_t i = 0; i < n; i++)
		if (merge_env(ot->trace, traces[i], i) != 0)
			goto cleanup;
	for (size_t i = 0; i < it->f->params.n_env; i++)
		if (bt_trace_set_environment_entry_string(ot->trace, it->f->params.env[i].name,
							  it->f->params.env[i].value) != 0)
			goto cleanup;
	if (bt_trace_set_name(ot->trace, "hsatrace-unified") != 0)
		goto cleanup;
	ret = 0;
cleanup:
	free(traces);
	return ret;
}

/*
 * A packet's end is written when its stream's next message comes, at the earlier of its own
 * time and the next packet's beginning (bound_ns): input packets may overlap in time (a
 * packet's end after the next one's beginning), the output's do not, and no event is moved.
 */
static int write_held_end(struct unify_iter *it, struct out_stream *s, int64_t bound_ns)
{
	int64_t ns = s->held_end_ns < bound_ns ? s->held_end_ns : bound_ns;
	uint64_t cycles = ns > it->f->ot.offset_ns ? (uint64_t)(ns - it->f->ot.offset_ns) : 0;
	const bt_message *m;

	if (!s->end_held)
		return 0;
	s->end_held = false;
	if (cycles < s->last_cycles)
		cycles = s->last_cycles;	/* the packet ends after its last event */
	s->last_cycles = cycles;
	m = bt_message_packet_end_create_with_default_clock_snapshot(it->self, s->packet, cycles);
	BT_PACKET_PUT_REF_AND_RESET(s->packet);
	return unify_push(it, m);
}

int unify_close_stream(struct unify_iter *it, struct out_stream *s)
{
	bool packets = bt_stream_class_supports_packets(s->sc);

	if (s->ended)
		return 0;
	if (write_held_end(it, s, INT64_MAX) != 0)
		return -1;
	s->ended = true;
	if (packets && s->packet) {
		const bt_message *m;

		if (bt_stream_class_packets_have_end_default_clock_snapshot(s->sc))
			m = bt_message_packet_end_create_with_default_clock_snapshot(it->self,
				s->packet, s->last_cycles);
		else
			m = bt_message_packet_end_create(it->self, s->packet);
		bt_packet_put_ref(s->packet);
		s->packet = NULL;
		if (unify_push(it, m) != 0)
			return -1;
	}
	return unify_push(it, bt_message_stream_end_create(it->self, s->out));
}

/* --- translation of input messages --- */

static uint64_t cycles_of(struct unify_iter *it, struct out_stream *s, const bt_message *msg)
{
	int64_t ns;

	if (!snapshot_ns(msg_snapshot(msg), &ns))
		return s->last_cycles;
	return out_stream_cycles(&it->f->ot, s, ns);
}

static int copy_event_fields(const bt_event *in, bt_event *out)
{
	const bt_field *f;

	f = bt_event_borrow_common_context_field_const(in);
	if (f && field_copy(f, bt_event_borrow_common_context_field(out)) != 0)
		return -1;
	f = bt_event_borrow_specific_context_field_const(in);
	if (f && field_copy(f, bt_event_borrow_specific_context_field(out)) != 0)
		return -1;
	f = bt_event_borrow_payload_field_const(in);
	if (f && field_copy(f, bt_event_borrow_payload_field(out)) != 0)
		return -1;
	return 0;
}

static int translate_event(struct unify_iter *it, const bt_message *msg)
{
	struct out_trace *ot = &it->f->ot;
	const bt_event *in = bt_message_event_borrow_event_const(msg);
	struct out_stream *s = out_trace_map_stream(ot, bt_event_borrow_stream_const(in));
	bt_event_class *ec = s ? out_trace_map_event_class(ot, bt_event_borrow_class_const(in)) : NULL;
	bool clock = s && bt_stream_class_borrow_default_clock_class_const(s->sc);
	bt_message *m;

	it->f->params.counts->events_in++;
	if (!ec || (bt_stream_class_supports_packets(s->sc) && !s->packet)) {
		it->f->params.counts->copy_failures++;
		return 0;
	}
	if (bt_stream_class_supports_packets(s->sc))
		m = clock ? bt_message_event_create_with_packet_and_default_clock_snapshot(it->self,
				ec, s->packet, cycles_of(it, s, msg)) :
			    bt_message_event_create_with_packet(it->self, ec, s->packet);
	else
		m = clock ? bt_message_event_create_with_default_clock_snapshot(it->self, ec,
				s->out, cycles_of(it, s, msg)) :
			    bt_message_event_create(it->self, ec, s->out);
	if (!m)
		return -1;
	if (copy_event_fields(in, bt_message_event_borrow_event(m)) != 0) {
		bt_message_put_ref(m);
		it->f->params.counts->copy_failures++;
		return 0;
	}
	it->f->params.counts->events_out++;
	return unify_push(it, m);
}

static int translate_packet(struct unify_iter *it, const bt_message *msg, bool beginning)
{
	const bt_packet *in = beginning ? bt_message_packet_beginning_borrow_packet_const(msg) :
					  bt_message_packet_end_borrow_packet_const(msg);
	struct out_stream *s = out_trace_map_stream(&it->f->ot, bt_packet_borrow_stream_const(in));
	bool with_cs;
	const bt_message *m;

	if (!s)
		return -1;
	if (beginning) {
		const bt_field *ctx = bt_packet_borrow_context_field_const(in);
		int64_t ns;

		if (write_held_end(it, s, snapshot_ns(msg_snapshot(msg), &ns) ? ns : INT64_MAX))
			return -1;
		bt_packet_put_ref(s->packet);
		s->packet = bt_packet_create(s->out);
		if (!s->packet)
			return -1;
		if (ctx && field_copy(ctx, bt_packet_borrow_context_field(s->packet)) != 0)
			return -1;
		with_cs = bt_stream_class_packets_have_beginning_default_clock_snapshot(s->sc);
		m = with_cs ? bt_message_packet_beginning_create_with_default_clock_snapshot(it->self,
				s->packet, cycles_of(it, s, msg)) :
			      bt_message_packet_beginning_create(it->self, s->packet);
		return unify_push(it, m);
	}
	if (!s->packet)
		return 0;
	if (bt_stream_class_packets_have_end_default_clock_snapshot(s->sc)) {
		int64_t ns;

		s->end_held = true;
		s->held_end_ns = snapshot_ns(msg_snapshot(msg), &ns) ? ns : INT64_MIN;
		return 0;
	}
	m = bt_message_packet_end_create(it->self, s->packet);
	bt_packet_put_ref(s->packet);
	s->packet = NULL;
	return unify_push(it, m);
}

/* Cycles for a discarded range's end: converted, never moving the stream's last time (the
 * range ends at the next packet's end, after that packet's beginning). */
static uint64_t end_cycles(struct out_trace *ot, const struct out_stream *s,
			   const bt_clock_snapshot *cs)
{
	int64_t ns;
	uint64_t cycles;

	if (!snapshot_ns(cs, &ns) || ns < ot->offset_ns)
		return s->last_cycles;
	cycles = (uint64_t)(ns - ot->offset_ns);
	return cycles < s->last_cycles ? s->last_cycles : cycles;
}

static int translate_discarded(struct unify_iter *it, const bt_message *msg, bool events)
{
	const bt_stream *in = events ? bt_message_discarded_events_borrow_stream_const(msg) :
				       bt_message_discarded_packets_borrow_stream_const(msg);
	struct out_stream *s = out_trace_map_stream(&it->f->ot, in);
	uint64_t count = 0;
	bool known, with_cs;
	bt_message *m;

	if (!s || write_held_end(it, s, INT64_MAX) != 0)
		return -1;
	if (events) {
		known = bt_message_discarded_events_get_count(msg, &count) ==
			BT_PROPERTY_AVAILABILITY_AVAILABLE;
		with_cs = bt_stream_class_discarded_events_have_default_clock_snapshots(s->sc);
		it->f->params.counts->discarded_events += known ? count : 1;
	} else {
		known = bt_message_discarded_packets_get_count(msg, &count) ==
			BT_PROPERTY_AVAILABILITY_AVAILABLE;
		with_cs = bt_stream_class_discarded_packets_have_default_clock_snapshots(s->sc);
		it->f->params.counts->discarded_packets += known ? count : 1;
	}
	if (with_cs) {
		uint64_t begin = cycles_of(it, s, msg);
		uint64_t end = end_cycles(&it->f->ot, s, events ?
			bt_message_discarded_events_borrow_end_default_clock_snapshot_const(msg) :
			bt_message_discarded_packets_borrow_end_default_clock_snapshot_const(msg));

		m = events ? bt_message_discarded_events_create_with_default_clock_snapshots(
				     it->self, s->out, begin, end) :
			     bt_message_discarded_packets_create_with_default_clock_snapshots(
				     it->self, s->out, begin, end);
	} else {
		m = events ? bt_message_discarded_events_create(it->self, s->out) :
			     bt_message_discarded_packets_create(it->self, s->out);
	}
	if (!m)
		return -1;
	if (known && events)
		bt_message_discarded_events_set_count(m, count);
	else if (known)
		bt_message_discarded_packets_set_count(m, count);
	return unify_push(it, m);
}

static int translate(struct unify_iter *it, const bt_message *msg)
{
	struct out_trace *ot = &it->f->ot;
	struct out_stream *s;

	switch (bt_message_get_type(msg)) {
	case BT_MESSAGE_TYPE_EVENT:
		return translate_event(it, msg);
	case BT_MESSAGE_TYPE_STREAM_BEGINNING:
		s = out_trace_map_stream(ot, bt_message_stream_beginning_borrow_stream_const(msg));
		return s ? unify_push(it, bt_message_stream_beginning_create(it->self, s->out)) : -1;
	case BT_MESSAGE_TYPE_STREAM_END:
		s = out_trace_map_stream(ot, bt_message_stream_end_borrow_stream_const(msg));
		return s ? unify_close_stream(it, s) : -1;
	case BT_MESSAGE_TYPE_PACKET_BEGINNING:
		return translate_packet(it, msg, true);
	case BT_MESSAGE_TYPE_PACKET_END:
		return translate_packet(it, msg, false);
	case BT_MESSAGE_TYPE_DISCARDED_EVENTS:
		return translate_discarded(it, msg, true);
	case BT_MESSAGE_TYPE_DISCARDED_PACKETS:
		return translate_discarded(it, msg, false);
	default:
		return 0; /* inactivity: nothing to write */
	}
}

/* --- the merge --- */

/*
 * The next input message in event-time order (msg_merge.h: packets that overlap in time are
 * read whole). An input that fails (corrupted or truncated data) is reported and dropped.
 * 0 with *has (false: every input ended), 1 on AGAIN, -1 out of memory.
 */
static int peek(struct unify_iter *it, struct msg_merge_taken *head, bool *has)
{
	for (;;) {
		switch (msg_merge_peek(&it->merge, head)) {
		case MSG_MERGE_OK:
			*has = true;
			return 0;
		case MSG_MERGE_END:
			*has = false;
			return 0;
		case MSG_MERGE_AGAIN:
			return 1;
		case MSG_MERGE_MEMORY_ERROR:
			return -1;
		case MSG_MERGE_ERROR:
			it->f->params.counts->failed_streams++;
			report_error(it->f, "input stream is damaged, the rest of it is skipped",
				     it->merge.inputs[it->merge.failed].data);
			msg_merge_drop(&it->merge, it->merge.failed);
			break;
		}
	}
}

static int take_one(struct unify_iter *it, const struct msg_merge_taken *head)
{
	const bt_message *msg = msg_merge_take(&it->merge, head);
	int ret = translate(it, msg);

	bt_message_put_ref(msg);
	return ret;
}

static int close_all(struct unify_iter *it)
{
	struct out_trace *ot = &it->f->ot;

	for (size_t i = 0; i < ot->n_all; i++)
		if (unify_close_stream(it, ot->all[i]) != 0)
			return -1;
	for (size_t i = 0; i < ot->n_all; i++)
		it->f->params.counts->clamped += ot->all[i]->clamped;
	it->f->params.counts->clamped += ot->clamped_before_origin;
	it->closed = true;
	return 0;
}

/* Produces at least one pending message, or sets *end. 0, -1 (error), 1 (AGAIN). */
static int produce(struct unify_iter *it, bool *end)
{
	struct msg_merge_taken head = { 0 };
	bool has = false;
	int ret = peek(it, &head, &has);

	*end = false;
	if (ret != 0)
		return ret;
	if (it->syn_pos < it->n_syn && (!has || it->syn[it->syn_pos].ns < head.ns))
		return gpu_synth_emit(it, &it->syn[it->syn_pos++]);
	if (has)
		return take_one(it, &head);
	if (!it->closed)
		return close_all(it);
	*end = true;
	return 0;
}

/* Whether an input is itself a unified trace: its GPU events are already there. */
static bool input_already_unified(struct unify_iter *it)
{
	for (size_t i = 0; i < it->merge.n; i++) {
		const bt_stream *s = head_stream(&it->merge.inputs[i]);

		if (s && env_string(bt_stream_borrow_trace_const(s), "hsatrace_unified"))
			return true;
	}
	return false;
}

/* gpu_only: the inputs that copy_path copies were read for their first messages only
 * (the output's clock and environment); the others go on to be re-encoded. */
static void drop_copied(struct unify_iter *it)
{
	const bool *copied = it->f->params.copied_ports;

	if (!it->f->params.gpu_only)
		return;
	for (size_t i = 0; i < it->merge.n; i++)
		if (!copied || copied[it->port_of[i]])
			msg_merge_drop(&it->merge, i);
}

/* 0, 1 (AGAIN: call again), -1. */
static int prime(struct unify_iter *it)
{
	struct msg_merge_taken head;
	bool has;
	int ret = peek(it, &head, &has);	/* every input's first messages are in */

	if (ret != 0)
		return ret;
	if (start_output(it) != 0)
		return -1;
	if (input_already_unified(it))
		fprintf(stderr, "hsatrace unify: warning: an input is already a unified trace: its "
			"hsa_gpu events are kept, none are added\n");
	else if (gpu_synth_plan(it) != 0)
		return -1;
	drop_copied(it);
	return 0;
}

/* Collect mode: every event goes to the gpu_store; nothing is output. */
static bt_message_iterator_class_next_method_status collect_all(struct unify_iter *it)
{
	struct unify_params *p = &it->f->params;

	for (;;) {
		struct msg_merge_taken head;
		const bt_message *msg;
		bool has;
		int ret = peek(it, &head, &has), failed = 0;

		if (ret > 0)
			return BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_AGAIN;
		if (ret < 0)
			return BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_MEMORY_ERROR;
		if (!has)
			return BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_END;
		msg = msg_merge_take(&it->merge, &head);
		if (head.is_event) {
			p->counts->events_in++;
			failed = gpu_store_collect(p->gpu, msg) != 0;
		}
		bt_message_put_ref(msg);
		if (failed)
			return BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_MEMORY_ERROR;
	}
}

bt_message_iterator_class_next_method_status
unify_filter_next(bt_self_message_iterator *self, bt_message_array_const msgs, uint64_t capacity,
	   uint64_t *count)
{
	struct unify_iter *it = bt_self_message_iterator_get_data(self);
	bool end = false;

	if (it->f->params.mode == UNIFY_COLLECT)
		return collect_all(it);
	if (!it->primed) {
		int ret = prime(it);

		if (ret > 0)
			return BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_AGAIN;
		if (ret < 0) {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_MESSAGE_ITERATOR(self,
				"Failed to create the output trace: inputs=%zu", it->merge.n);
			return BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_ERROR;
		}
		it->primed = true;
	}
	while (it->n_pending - it->pending_pos < capacity && !end) {
		int ret = produce(it, &end);

		if (ret < 0) {
			BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_MESSAGE_ITERATOR(self,
				"Failed to write a message onto the unified trace: "
				"events-in=%" PRIu64 ", events-out=%" PRIu64,
				it->f->params.counts->events_in, it->f->params.counts->events_out);
			return BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_ERROR;
		}
		if (ret > 0)
			break;
	}
	*count = 0;
	while (it->pending_pos < it->n_pending && *count < capacity)
		msgs[(*count)++] = it->pending[it->pending_pos++];
	if (it->pending_pos == it->n_pending)
		it->pending_pos = it->n_pending = 0;
	if (*count)
		return BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_OK;
	return end ? BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_END :
		     BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_AGAIN;
}

/* --- component and iterator lifecycle --- */

void unify_filter_iter_finalize(bt_self_message_iterator *self)
{
	struct unify_iter *it = bt_self_message_iterator_get_data(self);

	if (!it)
		return;
	msg_merge_release(&it->merge);
	for (size_t i = it->pending_pos; i < it->n_pending; i++)
		bt_message_put_ref(it->pending[i]);
	gpu_synth_release(it);
	free(it->pending);
	free(it->port_of);
	free(it);
}

bt_message_iterator_class_initialize_method_status
unify_filter_iter_init(bt_self_message_iterator *self, bt_self_message_iterator_configuration *config,
		bt_self_component_port_output *port)
{
	bt_self_component *comp = bt_self_message_iterator_borrow_component(self);
	struct unify_filter *f = bt_self_component_get_data(comp);
	struct unify_iter *it = calloc(1, sizeof(*it));
	uint64_t n_ports;

	(void)config;
	(void)port;
	if (!it)
		return BT_MESSAGE_ITERATOR_CLASS_INITIALIZE_METHOD_STATUS_MEMORY_ERROR;
	bt_self_message_iterator_set_data(self, it);
	it->f = f;
	it->self = self;
	n_ports = bt_component_filter_get_input_port_count(
		bt_self_component_filter_as_component_filter(f->self));
	it->port_of = calloc(n_ports + 1, sizeof(*it->port_of));
	if (!it->port_of || msg_merge_init(&it->merge, n_ports) != 0)
		goto error;
	it->merge.n = 0;	/* counts the inputs that open */
	for (uint64_t i = 0; i < n_ports; i++) {
		bt_self_component_port_input *in = bt_self_component_filter_borrow_input_port_by_index(
			f->self, i);
		struct msg_merge_input *up = &it->merge.inputs[it->merge.n];

		if (!bt_port_is_connected(bt_self_component_port_as_port(
			bt_self_component_port_input_as_self_component_port(in))))
			continue;
		up->data = in;
		it->port_of[it->merge.n] = i;
		if (bt_message_iterator_create_from_message_iterator(self, in, &up->it) !=
		    BT_MESSAGE_ITERATOR_CREATE_FROM_MESSAGE_ITERATOR_STATUS_OK) {
			f->params.counts->failed_streams++;
			report_error(f, "input stream cannot be read, skipped", in);
			continue;
		}
		it->merge.n++;
	}
	return BT_MESSAGE_ITERATOR_CLASS_INITIALIZE_METHOD_STATUS_OK;
error:
	unify_filter_iter_finalize(self);
	bt_self_message_iterator_set_data(self, NULL);
	return BT_MESSAGE_ITERATOR_CLASS_INITIALIZE_METHOD_STATUS_MEMORY_ERROR;
}

static int add_input_port(struct unify_filter *f)
{
	char name[32];

	snprintf(name, sizeof(name), "in%" PRIu64, bt_component_filter_get_input_port_count(
		bt_self_component_filter_as_component_filter(f->self)));
	return bt_self_component_filter_add_input_port(f->self, name, NULL, NULL) == 0 ? 0 : -1;
}

int unify_filter_setup(bt_self_component_filter *self, const struct unify_params *params,
		       void *owner, void (*release_owner)(void *owner))
{
	bt_self_component *comp = bt_self_component_filter_as_self_component(self);
	struct unify_filter *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	f->params = *params;
	f->self = self;
	f->dynamic_ports = params->n_inputs == 0;
	f->owner = owner;
	f->release_owner = release_owner;
	bt_self_component_set_data(comp, f);
	if (out_trace_init(&f->ot, comp) != 0)
		return -1;
	for (uint64_t i = 0; i < (f->dynamic_ports ? 1 : params->n_inputs); i++)
		if (add_input_port(f) != 0)
			return -1;
	return bt_self_component_filter_add_output_port(self, "out", NULL, NULL) == 0 ? 0 : -1;
}

bt_component_class_port_connected_method_status
unify_filter_input_port_connected(bt_self_component_filter *self,
				  bt_self_component_port_input *self_port,
				  const bt_port_output *other_port)
{
	struct unify_filter *f = bt_self_component_get_data(
		bt_self_component_filter_as_self_component(self));

	(void)self_port;
	(void)other_port;
	if (f->dynamic_ports && add_input_port(f) != 0)
		return BT_COMPONENT_CLASS_PORT_CONNECTED_METHOD_STATUS_ERROR;
	return BT_COMPONENT_CLASS_PORT_CONNECTED_METHOD_STATUS_OK;
}

static bt_component_class_initialize_method_status
unify_init(bt_self_component_filter *self, bt_self_component_filter_configuration *config,
	   const bt_value *params, void *init_data)
{
	(void)config;
	(void)params;
	if (!init_data)
		return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
	return unify_filter_setup(self, init_data, NULL, NULL) == 0 ?
		BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_OK :
		BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
}

void unify_filter_finalize(bt_self_component_filter *self)
{
	struct unify_filter *f = bt_self_component_get_data(
		bt_self_component_filter_as_self_component(self));

	if (!f)
		return;
	out_trace_release(&f->ot);
	if (f->release_owner)
		f->release_owner(f->owner);
	free(f);
}

bt_component_class_filter *unify_filter_class_create(void)
{
	bt_message_iterator_class *mic = bt_message_iterator_class_create(unify_filter_next);
	bt_component_class_filter *fc = NULL;

	if (!mic)
		return NULL;
	bt_message_iterator_class_set_initialize_method(mic, unify_filter_iter_init);
	bt_message_iterator_class_set_finalize_method(mic, unify_filter_iter_finalize);
	fc = bt_component_class_filter_create("unify", mic);
	bt_message_iterator_class_put_ref(mic);
	if (!fc)
		return NULL;
	bt_component_class_filter_set_initialize_method(fc, unify_init);
	bt_component_class_filter_set_finalize_method(fc, unify_filter_finalize);
	bt_component_class_set_description(bt_component_class_filter_as_component_class(fc),
		"Merge traces into one, materializing HSA GPU activity (hsatrace)");
	return fc;
}
