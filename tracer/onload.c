/*
 * OnLoad/OnUnload: the ROCr tool interface (HSA_TOOLS_LIB, or discovery through
 * HSA_AMD_TOOL_PRIORITY on ROCr >= 5.3).
 *
 * The tracer knows one layout, ROCr 5.2's. It patches a table only when its version says so:
 * the root and core tables must have major 1; the AMD-extension table must have major 1 and,
 * beyond the entries every 5.x shares, exactly 5.2's size, because ROCm 5.6/5.7 inserted two
 * entries after hsa_amd_memory_async_copy without bumping the major id. A table that is
 * smaller than 5.2's is patched only as far as it goes. Refusals print one warning.
 */
#include "tracer/tracer.h"
#include "tracer/call.h"
#include "tracer/hw_counters.h"
#include "hsatrace/tp_hsa_meta.h"
#include "hsatrace/tp_hsa_activity.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* ROCr >= 5.3 finds already-loaded tools by this symbol (no HSA_TOOLS_LIB needed). */
__attribute__((visibility("default"))) extern const uint32_t HSA_AMD_TOOL_PRIORITY;
const uint32_t HSA_AMD_TOOL_PRIORITY = 50;

/* Entries up to and including hsa_amd_memory_async_copy_fn are where 5.2 put them in every
 * ROCm 5.x; entries after it moved in 5.6. */
#define AMD_EXT_STABLE_PREFIX (offsetof(struct hsat_amd_ext_table, hsa_amd_memory_async_copy_fn) + \
			       sizeof(void *))

static bool intercept_ok, swap_ok;

bool hsat_can_intercept_queues(void)
{
	return intercept_ok;
}

bool hsat_can_swap_signals(void)
{
	return swap_ok;
}

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

struct attach_report {
	size_t patched;
	char message[256];
};

static void note(struct attach_report *r, const char *msg)
{
	size_t used = strlen(r->message);

	snprintf(r->message + used, sizeof(r->message) - used, "%s%s", used ? "; " : "", msg);
}

static void patch_core(struct hsat_core_table *core, struct attach_report *r)
{
	if (!core) {
		note(r, "no core table");
		return;
	}
	if (core->version.major_id != 1) {
		note(r, "core table major is not 1: core not patched");
		return;
	}
	r->patched += hsat_patch_core(core, min_size(core->version.minor_id, sizeof(*core)));
}

static void patch_amd_ext(struct hsat_amd_ext_table *amd, struct attach_report *r)
{
	size_t limit;

	if (!amd) {
		note(r, "no AMD-extension table");
		return;
	}
	if (amd->version.major_id != 1) {
		note(r, "AMD-extension table major is not 1: not patched");
		return;
	}
	limit = min_size(amd->version.minor_id, sizeof(*amd));
	if (amd->version.minor_id > sizeof(*amd)) {
		limit = AMD_EXT_STABLE_PREFIX;
		note(r, "AMD-extension table larger than ROCr 5.2's (ROCm >= 5.6 layout?): only "
			"its entries up to hsa_amd_memory_async_copy are patched, no kernel capture");
	}
	r->patched += hsat_patch_amd_ext(amd, limit);
}

static void patch_image(struct hsat_image_table *image, struct attach_report *r)
{
	if (!image)
		return;	/* the image extension is optional */
	if (image->version.major_id != 1) {
		note(r, "image table major is not 1: not patched");
		return;
	}
	r->patched += hsat_patch_image(image, min_size(image->version.minor_id, sizeof(*image)));
}

static void decide_capture(void)
{
	swap_ok = hsat_real_core.hsa_signal_create_fn && hsat_real_core.hsa_signal_destroy_fn &&
		  hsat_real_core.hsa_signal_subtract_screlease_fn &&
		  hsat_real_core.hsa_signal_wait_scacquire_fn &&
		  hsat_real_amd_ext.hsa_amd_signal_async_handler_fn;
	intercept_ok = swap_ok && hsat_real_core.hsa_queue_create_fn &&
		       hsat_real_amd_ext.hsa_amd_queue_intercept_create_fn &&
		       hsat_real_amd_ext.hsa_amd_queue_intercept_register_fn &&
		       hsat_real_amd_ext.hsa_amd_profiling_set_profiler_enabled_fn &&
		       hsat_real_amd_ext.hsa_amd_profiling_get_dispatch_time_fn;
}

static void emit_attach(const struct hsat_hsa_api_table *t, const struct attach_report *r)
{
	struct hsat_ev_hsa_meta__attach e = { 0 };

	e.table_major = t ? t->version.major_id : 0;
	if (t && t->version.major_id == 1) {
		e.core_minor = t->core_ ? t->core_->version.minor_id : 0;
		e.amd_ext_minor = t->amd_ext_ ? t->amd_ext_->version.minor_id : 0;
		e.image_minor = t->image_ext_ ? t->image_ext_->version.minor_id : 0;
	}
	e.functions_patched = r->patched;
	e.activity_capture = intercept_ok;
	e.message = r->message;
	lttng_ust_tracepoint(hsa_meta, attach, &e);
}

/* --- agents and pools, described once when the tracer attaches --- */

