/*
 * export_classes - what each event class is to the export, worked out once per class.
 *
 *   struct export_classes c;                         // zeroed (export_classes_init)
 *   const struct export_class *k = export_classes_of(&c, ev);
 *   k->kind, k->activity, k->has_args, k->is_hip
 *   export_classes_release(&c);
 *
 * Telling an event by its name (the API providers' prefixes, the activity handlers' names)
 * and finding whether an API event has arguments (its payload's members) cost the same for
 * every event of a class, so they are done for its first event and kept, by the class's
 * address, in a direct-mapped table (a class whose slot is taken by another is worked out
 * again). Each kept class holds a reference, so its address is not reused while it is kept.
 */
#ifndef HSAT_EXPORT_CLASSES_H
#define HSAT_EXPORT_CLASSES_H

#include <stddef.h>
#include <stdint.h>

#include "analyses/common/trace_event.h"

struct export_decoder;

/* An hsa_activity:* event to its rows; returns 0 or -1 (err set). */
typedef int (*export_activity_fn)(struct export_decoder *d, const struct trace_event *ev,
				  int64_t pid, int64_t tid, char *err, size_t err_size);

enum export_class_kind {
	EXC_OTHER,	/* not exported (and its process not named) */
	EXC_API_ENTRY,
	EXC_API_EXIT,
	EXC_API_OTHER,	/* an API provider's event, neither entry nor exit */
	EXC_ACTIVITY,	/* hsa_activity:*, exported when activity is not NULL */
};

struct export_class {
	const bt_event_class *event_class;	/* NULL: an empty slot */
	enum export_class_kind kind;
	export_activity_fn activity;
	int has_args;	/* API events: payload members besides function, correlation_id, status */
	int is_hip;	/* API events of the HIP layer (hip_api_*, hip_hot_*) */
};

#define EXPORT_CLASS_BITS 9
#define EXPORT_CLASS_SLOTS (1 << EXPORT_CLASS_BITS)

struct export_classes {
	struct export_class slots[EXPORT_CLASS_SLOTS];
	struct export_class uncached;	/* an event without its class (never from the reader) */
};

void export_classes_init(struct export_classes *c);
const struct export_class *export_classes_of(struct export_classes *c,
					     const struct trace_event *ev);
void export_classes_release(struct export_classes *c);

/* Whether an API event's payload member is one of its arguments (an api_args row). */
int export_is_argument(const char *member);

/* The handler of an hsa_activity:* event name, or NULL when it is not exported. */
export_activity_fn export_activity_handler(const char *event_name);

#endif
