/*
 * Every event name and field the generated XML (the .xml files of xml-views/) reads exists:
 *   1. in the hsatrace event schema (schema library), for the HSA events;
 *   2. in the CTF metadata of a trace recorded by the tracer, when one exists in the tree
 *      (traces-samples/, or the directory named by HSATRACE_COVERAGE_TRACE); for each
 *      provider that trace declares, every event used must be declared with its fields,
 *      and the UST context fields the views read must be in its stream event context;
 *   3. for the kernel view, in the real lttng-modules trace in ../shared/traces/: it must be
 *      an lttng-modules kernel trace whose packets carry cpu_id (the views' `cpu`), and
 *      each kernel event it declares must have the fields the view reads.
 * Parts 2 and 3 skip, saying why, when their trace is absent. The XML is read with libxml2
 * independently of the generator; the metadata is printed by `babeltrace2 -o ctf-metadata`.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "tests/lib/tap.h"
#include "schema/hsatrace_schema.h"

#define MAX_USES 8192
#define MAX_NAMES 4096

/* One (event, field) read by the XML; field NULL when only the event name is used. */
struct use {
	char *event;
	char *field;
};

static struct use uses[MAX_USES];
static size_t nr_uses;

static void add_one_use(const char *event, const char *field)
{
	for (size_t i = 0; i < nr_uses; i++)
		if (strcmp(uses[i].event, event) == 0 &&
		    ((!field && !uses[i].field) ||
		     (field && uses[i].field && strcmp(uses[i].field, field) == 0)))
			return;
	if (nr_uses == MAX_USES)
		return;
	uses[nr_uses].event = strdup(event);
	uses[nr_uses].field = field ? strdup(field) : NULL;
	nr_uses++;
}

/* An HSA name ending in '*' (a handler of every API entry, "hsa_api_entry:*") is a use of each
 * schema event it matches, so that each one is checked; one that matches none is kept as it
 * is and reported missing. */
static void add_use(const char *event, const char *field)
{
	size_t len = strlen(event), found = 0;

	if (len && event[len - 1] == '*' && strncmp(event, "hsa_", 4) == 0) {
		for (size_t i = 0; i < hsat_schema_event_count(); i++) {
			const char *name = hsat_schema_event(i)->full_name;

			if (strncmp(name, event, len - 1) == 0) {
				add_one_use(name, field);
				found++;
			}
		}
	}
	if (!found)
		add_one_use(event, field);
}

/* --- the XML side --- */

static int is_named(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

static char *prop(const xmlNode *n, const char *name)
{
	return (char *)xmlGetProp(n, (const xmlChar *)name);
}

/* Calls fn(field) for every field read in the subtree of n. */
static void each_field(const xmlNode *n, void (*fn)(const char *field, void *arg), void *arg)
{
	for (; n; n = n->next) {
		char *type, *value;

		if (n->type != XML_ELEMENT_NODE)
			continue;
		type = prop(n, "type");
		value = is_named(n, "field") ? prop(n, "name") :
			(type && strcmp(type, "eventField") == 0 ? prop(n, "value") : NULL);
		if (value)
			fn(value, arg);
		xmlFree(type);
		xmlFree(value);
		each_field(n->children, fn, arg);
	}
}

struct event_list {
	char *names[MAX_NAMES];
	size_t n;
};

static void list_add_split(struct event_list *l, const char *names, const char *sep)
{
	char *copy = strdup(names), *save = NULL;

	for (char *t = strtok_r(copy, sep, &save); t; t = strtok_r(NULL, sep, &save))
		if (l->n < MAX_NAMES)
			l->names[l->n++] = strdup(t);
	free(copy);
}

static void list_release(struct event_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->names[i]);
	l->n = 0;
}

static void use_on_events(const char *field, void *arg)
{
	const struct event_list *events = arg;

	for (size_t i = 0; i < events->n; i++)
		add_use(events->names[i], field);
}

