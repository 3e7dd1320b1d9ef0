/*
 * tc - see tc.h.
 */
#include "generator/tc.h"
#include "schema/hsatrace_schema.h"

#include <inttypes.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void tc_fail(struct tc *tc, const char *fmt, ...)
{
	va_list ap;

	if (tc->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(tc->error, sizeof(tc->error), fmt, ap);
	va_end(ap);
	tc->failed = 1;
}

void tc_init(struct tc *tc, struct xml_writer *xw, const struct catalog *cat)
{
	memset(tc, 0, sizeof(*tc));
	tc->xw = xw;
	tc->cat = cat;
}

int tc_failed(const struct tc *tc)
{
	return tc->failed || tc->xw->failed;
}

const char *tc_error(const struct tc *tc)
{
	return tc->failed ? tc->error : xml_writer_error(tc->xw);
}

static void add_current_event(struct tc *tc, const char *event)
{
	if (tc->nr_events == TC_MAX_EVENTS) {
		tc_fail(tc, "failed to write a handler: more than %d events", TC_MAX_EVENTS);
		return;
	}
	tc->events[tc->nr_events++] = event;
}

/* A name ending in '*' (the only wildcard every Trace Compass version matches alike) stands
 * for every catalog event it matches: a prefix match; at least one must exist. */
static void add_pattern_events(struct tc *tc, const char *pattern)
{
	size_t len = strlen(pattern) - 1;
	size_t found = 0;

	for (size_t i = 0; i < tc->cat->nr_events; i++)
		if (strncmp(tc->cat->events[i].name, pattern, len) == 0) {
			add_current_event(tc, tc->cat->events[i].name);
			found++;
		}
	if (!found)
		tc_fail(tc, "failed to use events: no event of the schema matches '%s'", pattern);
}

void tc_on_events(struct tc *tc, const char *const *events, size_t n)
{
	tc->nr_events = 0;
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(events[i]);

		/* the kernel layout declares its "syscall_entry_*" families as catalog events */
		if (len && events[i][len - 1] == '*' && !catalog_find(tc->cat, events[i])) {
			add_pattern_events(tc, events[i]);
			continue;
		}
		if (!catalog_find(tc->cat, events[i]))
			tc_fail(tc, "failed to use event: '%s' is not in the schema", events[i]);
		add_current_event(tc, events[i]);
	}
}

void tc_on_event(struct tc *tc, const char *event)
{
	tc_on_events(tc, &event, 1);
}

void tc_use_field(struct tc *tc, const char *field)
{
	if (tc->defining)
		return;
	if (!tc->nr_events)
		tc_fail(tc, "failed to use field '%s': no current event", field);
	for (size_t i = 0; i < tc->nr_events; i++)
		if (!catalog_field_readable(tc->cat, tc->events[i], field))
			tc_fail(tc, "failed to use field: event '%s' has no field '%s'",
				tc->events[i], field);
}

/* Length of the next path element of `p` (up to a '/' outside braces). */
static size_t element_length(const char *p)
{
	size_t len = 0;
	int depth = 0;

	for (; p[len] && (depth > 0 || p[len] != '/'); len++) {
		if (p[len] == '{')
			depth++;
		else if (p[len] == '}')
			depth--;
	}
	return len;
}

static const struct tc_location *find_location(const struct tc *tc, const char *id)
{
	for (size_t i = 0; i < tc->nr_locations; i++)
		if (strcmp(tc->locations[i].id, id) == 0)
			return &tc->locations[i];
	return NULL;
}

/* The fields a path reads must be readable from the current events (locations included). */
static void check_path_fields(struct tc *tc, const char *path, int depth)
{
	while (*path && depth < 8) {
		size_t len = element_length(path);
		char buf[256];

		snprintf(buf, sizeof(buf), "%.*s", (int)len, path);
		if (buf[0] == '$') {
			tc_use_field(tc, buf + 1);
		} else if (buf[0] == '?' && len > 3) {
			buf[len - 1] = '\0';
			check_path_fields(tc, buf + 2, depth + 1);
		} else if (buf[0] == '@' && find_location(tc, buf + 1)) {
			check_path_fields(tc, find_location(tc, buf + 1)->path, depth + 1);
		}
		path += len;
		if (*path == '/')
			path++;
	}
}

