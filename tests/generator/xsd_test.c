/*
 * Every generated file in xml-views/ validates against Trace Compass's xmlDefinition.xsd
 * (libxml2's xmlSchema API) and follows the rules Trace Compass needs beyond the XSD
 * (../shared/reference/tracecompass/semantics.md): no DOCTYPE, no namespace prefixes,
 * <head> with a label on every analysis and view, trace types on every analysis, integer
 * versions, NCName ids unique across all files, views naming analyses that exist, explicit
 * units on time conditions, unique segment field names.
 *
 * Skips, saying why, when ../shared (next to the checkout) is absent.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlschemas.h>

#include "tests/lib/tap.h"

#define MAX_FILES 64
#define MAX_IDS 1024

struct id_set {
	char *ids[MAX_IDS];
	size_t n;
};

static int id_set_has(const struct id_set *s, const char *id)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->ids[i], id) == 0)
			return 1;
	return 0;
}

static void id_set_add(struct id_set *s, const char *id)
{
	if (s->n < MAX_IDS)
		s->ids[s->n++] = strdup(id);
}

static void id_set_release(struct id_set *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->ids[i]);
	s->n = 0;
}

static int is_named(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

static char *attr(const xmlNode *n, const char *name)
{
	return (char *)xmlGetProp(n, (const xmlChar *)name);
}

static const xmlNode *first_element(const xmlNode *n)
{
	for (n = n->children; n; n = n->next)
		if (n->type == XML_ELEMENT_NODE)
			return n;
	return NULL;
}

static int count_children(const xmlNode *n, const char *name)
{
	int count = 0;

	for (n = n->children; n; n = n->next)
		count += is_named(n, name);
	return count;
}

struct rules {
	const char *file;
	struct id_set *ids;		/* all ids seen so far (every file) */
	struct id_set *analyses;	/* stateProvider and pattern ids (every file) */
	struct id_set *view_refs;	/* "file: analysis id" references to check at the end */
	int errors;
};

static void rule_error(struct rules *r, const xmlNode *n, const char *what, const char *value)
{
	r->errors++;
	diag("%s:%d: <%s>: %s%s%s", r->file, n->line, (const char *)n->name, what,
	     value ? ": " : "", value ? value : "");
}

/* <head> first, with a label, and with trace types (analyses) or analysis refs (views). */
static void check_head(struct rules *r, const xmlNode *n, const char *wanted_child)
{
	const xmlNode *head = first_element(n);

	if (!head || !is_named(head, "head") || count_children(n, "head") != 1) {
		rule_error(r, n, "needs exactly one <head>, first", NULL);
		return;
	}
	if (count_children(head, "label") != 1)
		rule_error(r, n, "<head> needs a <label>", NULL);
	if (count_children(head, wanted_child) < 1)
		rule_error(r, n, "<head> needs at least one", wanted_child);
	if (strcmp(wanted_child, "analysis") != 0)
		return;
	for (const xmlNode *a = head->children; a; a = a->next) {
		char *id, ref[512];

		if (!is_named(a, "analysis"))
			continue;
		id = attr(a, "id");
		snprintf(ref, sizeof(ref), "%s\t%d\t%s", r->file, a->line, id ? id : "");
		id_set_add(r->view_refs, ref);
		xmlFree(id);
	}
}

static void check_id(struct rules *r, const xmlNode *n, int is_analysis)
{
	char *id = attr(n, "id");

	if (!id || xmlValidateNCName((const xmlChar *)id, 0) != 0)
		rule_error(r, n, "id is not an NCName", id);
	else if (id_set_has(r->ids, id))
		rule_error(r, n, "id is not unique across the files", id);
	else {
		id_set_add(r->ids, id);
		if (is_analysis)
			id_set_add(r->analyses, id);
	}
	xmlFree(id);
}

static void check_version(struct rules *r, const xmlNode *n)
{
	char *v = attr(n, "version"), *end = NULL;

	if (!v || !*v || (strtol(v, &end, 10), *end != '\0'))
		rule_error(r, n, "version is not an integer", v);
	xmlFree(v);
}

static void check_segment_fields(struct rules *r, const xmlNode *content)
{
	struct id_set names = { .n = 0 };

	for (const xmlNode *f = content->children; f; f = f->next) {
		char *name;

		if (!is_named(f, "segField"))
			continue;
		name = attr(f, "name");
		if (name && id_set_has(&names, name))
			rule_error(r, f, "segment field name repeated", name);
		else if (name)
			id_set_add(&names, name);
		xmlFree(name);
	}
	id_set_release(&names);
}

