/*
 * overlap_trace [--apart] DIR [ENTRY EXIT] - writes, with babeltrace2's own sink.ctf.fs, a small CTF trace whose
 * packets overlap in time: a packet's end is after the next packet's beginning in the same
 * stream, the events themselves in order (as some real traces have them). Trace Compass
 * reads such a trace whole, ordering events, not packets (CTFTraceReader); babeltrace2
 * 2.0.4's muxer stops at the second packet.
 *
 * Stream "a": packets [1000, 5000] (events at 1000, 2000), [3000, 8000] (3500, 6000),
 *             [7500, 9000] (7800, 9000): each one begins before the previous one ends, and
 *             its first event is before that end too.
 * Stream "b": one packet [1500, 9500] (events at 1500, 4000, 7000).
 * Every event is "ovl:tick" with payload n = its rank in time order (1..9) and stream = 0
 * (a) or 1 (b), so a reader that orders the events by time sees n = 1, 2, ... 9. With ENTRY
 * and EXIT (API event names), events 4 and 5 are named so, one call of 500 ns whose entry is
 * in a's second packet (3500) and exit in b (4000): a reader that orders packets by their
 * times sees the exit first. Every event also has correlation_id (1 for that call, else 0),
 * vpid and vtid (1).
 *
 * --apart writes the same events in packets that do not overlap (each packet ends where the
 * next one begins): what a reader should make of both is the same.
 */
#include <stdio.h>
#include <string.h>

#include "ctf_source.h"

/* One step of a stream: a packet beginning or end, or an event (with its rank n). */
enum step_kind { PACKET_BEGIN, PACKET_END, EVENT };

struct step {
	enum step_kind kind;
	uint64_t ts;
	uint64_t n;
};

static const struct step stream_a[] = {
	{ PACKET_BEGIN, 1000, 0 }, { EVENT, 1000, 1 }, { EVENT, 2000, 3 }, { PACKET_END, 5000, 0 },
	{ PACKET_BEGIN, 3000, 0 }, { EVENT, 3500, 4 }, { EVENT, 6000, 6 }, { PACKET_END, 8000, 0 },
	{ PACKET_BEGIN, 7500, 0 }, { EVENT, 7800, 8 }, { EVENT, 9000, 9 }, { PACKET_END, 9000, 0 },
};
static const struct step stream_b[] = {
	{ PACKET_BEGIN, 1500, 0 }, { EVENT, 1500, 2 }, { EVENT, 4000, 5 }, { EVENT, 7000, 7 },
	{ PACKET_END, 9500, 0 },
};

struct stream_plan {
	const struct step *steps;
	size_t n_steps;
};

static const struct stream_plan plans[] = {
	{ stream_a, sizeof(stream_a) / sizeof(stream_a[0]) },
	{ stream_b, sizeof(stream_b) / sizeof(stream_b[0]) },
};
#define N_STREAMS (sizeof(plans) / sizeof(plans[0]))

struct overlap_iter {
	bt_trace *trace;
	bt_stream *streams[N_STREAMS];
	bt_packet *packet;		/* the open packet of the current stream */
	bt_event_class *ec[3];		/* ovl:tick, ENTRY, EXIT */
	size_t stream;			/* the stream being written (one after the other) */
	size_t step;			/* 0: stream beginning, 1..n: plan steps, n+1: end */
};

static const char *event_names[3] = { "ovl:tick", NULL, NULL };
static int apart;	/* --apart: each packet ends where the next one begins */
static const char *const members[] = { "n", "stream", "correlation_id", "vpid", "vtid" };
#define N_MEMBERS (sizeof(members) / sizeof(members[0]))

static bt_field_class *payload_class(bt_trace_class *tc)
{
	bt_field_class *payload = bt_field_class_structure_create(tc);

	for (size_t i = 0; payload && i < N_MEMBERS; i++) {
		bt_field_class *m = bt_field_class_integer_unsigned_create(tc);

		if (!m || bt_field_class_structure_append_member(payload, members[i], m) != 0)
			BT_FIELD_CLASS_PUT_REF_AND_RESET(payload);
		bt_field_class_put_ref(m);
	}
	return payload;
}

/* Each event class has a payload class of its own (a field class belongs to one). */
static int make_event_classes(bt_trace_class *tc, bt_stream_class *sc, struct overlap_iter *it)
{
	int ret = 0;

	for (size_t i = 0; i < 3 && event_names[i] && ret == 0; i++) {
		bt_field_class *payload = payload_class(tc);

		it->ec[i] = bt_event_class_create(sc);
		if (!payload || !it->ec[i] ||
		    bt_event_class_set_name(it->ec[i], event_names[i]) != 0 ||
		    bt_event_class_set_payload_field_class(it->ec[i], payload) != 0)
			ret = -1;
		bt_field_class_put_ref(payload);
	}
	return ret;
}

