/* The schema library: the names other helpers code against, and its internal consistency. */
#include "tests/lib/tap.h"
#include "schema/hsatrace_schema.h"

#include <stdio.h>
#include <string.h>

static const char *const contract_events[] = {
	"hsa_activity:queue_create", "hsa_activity:queue_destroy", "hsa_activity:packet_submit",
	"hsa_activity:kernel_exec", "hsa_activity:copy_exec", "hsa_activity:code_object_load",
	"hsa_activity:code_object_unload", "hsa_activity:kernel_symbol",
	"hsa_activity:agent_info", "hsa_activity:pool_info", "hsa_activity:mem_alloc",
	"hsa_activity:mem_free", "hsa_activity:signal_wait", "hsa_activity:counter",
	"hsa_meta:trace_info", "hsa_gpu:kernel_begin", "hsa_gpu:kernel_end",
	"hsa_gpu:copy_begin", "hsa_gpu:copy_end",
};

/* event, field, type: the fields named in the team contract. */
static const struct { const char *ev, *field; enum hsat_field_type type; } contract_fields[] = {
	{ "hsa_api_entry:hsa_queue_create", "function", HSAT_FT_STRING },
	{ "hsa_api_entry:hsa_queue_create", "correlation_id", HSAT_FT_U64 },
	{ "hsa_api_entry:hsa_queue_create", "agent", HSAT_FT_U64_HEX },
	{ "hsa_api_entry:hsa_queue_create", "size", HSAT_FT_U64 },
	{ "hsa_api_exit:hsa_queue_create", "status", HSAT_FT_S32 },
	{ "hsa_api_exit:hsa_queue_create", "queue", HSAT_FT_U64_HEX },
	{ "hsa_api_exit:hsa_amd_memory_pool_allocate", "ptr", HSAT_FT_U64_HEX },
	{ "hsa_hot_entry:hsa_signal_store_screlease", "value", HSAT_FT_S64 },
	{ "hsa_hot_exit:hsa_queue_add_write_index_screlease", "retval", HSAT_FT_U64 },
	{ "hsa_activity:queue_create", "queue_id", HSAT_FT_U64 },
	{ "hsa_activity:queue_create", "agent_handle", HSAT_FT_U64_HEX },
	{ "hsa_activity:packet_submit", "kernel_name", HSAT_FT_STRING },
	{ "hsa_activity:packet_submit", "grid_x", HSAT_FT_U64 },
	{ "hsa_activity:packet_submit", "correlation_id", HSAT_FT_U64 },
	{ "hsa_activity:kernel_exec", "gpu_begin_ns", HSAT_FT_U64 },
	{ "hsa_activity:kernel_exec", "gpu_end_ns", HSAT_FT_U64 },
	{ "hsa_activity:copy_exec", "direction", HSAT_FT_S32 },
	{ "hsa_activity:kernel_symbol", "mangled_name", HSAT_FT_STRING },
	{ "hsa_activity:mem_alloc", "pool", HSAT_FT_U64_HEX },
	{ "hsa_activity:signal_wait", "blocked_ns", HSAT_FT_U64 },
	{ "hsa_activity:signal_wait", "thread_cpu_begin_ns", HSAT_FT_U64 },
	{ "hsa_activity:signal_wait", "thread_cpu_end_ns", HSAT_FT_U64 },
	{ "hsa_activity:signal_wait", "process_cpu_ns", HSAT_FT_U64 },
	{ "hsa_activity:counter", "value", HSAT_FT_S64 },
	{ "hsa_meta:trace_info", "schema_version", HSAT_FT_STRING },
	{ "hsa_meta:trace_info", "boottime_minus_monotonic_ns", HSAT_FT_S64 },
};

static void test_contract(void)
{
	for (size_t i = 0; i < sizeof(contract_events) / sizeof(contract_events[0]); i++)
		ok(hsat_schema_find_event(contract_events[i]) != NULL, "%s is defined",
		   contract_events[i]);
	for (size_t i = 0; i < sizeof(contract_fields) / sizeof(contract_fields[0]); i++) {
		const struct hsat_field *f = hsat_event_find_field(
			hsat_schema_find_event(contract_fields[i].ev), contract_fields[i].field);

		ok(f && f->type == contract_fields[i].type, "%s has %s of type %s",
		   contract_fields[i].ev, contract_fields[i].field,
		   hsat_field_type_name(contract_fields[i].type));
	}
}

