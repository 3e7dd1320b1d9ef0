/* The hsatrace event schema, hand-written part: providers, activity and meta events.
 * The API entry/exit events are defined by hsa_api_def.c. Adding events or fields is fine
 * (bump HSAT_SCHEMA_VERSION_MINOR); renaming or removing breaks readers (bump MAJOR). */
#include "schema/hsatrace_schema.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

const struct hsat_provider hsat_providers[] = {
	{ HSAT_PROVIDER_API_ENTRY, HSAT_CAT_DEFAULT, 0,
	  "entry of every traced HSA API call (functions of the default category); the event "
	  "name is the function" },
	{ HSAT_PROVIDER_API_EXIT, HSAT_CAT_DEFAULT, 0,
	  "exit of every traced HSA API call (functions of the default category)" },
	{ HSAT_PROVIDER_HOT_ENTRY, HSAT_CAT_HOT, 0,
	  "entry of the hot HSA functions (queue index operations, signal load/store/"
	  "atomics); opt-in: enable `hsa_hot_*`" },
	{ HSAT_PROVIDER_HOT_EXIT, HSAT_CAT_HOT, 0,
	  "exit of the hot HSA functions; opt-in with the entries (`hsa_hot_*`)" },
	{ HSAT_PROVIDER_HIP_ENTRY, HSAT_CAT_DEFAULT, 0,
	  "entry of every traced HIP API call (libhsatrace-hip.so; functions of the default "
	  "category); the event name is the function" },
	{ HSAT_PROVIDER_HIP_EXIT, HSAT_CAT_DEFAULT, 0,
	  "exit of every traced HIP API call: hipError_t status and out-parameters" },
	{ HSAT_PROVIDER_HIP_HOT_ENTRY, HSAT_CAT_HOT, 0,
	  "entry of the hot HIP functions (hipGetLastError, hipGetDevice, hipStreamQuery, "
	  "...); opt-in: enable `hip_hot_*`" },
	{ HSAT_PROVIDER_HIP_HOT_EXIT, HSAT_CAT_HOT, 0,
	  "exit of the hot HIP functions; opt-in with the entries (`hip_hot_*`)" },
	{ "hsa_activity", HSAT_CAT_DEFAULT, 0,
	  "what the GPU and the runtime did: queues, packets, kernel and copy executions, code "
	  "objects, agents, pools, allocations, signal waits, counters" },
	{ "hsa_meta", HSAT_CAT_DEFAULT, 0,
	  "facts about the trace itself: schema version, clocks, how the tracer attached" },
	{ "hsa_gpu", HSAT_CAT_DEFAULT, 1,
	  "GPU activity materialized at GPU time by `hsatrace unify`, on streams of their own "
	  "(fields copied from hsa_activity:kernel_exec / copy_exec)" },
};
const size_t hsat_provider_count = N(hsat_providers);

static const struct hsat_field queue_fields[] = {
	{ "agent_handle", HSAT_FT_U64_HEX, "", "hsa_agent_t handle of the queue's agent" },
	{ "queue_id", HSAT_FT_U64, "", "hsa_queue_t.id, unique per process" },
	{ "queue_handle", HSAT_FT_U64_HEX, "", "address of the hsa_queue_t the program uses" },
	{ "size", HSAT_FT_U64, "packets", "ring size in packets" },
	{ "type", HSAT_FT_S32, "", "hsa_queue_type_t (0 multiple, 1 single, 2 cooperative)" },
	{ "intercepted", HSAT_FT_U64, "", "1 when packets on this queue are captured "
	  "(intercept queue), 0 when the tracer could not intercept it" },
	{ "correlation_id", HSAT_FT_U64, "", "the hsa_queue_create/destroy call" },
};

