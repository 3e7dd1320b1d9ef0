/*
 * trace_stub.c - Trace Compass's XML stub trace (TmfXmlTraceStubNs), read with libxml2's
 * streaming reader: <trace><event timestamp name><field name type value/>...</event></trace>.
 * Field types: int -> Integer, long -> Long, string and double -> String (the stub does not
 * convert doubles), longArray/intArray -> their text.
 */
#include "analyses/engine/trace.h"

#include <errno.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libxml/xmlreader.h>

struct stub_field {
	char *name;
	struct hv value;
	char *text;
};

struct stub_event {
	struct stub_field *fields;
	int n, cap;
};

static int stub_get_field(const struct ev *e, const char *name, struct hv *out,
			  struct scratch *sc)
{
	const struct stub_event *se = e->impl;

	(void)sc;
	for (int i = 0; i < se->n; i++)
		if (!strcmp(se->fields[i].name, name)) {
			*out = se->fields[i].value;
			return 1;
		}
	return 0;
}

static const struct ev_ops stub_ops = { stub_get_field, NULL };

static void clear_event(struct stub_event *se)
{
	for (int i = 0; i < se->n; i++) {
		free(se->fields[i].name);
		free(se->fields[i].text);
	}
	se->n = 0;
}

static char *attr(xmlTextReader *r, const char *name)
{
	xmlChar *v = xmlTextReaderGetAttribute(r, (const xmlChar *)name);
	char *s = v ? strdup((const char *)v) : NULL;

	xmlFree(v);
	return s;
}

static int parse_i64(const char *s, int64_t *out)
{
	char *end;

	if (!s || !*s)
		return -1;
	errno = 0;
	*out = strtoll(s, &end, 10);
	return errno || *end ? -1 : 0;
}

static int add_field(xmlTextReader *r, struct stub_event *se, char *err, size_t errsz)
{
	char *name = attr(r, "name"), *type = attr(r, "type"), *value = attr(r, "value");
	struct stub_field *f;
	int64_t l;
	int ret = -1;

	if (!name || !type || !value) {
		snprintf(err, errsz, "line %ld: element <field>: needs name, type and value",
			 xmlGetLineNo(xmlTextReaderCurrentNode(r)));
		goto cleanup;
	}
	if (se->n == se->cap) {
		se->cap = se->cap ? se->cap * 2 : 8;
		se->fields = realloc(se->fields, se->cap * sizeof(*se->fields));
		if (!se->fields)
			abort();
	}
	f = &se->fields[se->n];
	f->name = name;
	f->text = value;
	f->value = hv_str(value);
	if (!strcmp(type, "int") || !strcmp(type, "long")) {
		if (parse_i64(value, &l) || (type[0] == 'i' && (l < INT32_MIN || l > INT32_MAX))) {
			snprintf(err, errsz, "line %ld: element <field>: %s: invalid %s value \"%s\"",
				 xmlGetLineNo(xmlTextReaderCurrentNode(r)), name, type, value);
			goto cleanup;
		}
		f->value = type[0] == 'i' ? hv_int((int32_t)l) : hv_long(l);
	}
	se->n++;
	name = value = NULL;
	ret = 0;
cleanup:
	free(name);
	free(type);
	free(value);
	return ret;
}

/* The parser's first complaint, kept for the error message instead of going to stderr. */
static void reader_error(void *arg, const char *msg, xmlParserSeverities severity,
			 xmlTextReaderLocatorPtr locator)
{
	char *first = arg;
	size_t len;

	(void)locator;
	if (first[0] || (severity != XML_PARSER_SEVERITY_ERROR && severity != XML_PARSER_SEVERITY_VALIDITY_ERROR))
		return;
	snprintf(first, 256, "%s", msg);
	len = strlen(first);
	while (len && (first[len - 1] == '\n' || first[len - 1] == ' '))
		first[--len] = '\0';
}

