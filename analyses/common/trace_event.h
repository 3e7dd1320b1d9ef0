/*
 * trace_event - one event read from a CTF trace, as the analyses see it.
 *
 * The reader (trace_read.h) fills a struct trace_event for each event message and hands
 * it to a callback; the view borrows babeltrace2 objects that live only during the call.
 * Fields are found by name in the payload, then the specific context, then the common
 * context (where LTTng puts vpid/vtid/procname), so analyses do not care where a field is.
 * A field name is a string that lives as long as the read (a constant, or the event class's
 * own member name): where a name was found is cached by (event class, name pointer) and then
 * found by index (field_cache.h). trace_read resets the cache for each trace.
 */
#ifndef HSATRACE_ANALYSES_TRACE_EVENT_H
#define HSATRACE_ANALYSES_TRACE_EVENT_H

#include <stddef.h>
#include <stdint.h>

#include <babeltrace2/babeltrace.h>

struct trace_event {
	const char *name;          /* "provider:event" */
	int64_t ts_ns;             /* clock value converted to ns (the LTTng clock's own domain) */
	int64_t origin_ns;         /* the same time in ns from the clock's origin (offset added) */
	int has_ts;
	const bt_event *event;     /* the event itself (fields by index, its class) */
	const bt_clock_class *clock; /* its stream's default clock class, or NULL */
	const bt_field *payload;   /* each may be NULL */
	const bt_field *specific_context;
	const bt_field *common_context;
};

/* Forgets where fields were found (the event classes of the last trace are gone). */
void trace_event_cache_reset(void);

/* Fills ev from an event message; returns 0, or -1 when the message carries no event. */
int trace_event_from_message(struct trace_event *ev, const bt_message *msg);

/* Integer (or enumeration, or boolean) field as u64/i64: 1 when found, 0 when absent or of
 * another type. Negative signed values read through _u64 are returned as two's complement. */
int trace_event_get_u64(const struct trace_event *ev, const char *field, uint64_t *out);
int trace_event_get_i64(const struct trace_event *ev, const char *field, int64_t *out);

/* Real or integer field as a double: 1 when found. */
int trace_event_get_double(const struct trace_event *ev, const char *field, double *out);

/* String field: the borrowed string, or NULL when absent or not a string. */
const char *trace_event_get_str(const struct trace_event *ev, const char *field);

/* Any scalar field rendered as text into buf (enumerations by their first label, integers
 * in decimal, strings as they are); returns buf, or NULL when absent. */
const char *trace_event_format(const struct trace_event *ev, const char *field, char *buf,
			       size_t size);

#endif
