/* The hip_api_entry provider's probes (generated header, see schema/). */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_PROVIDER_HIDDEN_DEFINITION
#include "hsatrace/tp_hip_api_entry.h"
