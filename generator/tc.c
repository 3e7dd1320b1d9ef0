/*
 * tc - see tc.h.
 */
#include "generator/tc.h"

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

void tc_on_events(struct tc *tc, const char *const *events, size_t n)
{
	tc->nr_events = 0;
	if (n > TC_MAX_EVENTS) {
		tc_fail(tc, "failed to write a handler: more than %d events", TC_MAX_EVENTS);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (!catalog_find(tc->cat, events[i]))
			tc_fail(tc, "failed to use event: '%s' is not in the schema", events[i]);
		tc->events[i] = events[i];
	}
	tc->nr_events = n;
}

void tc_on_event(struct tc *tc, const char *event)
{
	tc_on_events(tc, &event, 1);
}

void tc_use_field(struct tc *tc, const char *field)
{
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

void tc_change_body(struct tc *tc, const char *path, const struct tc_value *v)
{
	tc_path(tc, path);
	tc_value(tc, "stateValue", v);
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

void tc_cond_path(struct tc *tc, const char *op, const char *path, const struct tc_value *v)
{
	xml_writer_start(tc->xw, "condition");
	xml_writer_attr(tc->xw, "operator", op);
	tc_path(tc, path);
	tc_value(tc, "stateValue", v);
	xml_writer_end(tc->xw, "condition");
}

void tc_head_analysis(struct tc *tc, const char *label, const char *const *trace_types)
{
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

void tc_entry_start(struct tc *tc, const char *path, const char *display)
{
	xml_writer_start(tc->xw, "entry");
	xml_writer_attr(tc->xw, "path", path);
	if (display && strcmp(display, ".") == 0)
		xml_writer_element(tc->xw, "display", "type", "self", NULL);
	else if (display)
		xml_writer_element(tc->xw, "display", "type", "constant", "value", display, NULL);
}
