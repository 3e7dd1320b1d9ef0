/*
 * view_counters - hsa-counters.xml: XY views of the counters.
 *
 * The state system of org.hsatrace.counters.state is COUNTERS_LAYOUT, written into the file.
 * Trace Compass XY views have no Y-axis unit: the unit is in each view's title.
 */
#include <stdio.h>

#include "generator/views.h"

static const char COUNTERS_LAYOUT[] =
	"    Counters/<scope>/<name>/<id>   Long value of the hsa_activity:counter events of the\n"
	"                                   tracer's derived counters, scope = queue, pool or\n"
	"                                   process (the series are named by id)\n"
	"    HwCounters/<name>              Long value of the hardware counters (scope dispatch:\n"
	"                                   one value per dispatch, by counter name; in a unified\n"
	"                                   trace also hsa_gpu:kernel_counter)\n"
	"    Pools/<pool>/allocated_bytes   Long bytes allocated so far (hsa_activity:mem_alloc)\n"
	"    Pools/<pool>/freed_bytes       Long bytes freed so far (hsa_activity:mem_free)\n"
	"    Pools/<pool>/live_allocations  Integer allocations not yet freed\n"
	"    Queues/<queue_id>/packets_in_flight   Integer dispatches submitted, not yet ended\n"
	"    Copies/<src_agent>/<dst_agent>/bytes_copied   Long bytes copied so far (GPU end\n"
	"                                   time); shown as a delta: bytes per sample = bandwidth\n";

#define COUNTERS_ANALYSIS "org.hsatrace.counters.state"

/* The values of hsa_activity:counter's `scope` field (docs/schema.md); hardware counters
 * have scope "dispatch" (id = dispatch) and go to HwCounters/<name>. */
static const char *const counter_scopes[] = { "queue", "pool", "process", NULL };
#define SCOPE_DISPATCH "dispatch"

/* Counters/... and HwCounters/...: the counter events. */
static void counter_handlers(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	tc_handler_start(tc, "hsa_activity:counter");
	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	tc_cond_field(tc, "eq", "scope", TC_STR(SCOPE_DISPATCH));
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, "HwCounters/$name", TC_FIELD("value"));
	xml_writer_end(xw, "then");
	xml_writer_start(xw, "else");
	tc_change_body(tc, "Counters/$scope/$name/$id", TC_FIELD("value"));
	xml_writer_end(xw, "else");
	xml_writer_end(xw, "stateChange");
	tc_handler_end(tc);

	/* In a unified trace, the hardware counters of every pass come as kernel_counter events
	 * (at their dispatch's GPU end): the same HwCounters/<name> series. */
	tc_handler_start(tc, "hsa_gpu:kernel_counter");
	tc_change(tc, "HwCounters/$counter", TC_FIELD("value"));
	tc_handler_end(tc);
}

/* Pools/...: allocations and frees. */
static void pool_handlers(struct tc *tc)
{
	tc_handler_start(tc, "hsa_activity:mem_alloc");
	tc_change(tc, "Pools/$pool/allocated_bytes", TC_ADD_FIELD("size"));
	tc_change(tc, "Pools/$pool/live_allocations", TC_ADD_INT("1"));
	tc_handler_end(tc);

	tc_handler_start(tc, "hsa_activity:mem_free");
	tc_change(tc, "Pools/$pool/freed_bytes", TC_ADD_FIELD("size"));
	tc_decrement(tc, "Pools/$pool/live_allocations");
	tc_handler_end(tc);
}

/* Queues/...: packets submitted (barriers aside) until their kernel ends. */
static void queue_handlers(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	tc_handler_start(tc, "hsa_activity:packet_submit");
	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	xml_writer_start(xw, "and");
	tc_cond_field(tc, "ne", "packet_type", TC_LONG("3"));	/* barrier-AND */
	tc_cond_field(tc, "ne", "packet_type", TC_LONG("5"));	/* barrier-OR */
	xml_writer_end(xw, "and");
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, "Queues/$queue_id/packets_in_flight", TC_ADD_INT("1"));
	xml_writer_end(xw, "then");
	xml_writer_end(xw, "stateChange");
	tc_handler_end(tc);

	tc_handler_start(tc, "hsa_gpu:kernel_end");
	tc_decrement(tc, "Queues/$queue_id/packets_in_flight");
	tc_handler_end(tc);
}

static void counters_state_provider(struct tc *tc)
{
	views_analysis_start(tc, "stateProvider", COUNTERS_ANALYSIS, COUNTERS_LAYOUT,
			     "hsatrace: counters");
	counter_handlers(tc);
	pool_handlers(tc);
	queue_handlers(tc);
	tc_handler_start(tc, "hsa_gpu:copy_end");
	tc_change(tc, "Copies/$src_agent/$dst_agent/bytes_copied", TC_ADD_FIELD("size"));
	tc_handler_end(tc);
	xml_writer_end(tc->xw, "stateProvider");
}

static void xy_view(struct tc *tc, const char *id, const char *label, const char *path,
		    const char *display, const char *display_type)
{
	struct xml_writer *xw = tc->xw;

	views_view_start(tc, "xyView", id, label, COUNTERS_ANALYSIS);
	xml_writer_start(xw, "entry");
	xml_writer_attr(xw, "path", path);
	xml_writer_attr(xw, "displayType", display_type);
	if (display)
		xml_writer_element(xw, "display", "type", "constant", "value", display, NULL);
	else
		xml_writer_element(xw, "display", "type", "self", NULL);
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "xyView");
}

void view_write_counters(struct tc *tc)
{
	counters_state_provider(tc);
	for (const char *const *scope = counter_scopes; *scope; scope++) {
		char id[96], label[128], path[96];

		snprintf(id, sizeof(id), "org.hsatrace.counters.%s.view", *scope);
		snprintf(label, sizeof(label), "hsatrace: %s counters by %s (value, in the counter's "
			 "unit)", *scope, *scope);
		snprintf(path, sizeof(path), "Counters/%s/*/*", *scope);
		xy_view(tc, id, label, path, NULL, "absolute");
	}
	xy_view(tc, "org.hsatrace.counters.hardware.view",
		"hsatrace: hardware counters per dispatch (value, in the counter's unit)",
		"HwCounters/*", NULL, "absolute");
	xy_view(tc, "org.hsatrace.counters.allocated.view",
		"hsatrace: bytes allocated per pool (bytes, cumulative)", "Pools/*",
		"allocated_bytes", "absolute");
	xy_view(tc, "org.hsatrace.counters.freed.view",
		"hsatrace: bytes freed per pool (bytes, cumulative)", "Pools/*",
		"freed_bytes", "absolute");
	xy_view(tc, "org.hsatrace.counters.allocations.view",
		"hsatrace: live allocations per pool (count)", "Pools/*",
		"live_allocations", "absolute");
	xy_view(tc, "org.hsatrace.counters.inflight.view",
		"hsatrace: packets in flight per queue (packets)", "Queues/*",
		"packets_in_flight", "absolute");
	xy_view(tc, "org.hsatrace.counters.bandwidth.view",
		"hsatrace: copy bandwidth per source and destination agent (bytes per sample interval)",
		"Copies/*/*", "bytes_copied", "delta");
}
