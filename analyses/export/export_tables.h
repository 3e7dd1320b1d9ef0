/*
 * export_tables - the relational model `hsatrace export` writes: tables, their columns, rows.
 *
 * Every format writes the same tables (docs/export.md describes them): the sqlite database as
 * tables, csv as one file per table, perfetto as the tracks and slices the rows become. A row
 * is an array of values indexed by the table's column enum, e.g. row[API_START_NS].
 * Integers are int64 (handles above 2^63 read back negative, as SQLite stores them).
 */
#ifndef HSAT_EXPORT_TABLES_H
#define HSAT_EXPORT_TABLES_H

#include <stddef.h>
#include <stdint.h>

enum export_table {
	EX_PROCESSES, EX_THREADS, EX_AGENTS, EX_QUEUES, EX_CODE_OBJECTS, EX_API_CALLS,
	EX_API_ARGS, EX_PACKETS, EX_KERNELS, EX_COPIES, EX_SIGNAL_WAITS, EX_COUNTERS,
	EX_TABLE_COUNT
};

enum { PROC_PID, PROC_NAME, PROC_COLUMNS };
enum { THR_PID, THR_TID, THR_NAME, THR_COLUMNS };
enum { AGENT_PID, AGENT_HANDLE, AGENT_NAME, AGENT_DEVICE_TYPE, AGENT_NODE_ID, AGENT_CU_COUNT,
       AGENT_WAVEFRONT_SIZE, AGENT_COLUMNS };
enum { QUEUE_PID, QUEUE_ID, QUEUE_AGENT, QUEUE_HANDLE, QUEUE_SIZE, QUEUE_TYPE,
       QUEUE_INTERCEPTED, QUEUE_CREATE_NS, QUEUE_DESTROY_NS, QUEUE_COLUMNS };
enum { CODE_PID, CODE_TS_NS, CODE_ACTION, CODE_EXECUTABLE, CODE_AGENT, CODE_LOADED,
       CODE_CORRELATION, CODE_COLUMNS };
enum { API_PID, API_TID, API_CORRELATION, API_FUNCTION, API_START_NS, API_END_NS,
       API_DURATION_NS, API_STATUS, API_IS_ERROR, API_DEPTH,
       API_LAYER, API_COLUMNS };
enum { ARG_PID, ARG_CORRELATION, ARG_DIRECTION, ARG_NAME, ARG_VALUE, ARG_COLUMNS };
enum { PKT_PID, PKT_TID, PKT_TS_NS, PKT_QUEUE_ID, PKT_INDEX, PKT_TYPE, PKT_TYPE_NAME,
       PKT_KERNEL_NAME, PKT_CORRELATION, PKT_COMPLETION_SIGNAL, PKT_DEP_SIGNAL_0,
       PKT_DEP_SIGNAL_1, PKT_DEP_SIGNAL_2, PKT_DEP_SIGNAL_3, PKT_DEP_SIGNAL_4, PKT_COLUMNS };
enum { KER_PID, KER_QUEUE_ID, KER_PACKET_INDEX, KER_CORRELATION, KER_NAME, KER_MANGLED,
       KER_OBJECT, KER_AGENT, KER_START_NS, KER_END_NS, KER_DURATION_NS, KER_COLUMNS };
enum { COPY_PID, COPY_ID, COPY_CORRELATION, COPY_DIRECTION, COPY_SRC_AGENT, COPY_DST_AGENT,
       COPY_BYTES, COPY_START_NS, COPY_END_NS, COPY_DURATION_NS, COPY_COLUMNS };
enum { WAIT_PID, WAIT_TID, WAIT_TS_NS, WAIT_SIGNAL, WAIT_CONDITION, WAIT_COMPARE_VALUE,
       WAIT_VALUE, WAIT_BLOCKED_NS, WAIT_CORRELATION, WAIT_THREAD_CPU_BEGIN_NS,
       WAIT_THREAD_CPU_END_NS, WAIT_PROCESS_CPU_NS, WAIT_COLUMNS };
enum { CTR_PID, CTR_TS_NS, CTR_NAME, CTR_SCOPE, CTR_ID, CTR_VALUE, CTR_UNIT, CTR_COLUMNS };

#define EXPORT_MAX_COLUMNS PKT_COLUMNS

enum export_value_kind { EXV_NULL, EXV_INT, EXV_TEXT };

struct export_value {
	enum export_value_kind kind;
	int64_t i;
	const char *s;		/* borrowed for the duration of the row callback */
};

struct export_column {
	const char *name;
	const char *sql_type;	/* "INTEGER" or "TEXT" */
};

struct export_table_def {
	const char *name;
	const struct export_column *columns;
	size_t column_count;
};

const struct export_table_def *export_table_def(enum export_table table);

static inline struct export_value export_int(int64_t i)
{
	return (struct export_value){ .kind = EXV_INT, .i = i };
}

static inline struct export_value export_text(const char *s)
{
	return s ? (struct export_value){ .kind = EXV_TEXT, .s = s }
		 : (struct export_value){ .kind = EXV_NULL };
}

#endif
