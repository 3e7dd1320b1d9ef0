/*
 * ooo_trace DIR - writes, with babeltrace2's own sink.ctf.fs, a small CTF trace whose one
 * stream has out-of-order timestamps (as some real LTTng traces do), so the unify tests can
 * check that they are moved forward and counted, not fatal.
 *
 * Stream: packet [1000, 5000] holding events "ooo:tick" seq=0..4 at 1000, 3000, 2000,
 * 4000, 5000 (seq 2 goes back in time).
 */
#include <stdio.h>

#include "ctf_source.h"

static const uint64_t times[] = { 1000, 3000, 2000, 4000, 5000 };
#define N_EVENTS (sizeof(times) / sizeof(times[0]))

struct ooo_iter {
	bt_trace *trace;
	bt_stream *stream;
	bt_packet *packet;
	bt_event_class *ec;
	size_t step;
};

static int make_classes(bt_self_component *self, void *state)
{
	struct ooo_iter *it = state;
	bt_trace_class *tc = bt_trace_class_create(self);
	bt_clock_class *cc = bt_clock_class_create(self);
	bt_stream_class *sc = tc ? bt_stream_class_create(tc) : NULL;
	bt_field_class *payload = tc ? bt_field_class_structure_create(tc) : NULL;
	bt_field_class *seq = tc ? bt_field_class_integer_unsigned_create(tc) : NULL;
	int ret = -1;

	if (!tc || !cc || !sc || !payload || !seq)
		goto cleanup;
	if (bt_stream_class_set_default_clock_class(sc, cc) != 0)
		goto cleanup;
	bt_stream_class_set_supports_packets(sc, BT_TRUE, BT_TRUE, BT_TRUE);
	it->ec = bt_event_class_create(sc);
	if (!it->ec || bt_event_class_set_name(it->ec, "ooo:tick") != 0 ||
	    bt_field_class_structure_append_member(payload, "seq", seq) != 0 ||
	    bt_event_class_set_payload_field_class(it->ec, payload) != 0)
		goto cleanup;
	it->trace = bt_trace_create(tc);
	it->stream = it->trace ? bt_stream_create(sc, it->trace) : NULL;
	it->packet = it->stream ? bt_packet_create(it->stream) : NULL;
	if (it->packet && bt_trace_set_environment_entry_string(it->trace, "hostname", "ooo") == 0)
		ret = 0;
cleanup:
	bt_field_class_put_ref(seq);
	bt_field_class_put_ref(payload);
	bt_stream_class_put_ref(sc);
	bt_clock_class_put_ref(cc);
	bt_trace_class_put_ref(tc);
	return ret;
}

/* The messages in order: stream and packet beginnings, the events, packet and stream ends. */
static bt_message *step_message(bt_self_message_iterator *self, void *state, int *done)
{
	struct ooo_iter *it = state;
	size_t s = it->step;
	bt_message *m;

	*done = s >= 4 + N_EVENTS;
	if (*done)
		return NULL;
	it->step++;
	if (s == 0)
		return bt_message_stream_beginning_create(self, it->stream);
	if (s == 1)
		return bt_message_packet_beginning_create_with_default_clock_snapshot(self,
			it->packet, times[0]);
	if (s < 2 + N_EVENTS) {
		m = bt_message_event_create_with_packet_and_default_clock_snapshot(self, it->ec,
			it->packet, times[s - 2]);
		if (m)
			bt_field_integer_unsigned_set_value(bt_field_structure_borrow_member_field_by_index(
				bt_event_borrow_payload_field(bt_message_event_borrow_event(m)), 0),
				s - 2);
		return m;
	}
	if (s == 2 + N_EVENTS)
		return bt_message_packet_end_create_with_default_clock_snapshot(self, it->packet,
			times[N_EVENTS - 1]);
	return bt_message_stream_end_create(self, it->stream);
}

static void release(void *state)
{
	struct ooo_iter *it = state;

	bt_packet_put_ref(it->packet);
	bt_stream_put_ref(it->stream);
	bt_trace_put_ref(it->trace);
}

int main(int argc, char **argv)
{
	static struct ooo_iter state;
	const struct ctf_source_iterator iterator = { make_classes, step_message, release, &state };

	if (argc != 2) {
		fprintf(stderr, "usage: ooo_trace DIR\n");
		return 2;
	}
	return ctf_source_write("ooo", &iterator, argv[1]);
}
