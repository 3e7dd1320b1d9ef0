/*
 * view_gpu - hsa-gpu.xml: the GPU kernel timeline and the duration segments.
 *
 * The state system of org.hsatrace.gpu.state (GPU times: the unified trace's hsa_gpu events)
 * is GPU_LAYOUT, the pattern's SEGMENTS_LAYOUT, both written into the file.
 *
 * Pattern org.hsatrace.gpu.segments feeds Trace Compass's latency table, scatter, density
 * and statistics views with three kinds of segments:
 *	kernels	named by kernel name, from hsa_gpu:kernel_begin to the kernel_end with the same
 *		queue and packet index (one scenario per running kernel)
 *	copies	named by direction, from hsa_gpu:copy_begin to the copy_end with the same copy_id
 *	API calls named by HSA function, from entry to exit; the entry time is pushed on a
 *		per-thread stack (api/<vpid>/<vtid>), so nested calls pair correctly; an exit
 *		whose entry is not in the trace (a call begun before tracing) is skipped
 */
#include <stdio.h>

#include "generator/views.h"

static const char GPU_LAYOUT[] =
	"    Agents/<agent>/name                        String agent name (hsa_activity:agent_info)\n"
	"    Agents/<agent>/Queues/<queue_id>/kernels   stack of running kernel names; child 1 is\n"
	"                                               the first, 2 a kernel overlapping it, ...\n"
	"    Copies/<src_agent>/<dst_agent>             stack of running copies (host to device,\n"
	"                                               ...): one engine row per agent pair\n";

static const char SEGMENTS_LAYOUT[] =
	"    api/<vpid>/<vtid>   stack of the entry times (Long) of the thread's open API calls\n"
	"    scenarios/kernel/*, scenarios/copy/*, scenarios/api/*   the FSMs' scenarios (one per\n"
	"                        running kernel or copy, one for the API calls)\n";

#define GPU_ANALYSIS "org.hsatrace.gpu.state"
#define GPU_SEGMENTS "org.hsatrace.gpu.segments"
#define API_TIMES "api/$context._vpid/$context._vtid"

static const char *const directions[][2] = {
	{ "0", "host to host" },
	{ "1", "host to device" },
	{ "2", "device to host" },
	{ "3", "device to device" },
};

static void direction_mapping(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	xml_writer_start(xw, "mappingGroup");
	xml_writer_attr(xw, "id", "copy_direction");
	for (size_t i = 0; i < sizeof(directions) / sizeof(directions[0]); i++) {
		xml_writer_start(xw, "entry");
		tc_value(tc, "stateValue", TC_LONG(directions[i][0]));
		tc_value(tc, "stateValue", TC_STR(directions[i][1]));
		xml_writer_end(xw, "entry");
	}
	xml_writer_end(xw, "mappingGroup");
}

static const struct tc_value *direction_value(void)
{
	static const struct tc_value v = {
		.type = "eventField", .value = "direction", .mapping = "copy_direction",
	};
	return &v;
}

static void gpu_state_provider(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	views_analysis_start(tc, "stateProvider", GPU_ANALYSIS, GPU_LAYOUT,
			     "hsatrace: GPU kernels and copies");
	direction_mapping(tc);

	tc_handler_start(tc, "hsa_activity:agent_info");
	tc_change(tc, "Agents/$agent_handle/name", TC_FIELD("name"));
	tc_handler_end(tc);

	tc_handler_start(tc, "hsa_gpu:kernel_begin");
	tc_change(tc, "Agents/$agent_handle/Queues/$queue_id/kernels",
		  &(struct tc_value){ .type = "eventField", .value = "kernel_name", .stack = "push" });
	tc_handler_end(tc);
	tc_handler_start(tc, "hsa_gpu:kernel_end");
	tc_change(tc, "Agents/$agent_handle/Queues/$queue_id/kernels",
		  &(struct tc_value){ .type = "null", .stack = "pop" });
	tc_handler_end(tc);

	tc_handler_start(tc, "hsa_gpu:copy_begin");
	tc_change(tc, "Copies/$src_agent/$dst_agent",
		  &(struct tc_value){ .type = "eventField", .value = "direction",
				      .mapping = "copy_direction", .stack = "push" });
	tc_handler_end(tc);
	tc_handler_start(tc, "hsa_gpu:copy_end");
	tc_change(tc, "Copies/$src_agent/$dst_agent",
		  &(struct tc_value){ .type = "null", .stack = "pop" });
	tc_handler_end(tc);
	xml_writer_end(xw, "stateProvider");
}

static void gpu_time_graph(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	views_view_start(tc, "timeGraphView", "org.hsatrace.gpu.view",
			 "hsatrace: GPU kernels and copies", GPU_ANALYSIS);
	views_named_entry_start(tc, "Agents/*", NULL);
	tc_entry_start(tc, "Queues/*", NULL);
	views_leaf_entry(tc, "kernels/*", ".");
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "entry");
	/* Copies > source agent > destination agent > one row per overlapping copy */
	tc_entry_start(tc, "Copies", NULL);
	tc_entry_start(tc, "*", NULL);
	tc_entry_start(tc, "*", NULL);
	views_leaf_entry(tc, "*", ".");
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "timeGraphView");
}