/* An XML file whose root is not <trace>: most often an analysis given last, as the trace. */
static void not_a_trace(const char *path, const char *root, char *err, size_t errsz)
{
	snprintf(err, errsz, "%s: not a trace (a CTF trace folder or a Trace Compass XML stub "
		 "trace, root <trace>): its root element is <%s>%s", path, root,
		 !strcmp(root, "tmfxml") ? "; the trace comes after the analysis files" : "");
}

int ev_read_stub(const char *path, ev_trace_fn fn, void *ctx, char *err, size_t errsz)
{
	char parse_error[256] = "";
	xmlTextReader *r = xmlReaderForFile(path, NULL, XML_PARSE_NONET);
	struct stub_event se = { 0 };
	char *copy = strdup(path), *ev_name = NULL;
	const char *host = copy ? basename(copy) : path;
	struct ev e = { 0 };
	int in_event = 0, rc, ret = -1;
	int64_t last_ts = INT64_MIN;

	if (!r) {
		snprintf(err, errsz, "failed to open the trace: path=%s", path);
		goto cleanup;
	}
	xmlTextReaderSetErrorHandler(r, reader_error, parse_error);
	e.host_id = host;
	e.ops = &stub_ops;
	e.impl = &se;
	while ((rc = xmlTextReaderRead(r)) == 1) {
		const char *tag = (const char *)xmlTextReaderConstName(r);
		int type = xmlTextReaderNodeType(r);

		if (type == XML_READER_TYPE_ELEMENT && xmlTextReaderDepth(r) == 0 &&
		    strcmp(tag, "trace") != 0) {
			not_a_trace(path, tag, err, errsz);
			goto cleanup;
		}
		if (type == XML_READER_TYPE_ELEMENT && !strcmp(tag, "event")) {
			char *ts = attr(r, "timestamp");

			free(ev_name);
			ev_name = attr(r, "name");
			clear_event(&se);
			if (parse_i64(ts, &e.ts) || !ev_name) {
				snprintf(err, errsz, "%s:%ld: element <event>: needs an integer timestamp and a name",
					 path, xmlGetLineNo(xmlTextReaderCurrentNode(r)));
				free(ts);
				goto cleanup;
			}
			free(ts);
			e.name = ev_name;
			in_event = !xmlTextReaderIsEmptyElement(r);
			if (!in_event)
				goto deliver;
		} else if (type == XML_READER_TYPE_ELEMENT && !strcmp(tag, "field") && in_event) {
			char ferr[256];

			if (add_field(r, &se, ferr, sizeof(ferr))) {
				snprintf(err, errsz, "%s:%s", path, ferr + 4);
				goto cleanup;
			}
		} else if (type == XML_READER_TYPE_END_ELEMENT && !strcmp(tag, "event")) {
			in_event = 0;
			goto deliver;
		}
		continue;
deliver:
		if (e.ts < last_ts) {
			snprintf(err, errsz, "%s: events out of order: timestamp %" PRId64 " after %" PRId64,
				 path, e.ts, last_ts);
			goto cleanup;
		}
		last_ts = e.ts;
		fn(ctx, &e);
	}
	if (rc < 0) {
		snprintf(err, errsz, "%s:%d: malformed XML trace: %s", path,
			 xmlTextReaderGetParserLineNumber(r), parse_error[0] ? parse_error : "parse error");
		goto cleanup;
	}
	ret = 0;
cleanup:
	clear_event(&se);
	free(se.fields);
	free(ev_name);
	free(copy);
	if (r)
		xmlFreeTextReader(r);
	return ret;
}

int ev_read(const char *path, ev_trace_fn fn, void *ctx, char *err, size_t errsz)
{
	struct stat st;

	if (stat(path, &st)) {
		snprintf(err, errsz, "failed to open the trace: path=%s error=%s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return ev_read_ctf(path, fn, ctx, err, errsz);
	return ev_read_stub(path, fn, ctx, err, errsz);
}