static const struct hsat_field packet_submit_fields[] = {
	{ "queue_id", HSAT_FT_U64, "", "hsa_queue_t.id" },
	{ "packet_index", HSAT_FT_U64, "", "the packet's write index in the program's queue" },
	{ "packet_type", HSAT_FT_S32, "", "hsa_packet_type_t (1 vendor, 2 kernel dispatch, "
	  "3 barrier-AND, 4 agent dispatch, 5 barrier-OR)" },
	{ "header", HSAT_FT_U64_HEX, "", "the 16-bit AQL header (barrier, acquire/release fences)" },
	{ "kernel_object", HSAT_FT_U64_HEX, "", "kernel descriptor address (dispatch packets)" },
	{ "kernel_name", HSAT_FT_STRING, "", "kernel name from the code objects seen, "
	  "\"-\" when unknown or not a dispatch" },
	{ "grid_x", HSAT_FT_U64, "work-items", "grid size, x" },
	{ "grid_y", HSAT_FT_U64, "work-items", "grid size, y" },
	{ "grid_z", HSAT_FT_U64, "work-items", "grid size, z" },
	{ "workgroup_x", HSAT_FT_U64, "work-items", "workgroup size, x" },
	{ "workgroup_y", HSAT_FT_U64, "work-items", "workgroup size, y" },
	{ "workgroup_z", HSAT_FT_U64, "work-items", "workgroup size, z" },
	{ "group_segment_size", HSAT_FT_U64, "bytes", "LDS per workgroup" },
	{ "private_segment_size", HSAT_FT_U64, "bytes", "scratch per work-item" },
	{ "kernarg_address", HSAT_FT_U64_HEX, "", "kernel argument buffer" },
	{ "completion_signal", HSAT_FT_U64_HEX, "", "the program's completion signal handle "
	  "(0 when none)" },
	{ "dep_signal_0", HSAT_FT_U64_HEX, "", "barrier-AND/OR packets: the dependency signals "
	  "the packet waits for (0 when unused or not a barrier), matching other packets' "
	  "completion_signal" },
	{ "dep_signal_1", HSAT_FT_U64_HEX, "", "as dep_signal_0" },
	{ "dep_signal_2", HSAT_FT_U64_HEX, "", "as dep_signal_0" },
	{ "dep_signal_3", HSAT_FT_U64_HEX, "", "as dep_signal_0" },
	{ "dep_signal_4", HSAT_FT_U64_HEX, "", "as dep_signal_0" },
	{ "correlation_id", HSAT_FT_U64, "", "the API call that rang the doorbell "
	  "(hsa_signal_store_* on the queue's doorbell; in hsa_hot_entry/hsa_hot_exit)" },
	{ "hip_correlation_id", HSAT_FT_U64, "", "the HIP call (hip_api_entry correlation_id) whose doorbell store submitted the packet "
	  "was made in, 0 when none or without libhsatrace-hip.so" },
};

static const struct hsat_field kernel_exec_fields[] = {
	{ "queue_id", HSAT_FT_U64, "", "hsa_queue_t.id" },
	{ "packet_index", HSAT_FT_U64, "", "as in packet_submit" },
	{ "correlation_id", HSAT_FT_U64, "", "as in packet_submit" },
	{ "kernel_object", HSAT_FT_U64_HEX, "", "kernel descriptor address" },
	{ "kernel_name", HSAT_FT_STRING, "", "as in packet_submit" },
	{ "agent_handle", HSAT_FT_U64_HEX, "", "the agent that ran the kernel" },
	{ "gpu_begin_ns", HSAT_FT_U64, "ns", "kernel start, LTTng clock domain (CLOCK_MONOTONIC)" },
	{ "gpu_end_ns", HSAT_FT_U64, "ns", "kernel end, LTTng clock domain (CLOCK_MONOTONIC)" },
	{ "hip_correlation_id", HSAT_FT_U64, "", "as in packet_submit" },
};

static const struct hsat_field copy_exec_fields[] = {
	{ "copy_id", HSAT_FT_U64, "", "sequence number of the copy in the process" },
	{ "correlation_id", HSAT_FT_U64, "", "the hsa_amd_memory_async_copy* call" },
	{ "src_address", HSAT_FT_U64_HEX, "", "source address" },
	{ "dst_address", HSAT_FT_U64_HEX, "", "destination address" },
	{ "src_agent", HSAT_FT_U64_HEX, "", "source agent handle (the copy agent for "
	  "hsa_amd_memory_async_copy_rect)" },
	{ "dst_agent", HSAT_FT_U64_HEX, "", "destination agent handle (the copy agent for "
	  "hsa_amd_memory_async_copy_rect)" },
	{ "size", HSAT_FT_U64, "bytes", "bytes copied" },
	{ "direction", HSAT_FT_S32, "", "0 host-to-host, 1 host-to-device, 2 device-to-host, "
	  "3 device-to-device (from the agents' device types; the program's for rect copies)" },
	{ "gpu_begin_ns", HSAT_FT_U64, "ns", "copy start, LTTng clock domain (CLOCK_MONOTONIC)" },
	{ "gpu_end_ns", HSAT_FT_U64, "ns", "copy end, LTTng clock domain (CLOCK_MONOTONIC)" },
	{ "hip_correlation_id", HSAT_FT_U64, "", "the HIP call (hip_api_entry correlation_id) whose hsa_amd_memory_async_copy* call "
	  "was made in, 0 when none or without libhsatrace-hip.so" },
};

