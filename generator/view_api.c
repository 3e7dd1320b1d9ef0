/*
 * view_api - the HSA API call stack, per process and thread, by plain function name.
 *
 * hsa-api.xml: a stateProvider and a time graph view (any Trace Compass version).
 * hsa-api-callstack.xml: the same stateProvider inside a data-driven <callstack> (Trace
 * Compass >= 10: flame chart, flame graph, function durations). A separate file, because
 * an older Trace Compass rejects the whole file that contains <callstack>.
 *
 * One handler per category of API events ("hsa_api_entry:*", "hsa_api_exit:*", the hot
 * ones, and the HIP layer's "hip_api_entry:*", ...): the function is the event's `function`
 * field. A HIP call and the HSA calls it makes are on one thread's stack, so the HIP call is
 * drawn above them. The state system (both analyses) is
 * API_LAYOUT, written into the files.
 */
#include "generator/views.h"

#include <string.h>

static const char API_LAYOUT[] =
	"    Processes/<vpid>/name                       String process name (context._procname)\n"
	"    Processes/<vpid>/Threads/<vtid>/CallStack   stack of function names (\"hsa_queue_create\",\n"
	"                                                \"hipMemcpy\" above the HSA calls it makes)\n"
	"    Processes/<vpid>/Threads/<vtid>/failed      String name of the call that just failed,\n"
	"                                                from its exit until the thread's next call\n"
	"    Processes/<vpid>/Threads/<vtid>/failures    Integer number of failed calls so far\n"
	"    A call failed when its exit's status (hsa_status_t) is an error: not SUCCESS,\n"
	"    INFO_BREAK or CU_MASK_REDUCED; a HIP call when its hipError_t is neither\n"
	"    hipSuccess nor hipErrorNotReady.\n";

#define API_ANALYSIS "org.hsatrace.api.state"
#define API_CALLSTACK_ANALYSIS "org.hsatrace.api.callstack.state"
/* locations of the state provider: the calling process and thread */
#define PROCESS "@process"
#define THREAD "@thread"

static void api_status_error(struct tc *tc, int hip)
{
	if (hip)
		tc_cond_hip_status_error(tc, "status");
	else
		tc_cond_status_error(tc, "status");
}

static void api_handlers(struct tc *tc, const char *entry, const char *exit)
{
	struct xml_writer *xw = tc->xw;
	int hip = strncmp(entry, "hip_", 4) == 0;

	tc_handler_start(tc, entry);
	tc_change(tc, PROCESS "/name", TC_FIELD("context._procname"));
	tc_change(tc, THREAD "/failed", TC_NULL);
	tc_change(tc, THREAD "/CallStack",
		  &(struct tc_value){ .type = "eventField", .value = "function", .stack = "push" });
	tc_handler_end(tc);

	tc_handler_start(tc, exit);
	tc_change(tc, THREAD "/CallStack", &(struct tc_value){ .type = "null", .stack = "pop" });
	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	api_status_error(tc, hip);
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, THREAD "/failed", TC_FIELD("function"));
	xml_writer_end(xw, "then");
	xml_writer_end(xw, "stateChange");
	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	api_status_error(tc, hip);
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, THREAD "/failures", TC_ADD_INT("1"));
	xml_writer_end(xw, "then");
	xml_writer_end(xw, "stateChange");
	tc_handler_end(tc);
}

static void api_state_provider(struct tc *tc, const char *id)
{
	views_analysis_start(tc, "stateProvider", id, API_LAYOUT, "hsatrace: HSA API calls");
	tc_location(tc, "process", "Processes/$context._vpid");
	tc_location(tc, "thread", "Processes/$context._vpid/Threads/$context._vtid");
	views_for_each_api_category(tc->cat, api_handlers, tc);
	xml_writer_end(tc->xw, "stateProvider");
}

static void api_time_graph(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	views_view_start(tc, "timeGraphView", "org.hsatrace.api.view",
			 "hsatrace: HSA API call stack", API_ANALYSIS);
	views_named_entry_start(tc, "Processes/*", NULL);
	tc_entry_start(tc, "Threads/*", NULL);
	views_leaf_entry(tc, "CallStack/*", ".");
	views_leaf_entry(tc, "failed", ".");
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "entry");
	xml_writer_end(xw, "timeGraphView");
}

void view_write_api(struct tc *tc)
{
	api_state_provider(tc, API_ANALYSIS);
	api_time_graph(tc);
}

void view_write_api_callstack(struct tc *tc)
{
	struct xml_writer *xw = tc->xw;

	xml_writer_start(xw, "callstack");
	xml_writer_attr(xw, "id", "org.hsatrace.api.callstack");
	xml_writer_start(xw, "callstackGroup");
	xml_writer_attr(xw, "name", "HSA API");
	xml_writer_element(xw, "level", "path", "Processes/*", NULL);
	xml_writer_element(xw, "level", "path", "Threads/*", NULL);
	xml_writer_end(xw, "callstackGroup");
	api_state_provider(tc, API_CALLSTACK_ANALYSIS);
	xml_writer_end(xw, "callstack");
}