static void path_element(struct tc *tc, const char *element, size_t len)
{
	char buf[256];

	if (len == 0 || len >= sizeof(buf)) {
		tc_fail(tc, "failed to write a path: empty or too long element");
		return;
	}
	memcpy(buf, element, len);
	buf[len] = '\0';
	if (buf[0] == '$') {
		tc_use_field(tc, buf + 1);
		xml_writer_element(tc->xw, "stateAttribute", "type", "eventField",
				   "value", buf + 1, NULL);
	} else if (buf[0] == '@') {
		if (!find_location(tc, buf + 1)) {
			tc_fail(tc, "failed to write a path: unknown location '%s'", buf + 1);
			return;
		}
		check_path_fields(tc, find_location(tc, buf + 1)->path, 0);
		xml_writer_element(tc->xw, "stateAttribute", "type", "location",
				   "value", buf + 1, NULL);
	} else if (buf[0] == '?' && buf[1] == '{' && buf[len - 1] == '}') {
		buf[len - 1] = '\0';
		xml_writer_start(tc->xw, "stateAttribute");
		xml_writer_attr(tc->xw, "type", "query");
		tc_path(tc, buf + 2);
		xml_writer_end(tc->xw, "stateAttribute");
	} else {
		xml_writer_element(tc->xw, "stateAttribute", "type", "constant",
				   "value", buf, NULL);
	}
}

void tc_path(struct tc *tc, const char *path)
{
	const char *p = path;

	while (*p) {
		size_t len = element_length(p);

		path_element(tc, p, len);
		p += len;
		if (*p == '/')
			p++;
	}
}

void tc_value(struct tc *tc, const char *element, const struct tc_value *v)
{
	struct xml_writer *xw = tc->xw;

	if (strcmp(v->type, "eventField") == 0)
		tc_use_field(tc, v->value);
	xml_writer_start(xw, element);
	xml_writer_attr(xw, "type", v->type);
	if (v->value)
		xml_writer_attr(xw, "value", v->value);
	if (v->forced)
		xml_writer_attr(xw, "forcedType", v->forced);
	if (v->increment)
		xml_writer_attr(xw, "increment", "true");
	if (v->stack)
		xml_writer_attr(xw, "stack", v->stack);
	if (v->mapping)
		xml_writer_attr(xw, "mappingGroup", v->mapping);
	if (v->query)
		tc_path(tc, v->query);
	xml_writer_end(xw, element);
}

/* The Java type Trace Compass gives an event field's value (semantics.md §3.6). */
static const char *field_value_type(const struct tc *tc, const char *event, const char *field)
{
	const struct catalog_event *ev = catalog_find(tc->cat, event);
	const struct catalog_field *f = ev ? catalog_event_field(ev, field) : NULL;

	if (f)
		return strcmp(f->type, "string") == 0 ? "String" : "Long";
	if (strcmp(field, "cpu") == 0)
		return "Integer";
	if (strcmp(field, "context._procname") == 0)
		return "String";
	return "Long";	/* timestamp, context._vtid, context._vpid */
}

static const char *forced_type(const char *forced)
{
	if (strcmp(forced, "int") == 0)
		return "Integer";
	if (strcmp(forced, "long") == 0)
		return "Long";
	if (strcmp(forced, "double") == 0)
		return "Double";
	return "String";
}

/* The type of the value `v` writes, or NULL when it writes null or cannot be known here. */
static const char *value_type(const struct tc *tc, const struct tc_value *v)
{
	if (v->mapping)
		return "String";	/* every mapping group of the views maps to strings */
	if (v->forced)
		return forced_type(v->forced);
	if (strcmp(v->type, "int") == 0)
		return "Integer";
	if (strcmp(v->type, "long") == 0)
		return "Long";
	if (strcmp(v->type, "string") == 0 || strcmp(v->type, "eventName") == 0)
		return "String";
	if (strcmp(v->type, "eventField") == 0 && tc->nr_events)
		return field_value_type(tc, tc->events[0], v->value);
	return NULL;	/* null, delete, query */
}

/* `path` with every field or query element replaced by "*", locations expanded. */
static void path_shape(const struct tc *tc, const char *path, char *out, size_t size)
{
	size_t used = 0;

	out[0] = '\0';
	while (*path && used + 2 < size) {
		size_t len = element_length(path);
		int variable = path[0] == '$' || path[0] == '?';
		const struct tc_location *loc = NULL;
		char expanded[sizeof(tc->types[0].path)];

		if (path[0] == '@') {
			char id[sizeof(loc->id)];

			snprintf(id, sizeof(id), "%.*s", (int)len - 1, path + 1);
			loc = find_location(tc, id);
		}
		if (loc)
			path_shape(tc, loc->path, expanded, sizeof(expanded));
		used += snprintf(out + used, size - used, "%s%.*s", used ? "/" : "",
				 loc ? (int)strlen(expanded) : variable ? 1 : (int)len,
				 loc ? expanded : variable ? "*" : path);
		path += len;
		if (*path == '/')
			path++;
	}
}