static hsa_status_t on_pool(hsa_amd_memory_pool_t pool, void *data)
{
	const hsa_agent_t *agent = data;
	struct hsat_ev_hsa_activity__pool_info e = { 0 };
	hsa_amd_segment_t segment = HSA_AMD_SEGMENT_GLOBAL;
	uint32_t flags = 0;
	size_t size = 0;
	bool alloc = false;
	hsa_status_t (*get)(hsa_amd_memory_pool_t, hsa_amd_memory_pool_info_t, void *) =
		hsat_real_amd_ext.hsa_amd_memory_pool_get_info_fn;

	get(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &segment);
	if (segment == HSA_AMD_SEGMENT_GLOBAL)
		get(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags);
	get(pool, HSA_AMD_MEMORY_POOL_INFO_SIZE, &size);
	get(pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED, &alloc);
	e.pool_handle = pool.handle;
	e.agent_handle = agent->handle;
	e.segment = (int32_t)segment;
	e.global_flags = flags;
	e.size = size;
	e.alloc_allowed = alloc;
	lttng_ust_tracepoint(hsa_activity, pool_info, &e);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t on_agent(hsa_agent_t agent, void *data)
{
	struct hsat_ev_hsa_activity__agent_info e = { 0 };
	char name[64] = "";
	hsa_device_type_t type = HSA_DEVICE_TYPE_CPU;
	uint32_t node = 0, cus = 0, wave = 0, queues = 0;
	hsa_status_t (*get)(hsa_agent_t, hsa_agent_info_t, void *) =
		hsat_real_core.hsa_agent_get_info_fn;

	(void)data;
	get(agent, HSA_AGENT_INFO_NAME, name);
	name[sizeof(name) - 1] = '\0';
	get(agent, HSA_AGENT_INFO_DEVICE, &type);
	get(agent, HSA_AGENT_INFO_NODE, &node);
	get(agent, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT, &cus);
	get(agent, HSA_AGENT_INFO_WAVEFRONT_SIZE, &wave);
	get(agent, HSA_AGENT_INFO_QUEUES_MAX, &queues);
	e.agent_handle = agent.handle;
	e.name = name;
	e.device_type = (int32_t)type;
	e.node_id = node;
	e.compute_unit_count = cus;
	e.wavefront_size = wave;
	e.queues_max = queues;
	lttng_ust_tracepoint(hsa_activity, agent_info, &e);
	if (hsat_real_amd_ext.hsa_amd_agent_iterate_memory_pools_fn &&
	    hsat_real_amd_ext.hsa_amd_memory_pool_get_info_fn &&
	    lttng_ust_tracepoint_enabled(hsa_activity, pool_info))
		hsat_real_amd_ext.hsa_amd_agent_iterate_memory_pools_fn(agent, on_pool, &agent);
	return HSA_STATUS_SUCCESS;
}

static void describe_system(void)
{
	if (!hsat_real_core.hsa_iterate_agents_fn || !hsat_real_core.hsa_agent_get_info_fn)
		return;
	if (lttng_ust_tracepoint_enabled(hsa_activity, agent_info) ||
	    lttng_ust_tracepoint_enabled(hsa_activity, pool_info))
		hsat_real_core.hsa_iterate_agents_fn(on_agent, NULL);
}

/* The runtime dlclose()s its tools in the last hsa_shut_down, while our hsa_shut_down wrapper
 * is still on the stack: keep the library mapped for the life of the process. */
static void pin_library(void)
{
	Dl_info info;

	if (dladdr((void *)pin_library, &info) && info.dli_fname)
		dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

__attribute__((visibility("default"))) bool OnLoad(void *table, uint64_t runtime_version,
						    uint64_t failed_tool_count,
						    const char *const *failed_tool_names)
{
	struct hsat_hsa_api_table *t = table;
	struct attach_report r = { 0, "" };
	const char *counters_message;
	bool ok = false;

	(void)runtime_version;
	(void)failed_tool_count;
	(void)failed_tool_names;
	hsat_enter_tracer();
	hsat_emit_trace_info();
	if (!t || t->version.major_id != 1) {
		note(&r, "HsaApiTable major is not 1 (ROCm 6 or later?): nothing patched");
		goto done;
	}
	patch_core(t->core_, &r);
	patch_amd_ext(t->amd_ext_, &r);
	patch_image(t->image_ext_, &r);
	decide_capture();
	counters_message = hsat_hw_counters_attach();
	if (counters_message)
		note(&r, counters_message);
	ok = r.patched > 0;
	if (ok)
		pin_library();
done:
	if (r.message[0])
		hsat_warn_once("%s", r.message);
	emit_attach(t, &r);
	if (ok)
		describe_system();
	hsat_debug("OnLoad: %zu slots patched, activity capture %s", r.patched,
		   intercept_ok ? "on" : "off");
	hsat_leave_tracer();
	return ok;
}

__attribute__((visibility("default"))) void OnUnload(void)
{
	hsat_enter_tracer();
	hsat_pending_forget_all();
	hsat_queues_forget();
	hsat_code_objects_forget();
	hsat_memory_forget();
	hsat_meta_forget();
	hsat_leave_tracer();
}
