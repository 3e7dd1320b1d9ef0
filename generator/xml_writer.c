/*
 * xml_writer - see xml_writer.h. The nesting rules are checked here, before libxml2 is
 * called, so a wrong call gets a message that names the elements involved; libxml2's own
 * failures (each call returns -1) are reported too.
 */
#include "generator/xml_writer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

static int fail(struct xml_writer *xw, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int fail(struct xml_writer *xw, const char *fmt, ...)
{
	va_list ap;

	if (!xw->failed) {
		va_start(ap, fmt);
		vsnprintf(xw->error, sizeof(xw->error), fmt, ap);
		va_end(ap);
	}
	xw->failed = 1;
	return -1;
}

static const char *innermost(const struct xml_writer *xw)
{
	return xw->depth ? xw->open[xw->depth - 1] : NULL;
}

/* Common guard of every writing call. */
static int usable(struct xml_writer *xw, const char *what)
{
	if (xw->failed)
		return 0;
	if (!xw->writer)
		return fail(xw, "failed to write %s: the writer is not initialized", what), 0;
	if (xw->finished)
		return fail(xw, "failed to write %s: the document is finished", what), 0;
	return 1;
}

static int is_xml_name(const char *name)
{
	return name && *name && xmlValidateName((const xmlChar *)name, 0) == 0;
}

int xml_writer_init(struct xml_writer *xw)
{
	memset(xw, 0, sizeof(*xw));
	xw->buffer = xmlBufferCreate();
	if (!xw->buffer)
		return fail(xw, "failed to allocate the xml buffer");
	/* grow geometrically: documents reach 500 kB */
	xmlBufferSetAllocationScheme(xw->buffer, XML_BUFFER_ALLOC_DOUBLEIT);
	xw->writer = xmlNewTextWriterMemory(xw->buffer, 0);
	if (!xw->writer)
		return fail(xw, "failed to create the xml writer");
	if (xmlTextWriterSetIndent(xw->writer, 1) < 0 ||
	    xmlTextWriterSetIndentString(xw->writer, (const xmlChar *)"\t") < 0 ||
	    xmlTextWriterStartDocument(xw->writer, NULL, "UTF-8", "no") < 0)
		return fail(xw, "failed to start the xml document");
	return 0;
}

void xml_writer_release(struct xml_writer *xw)
{
	if (!xw)
		return;
	if (xw->writer)
		xmlFreeTextWriter(xw->writer);
	if (xw->buffer)
		xmlBufferFree(xw->buffer);
	for (size_t i = 0; i < xw->depth; i++)
		free(xw->open[i]);
	memset(xw, 0, sizeof(*xw));
}

int xml_writer_comment(struct xml_writer *xw, const char *text)
{
	if (!usable(xw, "a comment"))
		return -1;
	if (!text || strstr(text, "--") || (*text && text[strlen(text) - 1] == '-'))
		return fail(xw, "failed to write a comment: it is empty or contains \"--\"");
	if (xmlTextWriterWriteComment(xw->writer, (const xmlChar *)text) < 0)
		return fail(xw, "failed to write a comment: libxml2 error");
	xw->in_start_tag = 0;
	return 0;
}

int xml_writer_start(struct xml_writer *xw, const char *name)
{
	char *copy;

	if (!usable(xw, "an element"))
		return -1;
	if (!is_xml_name(name))
		return fail(xw, "failed to open an element: invalid name '%s'",
			    name ? name : "(null)");
	if (xw->depth == 0 && xw->has_root)
		return fail(xw, "failed to open '%s': the document already has a root element",
			    name);
	if (xw->depth == XML_WRITER_MAX_DEPTH)
		return fail(xw, "failed to open '%s': more than %d nested elements", name,
			    XML_WRITER_MAX_DEPTH);
	copy = strdup(name);
	if (!copy)
		return fail(xw, "failed to open '%s': out of memory", name);
	if (xmlTextWriterStartElement(xw->writer, (const xmlChar *)name) < 0) {
		free(copy);
		return fail(xw, "failed to open '%s': libxml2 error", name);
	}
	xw->open[xw->depth++] = copy;
	xw->has_root = 1;
	xw->in_start_tag = 1;
	return 0;
}

int xml_writer_attr(struct xml_writer *xw, const char *name, const char *value)
{
	if (!usable(xw, "an attribute"))
		return -1;
	if (!is_xml_name(name))
		return fail(xw, "failed to add an attribute: invalid name '%s'",
			    name ? name : "(null)");
	if (!value)
		return fail(xw, "failed to add attribute '%s': no value", name);
	if (!xw->depth || !xw->in_start_tag)
		return fail(xw, "failed to add attribute '%s': %s%s%s", name,
			    xw->depth ? "element '" : "no element is open",
			    xw->depth ? innermost(xw) : "",
			    xw->depth ? "' already has content" : "");
	if (xmlTextWriterWriteAttribute(xw->writer, (const xmlChar *)name,
					(const xmlChar *)value) < 0)
		return fail(xw, "failed to add attribute '%s': libxml2 error", name);
	return 0;
}

int xml_writer_attrf(struct xml_writer *xw, const char *name, const char *fmt, ...)
{
	char value[512];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(value, sizeof(value), fmt, ap);
	va_end(ap);
	if (len < 0 || (size_t)len >= sizeof(value))
		return fail(xw, "failed to add attribute '%s': value too long", name);
	return xml_writer_attr(xw, name, value);
}

int xml_writer_end(struct xml_writer *xw, const char *name)
{
	if (!usable(xw, "an end tag"))
		return -1;
	if (!xw->depth)
		return fail(xw, "failed to close '%s': no element is open", name ? name : "(null)");
	if (!name || strcmp(name, innermost(xw)) != 0)
		return fail(xw, "failed to close '%s': the innermost open element is '%s'",
			    name ? name : "(null)", innermost(xw));
	if (xmlTextWriterEndElement(xw->writer) < 0)
		return fail(xw, "failed to close '%s': libxml2 error", name);
	free(xw->open[--xw->depth]);
	xw->open[xw->depth] = NULL;
	xw->in_start_tag = 0;
	return 0;
}

int xml_writer_element(struct xml_writer *xw, const char *name, ...)
{
	const char *attr;
	va_list ap;

	if (xml_writer_start(xw, name) < 0)
		return -1;
	va_start(ap, name);
	while ((attr = va_arg(ap, const char *)) != NULL) {
		const char *value = va_arg(ap, const char *);

		if (xml_writer_attr(xw, attr, value) < 0)
			break;
	}
	va_end(ap);
	return xml_writer_end(xw, name);
}

int xml_writer_finish(struct xml_writer *xw)
{
	if (!usable(xw, "the end of the document"))
		return -1;
	if (xw->depth)
		return fail(xw, "failed to finish the document: element '%s' is still open",
			    innermost(xw));
	if (!xw->has_root)
		return fail(xw, "failed to finish the document: it has no root element");
	if (xmlTextWriterEndDocument(xw->writer) < 0 || xmlTextWriterFlush(xw->writer) < 0)
		return fail(xw, "failed to finish the document: libxml2 error");
	xw->finished = 1;
	return 0;
}

const char *xml_writer_content(const struct xml_writer *xw)
{
	if (!xw->finished || xw->failed)
		return NULL;
	return (const char *)xmlBufferContent(xw->buffer);
}

const char *xml_writer_error(const struct xml_writer *xw)
{
	return xw->failed ? xw->error : "";
}
