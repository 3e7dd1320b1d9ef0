/* The hsa_hot_entry provider's probes (generated header, see schema/), registered per function on
 * its first call: the constructor and destructor that <lttng/tracepoint-event.h> generates
 * call lttng_ust_probe_register / _unregister, here renamed to tracer/lazy_classes.c's, which
 * keep the descriptor instead (lazy_classes.h says why). <lttng/ust-events.h> comes first so
 * that its declarations of the real functions are not renamed. */
#include <lttng/ust-events.h>
#include "tracer/lazy_classes.h"

#define lttng_ust_probe_register(desc) hsat_lazy_defer(HSAT_LAZY_HOT_ENTRY, desc)
#define lttng_ust_probe_unregister(cookie) hsat_lazy_undefer(HSAT_LAZY_HOT_ENTRY, cookie)

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_PROVIDER_HIDDEN_DEFINITION
#include "hsatrace/tp_hsa_hot_entry.h"
