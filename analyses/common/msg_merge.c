/* msg_merge - see msg_merge.h. */
#include "analyses/common/msg_merge.h"

#include <stdlib.h>

int msg_merge_init(struct msg_merge *m, size_t n_inputs)
{
	*m = (struct msg_merge){ 0 };
	m->inputs = calloc(n_inputs + 1, sizeof(*m->inputs));
	if (!m->inputs)
		return -1;
	m->n = n_inputs;
	for (size_t i = 0; i < n_inputs; i++)
		m->inputs[i].last_event_ns = INT64_MIN;
	return 0;
}

void msg_merge_drop(struct msg_merge *m, size_t i)
{
	struct msg_merge_input *in = &m->inputs[i];

	for (uint64_t k = in->pos; k < in->count; k++)
		bt_message_put_ref(in->msgs[k]);
	in->pos = in->count = 0;
	BT_MESSAGE_ITERATOR_PUT_REF_AND_RESET(in->it);
	in->ended = true;
	in->head_known = false;
}

void msg_merge_release(struct msg_merge *m)
{
	if (!m->inputs)
		return;
	for (size_t i = 0; i < m->n; i++)
		msg_merge_drop(m, i);
	free(m->inputs);
	*m = (struct msg_merge){ 0 };
}

bool msg_merge_event_ns(const bt_message *msg, int64_t *ns)
{
	return bt_message_event_borrow_stream_class_default_clock_class_const(msg) &&
	       bt_clock_snapshot_get_ns_from_origin(
		       bt_message_event_borrow_default_clock_snapshot_const(msg), ns) ==
		       BT_CLOCK_SNAPSHOT_GET_NS_FROM_ORIGIN_STATUS_OK;
}

/* Makes sure the input has a message at pos, or is ended. */
static enum msg_merge_status fill(struct msg_merge_input *in)
{
	if (in->ended || in->pos < in->count)
		return MSG_MERGE_OK;
	in->pos = in->count = 0;
	switch (bt_message_iterator_next(in->it, &in->msgs, &in->count)) {
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_OK:
		return MSG_MERGE_OK;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_END:
		in->count = 0;
		BT_MESSAGE_ITERATOR_PUT_REF_AND_RESET(in->it);
		in->ended = true;
		return MSG_MERGE_OK;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_AGAIN:
		in->count = 0;
		return MSG_MERGE_AGAIN;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_MEMORY_ERROR:
		in->count = 0;
		return MSG_MERGE_MEMORY_ERROR;
	default:
		in->count = 0;
		return MSG_MERGE_ERROR;
	}
}

/*
 * The order of the input's head: an event's own time, never before its stream's last event;
 * any other message its stream's last event time (it goes as soon as the events before it).
 * Computed once per head: the merge looks at every input's head for each message it takes.
 */
static void head_order(struct msg_merge_input *in)
{
	const bt_message *msg = in->msgs[in->pos];
	int64_t ns;

	if (in->head_known)
		return;
	in->head_known = true;
	in->head_is_event = bt_message_get_type(msg) == BT_MESSAGE_TYPE_EVENT;
	in->head_clamped = false;
	in->head_key = in->last_event_ns;
	if (!in->head_is_event || !msg_merge_event_ns(msg, &ns))
		return;
	if (ns < in->last_event_ns)
		in->head_clamped = true;
	else
		in->head_key = ns;
}

enum msg_merge_status msg_merge_peek(struct msg_merge *m, struct msg_merge_taken *head)
{
	bool found = false;

	for (size_t i = 0; i < m->n; i++) {
		struct msg_merge_input *in = &m->inputs[i];
		enum msg_merge_status st = fill(in);

		if (st == MSG_MERGE_ERROR)
			m->failed = i;
		if (st != MSG_MERGE_OK)
			return st;
		if (in->ended)
			continue;
		head_order(in);
		if (!found || in->head_key < head->ns) {
			found = true;
			*head = (struct msg_merge_taken){ i, in->head_is_event, in->head_key,
							  in->head_clamped };
		}
	}
	return found ? MSG_MERGE_OK : MSG_MERGE_END;
}

const bt_message *msg_merge_take(struct msg_merge *m, const struct msg_merge_taken *head)
{
	struct msg_merge_input *in = &m->inputs[head->input];

	if (head->is_event)
		in->last_event_ns = head->ns;
	in->head_known = false;
	return in->msgs[in->pos++];
}

enum msg_merge_status msg_merge_next(struct msg_merge *m, const bt_message **msg,
				     struct msg_merge_taken *taken)
{
	enum msg_merge_status st = msg_merge_peek(m, taken);

	if (st == MSG_MERGE_OK)
		*msg = msg_merge_take(m, taken);
	return st;
}
