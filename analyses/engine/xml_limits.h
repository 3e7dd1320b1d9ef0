/*
 * xml_limits.h - refusing absurd analysis files before libxml2 parses them.
 *
 * libxml2 checks an element's attributes for duplicates pairwise, so an element with
 * 200,000 attributes takes minutes to parse. A quick scan of the raw bytes counts the
 * attributes of every start tag and the nesting depth first; a file beyond these limits
 * (far above Trace Compass's analyses and the generated views: at most 6 attributes, depth
 * 10, 0.5 MB) is refused with a message. See docs/analyze.md.
 */
#ifndef HSAT_ENGINE_XML_LIMITS_H
#define HSAT_ENGINE_XML_LIMITS_H

#include <stddef.h>

#include "analyses/engine/compile.h"

#define XML_LIMIT_FILE_BYTES (64u << 20)
#define XML_LIMIT_ATTRIBUTES 256
#define XML_LIMIT_DEPTH 256

/* 0 when `buf` (the len bytes of file `path`) is within the limits, else -1 after a
 * "FILE:LINE: element <x>: ..." message through opts. */
int xml_limits_check(const char *path, const char *buf, size_t len,
		     const struct m_load_opts *opts);

/* Reads the file at `path` into a new buffer (free it), refusing one larger than
 * XML_LIMIT_FILE_BYTES; NULL after a message. */
char *xml_limits_read_file(const char *path, size_t *len, const struct m_load_opts *opts);

#endif