static const struct hsat_field code_object_load_fields[] = {
	{ "executable", HSAT_FT_U64_HEX, "", "hsa_executable_t handle" },
	{ "agent_handle", HSAT_FT_U64_HEX, "", "agent the code object was loaded for" },
	{ "code_object_reader", HSAT_FT_U64_HEX, "", "hsa_code_object_reader_t handle "
	  "(0 for the deprecated hsa_code_object_t path)" },
	{ "loaded_code_object", HSAT_FT_U64_HEX, "", "hsa_loaded_code_object_t handle "
	  "(0 when the program did not ask for it)" },
	{ "correlation_id", HSAT_FT_U64, "", "the hsa_executable_load_* call" },
};

static const struct hsat_field code_object_unload_fields[] = {
	{ "executable", HSAT_FT_U64_HEX, "", "hsa_executable_t handle" },
	{ "agent_handle", HSAT_FT_U64_HEX, "", "as in code_object_load" },
	{ "code_object_reader", HSAT_FT_U64_HEX, "", "as in code_object_load" },
	{ "loaded_code_object", HSAT_FT_U64_HEX, "", "as in code_object_load" },
	{ "correlation_id", HSAT_FT_U64, "", "the hsa_executable_destroy call" },
};

/* As analyses/unify/gpu_synth.c writes them. */
static const struct hsat_field kernel_counter_fields[] = {
	{ "correlation_id", HSAT_FT_U64, "", "the dispatch, as in kernel_exec" },
	{ "queue_id", HSAT_FT_U64, "", "as in kernel_exec" },
	{ "packet_index", HSAT_FT_U64, "", "as in kernel_exec" },
	{ "kernel_name", HSAT_FT_STRING, "", "as in kernel_exec" },
	{ "counter", HSAT_FT_STRING, "", "hardware counter name (e.g. SQ_WAVES)" },
	{ "value", HSAT_FT_S64, "", "its value for the dispatch" },
	{ "pass", HSAT_FT_U64, "", "the counter pass (record -c) that measured it" },
};

static const struct hsat_field kernel_symbol_fields[] = {
	{ "kernel_object", HSAT_FT_U64_HEX, "", "kernel descriptor address, as in packets" },
	{ "kernel_name", HSAT_FT_STRING, "", "demangled name without the \".kd\" suffix" },
	{ "mangled_name", HSAT_FT_STRING, "", "symbol name as the runtime reports it" },
	{ "executable", HSAT_FT_U64_HEX, "", "hsa_executable_t handle" },
	{ "agent_handle", HSAT_FT_U64_HEX, "", "agent of the symbol" },
	{ "kernarg_segment_size", HSAT_FT_U64, "bytes", "kernel argument size" },
	{ "group_segment_size", HSAT_FT_U64, "bytes", "static LDS" },
	{ "private_segment_size", HSAT_FT_U64, "bytes", "static scratch per work-item" },
};

static const struct hsat_field agent_info_fields[] = {
	{ "agent_handle", HSAT_FT_U64_HEX, "", "hsa_agent_t handle" },
	{ "name", HSAT_FT_STRING, "", "HSA_AGENT_INFO_NAME (e.g. gfx90a)" },
	{ "device_type", HSAT_FT_S32, "", "hsa_device_type_t (0 CPU, 1 GPU, 2 DSP)" },
	{ "node_id", HSAT_FT_U64, "", "HSA_AGENT_INFO_NODE" },
	{ "compute_unit_count", HSAT_FT_U64, "count", "HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT "
	  "(0 when unknown)" },
	{ "wavefront_size", HSAT_FT_U64, "work-items", "HSA_AGENT_INFO_WAVEFRONT_SIZE" },
	{ "queues_max", HSAT_FT_U64, "count", "HSA_AGENT_INFO_QUEUES_MAX" },
};

static const struct hsat_field pool_info_fields[] = {
	{ "pool_handle", HSAT_FT_U64_HEX, "", "hsa_amd_memory_pool_t handle" },
	{ "agent_handle", HSAT_FT_U64_HEX, "", "owning agent" },
	{ "segment", HSAT_FT_S32, "", "hsa_amd_segment_t (0 global, 1 readonly, 2 private, 3 group)" },
	{ "global_flags", HSAT_FT_U64_HEX, "", "hsa_amd_memory_pool_global_flag_t bits "
	  "(1 kernarg init, 2 fine grained, 4 coarse grained)" },
	{ "size", HSAT_FT_U64, "bytes", "pool size" },
	{ "alloc_allowed", HSAT_FT_U64, "", "1 when the program may allocate from it" },
};

