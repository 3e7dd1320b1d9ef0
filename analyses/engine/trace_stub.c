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

/* One read of a stub trace: the reader, the event being filled and where it goes. */
struct stub_read {
	const char *path;
	xmlTextReader *r;
	struct stub_event se;
	struct ev e;
	char *ev_name;
	int in_event;
	int64_t last_ts;
	ev_trace_fn fn;
	void *ctx;
	char *err;
	size_t errsz;
};

/* Hands the event read to the callback, refusing one that goes back in time. */
static int deliver_event(struct stub_read *sr)
{
	if (sr->e.ts < sr->last_ts) {
		snprintf(sr->err, sr->errsz,
			 "%s: events out of order: timestamp %" PRId64 " after %" PRId64, sr->path,
			 sr->e.ts, sr->last_ts);
		return -1;
	}
	sr->last_ts = sr->e.ts;
	sr->fn(sr->ctx, &sr->e);
	return 0;
}

/* An <event> element opens: its timestamp and name; an empty one is delivered at once. */
static int start_event(struct stub_read *sr)
{
	char *ts = attr(sr->r, "timestamp");
	int bad;

	free(sr->ev_name);
	sr->ev_name = attr(sr->r, "name");
	clear_event(&sr->se);
	bad = parse_i64(ts, &sr->e.ts) || !sr->ev_name;
	free(ts);
	if (bad) {
		snprintf(sr->err, sr->errsz,
			 "%s:%ld: element <event>: needs an integer timestamp and a name", sr->path,
			 xmlGetLineNo(xmlTextReaderCurrentNode(sr->r)));
		return -1;
	}
	sr->e.name = sr->ev_name;
	sr->in_event = !xmlTextReaderIsEmptyElement(sr->r);
	return sr->in_event ? 0 : deliver_event(sr);
}

/* One node of the reader: the root's check, an event's start, a field, an event's end. */
static int read_node(struct stub_read *sr)
{
	const char *tag = (const char *)xmlTextReaderConstName(sr->r);
	int type = xmlTextReaderNodeType(sr->r);
	char ferr[256];

	if (type == XML_READER_TYPE_ELEMENT && xmlTextReaderDepth(sr->r) == 0 &&
	    strcmp(tag, "trace") != 0) {
		not_a_trace(sr->path, tag, sr->err, sr->errsz);
		return -1;
	}
	if (type == XML_READER_TYPE_ELEMENT && !strcmp(tag, "event"))
		return start_event(sr);
	if (type == XML_READER_TYPE_ELEMENT && !strcmp(tag, "field") && sr->in_event) {
		if (add_field(sr->r, &sr->se, ferr, sizeof(ferr)) == 0)
			return 0;
		snprintf(sr->err, sr->errsz, "%s:%s", sr->path, ferr + 4);
		return -1;
	}
	if (type == XML_READER_TYPE_END_ELEMENT && !strcmp(tag, "event")) {
		sr->in_event = 0;
		return deliver_event(sr);
	}
	return 0;
}

int ev_read_stub(const char *path, ev_trace_fn fn, void *ctx, char *err, size_t errsz)
{
	char parse_error[256] = "";
	char *copy = strdup(path);
	struct stub_read sr = { .path = path, .last_ts = INT64_MIN, .fn = fn, .ctx = ctx,
				.err = err, .errsz = errsz };
	int rc, ret = -1;

	sr.r = xmlReaderForFile(path, NULL, XML_PARSE_NONET);
	if (!sr.r) {
		snprintf(err, errsz, "failed to open the trace: path=%s", path);
		goto cleanup;
	}
	xmlTextReaderSetErrorHandler(sr.r, reader_error, parse_error);
	sr.e.host_id = copy ? basename(copy) : path;
	sr.e.ops = &stub_ops;
	sr.e.impl = &sr.se;
	while ((rc = xmlTextReaderRead(sr.r)) == 1)
		if (read_node(&sr) < 0)
			goto cleanup;
	if (rc < 0) {
		snprintf(err, errsz, "%s:%d: malformed XML trace: %s", path,
			 xmlTextReaderGetParserLineNumber(sr.r),
			 parse_error[0] ? parse_error : "parse error");
		goto cleanup;
	}
	ret = 0;
cleanup:
	clear_event(&sr.se);
	free(sr.se.fields);
	free(sr.ev_name);
	free(copy);
	if (sr.r)
		xmlFreeTextReader(sr.r);
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
