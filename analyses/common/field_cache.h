/*
 * field_cache - an event's field by name, found once per event class and then by index.
 *
 * Looking a field up by name costs a hash lookup per scope tried (payload, specific context,
 * common context) and per spelling; the analyses ask for the same names (string constants,
 * or strings of a compiled analysis that live as long as the run) on every event. So the
 * first lookup of (event class, name pointer) records where the field is, its scope and
 * member indices, in a direct-mapped table, and the next events of that class go straight to
 * it. A name is a pointer: two equal strings at two addresses are two entries.
 *
 *   static struct field_cache cache;       zeroed (static storage, or field_cache_reset)
 *   f = field_cache_find(&cache, event, name, lookup);
 *
 * lookup(event, name, &scope) is the caller's rule for finding a field by name (where it
 * searches, which spellings); it returns the field and sets its scope, or NULL. Fields found
 * deeper than FIELD_CACHE_DEPTH structures, or inside arrays or variants, are not cached
 * (looked up every time).
 */
#ifndef HSATRACE_ANALYSES_FIELD_CACHE_H
#define HSATRACE_ANALYSES_FIELD_CACHE_H

#include <stdint.h>

#include <babeltrace2/babeltrace.h>

enum field_scope {
	FIELD_SCOPE_ABSENT = -1,
	FIELD_SCOPE_PAYLOAD,
	FIELD_SCOPE_SPECIFIC_CONTEXT,
	FIELD_SCOPE_COMMON_CONTEXT,
};

#define FIELD_CACHE_SIZE 4096	/* entries, a power of two */
#define FIELD_CACHE_DEPTH 4

struct field_cache_entry {
	const void *event_class;
	const char *name;
	signed char scope;	/* enum field_scope */
	unsigned char depth;
	uint32_t idx[FIELD_CACHE_DEPTH];
};

struct field_cache {
	struct field_cache_entry entries[FIELD_CACHE_SIZE];
};

typedef const bt_field *(*field_lookup_fn)(const bt_event *event, const char *name,
					   enum field_scope *scope);

void field_cache_reset(struct field_cache *cache);
const bt_field *field_cache_find(struct field_cache *cache, const bt_event *event,
				 const char *name, field_lookup_fn lookup);

/* The event's root structure of a scope, or NULL. */
const bt_field *field_scope_root(const bt_event *event, enum field_scope scope);

#endif /* HSATRACE_ANALYSES_FIELD_CACHE_H */