static void check_tree(struct rules *r, const xmlNode *n)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (n->ns)
			rule_error(r, n, "element has a namespace", NULL);
		if (is_named(n, "stateProvider") || is_named(n, "pattern")) {
			check_id(r, n, 1);
			check_version(r, n);
			check_head(r, n, "traceType");
		} else if (is_named(n, "timeGraphView") || is_named(n, "xyView")) {
			check_id(r, n, 0);
			check_head(r, n, "analysis");
		} else if (is_named(n, "callstack")) {
			check_id(r, n, 0);
		} else if (is_named(n, "timerange") || is_named(n, "elapsedTime")) {
			char *unit = attr(n, "unit");

			if (!unit)
				rule_error(r, n, "needs an explicit unit", NULL);
			xmlFree(unit);
		} else if (is_named(n, "segContent")) {
			check_segment_fields(r, n);
		}
		check_tree(r, n->children);
	}
}

static int list_views(const char *dir, char **names, int max)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)) != NULL && n < max) {
		size_t len = strlen(de->d_name);

		if (len > 4 && strcmp(de->d_name + len - 4, ".xml") == 0)
			names[n++] = strdup(de->d_name);
	}
	closedir(d);
	return n;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
	const char *src = getenv("HSATRACE_SRC") ? getenv("HSATRACE_SRC") : ".";
	struct id_set ids = { .n = 0 }, analyses = { .n = 0 }, refs = { .n = 0 };
	char xsd[4096], dir[4096], *names[MAX_FILES];
	xmlSchemaParserCtxtPtr pctx = NULL;
	xmlSchemaPtr schema = NULL;
	struct stat st;
	int n, unresolved = 0;

	snprintf(xsd, sizeof(xsd), "%s/../shared/reference/tracecompass/xsd/xmlDefinition.xsd",
		 src);
	if (stat(xsd, &st) != 0)
		skip_all("../shared/reference/tracecompass/xsd is absent next to the checkout: "
			 "cannot validate against Trace Compass's XSD");
	snprintf(dir, sizeof(dir), "%s/xml-views", src);
	n = list_views(dir, names, MAX_FILES);
	if (n < 0) {
		printf("Bail out! cannot read %s: %s\n", dir, strerror(errno));
		return 1;
	}
	qsort(names, n, sizeof(*names), cmp_names);
	plan(3 * n + 3);
	ok(n >= 6, "xml-views/ holds the generated files (%d)", n);

	pctx = xmlSchemaNewParserCtxt(xsd);
	schema = pctx ? xmlSchemaParse(pctx) : NULL;
	ok(schema != NULL, "Trace Compass's xmlDefinition.xsd parses");
	for (int i = 0; i < n; i++) {
		char path[8192];
		xmlSchemaValidCtxtPtr vctx;
		struct rules r = { names[i], &ids, &analyses, &refs, 0 };
		xmlDocPtr doc;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
		if (!doc || !schema) {
			ok(0, "%s parses", names[i]);
			skip(2, "not parsed");
			xmlFreeDoc(doc);
			continue;
		}
		vctx = xmlSchemaNewValidCtxt(schema);
		ok(vctx && xmlSchemaValidateDoc(vctx, doc) == 0, "%s validates against the XSD",
		   names[i]);
		xmlSchemaFreeValidCtxt(vctx);
		ok(doc->intSubset == NULL && doc->extSubset == NULL, "%s has no DOCTYPE",
		   names[i]);
		check_tree(&r, xmlDocGetRootElement(doc));
		ok(r.errors == 0, "%s: heads, ids, versions, units, segment fields", names[i]);
		xmlFreeDoc(doc);
	}
	for (size_t i = 0; i < refs.n; i++) {
		char *id = strrchr(refs.ids[i], '\t') + 1;

		if (!id_set_has(&analyses, id)) {
			unresolved++;
			diag("%s: view refers to an analysis no file defines", refs.ids[i]);
		}
	}
	ok(refs.n > 0 && unresolved == 0, "every view's <analysis id> is an analysis of the set");
	id_set_release(&ids);
	id_set_release(&analyses);
	id_set_release(&refs);
	for (int i = 0; i < n; i++)
		free(names[i]);
	xmlSchemaFree(schema);
	xmlSchemaFreeParserCtxt(pctx);
	xmlCleanupParser();
	return exit_status();
}