/* <segField name type><stateValue .../></segField> */
static void seg_field(struct tc *tc, const char *name, const char *type,
		      const struct tc_value *v)
{
	xml_writer_start(tc->xw, "segField");
	xml_writer_attr(tc->xw, "name", name);
	xml_writer_attr(tc->xw, "type", type);
	tc_value(tc, "stateValue", v);
	xml_writer_end(tc->xw, "segField");
}

static void seg_name(struct tc *tc, const struct tc_value *v)
{
	xml_writer_start(tc->xw, "segType");
	xml_writer_start(tc->xw, "segName");
	tc_value(tc, "stateValue", v);
	xml_writer_end(tc->xw, "segName");
	xml_writer_end(tc->xw, "segType");
}

/* Actions of the kernel and copy FSMs: remember the key at begin, emit the segment at end.
 * The segment starts at the scenario start (the begin event) and ends at the end event. */
static void pair_actions(struct tc *tc, const char *kind, const char *begin, const char *end,
			 const char *const *keys, const struct tc_value *name,
			 void (*content)(struct tc *tc))
{
	struct xml_writer *xw = tc->xw;
	char id[64], path[128];

	snprintf(id, sizeof(id), "%s_begin", kind);
	tc_on_event(tc, begin);
	xml_writer_start(xw, "action");
	xml_writer_attr(xw, "id", id);
	for (const char *const *k = keys; *k; k++) {
		char field[80];

		snprintf(path, sizeof(path), "#CurrentScenario/%s", *k);
		snprintf(field, sizeof(field), "%s", *k);
		tc_change(tc, path, TC_FIELD(field));
	}
	xml_writer_end(xw, "action");

	snprintf(id, sizeof(id), "%s_segment", kind);
	tc_on_event(tc, end);
	xml_writer_start(xw, "action");
	xml_writer_attr(xw, "id", id);
	xml_writer_start(xw, "segment");
	seg_name(tc, name);
	xml_writer_start(xw, "segContent");
	content(tc);
	xml_writer_end(xw, "segContent");
	xml_writer_end(xw, "segment");
	xml_writer_end(xw, "action");

	/* the end event matches this scenario when every key is the one saved at begin */
	snprintf(id, sizeof(id), "same_%s", kind);
	xml_writer_start(xw, "test");
	xml_writer_attr(xw, "id", id);
	xml_writer_start(xw, "if");
	xml_writer_start(xw, "and");
	for (const char *const *k = keys; *k; k++) {
		snprintf(path, sizeof(path), "#CurrentScenario/%s", *k);
		tc_cond_field(tc, "eq", *k, TC_QUERY(path));
	}
	xml_writer_end(xw, "and");
	xml_writer_end(xw, "if");
	xml_writer_end(xw, "test");
}

static void kernel_content(struct tc *tc)
{
	seg_field(tc, "queue_id", "long", TC_FIELD("queue_id"));
	seg_field(tc, "packet_index", "long", TC_FIELD("packet_index"));
	seg_field(tc, "correlation_id", "long", TC_FIELD("correlation_id"));
	seg_field(tc, "agent_handle", "long", TC_FIELD("agent_handle"));
}

static void copy_content(struct tc *tc)
{
	seg_field(tc, "size_bytes", "long", TC_FIELD("size"));
	seg_field(tc, "src_agent", "long", TC_FIELD("src_agent"));
	seg_field(tc, "dst_agent", "long", TC_FIELD("dst_agent"));
	seg_field(tc, "correlation_id", "long", TC_FIELD("correlation_id"));
}

/* An FSM pairing a begin and an end event: one scenario per pair in progress. */
static void pair_fsm(struct tc *tc, const char *kind, const char *begin, const char *end)
{
	struct xml_writer *xw = tc->xw;
	char action[64], cond[64];

	xml_writer_start(xw, "fsm");
	xml_writer_attr(xw, "id", kind);
	xml_writer_attr(xw, "initial", "waiting");
	xml_writer_element(xw, "precondition", "event", begin, NULL);
	xml_writer_element(xw, "precondition", "event", end, NULL);
	xml_writer_start(xw, "state");
	xml_writer_attr(xw, "id", "waiting");
	snprintf(action, sizeof(action), "%s_begin", kind);
	xml_writer_element(xw, "transition", "event", begin, "target", "running",
			   "action", action, NULL);
	xml_writer_end(xw, "state");
	xml_writer_start(xw, "state");
	xml_writer_attr(xw, "id", "running");
	snprintf(action, sizeof(action), "%s_segment", kind);
	snprintf(cond, sizeof(cond), "same_%s", kind);
	xml_writer_element(xw, "transition", "event", end, "cond", cond, "target", "done",
			   "action", action, NULL);
	xml_writer_end(xw, "state");
	xml_writer_element(xw, "final", "id", "done", NULL);
	xml_writer_end(xw, "fsm");
}