/* Events of the transitions that name `id` in attribute `attr` (action or cond). */
static void events_referring(const xmlNode *n, const char *attr, const char *id,
			     struct event_list *out)
{
	for (; n; n = n->next) {
		if (is_named(n, "transition")) {
			char *refs = prop(n, attr), *event = prop(n, "event");
			struct event_list ids = { .n = 0 };

			if (refs)
				list_add_split(&ids, refs, ":");
			for (size_t i = 0; i < ids.n; i++)
				if (event && strcmp(ids.names[i], id) == 0)
					list_add_split(out, event, "|");
			list_release(&ids);
			xmlFree(refs);
			xmlFree(event);
		}
		if (n->type == XML_ELEMENT_NODE)
			events_referring(n->children, attr, id, out);
	}
}

static void collect_pattern(const xmlNode *handler)
{
	for (const xmlNode *n = handler->children; n; n = n->next) {
		struct event_list events = { .n = 0 };
		char *id;

		if (!is_named(n, "action") && !is_named(n, "test"))
			continue;
		id = prop(n, "id");
		events_referring(handler->children, is_named(n, "action") ? "action" : "cond", id,
				 &events);
		for (size_t i = 0; i < events.n; i++)
			add_use(events.names[i], NULL);
		each_field(n->children, use_on_events, &events);
		list_release(&events);
		xmlFree(id);
	}
}

static void collect(const xmlNode *n)
{
	for (; n; n = n->next) {
		if (is_named(n, "eventHandler")) {
			struct event_list events = { .n = 0 };
			char *name = prop(n, "eventName");

			list_add_split(&events, name, "|");
			add_use(name, NULL);
			each_field(n->children, use_on_events, &events);
			list_release(&events);
			xmlFree(name);
			continue;
		}
		if (is_named(n, "patternHandler"))
			collect_pattern(n);
		if (is_named(n, "precondition") || is_named(n, "transition")) {
			char *event = prop(n, "event");
			struct event_list events = { .n = 0 };

			if (event)
				list_add_split(&events, event, "|");
			for (size_t i = 0; i < events.n; i++)
				add_use(events.names[i], NULL);
			list_release(&events);
			xmlFree(event);
		}
		if (n->type == XML_ELEMENT_NODE)
			collect(n->children);
	}
}

static int collect_views(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int files = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		char path[8192];
		xmlDocPtr doc;

		if (len < 5 || strcmp(de->d_name + len - 4, ".xml") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
		if (!doc)
			continue;
		collect(xmlDocGetRootElement(doc));
		xmlFreeDoc(doc);
		files++;
	}
	closedir(d);
	return files;
}

/* --- classification --- */

static int is_special(const char *field)
{
	return strcmp(field, "cpu") == 0 || strcmp(field, "timestamp") == 0;
}

static int is_context(const char *field)
{
	return strncmp(field, "context.", 8) == 0;
}

static int is_hsa(const char *event)
{
	return strncmp(event, "hsa_", 4) == 0 && strchr(event, ':') != NULL;
}

/* --- the CTF metadata side --- */

struct ctf_event {
	char *name;
	char *fields;	/* " a b c " (leading underscores removed) */
};

struct ctf_meta {
	char *text;
	struct ctf_event events[MAX_NAMES];
	size_t n;
	char *stream_context;	/* " _vtid _vpid " as written */
};

/* Appends, space-separated, the member names of the struct body starting after `{`;
 * returns the position after the matching `}`. */
static const char *struct_members(const char *p, char **out, int strip)
{
	size_t len = strlen(*out);
	int depth = 1;

	for (; *p && depth > 0; p++) {
		if (*p == '{')
			depth++;
		else if (*p == '}')
			depth--;
		else if (*p == ';' && depth == 1) {
			const char *end = p, *start;
			char *grown;

			while (end > *out && (end[-1] == ' ' || end[-1] == '\t'))
				end--;
			while (end[-1] == ']') {
				while (*--end != '[')
					;
				while (end[-1] == ' ')
					end--;
			}
			start = end;
			while (start[-1] == '_' || (start[-1] >= 'a' && start[-1] <= 'z') ||
			       (start[-1] >= 'A' && start[-1] <= 'Z') ||
			       (start[-1] >= '0' && start[-1] <= '9'))
				start--;
			if (strip && *start == '_')
				start++;
			grown = realloc(*out, len + (size_t)(end - start) + 3);
			if (!grown)
				continue;
			*out = grown;
			len += (size_t)sprintf(*out + len, "%.*s ", (int)(end - start), start);
		}
	}
	return p;
}

