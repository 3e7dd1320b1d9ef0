/* export_tables - the column names and SQL types of every exported table (docs/export.md). */
#include "analyses/export/export_tables.h"

#define I "INTEGER"
#define T "TEXT"
#define TABLE(name, cols) { name, cols, sizeof(cols) / sizeof(cols[0]) }

static const struct export_column processes[] = { { "pid", I }, { "name", T } };
static const struct export_column threads[] = { { "pid", I }, { "tid", I }, { "name", T } };
static const struct export_column agents[] = {
	{ "pid", I }, { "agent_handle", I }, { "name", T }, { "device_type", I },
	{ "node_id", I }, { "compute_unit_count", I }, { "wavefront_size", I },
};
static const struct export_column queues[] = {
	{ "pid", I }, { "queue_id", I }, { "agent_handle", I }, { "queue_handle", I },
	{ "size", I }, { "type", I }, { "intercepted", I }, { "create_ns", I },
	{ "destroy_ns", I },
};
static const struct export_column code_objects[] = {
	{ "pid", I }, { "ts_ns", I }, { "action", T }, { "executable", I },
	{ "agent_handle", I }, { "loaded_code_object", I }, { "correlation_id", I },
};
static const struct export_column api_calls[] = {
	{ "pid", I }, { "tid", I }, { "correlation_id", I }, { "function", T },
	{ "start_ns", I }, { "end_ns", I }, { "duration_ns", I }, { "status", I },
	{ "is_error", I }, { "depth", I }, { "layer", T },
};
static const struct export_column api_args[] = {
	{ "pid", I }, { "correlation_id", I }, { "direction", T }, { "name", T },
	{ "value", T },
};
static const struct export_column packets[] = {
	{ "pid", I }, { "tid", I }, { "ts_ns", I }, { "queue_id", I }, { "packet_index", I },
	{ "packet_type", I }, { "type_name", T }, { "kernel_name", T },
	{ "correlation_id", I }, { "completion_signal", I }, { "dep_signal_0", I },
	{ "dep_signal_1", I }, { "dep_signal_2", I }, { "dep_signal_3", I },
	{ "dep_signal_4", I },
};
static const struct export_column kernels[] = {
	{ "pid", I }, { "queue_id", I }, { "packet_index", I }, { "correlation_id", I },
	{ "name", T }, { "mangled_name", T }, { "kernel_object", I }, { "agent_handle", I },
	{ "start_ns", I }, { "end_ns", I }, { "duration_ns", I },
};
static const struct export_column copies[] = {
	{ "pid", I }, { "copy_id", I }, { "correlation_id", I }, { "direction", T },
	{ "src_agent", I }, { "dst_agent", I }, { "bytes", I }, { "start_ns", I },
	{ "end_ns", I }, { "duration_ns", I },
};
static const struct export_column signal_waits[] = {
	{ "pid", I }, { "tid", I }, { "ts_ns", I }, { "signal", I }, { "condition", I },
	{ "compare_value", I }, { "value", I }, { "blocked_ns", I }, { "correlation_id", I },
	{ "thread_cpu_begin_ns", I }, { "thread_cpu_end_ns", I }, { "process_cpu_ns", I },
};
static const struct export_column counters[] = {
	{ "pid", I }, { "ts_ns", I }, { "name", T }, { "scope", T }, { "id", I },
	{ "value", I }, { "unit", T },
};

static const struct export_table_def tables[EX_TABLE_COUNT] = {
	[EX_PROCESSES] = TABLE("processes", processes),
	[EX_THREADS] = TABLE("threads", threads),
	[EX_AGENTS] = TABLE("agents", agents),
	[EX_QUEUES] = TABLE("queues", queues),
	[EX_CODE_OBJECTS] = TABLE("code_objects", code_objects),
	[EX_API_CALLS] = TABLE("api_calls", api_calls),
	[EX_API_ARGS] = TABLE("api_args", api_args),
	[EX_PACKETS] = TABLE("packets", packets),
	[EX_KERNELS] = TABLE("kernels", kernels),
	[EX_COPIES] = TABLE("copies", copies),
	[EX_SIGNAL_WAITS] = TABLE("signal_waits", signal_waits),
	[EX_COUNTERS] = TABLE("counters", counters),
};

_Static_assert(sizeof(processes) / sizeof(processes[0]) == PROC_COLUMNS, "processes");
_Static_assert(sizeof(threads) / sizeof(threads[0]) == THR_COLUMNS, "threads");
_Static_assert(sizeof(agents) / sizeof(agents[0]) == AGENT_COLUMNS, "agents");
_Static_assert(sizeof(queues) / sizeof(queues[0]) == QUEUE_COLUMNS, "queues");
_Static_assert(sizeof(code_objects) / sizeof(code_objects[0]) == CODE_COLUMNS, "code_objects");
_Static_assert(sizeof(api_calls) / sizeof(api_calls[0]) == API_COLUMNS, "api_calls");
_Static_assert(sizeof(api_args) / sizeof(api_args[0]) == ARG_COLUMNS, "api_args");
_Static_assert(sizeof(packets) / sizeof(packets[0]) == PKT_COLUMNS, "packets");
_Static_assert(sizeof(kernels) / sizeof(kernels[0]) == KER_COLUMNS, "kernels");
_Static_assert(sizeof(copies) / sizeof(copies[0]) == COPY_COLUMNS, "copies");
_Static_assert(sizeof(signal_waits) / sizeof(signal_waits[0]) == WAIT_COLUMNS, "signal_waits");
_Static_assert(sizeof(counters) / sizeof(counters[0]) == CTR_COLUMNS, "counters");

const struct export_table_def *export_table_def(enum export_table table)
{
	return &tables[table];
}