/* The entry and exit patterns of the API categories ("hsa_api_entry:*", ...). */
#define API_CATEGORIES_MAX 4
struct api_events {
	const char *entries[API_CATEGORIES_MAX];
	const char *exits[API_CATEGORIES_MAX];
	size_t n;
};

static void collect_api(struct tc *tc, const char *entry, const char *exit)
{
	struct api_events *api = (struct api_events *)tc->user;

	if (api->n == API_CATEGORIES_MAX)
		return;
	api->entries[api->n] = entry;
	api->exits[api->n] = exit;
	api->n++;
}

static void api_actions(struct tc *tc, const struct api_events *api)
{
	struct xml_writer *xw = tc->xw;

	tc_on_events(tc, api->entries, api->n);
	xml_writer_start(xw, "action");
	xml_writer_attr(xw, "id", "api_entry");
	tc_change(tc, API_TIMES, &(struct tc_value){ .type = "eventField", .value = "timestamp",
						    .stack = "push" });
	xml_writer_end(xw, "action");

	tc_on_events(tc, api->exits, api->n);
	xml_writer_start(xw, "action");
	xml_writer_attr(xw, "id", "api_segment");
	xml_writer_start(xw, "segment");
	seg_name(tc, TC_FIELD("function"));
	xml_writer_start(xw, "segTime");
	tc_value(tc, "begin", &(struct tc_value){ .type = "long", .stack = "peek",
						  .query = API_TIMES });
	tc_value(tc, "end", TC_FIELD("timestamp"));
	xml_writer_end(xw, "segTime");
	xml_writer_start(xw, "segContent");
	seg_field(tc, "status", "long", TC_FIELD("status"));
	seg_field(tc, "correlation_id", "long", TC_FIELD("correlation_id"));
	seg_field(tc, "tid", "long", TC_FIELD("context._vtid"));
	xml_writer_end(xw, "segContent");
	xml_writer_end(xw, "segment");
	tc_change(tc, API_TIMES, &(struct tc_value){ .type = "null", .stack = "pop" });
	xml_writer_end(xw, "action");

	/* an exit whose entry is in the trace (not one of a call begun before tracing) */
	xml_writer_start(xw, "test");
	xml_writer_attr(xw, "id", "api_entered");
	xml_writer_start(xw, "if");
	tc_cond_path(tc, "ne", API_TIMES, TC_NULL);
	xml_writer_end(xw, "if");
	xml_writer_end(xw, "test");
}

static void api_fsm(struct tc *tc, const struct api_events *api)
{
	struct xml_writer *xw = tc->xw;

	xml_writer_start(xw, "fsm");
	xml_writer_attr(xw, "id", "api");
	xml_writer_attr(xw, "multiple", "false");
	xml_writer_attr(xw, "initial", "calls");
	/* only API events reach the FSM: Trace Compass skips it for every other event */
	for (size_t i = 0; i < api->n; i++) {
		xml_writer_element(xw, "precondition", "event", api->entries[i], NULL);
		xml_writer_element(xw, "precondition", "event", api->exits[i], NULL);
	}
	xml_writer_start(xw, "state");
	xml_writer_attr(xw, "id", "calls");
	for (size_t i = 0; i < api->n; i++) {
		xml_writer_element(xw, "transition", "event", api->entries[i], "target", "calls",
				   "action", "api_entry", NULL);
		xml_writer_element(xw, "transition", "event", api->exits[i], "cond", "api_entered",
				   "target", "calls", "action", "api_segment", NULL);
	}
	xml_writer_end(xw, "state");
	xml_writer_end(xw, "fsm");
}

static void gpu_pattern(struct tc *tc)
{
	static const char *const kernel_keys[] = { "queue_id", "packet_index", NULL };
	static const char *const copy_keys[] = { "copy_id", NULL };
	struct xml_writer *xw = tc->xw;
	struct api_events api = { .n = 0 };

	tc->user = &api;
	views_for_each_api_category(tc->cat, collect_api, tc);
	tc->user = NULL;
	views_analysis_start(tc, "pattern", GPU_SEGMENTS, SEGMENTS_LAYOUT,
			     "hsatrace: kernel, copy and API call durations");
	direction_mapping(tc);
	xml_writer_start(xw, "patternHandler");
	pair_actions(tc, "kernel", "hsa_gpu:kernel_begin", "hsa_gpu:kernel_end", kernel_keys,
		     TC_FIELD("kernel_name"), kernel_content);
	pair_actions(tc, "copy", "hsa_gpu:copy_begin", "hsa_gpu:copy_end", copy_keys,
		     direction_value(), copy_content);
	if (api.n)
		api_actions(tc, &api);
	pair_fsm(tc, "kernel", "hsa_gpu:kernel_begin", "hsa_gpu:kernel_end");
	pair_fsm(tc, "copy", "hsa_gpu:copy_begin", "hsa_gpu:copy_end");
	if (api.n)
		api_fsm(tc, &api);
	xml_writer_end(xw, "patternHandler");
	xml_writer_end(xw, "pattern");
}

void view_write_gpu(struct tc *tc)
{
	gpu_state_provider(tc);
	gpu_time_graph(tc);
	gpu_pattern(tc);
}
