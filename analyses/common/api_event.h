/*
 * api_event - which events are API entries and exits (HSA or HIP), and of which function.
 *
 * The one place that knows how API events are named, so that stats, report, export and
 * model do not each spell the naming scheme (it changes with the schema's major version).
 * Schema 2.x names them "hsa_api_entry:<function>" / "hsa_api_exit:<function>", and the
 * opt-in hot functions "hsa_hot_entry:<function>" / "hsa_hot_exit:<function>"; schema 2.1
 * adds the HIP layer's "hip_api_entry:<function>" / "hip_api_exit:<function>" and
 * "hip_hot_entry:..." / "hip_hot_exit:..." (the provider names come from
 * schema/hsatrace_schema.h). Traces of schema 1.x ("hsa_api:<function>_entry")
 * are not read: unify refuses them and says how to re-record.
 *
 *   const char *fn; size_t len;
 *   switch (api_event_classify(ev->name, &fn, &len)) {
 *   case API_EVENT_ENTRY: ...   fn[0..len) is the function as the event name spells it
 *   case API_EVENT_EXIT:  ...
 *   case API_EVENT_NONE:  ...   not an API call event (fn and len untouched)
 *   }
 *
 * An event's `function` payload field, where it has one, is the authoritative name; the name
 * spelled by the event name is the fallback (api_event_function() picks between the two).
 */
#ifndef HSAT_COMMON_API_EVENT_H
#define HSAT_COMMON_API_EVENT_H

#include <stddef.h>

enum api_event_kind {
	API_EVENT_NONE = 0,
	API_EVENT_ENTRY,
	API_EVENT_EXIT,
};

/* Which API an event's call belongs to. */
enum api_event_layer {
	API_LAYER_NONE = 0,	/* not an API event */
	API_LAYER_HSA,
	API_LAYER_HIP,
};

enum api_event_layer api_event_layer(const char *event_name);

/* Every provider whose events are API calls, for the "is it an API event at all" question
 * (events of these providers that are neither entry nor exit are counted as API events). */
int api_event_is_api(const char *event_name);

enum api_event_kind api_event_classify(const char *event_name, const char **function,
				       size_t *function_len);

/*
 * The function an API event is about: `field` (the event's `function` payload field, may be
 * NULL or empty) when set, else the name spelled by the event name, copied into buf (size
 * bytes, truncated). Returns field or buf.
 */
const char *api_event_function(const char *event_name, const char *field, char *buf,
			       size_t size);

#endif
