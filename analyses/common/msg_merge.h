/*
 * msg_merge - the messages of several babeltrace2 message iterators (one per stream of the
 * source.ctf.fs components) in one sequence ordered by event time, as Trace Compass's
 * CTFTraceReader orders a trace: by its events, not its packets.
 *
 * filter.utils.muxer (babeltrace2 2.0.4) orders every message by its own time and refuses a
 * stream whose packet ends after the next packet begins, even when the events are in order.
 * Here only events are ordered by their time; any other message of a stream (stream and
 * packet boundaries, discarded events or packets) goes as soon as the events before it in
 * its stream have gone. An event whose time goes back in its stream is ordered at the
 * stream's last event time (the caller moves it forward and counts it: `clamped`).
 *
 *   struct msg_merge m;
 *   msg_merge_init(&m, n);                   n inputs, each to be given its iterator
 *   m.inputs[i].it = ...; m.inputs[i].data = ...;   (references owned by the merge)
 *   while ((st = msg_merge_next(&m, &msg, &in)) == MSG_MERGE_OK) { ...; bt_message_put_ref(msg); }
 *   msg_merge_release(&m);                   puts the iterators and the messages not taken
 *
 * MSG_MERGE_ERROR: m.failed is the input whose iterator failed; its cause is the thread's
 * current babeltrace2 error. msg_merge_drop(&m, m.failed) ends that input so that the merge
 * can go on without it (unify's policy); stats and analyze stop instead.
 */
#ifndef HSATRACE_ANALYSES_MSG_MERGE_H
#define HSATRACE_ANALYSES_MSG_MERGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

struct msg_merge_input {
	bt_message_iterator *it;	/* reference owned by the merge, or NULL (ended) */
	void *data;			/* the caller's (a port to name in messages) */
	bt_message_array_const msgs;	/* the current batch, messages from pos on owned */
	uint64_t count, pos;
	int64_t last_event_ns;		/* ns from origin of its last event taken (clamped) */
	bool ended;
	bool head_known;		/* head_* describe msgs[pos] (computed once per message) */
	bool head_is_event, head_clamped;
	int64_t head_key;
};

struct msg_merge {
	struct msg_merge_input *inputs;
	size_t n;
	size_t failed;			/* after MSG_MERGE_ERROR: the input that failed */
};

enum msg_merge_status {
	MSG_MERGE_OK,
	MSG_MERGE_END,
	MSG_MERGE_AGAIN,		/* an upstream has nothing yet: call again */
	MSG_MERGE_MEMORY_ERROR,
	MSG_MERGE_ERROR,		/* an upstream failed: m->failed */
};

/* What msg_merge_next says of the message it hands over. */
struct msg_merge_taken {
	size_t input;			/* the input it came from */
	bool is_event;
	int64_t ns;			/* its place in the order, ns from origin: an event's time,
					   never before its stream's previous event; any other
					   message's, that previous event's (INT64_MIN: none) */
	bool clamped;			/* the event's own time was before: ns is moved forward */
};

/* 0, or -1 (out of memory). */
int msg_merge_init(struct msg_merge *m, size_t n_inputs);
void msg_merge_release(struct msg_merge *m);

/* The next message (a reference for the caller), with what was taken. */
enum msg_merge_status msg_merge_next(struct msg_merge *m, const bt_message **msg,
				     struct msg_merge_taken *taken);

/* The same in two steps: which message comes next (every input filled: their heads can be
 * looked at), then take it (a reference for the caller). */
enum msg_merge_status msg_merge_peek(struct msg_merge *m, struct msg_merge_taken *head);
const bt_message *msg_merge_take(struct msg_merge *m, const struct msg_merge_taken *head);

/* Ends input i (its iterator put, its messages not taken dropped). */
void msg_merge_drop(struct msg_merge *m, size_t i);

/* An event message's default clock time in ns from origin: true when it has one. */
bool msg_merge_event_ns(const bt_message *msg, int64_t *ns);

#endif /* HSATRACE_ANALYSES_MSG_MERGE_H */
