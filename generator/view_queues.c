/*
 * view_queues - hsa-queues.xml: HSA queues per agent, their state, the packets they run and
 * their occupancy.
 *
 * The state system of org.hsatrace.queues.state is QUEUES_LAYOUT, written into the file.
 * A queue waits on a barrier when a barrier packet is pending, no kernel of the queue runs
 * and every dispatch ahead of the first pending barrier has finished: the queue's head is a
 * barrier. Barrier packets have no completion event: barriers count as pending until a
 * packet after the last one starts, or the queue drains. GPU times come from the unified
 * trace's hsa_gpu:kernel_begin/_end.
 */
#include <stdio.h>

#include "generator/views.h"

static const char QUEUES_LAYOUT[] =
	"    Q = Agents/<agent>/Queues/<queue_id>\n"
	"    Agents/<agent>/name     String agent name (hsa_activity:agent_info)\n"
	"    QueueAgent/<queue_id>   Long agent handle of the queue (packet_submit has no agent)\n"
	"    Q/state                 Integer: 0 idle, n > 0 busy with n packets in flight, -1 waiting\n"
	"                            on a barrier packet (the legend names 1..8)\n"
	"    Q/inflight              Integer dispatch packets submitted, not yet finished on the GPU\n"
	"    Q/barrier               Long packet index of the last pending barrier packet, or null\n"
	"    Q/ahead                 Integer dispatches submitted before the first pending barrier,\n"
	"                            not yet finished; null when no barrier is pending\n"
	"    Q/running               Integer kernels of the queue running on the GPU\n"
	"    Q/kernel                String name of the kernel the queue is running (GPU time)\n";

#define QUEUES_ANALYSIS "org.hsatrace.queues.state"
#define Q "Agents/?{QueueAgent/$queue_id}/Queues/$queue_id"

#define PACKET_BARRIER_AND "3"
#define PACKET_BARRIER_OR "5"
#define STATE_BARRIER "-1"
#define BUSY_LEVELS 8

/* if (cond on path) then path := v (one stateChange) */
static void change_if_path(struct tc *tc, const char *op, const char *cond_path,
			   const struct tc_value *cond_value, const char *path,
			   const struct tc_value *v)
{
	struct xml_writer *xw = tc->xw;

	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	tc_cond_path(tc, op, cond_path, cond_value);
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, path, v);
	xml_writer_end(xw, "then");
	xml_writer_end(xw, "stateChange");
}

/* <not> Q/barrier is null </not>: a barrier packet is pending */
static void barrier_pending(struct tc *tc)
{
	xml_writer_start(tc->xw, "not");
	tc_cond_path(tc, "eq", Q "/barrier", TC_NULL);
	xml_writer_end(tc->xw, "not");
}

/* Q/state := -1 when the queue's head is a barrier (see above), else Q/inflight. */
static void update_state(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	xml_writer_start(xw, "and");
	barrier_pending(tc);
	tc_cond_path(tc, "le", Q "/ahead", TC_INT("0"));
	tc_cond_path(tc, "le", Q "/running", TC_INT("0"));
	xml_writer_end(xw, "and");
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, Q "/state", TC_INT(STATE_BARRIER));
	xml_writer_end(xw, "then");
	xml_writer_start(xw, "else");
	tc_change_body(tc, Q "/state", TC_QUERY(Q "/inflight"));
	xml_writer_end(xw, "else");
	xml_writer_end(xw, "stateChange");
}

static void queue_lifetime(struct tc *tc)
{
	tc_handler_start(tc, "hsa_activity:agent_info");
	tc_change(tc, "Agents/$agent_handle/name", TC_FIELD("name"));
	tc_handler_end(tc);

	tc_handler_start(tc, "hsa_activity:queue_create");
	tc_change(tc, "QueueAgent/$queue_id", TC_FIELD("agent_handle"));
	tc_change(tc, Q "/inflight", TC_INT("0"));
	tc_change(tc, Q "/running", TC_INT("0"));
	tc_change(tc, Q "/state", TC_INT("0"));
	tc_handler_end(tc);

	tc_handler_start(tc, "hsa_activity:queue_destroy");
	tc_change(tc, Q "/state", TC_NULL);
	tc_change(tc, Q "/inflight", TC_NULL);
	tc_change(tc, Q "/barrier", TC_NULL);
	tc_change(tc, Q "/ahead", TC_NULL);
	tc_change(tc, Q "/running", TC_NULL);
	tc_change(tc, Q "/kernel", TC_NULL);
	tc_handler_end(tc);
}

/* <or> packet_type is barrier-AND or barrier-OR </or> */
static void is_barrier_packet(struct tc *tc)
{
	xml_writer_start(tc->xw, "or");
	tc_cond_field(tc, "eq", "packet_type", TC_LONG(PACKET_BARRIER_AND));
	tc_cond_field(tc, "eq", "packet_type", TC_LONG(PACKET_BARRIER_OR));
	xml_writer_end(tc->xw, "or");
}