static char *find_block_end(const char *p)
{
	int depth = 0;

	for (; *p; p++) {
		if (*p == '{')
			depth++;
		else if (*p == '}' && --depth == 0)
			return (char *)p;
	}
	return (char *)p;
}

static void parse_events(struct ctf_meta *m)
{
	for (char *p = m->text; (p = strstr(p, "\nevent {")) != NULL && m->n < MAX_NAMES; ) {
		char *end = find_block_end(p), *name, *fields, saved = *end;
		struct ctf_event *ev = &m->events[m->n];

		*end = '\0';
		name = strstr(p, "name = \"");
		fields = strstr(p, "fields := struct {");
		if (name) {
			name += 8;
			ev->name = strndup(name, strcspn(name, "\""));
			ev->fields = strdup(" ");
			if (fields)
				struct_members(fields + strlen("fields := struct {"), &ev->fields, 1);
			m->n++;
		}
		*end = saved;
		p = end;
	}
}

static int ctf_meta_load(struct ctf_meta *m, const char *trace_dir)
{
	char cmd[4200];
	FILE *f;
	size_t len = 0, alloc = 1 << 16;
	char *ctx;

	memset(m, 0, sizeof(*m));
	snprintf(cmd, sizeof(cmd), "babeltrace2 -o ctf-metadata '%s' 2>/dev/null", trace_dir);
	f = popen(cmd, "r");
	if (!f)
		return -1;
	m->text = malloc(alloc);
	while (m->text) {
		size_t got = fread(m->text + len, 1, alloc - len - 1, f);

		len += got;
		if (got == 0)
			break;
		if (alloc - len < 4096)
			m->text = realloc(m->text, alloc *= 2);
	}
	if (pclose(f) != 0 || !m->text || len == 0)
		return -1;
	m->text[len] = '\0';
	parse_events(m);
	m->stream_context = strdup(" ");
	for (ctx = m->text; (ctx = strstr(ctx, "event.context := struct {")) != NULL; )
		ctx = (char *)struct_members(ctx + strlen("event.context := struct {"),
					     &m->stream_context, 0);
	return 0;
}

static void ctf_meta_release(struct ctf_meta *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->events[i].name);
		free(m->events[i].fields);
	}
	free(m->stream_context);
	free(m->text);
}

/* The declared event matching `name` (a trailing `*` matches any suffix). */
static const struct ctf_event *ctf_find(const struct ctf_meta *m, const char *name)
{
	size_t len = strlen(name);
	int prefix = len && name[len - 1] == '*';

	for (size_t i = 0; i < m->n; i++)
		if (prefix ? strncmp(m->events[i].name, name, len - 1) == 0 :
			     strcmp(m->events[i].name, name) == 0)
			return &m->events[i];
	return NULL;
}

static int has_word(const char *list, const char *word)
{
	char needle[256];

	snprintf(needle, sizeof(needle), " %s ", word);
	return strstr(list, needle) != NULL;
}

static int provider_declared(const struct ctf_meta *m, const char *event)
{
	size_t plen = strcspn(event, ":") + 1;

	for (size_t i = 0; i < m->n; i++)
		if (strncmp(m->events[i].name, event, plen) == 0)
			return 1;
	return 0;
}

/* --- the checks --- */