static int make_classes(bt_self_component *self, void *state)
{
	struct overlap_iter *it = state;
	bt_trace_class *tc = bt_trace_class_create(self);
	bt_clock_class *cc = bt_clock_class_create(self);
	bt_stream_class *sc = tc ? bt_stream_class_create(tc) : NULL;
	int ret = -1;

	if (!tc || !cc || !sc || bt_stream_class_set_default_clock_class(sc, cc) != 0)
		goto cleanup;
	bt_stream_class_set_supports_packets(sc, BT_TRUE, BT_TRUE, BT_TRUE);
	if (make_event_classes(tc, sc, it) != 0)
		goto cleanup;
	it->trace = bt_trace_create(tc);
	if (!it->trace || bt_trace_set_environment_entry_string(it->trace, "hostname", "ovl"))
		goto cleanup;
	for (size_t s = 0; s < N_STREAMS; s++) {
		it->streams[s] = bt_stream_create(sc, it->trace);
		if (!it->streams[s] || bt_stream_set_name(it->streams[s], s ? "b" : "a") != 0)
			goto cleanup;
	}
	ret = 0;
cleanup:
	bt_stream_class_put_ref(sc);
	bt_clock_class_put_ref(cc);
	bt_trace_class_put_ref(tc);
	return ret;
}

static bt_message *event_message(bt_self_message_iterator *self, struct overlap_iter *it,
				 const struct step *st)
{
	int is_call = it->ec[1] && (st->n == 4 || st->n == 5);
	bt_event_class *ec = is_call ? it->ec[st->n == 4 ? 1 : 2] : it->ec[0];
	bt_message *m = bt_message_event_create_with_packet_and_default_clock_snapshot(self,
		ec, it->packet, st->ts);
	uint64_t values[N_MEMBERS] = { st->n, it->stream, is_call ? 1 : 0, 1, 1 };
	bt_field *payload;

	if (!m)
		return NULL;
	payload = bt_event_borrow_payload_field(bt_message_event_borrow_event(m));
	for (size_t i = 0; i < N_MEMBERS; i++)
		bt_field_integer_unsigned_set_value(
			bt_field_structure_borrow_member_field_by_index(payload, i), values[i]);
	return m;
}

/* A packet's end: with --apart, not after the next packet's beginning. */
static uint64_t end_time(const struct stream_plan *p, const struct step *st)
{
	for (const struct step *next = st + 1; apart && next < p->steps + p->n_steps; next++)
		if (next->kind == PACKET_BEGIN)
			return next->ts < st->ts ? next->ts : st->ts;
	return st->ts;
}

static bt_message *plan_message(bt_self_message_iterator *self, struct overlap_iter *it,
				const struct step *st)
{
	bt_message *m;

	switch (st->kind) {
	case PACKET_BEGIN:
		BT_PACKET_PUT_REF_AND_RESET(it->packet);
		it->packet = bt_packet_create(it->streams[it->stream]);
		return it->packet ? bt_message_packet_beginning_create_with_default_clock_snapshot(
			self, it->packet, st->ts) : NULL;
	case PACKET_END:
		m = bt_message_packet_end_create_with_default_clock_snapshot(self, it->packet,
			end_time(&plans[it->stream], st));
		BT_PACKET_PUT_REF_AND_RESET(it->packet);
		return m;
	default:
		return event_message(self, it, st);
	}
}

/* The next message, or NULL with *done set when every stream is written. */
static bt_message *next_message(bt_self_message_iterator *self, void *state, int *done)
{
	struct overlap_iter *it = state;
	const struct stream_plan *p;
	size_t s;

	*done = it->stream >= N_STREAMS;
	if (*done)
		return NULL;
	p = &plans[it->stream];
	s = it->step++;
	if (s == 0)
		return bt_message_stream_beginning_create(self, it->streams[it->stream]);
	if (s <= p->n_steps)
		return plan_message(self, it, &p->steps[s - 1]);
	it->step = 0;
	return bt_message_stream_end_create(self, it->streams[it->stream++]);
}

static void release(void *state)
{
	struct overlap_iter *it = state;

	bt_packet_put_ref(it->packet);
	for (size_t s = 0; s < N_STREAMS; s++)
		bt_stream_put_ref(it->streams[s]);
	bt_trace_put_ref(it->trace);
}

int main(int argc, char **argv)
{
	static struct overlap_iter state;
	const struct ctf_source_iterator iterator = { make_classes, next_message, release, &state };

	apart = argc > 1 && strcmp(argv[1], "--apart") == 0;
	argc -= apart;
	argv += apart;
	if (argc != 2 && argc != 4) {
		fprintf(stderr, "usage: overlap_trace [--apart] DIR [ENTRY EXIT]\n");
		return 2;
	}
	if (argc == 4) {
		event_names[1] = argv[2];
		event_names[2] = argv[3];
	}
	return ctf_source_write("overlap", &iterator, argv[1]);
}
