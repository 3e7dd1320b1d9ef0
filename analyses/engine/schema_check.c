/*
 * schema_check.c - validates a <tmfxml> document with the rules of schema_rules.c, refusing what
 * Trace Compass's XSD refuses: unknown or misplaced elements, missing or unknown attributes,
 * attribute values of the wrong type, text where only elements (or nothing) may be, duplicate
 * stateProvider ids (xs:ID) and duplicate stateValue ids among siblings (xs:unique).
 */
#include "analyses/engine/compile_int.h"
#include "analyses/engine/jregex.h"
#include "analyses/engine/schema.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>

#define XSI_NS "http://www.w3.org/2001/XMLSchema-instance"
#define MAX_MESSAGES 20

struct walk {
	const char *path;
	const struct m_load_opts *opts;
	int errors;
	char **ids;		/* xs:ID values seen */
	int nids;
};

struct content_re {
	const struct xs_type *type;
	struct jregex re;
};

/* compiled once per process; the rules never change */
static struct content_re content_cache[64];
static int ncontent;

static int fail(struct walk *w, const xmlNode *n, const char *fmt, const char *a, const char *b)
{
	char reason[512], msg[1024];

	snprintf(reason, sizeof(reason), fmt, a, b);
	snprintf(msg, sizeof(msg), "%s:%ld: element <%s>: %s", w->path, xmlGetLineNo(n),
		 (const char *)n->name, reason);
	if (w->errors++ < MAX_MESSAGES)
		cu_diag(w->opts, msg);
	return -1;
}

static const struct jregex *content_regex(const struct xs_type *t)
{
	char err[192];

	for (int i = 0; i < ncontent; i++)
		if (content_cache[i].type == t)
			return &content_cache[i].re;
	if (ncontent == (int)(sizeof(content_cache) / sizeof(content_cache[0])) ||
	    jregex_compile(&content_cache[ncontent].re, t->content, err, sizeof(err)))
		abort();	/* the rules are ours: a bad one is a bug */
	content_cache[ncontent].type = t;
	return &content_cache[ncontent++].re;
}

static int is_xml_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The value without leading and trailing XML whitespace (xs:whiteSpace collapse, for one token). */
static void collapse(const char *v, char *out, size_t size)
{
	size_t n;

	while (is_xml_space(*v))
		v++;
	snprintf(out, size, "%s", v);
	n = strlen(out);
	while (n && is_xml_space(out[n - 1]))
		out[--n] = '\0';
}

static int is_integer(const char *s, int is_long)
{
	const char *d = s + (*s == '+' || *s == '-');
	char *end;

	if (!*d || strspn(d, "0123456789") != strlen(d))
		return 0;
	if (!is_long)
		return 1;
	errno = 0;
	(void)strtoll(s, &end, 10);
	return errno == 0;
}

static int is_ncname(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!(*p >= 0x80 || *p == '_' || ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z')))
		return 0;
	for (p++; *p; p++)
		if (!(*p >= 0x80 || strchr("_-.", *p) || (*p >= '0' && *p <= '9') ||
		      ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z')))
			return 0;
	return 1;
}

static int id_unique(struct walk *w, const char *id)
{
	for (int i = 0; i < w->nids; i++)
		if (!strcmp(w->ids[i], id))
			return 0;
	GROW(w->ids, w->nids);
	w->ids[w->nids++] = xstrdup(id);
	return 1;
}

static int check_value(struct walk *w, const xmlNode *n, const struct xs_attr *a, const char *v)
{
	char t[256], word[300];

	collapse(v, t, sizeof(t));
	switch (a->kind) {
	case XS_STRING:
		return 0;
	case XS_NONEMPTY:
		return *v ? 0 : fail(w, n, "attribute '%s': an empty value is not allowed%s", a->name, "");
	case XS_ID:
		if (!is_ncname(t))
			return fail(w, n, "attribute '%s': '%s' is not a valid xs:ID (an NCName)", a->name, v);
		return id_unique(w, t) ? 0 : fail(w, n, "attribute '%s': the ID '%s' is not unique", a->name, t);
	case XS_INTEGER:
	case XS_LONG:
		return is_integer(t, a->kind == XS_LONG) ? 0 :
			fail(w, n, "attribute '%s': '%s' is not a valid integer", a->name, v);
	case XS_BOOLEAN:
		return strstr("|true|false|1|0|", (snprintf(word, sizeof(word), "|%s|", t), word)) ? 0 :
			fail(w, n, "attribute '%s': '%s' is not a valid xs:boolean", a->name, v);
	case XS_ENUM:
		snprintf(word, sizeof(word), "|%s|", v);
		return strlen(v) < 256 && strstr(a->enums, word) ? 0 :
			fail(w, n, "attribute '%s': '%s' is not one of the allowed values", a->name, v);
	}
	return 0;
}

static int check_attributes(struct walk *w, const xmlNode *n, const struct xs_type *t)
{
	int ret = 0;

	for (const xmlAttr *p = n->properties; p; p = p->next) {
		const struct xs_attr *a = t->attrs;
		xmlChar *v;

		if (p->ns && p->ns->href && !strcmp((const char *)p->ns->href, XSI_NS))
			continue;
		while (a->name && (p->ns || strcmp(a->name, (const char *)p->name)))
			a++;
		if (!a->name) {
			ret = fail(w, n, "the attribute '%s' is not allowed%s", (const char *)p->name, "");
			continue;
		}
		v = xmlNodeGetContent((const xmlNode *)p);
		ret |= check_value(w, n, a, v ? (const char *)v : "");
		xmlFree(v);
	}
	for (const struct xs_attr *a = t->attrs; a->name; a++)
		if (a->required && !xmlHasProp(n, (const xmlChar *)a->name))
			ret = fail(w, n, "the attribute '%s' is required but missing%s", a->name, "");
	return ret;
}

static const char *child_type(const struct xs_type *t, const xmlNode *c)
{
	if (c->ns)
		return NULL;
	for (const struct xs_child *k = t->children; k->name; k++)
		if (!strcmp(k->name, (const char *)c->name))
			return k->type;
	return NULL;
}

static int is_text(const xmlNode *c)
{
	return c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE;
}

static int only_space(const xmlNode *c)
{
	for (const xmlChar *s = c->content; s && *s; s++)
		if (!is_xml_space((char)*s))
			return 0;
	return 1;
}

/* An element of a type without content: no text (not even blanks), no child element. */
static int check_empty(struct walk *w, const xmlNode *n)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (c->type == XML_ELEMENT_NODE)
			return fail(w, c, "not expected: <%s> takes no child element%s", (const char *)n->name, "");
		if (is_text(c))
			return fail(w, n, "character content is not allowed: the content type is empty%s%s", "", "");
	}
	return 0;
}

/* The children, "name name ... ", up to and including child `upto` (NULL: all). */
static char *child_names(const xmlNode *n, const xmlNode *upto)
{
	size_t len = 1;
	char *s;

	for (const xmlNode *c = n->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE)
			len += strlen((const char *)c->name) + 1;
	s = xcalloc(len, 1);
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		strcat(s, (const char *)c->name);
		strcat(s, " ");
		if (c == upto)
			break;
	}
	return s;
}

