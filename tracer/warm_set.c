/* The HSA functions nearly every program calls, whose classes the first registration takes
 * together (lazy_classes.h): those that the three HSA samples (vector_copy, matmul_pipeline,
 * multi_thread) all call, start-up, agents, signals, queues and code objects. A warm function
 * never called costs the daemon's round trips for its two classes; one registered on its own
 * costs two probe registrations, each a re-sync of the session and an RCU grace period
 * (bench/RESULTS.md, "Start-up with a warm set": at this machine's load the round trips
 * cost more, so the set holds no function only some programs call, such as memory pools
 * or regions). No hot function: `hsatrace record` does not enable hsa_hot_*, and a probe of
 * classes nobody enabled costs almost nothing. */
#include "tracer/lazy_classes.h"

const char *const hsat_lazy_warm[] = {
	"hsa_init",
	"hsa_shut_down",
	"hsa_system_get_info",
	"hsa_iterate_agents",
	"hsa_agent_get_info",
	"hsa_signal_create",
	"hsa_signal_destroy",
	"hsa_signal_wait_scacquire",
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