static void record_type(struct tc *tc, const char *shape, const char *type)
{
	for (size_t i = 0; i < tc->nr_types; i++) {
		if (strcmp(tc->types[i].path, shape) != 0)
			continue;
		if (strcmp(tc->types[i].type, type) != 0)
			tc_fail(tc, "failed to write attribute '%s': it gets both %s and %s values",
				shape, tc->types[i].type, type);
		return;
	}
	if (tc->nr_types == TC_MAX_ATTRIBUTES) {
		tc_fail(tc, "failed to write attribute '%s': more than %d attributes", shape,
			TC_MAX_ATTRIBUTES);
		return;
	}
	snprintf(tc->types[tc->nr_types].path, sizeof(tc->types[0].path), "%s", shape);
	tc->types[tc->nr_types++].type = type;
}

/* Events of the current handler must agree on the type of a field value. */
static void check_field_types(struct tc *tc, const struct tc_value *v)
{
	if (strcmp(v->type, "eventField") != 0 || v->forced || v->mapping)
		return;
	for (size_t i = 1; i < tc->nr_events; i++)
		if (strcmp(field_value_type(tc, tc->events[i], v->value),
			   field_value_type(tc, tc->events[0], v->value)) != 0)
			tc_fail(tc, "failed to use field '%s': its type differs between '%s' and '%s'",
				v->value, tc->events[0], tc->events[i]);
}

void tc_change_body(struct tc *tc, const char *path, const struct tc_value *v)
{
	char shape[sizeof(tc->types[0].path) - 2];
	const char *type = value_type(tc, v);

	tc_path(tc, path);
	tc_value(tc, "stateValue", v);
	path_shape(tc, path, shape, sizeof(shape));
	check_field_types(tc, v);
	if (v->stack) {
		char child[sizeof(tc->types[0].path)];

		/* a stack attribute holds its depth; its children "1".."n" hold the values */
		record_type(tc, shape, "Integer");
		snprintf(child, sizeof(child), "%s/#", shape);
		if (type && strcmp(v->stack, "push") == 0)
			record_type(tc, child, type);
	} else if (type) {
		record_type(tc, shape, type);
	}
}

void tc_change(struct tc *tc, const char *path, const struct tc_value *v)
{
	xml_writer_start(tc->xw, "stateChange");
	tc_change_body(tc, path, v);
	xml_writer_end(tc->xw, "stateChange");
}

void tc_cond_field(struct tc *tc, const char *op, const char *field, const struct tc_value *v)
{
	tc_use_field(tc, field);
	xml_writer_start(tc->xw, "condition");
	xml_writer_attr(tc->xw, "operator", op);
	xml_writer_element(tc->xw, "field", "name", field, NULL);
	tc_value(tc, "stateValue", v);
	xml_writer_end(tc->xw, "condition");
}

void tc_cond_status_error(struct tc *tc, const char *field)
{
	char first[32], last[32];

	xml_writer_start(tc->xw, "or");
	for (size_t i = 0; i < HSAT_ERROR_STATUS_RANGE_COUNT; i++) {
		snprintf(first, sizeof(first), "%" PRId64, hsat_error_status_ranges[i].first);
		snprintf(last, sizeof(last), "%" PRId64, hsat_error_status_ranges[i].last);
		xml_writer_start(tc->xw, "and");
		tc_cond_field(tc, "ge", field, TC_LONG(first));
		tc_cond_field(tc, "le", field, TC_LONG(last));
		xml_writer_end(tc->xw, "and");
	}
	xml_writer_end(tc->xw, "or");
}

void tc_cond_hip_status_error(struct tc *tc, const char *field)
{
	xml_writer_start(tc->xw, "and");
	tc_cond_field(tc, "ne", field, TC_LONG("0"));
	tc_cond_field(tc, "ne", field, TC_LONG("600"));
	xml_writer_end(tc->xw, "and");
}

void tc_cond_path(struct tc *tc, const char *op, const char *path, const struct tc_value *v)
{
	xml_writer_start(tc->xw, "condition");
	xml_writer_attr(tc->xw, "operator", op);
	tc_path(tc, path);
	tc_value(tc, "stateValue", v);
	xml_writer_end(tc->xw, "condition");
}