static void test_api_coverage(void)
{
	size_t per_table[3] = { 0 }, hot = 0, paired = 0;

	for (size_t i = 0; i < hsat_api_fn_count; i++) {
		const struct hsat_api_fn *fn = &hsat_api_fns[i];
		char name[256];
		const struct hsat_event *entry, *exit_ev;
		int is_hot = fn->category == HSAT_CAT_HOT;

		per_table[fn->table]++;
		hot += is_hot;
		snprintf(name, sizeof(name), "%s:%s", is_hot ? "hsa_hot_entry" : "hsa_api_entry",
			 fn->name);
		entry = hsat_schema_find_event(name);
		snprintf(name, sizeof(name), "%s:%s", is_hot ? "hsa_hot_exit" : "hsa_api_exit",
			 fn->name);
		exit_ev = hsat_schema_find_event(name);
		paired += entry && exit_ev && entry->api_fn == fn && exit_ev->is_exit &&
			  hsat_event_find_field(exit_ev, "status");
	}
	/* ROCr 5.2.3: 125 core, 48 AMD-extension, 13 image slots. */
	is_int(per_table[HSAT_TABLE_CORE], 125, "every core table slot is traced");
	is_int(per_table[HSAT_TABLE_AMD_EXT], 48, "every AMD-extension table slot is traced");
	is_int(per_table[HSAT_TABLE_IMAGE], 13, "every image table slot is traced");
	is_int(paired, hsat_api_fn_count, "every function has an entry and an exit with status");
	is_int(hot, 50, "16 queue-index and 34 signal load/store/atomic functions are hot");
	ok(hsat_schema_find_event("hsa_api_entry:hsa_signal_wait_scacquire") != NULL,
	   "signal waits stay in the default category");
}

static void test_consistency(void)
{
	size_t n = hsat_schema_event_count(), dups = 0, bad_provider = 0, dup_fields = 0;

	for (size_t i = 0; i < n; i++) {
		const struct hsat_event *ev = hsat_schema_event(i);

		bad_provider += hsat_schema_find_provider(ev->provider) == NULL;
		for (size_t j = i + 1; j < n; j++)
			dups += !strcmp(ev->full_name, hsat_schema_event(j)->full_name);
		for (size_t a = 0; a < ev->n_fields; a++)
			for (size_t b = a + 1; b < ev->n_fields; b++)
				dup_fields += !strcmp(ev->fields[a].name, ev->fields[b].name);
	}
	is_int(dups, 0, "event names are unique");
	is_int(dup_fields, 0, "field names are unique within each event");
	is_int(bad_provider, 0, "every event belongs to a declared provider");
	ok(hsat_schema_find_event("hsa_api_entry:no_such") == NULL, "unknown names are NULL");
	ok(hsat_schema_event(n) == NULL, "out-of-range index is NULL");
	is_str(hsat_schema_find_provider("hsa_hot_entry") ?
	       hsat_category_name(hsat_schema_find_provider("hsa_hot_entry")->category) : "",
	       "hot", "hsa_hot_entry is the opt-in category");
	is_str(HSAT_SCHEMA_VERSION, "2.3", "schema version");
}

/* The HIP layer's events (schema 2.1, hip_api_def.c). */
static void test_hip(void)
{
	const struct hsat_event *launch = hsat_schema_find_event("hip_api_entry:hipLaunchKernel");
	const struct hsat_event *elapsed = hsat_schema_find_event("hip_api_exit:hipEventElapsedTime");
	const struct hsat_event *init = hsat_schema_find_event("hsa_api_entry:hsa_init");
	const struct hsat_event *init_exit = hsat_schema_find_event("hsa_api_exit:hsa_init");
	const struct hsat_provider *hot = hsat_schema_find_provider("hip_hot_entry");

	ok(hsat_hip_fn_count >= 370, "the HIP functions of libamdhip64 5.2.3 (%zu)", hsat_hip_fn_count);
	ok(launch && hsat_event_find_field(launch, "kernel_name") &&
	   hsat_event_find_field(launch, "numBlocks_x") &&
	   hsat_event_find_field(launch, "dimBlocks_z") &&
	   hsat_event_find_field(launch, "sharedMemBytes") && hsat_event_find_field(launch, "stream"),
	   "hipLaunchKernel's entry: kernel name, grid, block, shared memory, stream");
	ok(elapsed && hsat_event_find_field(elapsed, "ms_ns") &&
	   hsat_event_find_field(elapsed, "status"), "hipEventElapsedTime's exit: ms_ns, status");
	ok(init && hsat_event_find_field(init, "hip_correlation_id") &&
	   init_exit && !hsat_event_find_field(init_exit, "hip_correlation_id"),
	   "HSA API entries carry hip_correlation_id, exits do not");
	ok(!hsat_event_find_field(launch, "hip_correlation_id"), "HIP events do not");
	ok(hot && hot->category == HSAT_CAT_HOT &&
	   hsat_schema_find_event("hip_hot_entry:hipGetLastError"), "hip_hot_* is opt-in");
	is_str(launch ? hsat_api_fn_provider(launch->api_fn, 1) : "", "hip_api_exit",
	       "a HIP function's provider");
	ok(hsat_hip_status_is_error(1) && !hsat_hip_status_is_error(0) &&
	   !hsat_hip_status_is_error(600), "HIP failures: not hipSuccess, not hipErrorNotReady");
}

int main(void)
{
	plan_no_plan();
	test_contract();
	test_api_coverage();
	test_consistency();
	test_hip();
	done_testing();
	return exit_status();
}
