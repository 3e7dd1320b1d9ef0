/*
 * tc - helpers that write Trace Compass data-driven analysis elements (`<tmfxml>`) through
 * an xml_writer, checking every event and field name against the catalog.
 *
 * A view writer sets the events its next elements apply to (tc_on_events(): the eventName
 * of an eventHandler, or the events of the transitions that run a pattern action); every
 * event field it then names must be readable from each of them, otherwise the generation
 * fails with a message naming the event and the field. Errors are sticky, as in
 * xml_writer: check tc_failed() / tc_error() once at the end.
 *
 * State attribute paths are written as strings, one path element per `/`:
 *	Name		constant
 *	$field		eventField (checked)
 *	?{a/$b/c}	query: the ongoing value at that path (resolved from the root)
 *	@id		a location declared with tc_location() (its fields are checked where
 *			it is used)
 * e.g. "Threads/?{CPUs/$cpu/current}/state".
 */
#ifndef HSATRACE_GENERATOR_TC_H
#define HSATRACE_GENERATOR_TC_H

#include "generator/catalog.h"
#include "generator/xml_writer.h"

#define TC_MAX_EVENTS 2048
#define TC_MAX_ATTRIBUTES 256
#define TC_MAX_LOCATIONS 8

/* Trace types (semantics.md §8). */
#define TC_TRACE_CTF "org.eclipse.linuxtools.tmf.ui.type.ctf"
#define TC_TRACE_UST "org.eclipse.linuxtools.lttng2.ust.tracetype"
#define TC_TRACE_KERNEL "org.eclipse.linuxtools.lttng2.kernel.tracetype"
#define TC_TRACE_EXPERIMENT "org.eclipse.linuxtools.tmf.core.experiment.generic"

struct tc {
	struct xml_writer *xw;
	const struct catalog *cat;
	const char *events[TC_MAX_EVENTS];	/* the events the current elements apply to */
	size_t nr_events;
	void *user;		/* for the view writers' callbacks */
	struct tc_attribute_type {
		char path[200];	/* attribute path with every variable element as "*" */
		const char *type;	/* "Integer", "Long", "String", "Double" */
	} types[TC_MAX_ATTRIBUTES];
	size_t nr_types;
	struct tc_location {
		char id[32];
		char path[160];
	} locations[TC_MAX_LOCATIONS];	/* of the current analysis */
	size_t nr_locations;
	int defining;		/* writing a location: its fields are checked where used */
	int failed;
	char error[256];
};

void tc_init(struct tc *tc, struct xml_writer *xw, const struct catalog *cat);
int tc_failed(const struct tc *tc);
/* The first error (of the tc checks or of the writer), or "". */
const char *tc_error(const struct tc *tc);

