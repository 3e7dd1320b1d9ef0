/* The HSA functions nearly every program calls (start-up, agents, memory, signals, queues,
 * copies and profiling as HIP's runtime uses them, code objects), whose classes the first
 * registration takes together (lazy_classes.h). A warm function never called costs the
 * daemon's round trip for its two classes (~30 us each); one registered on its own costs
 * two probe registrations, each a re-sync of the session and an RCU grace period (~40 us
 * each; bench/RESULTS.md, "Start-up with a warm set"). No hot function: `hsatrace record`
 * does not enable hsa_hot_*, and a probe of classes nobody enabled costs almost nothing. */
#include "tracer/lazy_classes.h"

const char *const hsat_lazy_warm[] = {
	"hsa_init",
	"hsa_shut_down",
	"hsa_system_get_info",
	"hsa_iterate_agents",
	"hsa_agent_get_info",
	"hsa_agent_iterate_regions",
	"hsa_region_get_info",
	"hsa_amd_agent_iterate_memory_pools",
	"hsa_amd_memory_pool_get_info",
	"hsa_amd_memory_pool_allocate",
	"hsa_amd_memory_pool_free",
	"hsa_amd_agents_allow_access",
	"hsa_memory_allocate",
	"hsa_memory_free",
	"hsa_signal_create",
	"hsa_signal_destroy",
	"hsa_signal_wait_scacquire",
	"hsa_amd_signal_async_handler",
	"hsa_amd_memory_async_copy",
	"hsa_amd_profiling_set_profiler_enabled",
	"hsa_amd_profiling_async_copy_enable",
	"hsa_amd_profiling_get_dispatch_time",
	"hsa_amd_profiling_get_async_copy_time",
	"hsa_queue_create",
	"hsa_queue_destroy",
	"hsa_code_object_reader_create_from_file",
	"hsa_code_object_reader_destroy",
	"hsa_executable_create_alt",
	"hsa_executable_load_agent_code_object",
	"hsa_executable_freeze",
	"hsa_executable_get_symbol_by_name",
	"hsa_executable_symbol_get_info",
	"hsa_executable_destroy",
	NULL
};