static void check_schema(void)
{
	int events = 0, missing_events = 0, fields = 0, missing_fields = 0;

	for (size_t i = 0; i < nr_uses; i++) {
		const struct hsat_event *ev;

		if (!is_hsa(uses[i].event))
			continue;
		ev = hsat_schema_find_event(uses[i].event);
		if (!uses[i].field) {
			events++;
			if (!ev) {
				missing_events++;
				diag("not in the schema: event %s", uses[i].event);
			}
			continue;
		}
		if (is_special(uses[i].field) || is_context(uses[i].field) || !ev)
			continue;
		fields++;
		if (!hsat_event_find_field(ev, uses[i].field)) {
			missing_fields++;
			diag("not in the schema: %s.%s", uses[i].event, uses[i].field);
		}
	}
	ok(events > 0 && missing_events == 0, "the %d HSA events the views use are in the schema",
	   events);
	ok(fields > 0 && missing_fields == 0,
	   "the %d (event, field) pairs the views read are in the schema", fields);
}

/* A recorded trace: the first directory under traces-samples/ whose metadata declares
 * hsa_ events, or $HSATRACE_COVERAGE_TRACE. */
static int find_recorded_trace(const char *dir, char *out, size_t size, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int found = 0;

	if (!d || depth > 6) {
		if (d)
			closedir(d);
		return 0;
	}
	while (!found && (de = readdir(d)) != NULL) {
		char path[8192];
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			found = find_recorded_trace(path, out, size, depth + 1);
		} else if (strcmp(de->d_name, "metadata") == 0) {
			char cmd[4200];
			FILE *f;
			char line[512];

			snprintf(cmd, sizeof(cmd), "babeltrace2 -o ctf-metadata '%s' 2>/dev/null", dir);
			f = popen(cmd, "r");
			while (f && fgets(line, sizeof(line), f))
				if (strstr(line, "name = \"hsa_api_entry:") && !found) {
					snprintf(out, size, "%s", dir);
					found = 1;
				}
			if (f)
				pclose(f);
		}
	}
	closedir(d);
	return found;
}

/*
 * A trace LTTng recorded declares every event class enabled in the session, fired or not:
 * for each provider it declares, every event the views use must be there. A trace written
 * by `hsatrace unify` (env hsatrace_unified = "1") declares only the classes it holds
 * events of: there, the events it
 * declares must have the fields the views read.
 */
static void check_recorded(const char *src)
{
	const char *env = getenv("HSATRACE_COVERAGE_TRACE");
	char dir[4096], trace[4096] = "";
	struct ctf_meta m;
	int events = 0, missing = 0, providers_skipped = 0, ctx_missing = 0, strict;

	snprintf(dir, sizeof(dir), "%s", env && *env ? env : src);
	if (!env || !*env)
		snprintf(dir, sizeof(dir), "%s/traces-samples", src);
	if (!find_recorded_trace(dir, trace, sizeof(trace), 0)) {
		if (env && *env) {
			ok(0, "HSATRACE_COVERAGE_TRACE=%s holds a trace with API events", env);
			skip(1, "no trace");
		} else {
			skip(2, "no trace recorded by the tracer in traces-samples/ (or "
				"HSATRACE_COVERAGE_TRACE): cannot check its CTF metadata");
		}
		return;
	}
	if (ctf_meta_load(&m, trace) < 0) {
		ok(0, "babeltrace2 reads the metadata of %s", trace);
		skip(1, "no metadata");
		ctf_meta_release(&m);
		return;
	}
	strict = strstr(m.text, "hsatrace_unified = \"1\"") == NULL;
	diag("%s trace: %s (%zu event classes)", strict ? "recorded" : "unified", trace, m.n);
	for (size_t i = 0; i < nr_uses; i++) {
		const struct ctf_event *ev;

		if (!is_hsa(uses[i].event))
			continue;
		if (!provider_declared(&m, uses[i].event)) {
			providers_skipped += !uses[i].field;
			continue;
		}
		ev = ctf_find(&m, uses[i].event);
		if (!uses[i].field) {
			events += ev || strict;
			if (!ev && strict) {
				missing++;
				diag("not declared in the trace: %s", uses[i].event);
			}
		} else if (is_context(uses[i].field)) {
			if (!has_word(m.stream_context, uses[i].field + 8) && ev) {
				ctx_missing++;
				diag("no context field %s in the trace", uses[i].field);
			}
		} else if (ev && !is_special(uses[i].field) && !has_word(ev->fields, uses[i].field)) {
			missing++;
			diag("not declared in the trace: %s.%s", uses[i].event, uses[i].field);
		}
	}
	if (providers_skipped)
		diag("%d events of providers this trace does not declare were not checked",
		     providers_skipped);
	ok(events > 0 && missing == 0,
	   "the trace declares the %d events it has of the views' providers, with their fields",
	   events);
	ok(ctx_missing == 0, "the trace has the context fields the views read");
	ctf_meta_release(&m);
}

