/* The tracepoint definitions, hidden so they never clash with an instrumented program's. */
#define LTTNG_UST_TRACEPOINT_DEFINE
#define LTTNG_UST_TRACEPOINT_HIDDEN_DEFINITION
#include "hsatrace/tp_hip_api_entry.h"
#include "hsatrace/tp_hip_api_exit.h"
#include "hsatrace/tp_hip_hot_entry.h"
#include "hsatrace/tp_hip_hot_exit.h"
