/*
 * xml_writer - write an XML document to memory over libxml2's xmlTextWriter, refusing
 * malformed nesting.
 *
 * The writer keeps a stack of the elements it has opened. `xml_writer_end()` must name the
 * element it closes; closing anything but the innermost open element, adding an attribute
 * once an element has content, opening a second root element or finishing with elements
 * still open is an error. Errors are sticky: after the first one every call returns -1 and
 * does nothing, and `xml_writer_error()` says what went wrong first. So a caller may write a
 * whole block of calls and check the result once.
 *
 *	struct xml_writer xw;
 *	xml_writer_init(&xw);
 *	xml_writer_comment(&xw, " generated ");
 *	xml_writer_start(&xw, "tmfxml");
 *	xml_writer_element(&xw, "label", "value", "Queues", NULL);
 *	xml_writer_end(&xw, "tmfxml");
 *	if (xml_writer_finish(&xw) < 0)
 *		fprintf(stderr, "%s\n", xml_writer_error(&xw));
 *	else
 *		fputs(xml_writer_content(&xw), out);
 *	xml_writer_release(&xw);
 *
 * Output: an XML declaration (UTF-8, standalone="no"), one element per line indented by
 * tabs, empty elements as `<x/>`, a final newline.
 */
#ifndef HSATRACE_GENERATOR_XML_WRITER_H
#define HSATRACE_GENERATOR_XML_WRITER_H

#include <stddef.h>

#include <libxml/xmlwriter.h>

#define XML_WRITER_MAX_DEPTH 64

struct xml_writer {
	xmlBufferPtr buffer;		/* owned: the document text */
	xmlTextWriterPtr writer;	/* owned: writes into buffer */
	char *open[XML_WRITER_MAX_DEPTH]; /* owned copies of the open element names */
	size_t depth;
	int in_start_tag;	/* the innermost element has no content yet: attributes allowed */
	int has_root;		/* the root element was opened (a second one is refused) */
	int finished;
	int failed;
	char error[256];
};

/* Starts a document in memory. Returns 0, or -1 (with xml_writer_error()) on failure. */
int xml_writer_init(struct xml_writer *xw);

/* Frees everything; xw may then be initialized again. NULL-safe. */
void xml_writer_release(struct xml_writer *xw);

/* Writes <!--text-->. `text` must not contain "--". */
int xml_writer_comment(struct xml_writer *xw, const char *text);

/* Opens element `name` (a valid XML name). */
int xml_writer_start(struct xml_writer *xw, const char *name);

/* Adds an attribute to the element just opened (before any child or comment). */
int xml_writer_attr(struct xml_writer *xw, const char *name, const char *value);

/* xml_writer_attr() with a printf-formatted value. */
int xml_writer_attrf(struct xml_writer *xw, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Closes element `name`, which must be the innermost open element. */
int xml_writer_end(struct xml_writer *xw, const char *name);

/*
 * Writes a complete element with no children: `name` then (attribute, value) pairs ending
 * with NULL. A NULL value (with a non-NULL attribute name) is an error.
 */
int xml_writer_element(struct xml_writer *xw, const char *name, ...)
	__attribute__((sentinel));

/* Ends the document; fails when elements are still open or there is no root element. */
int xml_writer_finish(struct xml_writer *xw);

/* The document text, once xml_writer_finish() succeeded; NULL before. */
const char *xml_writer_content(const struct xml_writer *xw);

/* The first error, or "" when none happened. */
const char *xml_writer_error(const struct xml_writer *xw);

#endif /* HSATRACE_GENERATOR_XML_WRITER_H */