static void packet_submit(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	tc_handler_start(tc, "hsa_activity:packet_submit");
	/* the first pending barrier has every dispatch in flight ahead of it */
	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	xml_writer_start(xw, "and");
	is_barrier_packet(tc);
	tc_cond_path(tc, "eq", Q "/barrier", TC_NULL);
	xml_writer_end(xw, "and");
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, Q "/ahead", TC_QUERY(Q "/inflight"));
	xml_writer_end(xw, "then");
	xml_writer_end(xw, "stateChange");
	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	is_barrier_packet(tc);
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, Q "/barrier", TC_FIELD("packet_index"));
	xml_writer_end(xw, "then");
	xml_writer_start(xw, "else");
	tc_change_body(tc, Q "/inflight", TC_ADD_INT("1"));
	xml_writer_end(xw, "else");
	xml_writer_end(xw, "stateChange");
	update_state(tc);
	tc_handler_end(tc);
}

static void kernel_begin_end(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	tc_handler_start(tc, "hsa_gpu:kernel_begin");
	tc_change(tc, Q "/kernel", TC_FIELD("kernel_name"));
	tc_change(tc, Q "/running", TC_ADD_INT("1"));
	/* a packet after the last barrier started: the barriers were satisfied */
	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	xml_writer_start(xw, "and");
	barrier_pending(tc);
	tc_cond_field(tc, "gt", "packet_index", TC_QUERY(Q "/barrier"));
	xml_writer_end(xw, "and");
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, Q "/barrier", TC_NULL);
	xml_writer_end(xw, "then");
	xml_writer_end(xw, "stateChange");
	change_if_path(tc, "eq", Q "/barrier", TC_NULL, Q "/ahead", TC_NULL);
	update_state(tc);
	tc_handler_end(tc);

	tc_handler_start(tc, "hsa_gpu:kernel_end");
	tc_change(tc, Q "/kernel", TC_NULL);
	tc_decrement(tc, Q "/running");
	tc_decrement(tc, Q "/inflight");
	/* kernels after a barrier start only once it is satisfied: this one was ahead
	 * (Q/ahead is null when no barrier is pending) */
	tc_decrement(tc, Q "/ahead");
	/* the queue drained: nothing is left for a barrier to hold back */
	change_if_path(tc, "le", Q "/inflight", TC_INT("0"), Q "/barrier", TC_NULL);
	change_if_path(tc, "eq", Q "/barrier", TC_NULL, Q "/ahead", TC_NULL);
	update_state(tc);
	tc_handler_end(tc);
}

static void queues_state_provider(struct tc *tc)
{
	views_analysis_start(tc, "stateProvider", QUEUES_ANALYSIS, QUEUES_LAYOUT,
			     "hsatrace: HSA queues");
	queue_lifetime(tc);
	packet_submit(tc);
	kernel_begin_end(tc);
	xml_writer_end(tc->xw, "stateProvider");
}

static void queues_time_graph(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	views_view_start(tc, "timeGraphView", "org.hsatrace.queues.view",
			 "hsatrace: HSA queues (state and running kernel)", QUEUES_ANALYSIS);
	tc_defined_value(tc, "waiting on a barrier", STATE_BARRIER, "#D03030");
	tc_defined_value(tc, "idle", "0", "#D8D8D8");
	for (int n = 1; n <= BUSY_LEVELS; n++) {
		char name[64], value[16], color[16];

		snprintf(name, sizeof(name), "busy, %d in flight", n);
		snprintf(value, sizeof(value), "%d", n);
		/* darker green with more packets in flight */
		snprintf(color, sizeof(color), "#%02X%02X%02X", 0x90 - n * 0x10, 0xE0 - n * 0x0C,
			 0x90 - n * 0x10);
		tc_defined_value(tc, name, value, color);
	}
	views_named_entry_start(tc, "Agents/*", NULL);
	tc_entry_start(tc, "Queues/*", "state");
	views_leaf_entry(tc, "kernel", ".");
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "timeGraphView");
}

static void queues_occupancy(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	views_view_start(tc, "xyView", "org.hsatrace.queues.occupancy.view",
			 "hsatrace: queue occupancy (packets in flight)", QUEUES_ANALYSIS);
	xml_writer_start(xw, "entry");
	xml_writer_attr(xw, "path", "Agents/*/Queues/*");
	xml_writer_element(xw, "display", "type", "constant", "value", "inflight", NULL);
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "xyView");
}

void view_write_queues(struct tc *tc)
{
	queues_state_provider(tc);
	queues_time_graph(tc);
	queues_occupancy(tc);
}
