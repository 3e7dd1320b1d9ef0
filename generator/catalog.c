/*
 * catalog - see catalog.h. A flat array is enough: a few hundred events, looked up while
 * writing a handful of files.
 */
#include "generator/catalog.h"

#include <stdlib.h>
#include <string.h>

const char *const catalog_context_fields[] = {
	"context._vpid", "context._vtid", "context._procname", NULL,
};

/* Names Trace Compass resolves for any event (semantics.md §3.6). */
static const char *const special_fields[] = { "cpu", "timestamp", NULL };

static char *dup_or_empty(const char *s)
{
	return strdup(s ? s : "");
}

void catalog_init(struct catalog *cat)
{
	memset(cat, 0, sizeof(*cat));
}

static void event_release(struct catalog_event *ev)
{
	for (size_t i = 0; i < ev->nr_fields; i++) {
		free(ev->fields[i].name);
		free(ev->fields[i].type);
		free(ev->fields[i].unit);
	}
	free(ev->fields);
	free(ev->name);
	free(ev->function);
	free(ev->category);
}

void catalog_release(struct catalog *cat)
{
	if (!cat)
		return;
	for (size_t i = 0; i < cat->nr_events; i++)
		event_release(&cat->events[i]);
	free(cat->events);
	free(cat->schema_version);
	memset(cat, 0, sizeof(*cat));
}

struct catalog_event *catalog_add_event(struct catalog *cat, const char *name,
					enum catalog_origin origin)
{
	struct catalog_event *ev;

	if (!name || catalog_find(cat, name))
		return NULL;
	if (cat->nr_events == cat->alloc_events) {
		size_t alloc = cat->alloc_events ? 2 * cat->alloc_events : 64;
		struct catalog_event *events = realloc(cat->events, alloc * sizeof(*events));

		if (!events)
			return NULL;
		cat->events = events;
		cat->alloc_events = alloc;
	}
	ev = &cat->events[cat->nr_events];
	memset(ev, 0, sizeof(*ev));
	ev->origin = origin;
	ev->name = strdup(name);
	ev->category = strdup("");
	if (!ev->name || !ev->category) {
		event_release(ev);
		return NULL;
	}
	cat->nr_events++;
	return ev;
}

int catalog_event_set(struct catalog_event *ev, const char *function, const char *category)
{
	char *fn = function ? strdup(function) : NULL;
	char *cg = dup_or_empty(category);

	if ((function && !fn) || !cg) {
		free(fn);
		free(cg);
		return -1;
	}
	free(ev->function);
	free(ev->category);
	ev->function = fn;
	ev->category = cg;
	return 0;
}

int catalog_add_field(struct catalog_event *ev, const char *name, const char *type,
		      const char *unit)
{
	struct catalog_field *f;

	if (!name || catalog_event_field(ev, name))
		return -1;
	if (ev->nr_fields == ev->alloc_fields) {
		size_t alloc = ev->alloc_fields ? 2 * ev->alloc_fields : 8;
		struct catalog_field *fields = realloc(ev->fields, alloc * sizeof(*fields));

		if (!fields)
			return -1;
		ev->fields = fields;
		ev->alloc_fields = alloc;
	}
	f = &ev->fields[ev->nr_fields];
	f->name = strdup(name);
	f->type = dup_or_empty(type);
	f->unit = dup_or_empty(unit);
	if (!f->name || !f->type || !f->unit) {
		free(f->name);
		free(f->type);
		free(f->unit);
		return -1;
	}
	ev->nr_fields++;
	return 0;
}

int catalog_set_version(struct catalog *cat, const char *version)
{
	char *v = strdup(version ? version : "");

	if (!v)
		return -1;
	free(cat->schema_version);
	cat->schema_version = v;
	return 0;
}

const struct catalog_event *catalog_find(const struct catalog *cat, const char *name)
{
	for (size_t i = 0; i < cat->nr_events; i++)
		if (strcmp(cat->events[i].name, name) == 0)
			return &cat->events[i];
	return NULL;
}

const struct catalog_field *catalog_event_field(const struct catalog_event *ev,
						const char *name)
{
	for (size_t i = 0; i < ev->nr_fields; i++)
		if (strcmp(ev->fields[i].name, name) == 0)
			return &ev->fields[i];
	return NULL;
}

static int in_list(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}

int catalog_field_readable(const struct catalog *cat, const char *event, const char *field)
{
	const struct catalog_event *ev = catalog_find(cat, event);

	if (!ev)
		return 0;
	if (catalog_event_field(ev, field) || in_list(special_fields, field))
		return 1;
	return ev->origin == CATALOG_HSA && in_list(catalog_context_fields, field);
}
