/*
 * load.c - reading a <tmfxml> file: size limits first (xml_limits.c), libxml2 parse (no network,
 * no DOCTYPE), XSD validation when an XSD is given, else our rules of the XSD (schema.h); then compile.c and
 * compile_view.c.
 */
#include "analyses/engine/compile_int.h"
#include "analyses/engine/schema.h"
#include "analyses/engine/xml_limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlschemas.h>

struct err_ctx {
	const struct m_load_opts *opts;
	const char *path;
	int count;
};

static void structured_error(void *ctx, const xmlError *e)
{
	struct err_ctx *ec = ctx;
	char msg[1024];
	const char *what = e->message ? e->message : "error";
	size_t len = strlen(what);
	const xmlNode *n = e->node;

	while (len && what[len - 1] == '\n')
		len--;
	if (e->level < XML_ERR_ERROR)
		return;
	if (n && n->type == XML_ELEMENT_NODE)
		snprintf(msg, sizeof(msg), "%s:%d: element <%s>: %.*s", ec->path, e->line,
			 (const char *)n->name, (int)len, what);
	else if (e->domain == XML_FROM_PARSER && e->str1)
		/* parser errors name the element in str1 (e.g. the unclosed tag) */
		snprintf(msg, sizeof(msg), "%s:%d: element <%s>: %.*s", ec->path, e->line,
			 e->str1, (int)len, what);
	else
		snprintf(msg, sizeof(msg), "%s:%d: %.*s", ec->path, e->line, (int)len, what);
	if (ec->count++ < 20)
		cu_diag(ec->opts, msg);
}

static void structured_error_cb(void *ctx, xmlErrorPtr e)
{
	structured_error(ctx, e);
}

static int validate(const char *path, xmlDoc *doc, const struct m_load_opts *opts)
{
	xmlSchemaParserCtxt *pc = NULL;
	xmlSchema *schema = NULL;
	xmlSchemaValidCtxt *vc = NULL;
	struct err_ctx ec = { opts, path, 0 };
	struct err_ctx xsd_ec = { opts, opts->xsd, 0 };
	int ret = -1;

	pc = xmlSchemaNewParserCtxt(opts->xsd);
	if (!pc)
		goto cleanup;
	xmlSchemaSetParserStructuredErrors(pc, structured_error_cb, &xsd_ec);
	schema = xmlSchemaParse(pc);
	if (!schema) {
		char msg[600];

		snprintf(msg, sizeof(msg), "failed to load the schema: xsd=%s", opts->xsd);
		cu_diag(opts, msg);
		goto cleanup;
	}
	vc = xmlSchemaNewValidCtxt(schema);
	if (!vc)
		goto cleanup;
	xmlSchemaSetValidStructuredErrors(vc, structured_error_cb, &ec);
	ret = xmlSchemaValidateDoc(vc, doc) == 0 ? 0 : -1;
cleanup:
	xmlSchemaFreeValidCtxt(vc);
	xmlSchemaFree(schema);
	xmlSchemaFreeParserCtxt(pc);
	return ret;
}

/* Checks the limits, then parses buf into a document (NULL after a message through opts). */
static xmlDoc *parse(const char *path, const char *buf, size_t len,
		     const struct m_load_opts *opts, xmlParserCtxt *pctx)
{
	struct err_ctx ec;
	xmlDoc *doc;
	char msg[1024];

	ec.opts = opts;
	ec.path = path;
	ec.count = 0;
	if (len > XML_LIMIT_FILE_BYTES) {
		snprintf(msg, sizeof(msg), "%s: file size %zu bytes, more than the limit of %u "
			 "(refused before parsing)", path, len, XML_LIMIT_FILE_BYTES);
		cu_diag(opts, msg);
		return NULL;
	}
	if (xml_limits_check(path, buf, len, opts) != 0)
		return NULL;
	xmlSetStructuredErrorFunc(&ec, structured_error_cb);
	doc = xmlCtxtReadMemory(pctx, buf, (int)len, path, NULL, XML_PARSE_NONET | XML_PARSE_NOCDATA);
	xmlSetStructuredErrorFunc(NULL, NULL);
	if (!doc && !ec.count) {
		snprintf(msg, sizeof(msg), "%s: failed to read the file", path);
		cu_diag(opts, msg);
	}
	return doc;
}

/* The <tmfxml> root of a document without a DOCTYPE, or NULL after a message. */
static xmlNode *tmfxml_root(const char *path, xmlDoc *doc, const struct m_load_opts *opts)
{
	xmlNode *root = xmlDocGetRootElement(doc);
	char msg[1024];

	if (doc->intSubset || doc->extSubset) {
		snprintf(msg, sizeof(msg), "%s:%ld: element <!DOCTYPE>: a DOCTYPE is not allowed",
			 path, root ? xmlGetLineNo(root) : 1L);
		cu_diag(opts, msg);
		return NULL;
	}
	if (!root || !is_el(root, "tmfxml")) {
		snprintf(msg, sizeof(msg), "%s:%ld: element <%s>: the root element must be <tmfxml>",
			 path, root ? xmlGetLineNo(root) : 1L, root ? (const char *)root->name : "?");
		cu_diag(opts, msg);
		return NULL;
	}
	return root;
}

struct m_file *m_load(const char *path, const char *buf, size_t len,
		      const struct m_load_opts *opts, int *refused)
{
	struct m_load_opts dflt = { 0 };
	struct cctx c;
	xmlParserCtxt *pctx = NULL;
	xmlDoc *doc = NULL;
	xmlNode *root;
	struct m_file *f = NULL;
	char *file_buf = NULL;

	if (!opts)
		opts = &dflt;
	*refused = 0;
	if (!buf) {
		buf = file_buf = xml_limits_read_file(path, &len, opts);
		if (!buf)
			goto error;
	}
	pctx = xmlNewParserCtxt();
	if (!pctx)
		goto error;
	doc = parse(path, buf, len, opts, pctx);
	root = doc ? tmfxml_root(path, doc, opts) : NULL;
	if (!root)
		goto error;
	if (!opts->no_validate &&
	    (opts->xsd ? validate(path, doc, opts) : schema_check(path, root, opts)))
		goto error;
	f = xcalloc(1, sizeof(*f));
	f->path = xstrdup(path);
	memset(&c, 0, sizeof(c));
	c.file = path;
	c.opts = opts;
	compile_children(&c, f, root, refused);
	goto cleanup;
error:
	m_file_free(f);
	f = NULL;
cleanup:
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(pctx);
	free(file_buf);
	return f;
}