void tc_analysis_start(struct tc *tc, const char *element, const char *id,
		       const char *version, const char *label, const char *const *trace_types)
{
	tc->nr_types = 0;
	tc->nr_locations = 0;
	xml_writer_start(tc->xw, element);
	xml_writer_attr(tc->xw, "id", id);
	xml_writer_attr(tc->xw, "version", version);
	xml_writer_start(tc->xw, "head");
	for (; *trace_types; trace_types++)
		xml_writer_element(tc->xw, "traceType", "id", *trace_types, NULL);
	xml_writer_element(tc->xw, "label", "value", label, NULL);
	xml_writer_end(tc->xw, "head");
}

void tc_head_view(struct tc *tc, const char *label, const char *const *analysis_ids)
{
	xml_writer_start(tc->xw, "head");
	for (; *analysis_ids; analysis_ids++)
		xml_writer_element(tc->xw, "analysis", "id", *analysis_ids, NULL);
	xml_writer_element(tc->xw, "label", "value", label, NULL);
	xml_writer_end(tc->xw, "head");
}

void tc_layout_comment(struct tc *tc, const char *id, const char *layout)
{
	char text[4096];

	if ((size_t)snprintf(text, sizeof(text), "\n  Attribute layout of %s:\n%s  ", id, layout) >=
	    sizeof(text)) {
		tc_fail(tc, "failed to write the layout of %s: longer than %zu bytes", id,
			sizeof(text));
		return;
	}
	xml_writer_comment(tc->xw, text);
}

void tc_defined_value(struct tc *tc, const char *name, const char *value, const char *color)
{
	xml_writer_element(tc->xw, "definedValue", "name", name, "value", value,
			   "color", color, NULL);
}

void tc_handler_start(struct tc *tc, const char *event)
{
	tc_on_event(tc, event);
	xml_writer_start(tc->xw, "eventHandler");
	xml_writer_attr(tc->xw, "eventName", event);
}

void tc_handler_end(struct tc *tc)
{
	xml_writer_end(tc->xw, "eventHandler");
}

static void entry_start(struct tc *tc, const char *path, const char *display, int text)
{
	xml_writer_start(tc->xw, "entry");
	xml_writer_attr(tc->xw, "path", path);
	if (text)
		xml_writer_attr(tc->xw, "displayText", "true");
	if (display && strcmp(display, ".") == 0)
		xml_writer_element(tc->xw, "display", "type", "self", NULL);
	else if (display)
		xml_writer_element(tc->xw, "display", "type", "constant", "value", display, NULL);
}

void tc_entry_start(struct tc *tc, const char *path, const char *display)
{
	entry_start(tc, path, display, 0);
}

void tc_entry_start_text(struct tc *tc, const char *path, const char *display)
{
	entry_start(tc, path, display, 1);
}

void tc_decrement(struct tc *tc, const char *path)
{
	struct xml_writer *xw = tc->xw;

	xml_writer_start(xw, "stateChange");
	xml_writer_start(xw, "if");
	xml_writer_start(xw, "and");
	xml_writer_start(xw, "not");
	tc_cond_path(tc, "eq", path, TC_NULL);	/* a null count compares as a string */
	xml_writer_end(xw, "not");
	tc_cond_path(tc, "gt", path, TC_INT("0"));
	xml_writer_end(xw, "and");
	xml_writer_end(xw, "if");
	xml_writer_start(xw, "then");
	tc_change_body(tc, path, TC_ADD_INT("-1"));
	xml_writer_end(xw, "then");
	xml_writer_end(xw, "stateChange");
}

void tc_location(struct tc *tc, const char *id, const char *path)
{
	struct tc_location *loc;

	if (tc->nr_locations == TC_MAX_LOCATIONS || find_location(tc, id) ||
	    strlen(id) >= sizeof(loc->id) || strlen(path) >= sizeof(loc->path)) {
		tc_fail(tc, "failed to declare location '%s': duplicate, too long or too many", id);
		return;
	}
	loc = &tc->locations[tc->nr_locations++];
	snprintf(loc->id, sizeof(loc->id), "%s", id);
	snprintf(loc->path, sizeof(loc->path), "%s", path);
	tc->defining = 1;
	xml_writer_start(tc->xw, "location");
	xml_writer_attr(tc->xw, "id", id);
	tc_path(tc, path);
	xml_writer_end(tc->xw, "location");
	tc->defining = 0;
}