/* The content expression over the children; on a mismatch, the first child that cannot be there. */
static int check_order(struct walk *w, const xmlNode *n, const struct xs_type *t)
{
	const struct jregex *re = content_regex(t);
	char *all = child_names(n, NULL);
	int ok = jregex_matches(re, all);

	free(all);
	if (ok)
		return 0;
	for (const xmlNode *c = n->children; c; c = c->next) {
		char *prefix;

		if (c->type != XML_ELEMENT_NODE)
			continue;
		prefix = child_names(n, c);
		ok = jregex_prefix(re, prefix);
		free(prefix);
		if (!ok)
			return fail(w, c, "this element is not expected here (in <%s>)%s", (const char *)n->name, "");
	}
	return fail(w, n, "missing child elements%s%s", "", "");
}

/* xs:unique on stateValue ids: among the stateValue children of a stateChange's or a stateValue's stateValue. */
static int check_unique_value_ids(struct walk *w, const xmlNode *n)
{
	int ret = 0;

	for (const xmlNode *c = n->children; c; c = c->next) {
		xmlChar *id;

		if (!is_el(c, "stateValue") || !(id = xmlGetProp(c, (const xmlChar *)"id")))
			continue;
		for (const xmlNode *d = c->next; d && !ret; d = d->next) {
			xmlChar *other = is_el(d, "stateValue") ? xmlGetProp(d, (const xmlChar *)"id") : NULL;

			if (other && !strcmp((const char *)id, (const char *)other))
				ret = fail(w, d, "duplicate key-sequence ['%s'] in unique identity-constraint on stateValue ids%s",
					   (const char *)id, "");
			xmlFree(other);
		}
		xmlFree(id);
	}
	return ret;
}

static int check_node(struct walk *w, const xmlNode *n, const struct xs_type *t, const char *parent_type)
{
	int ret = check_attributes(w, n, t);

	if (!t->content)
		return check_empty(w, n) | ret;
	if (is_el(n, "stateValue") && parent_type &&
	    (!strcmp(parent_type, "stateChange") || !strcmp(parent_type, "stateValue")))
		ret |= check_unique_value_ids(w, n);
	for (const xmlNode *c = n->children; c; c = c->next) {
		const char *ct;

		if (is_text(c) && !only_space(c)) {
			ret = fail(w, n, "character content other than whitespace is not allowed: the content type is element-only%s%s", "", "");
			continue;
		}
		if (c->type != XML_ELEMENT_NODE)
			continue;
		ct = child_type(t, c);
		if (!ct) {
			ret = fail(w, c, "this element is not expected (in <%s>)%s", (const char *)n->name, "");
			continue;
		}
		ret |= check_node(w, c, xs_type_named(ct), t->name);
	}
	return ret ? ret : check_order(w, n, t);
}

int schema_check(const char *path, const xmlNode *root, const struct m_load_opts *opts)
{
	struct walk w = { path, opts, 0, NULL, 0 };
	int ret;

	if (root->ns)
		return fail(&w, root, "no namespace is allowed on <tmfxml>%s%s", "", "");
	ret = check_node(&w, root, xs_root_type(), NULL);
	for (int i = 0; i < w.nids; i++)
		free(w.ids[i]);
	free(w.ids);
	return ret;
}
