/*
 * schema.h - the <tmfxml> structure that Trace Compass's XSD (xmlDefinition.xsd and the files it
 * includes) accepts, written as our own rules, for validating without the XSD (which the project
 * cannot ship): for each element type, its attributes (kind, required) and its content, a regular
 * expression over the names of its child elements, each followed by a space.
 *
 * schema_rules.c holds the table; schema_check.c walks a document with it.
 */
#ifndef HSAT_ENGINE_SCHEMA_H
#define HSAT_ENGINE_SCHEMA_H

#include <libxml/tree.h>

#include "analyses/engine/compile.h"

enum xs_kind {
	XS_STRING,	/* any text */
	XS_NONEMPTY,	/* a string of at least one character */
	XS_ID,		/* an NCName, unique in the document */
	XS_INTEGER,
	XS_LONG,
	XS_BOOLEAN,	/* true, false, 1, 0 */
	XS_ENUM,	/* one of the words of enums */
};

struct xs_attr {
	const char *name;
	enum xs_kind kind;
	int required;
	const char *enums;	/* XS_ENUM: "|a|b|" */
};

struct xs_child {
	const char *name;
	const char *type;
};

struct xs_type {
	const char *name;
	const char *content;	/* regex over "child child ", or NULL: empty (no text, no child) */
	const struct xs_child *children;
	const struct xs_attr *attrs;
};

/* The type of the root element <tmfxml>, and a type by name (NULL when unknown). */
const struct xs_type *xs_root_type(void);
const struct xs_type *xs_type_named(const char *name);

/* Validates the document under root: 0, or -1 after reporting each violation ("FILE:LINE: element <x>: ..."). */
int schema_check(const char *path, const xmlNode *root, const struct m_load_opts *opts);

#endif
