/*
 * catalog - the events and fields the generated views are allowed to use.
 *
 * The generator fills one catalog from the hsatrace event schema (the HSA providers,
 * catalog_load_schema()) and from the lttng-modules layout (the kernel view,
 * catalog_load_kernel_layout()). Views never name an event or a field that is not in it:
 * the writing helpers (tc.h) look every name up and fail the generation otherwise.
 */
#ifndef HSATRACE_GENERATOR_CATALOG_H
#define HSATRACE_GENERATOR_CATALOG_H

#include <stddef.h>

/* Where an event comes from. */
enum catalog_origin {
	CATALOG_HSA,		/* the hsatrace event schema (schema) */
	CATALOG_KERNEL,		/* lttng-modules (Linux kernel tracer) */
};

struct catalog_field {
	char *name;
	char *type;		/* schema type name ("u64", "string", ...); may be "" */
	char *unit;		/* schema unit ("ns", "bytes", ...); may be "" */
};

struct catalog_event {
	char *name;		/* full CTF event name, e.g. "hsa_api_entry:hsa_init" */
	char *function;		/* for API entry/exit events: the HSA function, else NULL */
	char *category;		/* schema category of the function/event; may be "" */
	enum catalog_origin origin;
	struct catalog_field *fields;
	size_t nr_fields, alloc_fields;
};

struct catalog {
	struct catalog_event *events;
	size_t nr_events, alloc_events;
	char *schema_version;	/* version of the hsatrace event schema, e.g. "1" */
};

void catalog_init(struct catalog *cat);
void catalog_release(struct catalog *cat);

/* Adds an event (copied strings); returns it, or NULL when out of memory or a duplicate. */
struct catalog_event *catalog_add_event(struct catalog *cat, const char *name,
					enum catalog_origin origin);
int catalog_event_set(struct catalog_event *ev, const char *function, const char *category);
int catalog_add_field(struct catalog_event *ev, const char *name, const char *type,
		      const char *unit);
int catalog_set_version(struct catalog *cat, const char *version);

const struct catalog_event *catalog_find(const struct catalog *cat, const char *name);
const struct catalog_field *catalog_event_field(const struct catalog_event *ev,
						const char *name);

/*
 * Whether field `field` can be read from event `event` by a Trace Compass analysis: an
 * event field of the catalog, a context field that every hsatrace recording has
 * ("context._vtid", "context._vpid", "context._procname"; HSA events only), or a special
 * name Trace Compass resolves itself ("cpu", "timestamp").
 */
int catalog_field_readable(const struct catalog *cat, const char *event, const char *field);

/* The context fields `hsatrace record` enables on every UST event (NULL-terminated). */
extern const char *const catalog_context_fields[];

/* Loads the lttng-modules events the kernel view uses (kernel_layout.c). */
int catalog_load_kernel_layout(struct catalog *cat);

/* Loads every event of the hsatrace event schema (schema_import.c). */
int catalog_load_schema(struct catalog *cat, char *err, size_t errlen);

#endif /* HSATRACE_GENERATOR_CATALOG_H */
