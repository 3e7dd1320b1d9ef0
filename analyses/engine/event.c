/* event.c - Trace Compass's event field resolution (semantics.md §3.6). */
#include "analyses/engine/event.h"

#include <strings.h>

int ev_field(const struct ev *e, const char *name, struct hv *out, struct scratch *sc)
{
	if (e->ops->get_field(e, name, out, sc))
		return 1;
	if (!strcasecmp(name, "cpu"))
		return e->ops->get_cpu ? e->ops->get_cpu(e, out) : 0;
	if (!strcasecmp(name, "timestamp")) {
		*out = hv_long(e->ts);
		return 1;
	}
	if (!strcasecmp(name, "hostId")) {
		*out = hv_str(e->host_id);
		return 1;
	}
	*out = hv_null();
	return 0;
}
