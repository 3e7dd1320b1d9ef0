/*
 * bt_sink.h - what the simple sinks of hsatrace's babeltrace2 graphs (unify's collect pass)
 * share.
 *
 *   bt_sink_next(it, &msgs, &count, &status)
 *       pulls the next batch; returns 1 when msgs/count hold messages to handle (and put),
 *       0 otherwise, with `status` set to what the consume function returns: END, AGAIN,
 *       MEMORY_ERROR or ERROR, mapped from bt_message_iterator_next()'s status.
 */
#ifndef HSATRACE_ANALYSES_BT_SINK_H
#define HSATRACE_ANALYSES_BT_SINK_H

#include <babeltrace2/babeltrace.h>

static inline int bt_sink_next(bt_message_iterator *it, bt_message_array_const *msgs,
			       uint64_t *count,
			       bt_graph_simple_sink_component_consume_func_status *status)
{
	switch (bt_message_iterator_next(it, msgs, count)) {
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_OK:
		*status = BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_OK;
		return 1;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_END:
		*status = BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_END;
		break;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_AGAIN:
		*status = BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_AGAIN;
		break;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_MEMORY_ERROR:
		*status = BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_MEMORY_ERROR;
		break;
	default:
		*status = BT_GRAPH_SIMPLE_SINK_COMPONENT_CONSUME_FUNC_STATUS_ERROR;
		break;
	}
	*count = 0;
	return 0;
}

#endif /* HSATRACE_ANALYSES_BT_SINK_H */