static void check_kernel(const char *src)
{
	char dir[4096];
	struct ctf_meta m;
	struct stat st;
	int checked = 0, missing = 0;
	char *packet;

	snprintf(dir, sizeof(dir), "%s/../shared/traces/lttng-2.11-kernel-ust-multi-domains/kernel",
		 src);
	if (stat(dir, &st) != 0) {
		skip(4, "../shared/traces is absent next to the checkout: cannot check the "
			"kernel view against a real lttng-modules trace");
		return;
	}
	if (ctf_meta_load(&m, dir) < 0) {
		ok(0, "babeltrace2 reads the real kernel trace's metadata");
		skip(3, "no metadata");
		ctf_meta_release(&m);
		return;
	}
	ok(strstr(m.text, "tracer_name = \"lttng-modules\"") &&
	   strstr(m.text, "domain = \"kernel\""), "the real trace is an lttng-modules kernel trace");
	/* the metadata reader itself, on the one event this trace declares */
	ok(ctf_find(&m, "lttng_test_filter_event") &&
	   has_word(ctf_find(&m, "lttng_test_filter_event")->fields, "intfield") &&
	   has_word(ctf_find(&m, "lttng_test_filter_event")->fields, "seqfield1") &&
	   has_word(ctf_find(&m, "lttng_test_filter_event")->fields, "enum304"),
	   "the metadata reader finds the real trace's event and its fields");
	packet = strstr(m.text, "struct packet_context {");
	ok(packet && strstr(packet, "cpu_id;") &&
	   strstr(packet, "cpu_id;") < find_block_end(packet),
	   "its packets carry cpu_id, which the kernel view reads as `cpu`");
	for (size_t i = 0; i < nr_uses; i++) {
		const struct ctf_event *ev;

		if (is_hsa(uses[i].event) || !uses[i].field || is_special(uses[i].field))
			continue;
		ev = ctf_find(&m, uses[i].event);
		if (!ev)
			continue;
		checked++;
		if (!has_word(ev->fields, uses[i].field)) {
			missing++;
			diag("real kernel trace: %s has no field %s", ev->name, uses[i].field);
		}
	}
	if (checked)
		ok(missing == 0, "the %d kernel fields it declares for the view's events are there",
		   checked);
	else
		skip(1, "the real kernel trace in ../shared/traces declares none of the kernel "
			"view's events (it holds lttng_test_filter_event only): their fields "
			"follow lttng-modules' sched.h/irq.h, see generator/kernel_layout.c");
	ctf_meta_release(&m);
}

int main(void)
{
	const char *src = getenv("HSATRACE_SRC") ? getenv("HSATRACE_SRC") : ".";
	char dir[4096];
	int files;
	size_t kernel_events = 0;

	snprintf(dir, sizeof(dir), "%s/xml-views", src);
	files = collect_views(dir);
	for (size_t i = 0; i < nr_uses; i++)
		kernel_events += !is_hsa(uses[i].event) && !uses[i].field;
	plan(10);
	ok(files >= 6 && nr_uses > 0, "read %d generated files: %zu (event, field) uses", files,
	   nr_uses);
	check_schema();
	ok(kernel_events >= 10, "the kernel view uses %zu lttng-modules events", kernel_events);
	check_recorded(src);
	check_kernel(src);
	for (size_t i = 0; i < nr_uses; i++) {
		free(uses[i].event);
		free(uses[i].field);
	}
	xmlCleanupParser();
	return exit_status();
}