static const struct hsat_field mem_alloc_fields[] = {
	{ "pool", HSAT_FT_U64_HEX, "", "memory pool (or region, for hsa_memory_allocate) handle" },
	{ "ptr", HSAT_FT_U64_HEX, "", "the allocated address" },
	{ "size", HSAT_FT_U64, "bytes", "requested size" },
	{ "correlation_id", HSAT_FT_U64, "", "the allocating call" },
};

static const struct hsat_field mem_free_fields[] = {
	{ "pool", HSAT_FT_U64_HEX, "", "pool of the allocation (0 when the tracer did not see it)" },
	{ "ptr", HSAT_FT_U64_HEX, "", "the freed address" },
	{ "size", HSAT_FT_U64, "bytes", "size of the allocation (0 when unknown)" },
	{ "correlation_id", HSAT_FT_U64, "", "the freeing call" },
};

static const struct hsat_field signal_wait_fields[] = {
	{ "signal", HSAT_FT_U64_HEX, "", "waited signal (first one for wait-any)" },
	{ "condition", HSAT_FT_S32, "", "hsa_signal_condition_t (0 EQ, 1 NE, 2 LT, 3 GTE)" },
	{ "compare_value", HSAT_FT_S64, "", "value compared against" },
	{ "timeout_hint", HSAT_FT_U64, "ticks", "timeout hint passed by the program" },
	{ "value", HSAT_FT_S64, "", "value returned (signal value observed; for wait-any: the "
	  "satisfying index)" },
	{ "blocked_ns", HSAT_FT_U64, "ns", "how long the calling thread was inside the wait" },
	{ "correlation_id", HSAT_FT_U64, "", "the wait call" },
	{ "thread_cpu_begin_ns", HSAT_FT_U64, "ns", "the calling thread's CPU time "
	  "(CLOCK_THREAD_CPUTIME_ID) when it entered the wait (schema 2.2): with the next "
	  "field, the CPU time of the host phases between waits" },
	{ "thread_cpu_end_ns", HSAT_FT_U64, "ns", "the calling thread's CPU time when the wait "
	  "returned (schema 2.2)" },
	{ "process_cpu_ns", HSAT_FT_U64, "ns", "the process's CPU time, all its threads "
	  "(CLOCK_PROCESS_CPUTIME_ID), when the wait returned, read right after "
	  "thread_cpu_end_ns (schema 2.3; 0 if the clock could not be read): between two waits "
	  "of a process, the CPU all its threads used, the runtime's own included" },
};

static const struct hsat_field counter_fields[] = {
	{ "name", HSAT_FT_STRING, "", "packets_in_flight, bytes_allocated, bytes_copied, or a "
	  "hardware counter name" },
	{ "scope", HSAT_FT_STRING, "", "what `id` identifies: queue, pool, process, dispatch" },
	{ "id", HSAT_FT_U64, "", "queue id, pool handle; 0 for process; for dispatch "
	  "(hardware counters) queue_id * 2^32 + packet_index" },
	{ "value", HSAT_FT_S64, "", "the counter value after the change" },
	{ "unit", HSAT_FT_STRING, "", "packets, bytes, count, ticks" },
};

static const struct hsat_field trace_info_fields[] = {
	{ "schema_version", HSAT_FT_STRING, "", "HSAT_SCHEMA_VERSION, \"MAJOR.MINOR\"" },
	{ "tracer_version", HSAT_FT_STRING, "", "hsatrace version" },
	{ "monotonic_ns", HSAT_FT_U64, "ns", "CLOCK_MONOTONIC when sampled (LTTng's clock)" },
	{ "boottime_ns", HSAT_FT_U64, "ns", "CLOCK_BOOTTIME sampled right after (HSA system clock)" },
	{ "realtime_ns", HSAT_FT_U64, "ns", "CLOCK_REALTIME sampled right after" },
	{ "boottime_minus_monotonic_ns", HSAT_FT_S64, "ns", "offset subtracted from HSA "
	  "system-domain times to put them in the LTTng clock domain" },
	{ "realtime_minus_monotonic_ns", HSAT_FT_S64, "ns", "for wall-clock display" },
	{ "gpu_time_domain", HSAT_FT_STRING, "", "\"monotonic\": gpu_*_ns fields are already "
	  "converted to the LTTng clock" },
	{ "attach_mode", HSAT_FT_STRING, "", "\"preload\" (LD_PRELOAD) or \"tool\" (HSA_TOOLS_LIB)" },
};