/* Fails the generation with a message (the first one is kept). */
void tc_fail(struct tc *tc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The following elements apply to these events (each must exist in the catalog; a name ending
 * in '*' stands for every catalog event it matches as a prefix, at least one). */
void tc_on_event(struct tc *tc, const char *event);
void tc_on_events(struct tc *tc, const char *const *events, size_t n);
/* Fails the generation unless `field` is readable from every current event. */
void tc_use_field(struct tc *tc, const char *field);

/* A stateValue: type is one of the XSD's (int, long, string, null, eventField, eventName,
 * query, delete); `value` the constant or field name; `query` the path for type query or
 * for stack="peek". */
struct tc_value {
	const char *type;
	const char *value;
	const char *query;
	const char *forced;	/* forcedType, or NULL */
	const char *stack;	/* push, pop, popAll, peek, or NULL */
	int increment;
	const char *mapping;	/* mappingGroup id, or NULL */
};

#define TC_INT(v)	(&(struct tc_value){ .type = "int", .value = (v) })
#define TC_LONG(v)	(&(struct tc_value){ .type = "long", .value = (v) })
#define TC_STR(v)	(&(struct tc_value){ .type = "string", .value = (v) })
#define TC_NULL		(&(struct tc_value){ .type = "null" })
#define TC_FIELD(f)	(&(struct tc_value){ .type = "eventField", .value = (f) })
#define TC_FIELD_AS(f, t) (&(struct tc_value){ .type = "eventField", .value = (f), .forced = (t) })
#define TC_QUERY(p)	(&(struct tc_value){ .type = "query", .query = (p) })
#define TC_EVENT_NAME	(&(struct tc_value){ .type = "eventName" })
/* increment="true": the value is added to the attribute's */
#define TC_ADD_INT(v)	(&(struct tc_value){ .type = "int", .value = (v), .increment = 1 })
#define TC_ADD_FIELD(f) (&(struct tc_value){ .type = "eventField", .value = (f), .increment = 1 })

/* Writes the stateAttribute elements of `path` (no wrapper). */
void tc_path(struct tc *tc, const char *path);
/* Writes <`element` type=...> for `v` (element is stateValue, begin, end, ...). */
void tc_value(struct tc *tc, const char *element, const struct tc_value *v);
/* <stateChange> path, value </stateChange> */
void tc_change(struct tc *tc, const char *path, const struct tc_value *v);
/* The body of a stateChange, for use inside <then>/<else>. */
void tc_change_body(struct tc *tc, const char *path, const struct tc_value *v);

/* path := path - 1 (Integer), only when path holds a count above 0: a lost or missing
 * start event never makes a count negative. */
void tc_decrement(struct tc *tc, const char *path);

/* <condition operator=op><field name=field/> value </condition> */
void tc_cond_field(struct tc *tc, const char *op, const char *field, const struct tc_value *v);
/* <condition operator=op> path's stateAttributes, value </condition> */
void tc_cond_path(struct tc *tc, const char *op, const char *path, const struct tc_value *v);
/* A condition true when the hsa_status_t in `field` reports a failure: one <or> of the
 * schema's error ranges (hsat_error_status_ranges), so INFO_BREAK is not a failure. */
void tc_cond_status_error(struct tc *tc, const char *field);
/* The same for the hipError_t in `field` (hsat_hip_status_is_error): neither hipSuccess (0)
 * nor hipErrorNotReady (600). */
void tc_cond_hip_status_error(struct tc *tc, const char *field);

/* <eventHandler eventName=event> (and tc_on_event(event)) ... </eventHandler> */
void tc_handler_start(struct tc *tc, const char *event);
void tc_handler_end(struct tc *tc);
/* <entry path> with <display type="constant" value=display/> when display is non-NULL
 * ("." for type="self"); close with xml_writer_end(xw, "entry"). */
void tc_entry_start(struct tc *tc, const char *path, const char *display);
/* The same with displayText="true": the state labels (names) are drawn in the boxes. */
void tc_entry_start_text(struct tc *tc, const char *path, const char *display);

/*
 * Opens an analysis, <stateProvider> or <pattern> (element) with its id and version, and
 * writes its <head><traceType id/>...<label value/></head>. From here to the next
 * analysis, every attribute written by tc_change()/tc_change_body() must always receive
 * values of one type (Integer, Long, String, ...): Trace Compass fails the analysis when
 * an attribute gets a value of another type than its first one.
 */
void tc_analysis_start(struct tc *tc, const char *element, const char *id,
		       const char *version, const char *label, const char *const *trace_types);
/* <location id=id> path's stateAttributes </location>, usable as "@id" in the later paths of
 * the current analysis (write it after the head, before the handlers). */
void tc_location(struct tc *tc, const char *id, const char *path);

/* An XML comment before an analysis: "Attribute layout of <id>:" then `layout` (lines
 * "path<TAB>type and meaning"), so a reader of the file sees what the state system holds. */
void tc_layout_comment(struct tc *tc, const char *id, const char *layout);

/* <head><analysis id/>...<label value/></head> for a view. */
void tc_head_view(struct tc *tc, const char *label, const char *const *analysis_ids);
/* <definedValue name value color/> */
void tc_defined_value(struct tc *tc, const char *name, const char *value, const char *color);

#endif /* HSATRACE_GENERATOR_TC_H */