static const struct hsat_field attach_fields[] = {
	{ "table_major", HSAT_FT_U64, "", "HsaApiTable version.major_id" },
	{ "core_minor", HSAT_FT_U64, "bytes", "CoreApiTable version.minor_id (its size)" },
	{ "amd_ext_minor", HSAT_FT_U64, "bytes", "AmdExtTable version.minor_id (its size)" },
	{ "image_minor", HSAT_FT_U64, "bytes", "ImageExtTable version.minor_id (0 when absent)" },
	{ "functions_patched", HSAT_FT_U64, "count", "table slots the tracer replaced" },
	{ "activity_capture", HSAT_FT_U64, "", "1 when kernel dispatches are captured" },
	{ "message", HSAT_FT_STRING, "", "why something was not patched, \"-\" when all was" },
};

const struct hsat_event_def hsat_event_defs[] = {
	{ "hsa_meta", "trace_info", "once per process when the tracer starts: versions and clocks",
	  trace_info_fields, N(trace_info_fields) },
	{ "hsa_meta", "attach", "OnLoad ran: which table layout was found and what was patched",
	  attach_fields, N(attach_fields) },
	{ "hsa_activity", "queue_create", "a queue was created (after hsa_queue_create succeeded)",
	  queue_fields, N(queue_fields) },
	{ "hsa_activity", "queue_destroy", "a queue is destroyed (before the real destroy)",
	  queue_fields, N(queue_fields) },
	{ "hsa_activity", "packet_submit", "an AQL packet was submitted (doorbell rung), in the "
	  "submitting thread, in packet order", packet_submit_fields, N(packet_submit_fields) },
	{ "hsa_activity", "kernel_exec", "a kernel dispatch completed, with its GPU begin/end",
	  kernel_exec_fields, N(kernel_exec_fields) },
	{ "hsa_activity", "copy_exec", "an asynchronous copy completed, with its begin/end",
	  copy_exec_fields, N(copy_exec_fields) },
	{ "hsa_activity", "code_object_load", "a code object was loaded into an executable",
	  code_object_load_fields, N(code_object_load_fields) },
	{ "hsa_activity", "code_object_unload", "a code object is unloaded (executable destroyed)",
	  code_object_unload_fields, N(code_object_unload_fields) },
	{ "hsa_activity", "kernel_symbol", "a kernel of a frozen executable: kernel_object -> name",
	  kernel_symbol_fields, N(kernel_symbol_fields) },
	{ "hsa_activity", "agent_info", "an agent, described once when the tracer attaches",
	  agent_info_fields, N(agent_info_fields) },
	{ "hsa_activity", "pool_info", "a memory pool, described once when the tracer attaches",
	  pool_info_fields, N(pool_info_fields) },
	{ "hsa_activity", "mem_alloc", "memory was allocated (pool or region allocation)",
	  mem_alloc_fields, N(mem_alloc_fields) },
	{ "hsa_activity", "mem_free", "memory is freed", mem_free_fields, N(mem_free_fields) },
	{ "hsa_activity", "signal_wait", "a host wait on a signal returned",
	  signal_wait_fields, N(signal_wait_fields) },
	{ "hsa_activity", "counter", "a derived or hardware counter changed",
	  counter_fields, N(counter_fields) },
	{ "hsa_gpu", "kernel_begin", "kernel start at GPU time (synthesized by unify)",
	  kernel_exec_fields, N(kernel_exec_fields) },
	{ "hsa_gpu", "kernel_end", "kernel end at GPU time (synthesized by unify)",
	  kernel_exec_fields, N(kernel_exec_fields) },
	{ "hsa_gpu", "copy_begin", "copy start at GPU time (synthesized by unify)",
	  copy_exec_fields, N(copy_exec_fields) },
	{ "hsa_gpu", "copy_end", "copy end at GPU time (synthesized by unify)",
	  copy_exec_fields, N(copy_exec_fields) },
	{ "hsa_gpu", "kernel_counter", "a hardware counter of one dispatch, from any counter "
	  "pass, at the dispatch's GPU end (synthesized by unify)",
	  kernel_counter_fields, N(kernel_counter_fields) },
};
const size_t hsat_event_def_count = N(hsat_event_defs);
