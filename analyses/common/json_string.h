/*
 * json_string - one JSON string escaper for every JSON output of the analyses (json_writer, and
 * export's Perfetto trace events).
 *
 * json_string_write(s, out) writes s as a JSON string literal, quotes included: `"` and `\`
 * escaped, control characters as \u00XX, and every byte that does not start a well-formed
 * UTF-8 sequence replaced by U+FFFD, so the output is valid UTF-8 whatever bytes the trace
 * held (thread names and kernel names are bytes, not text).
 *
 * json_string_write_html_safe(s, out) also writes `<` and `&` as \u003c / \u0026, so that the
 * literal can sit inside an HTML <script> block (the report's data) and never close it.
 */
#ifndef HSAT_COMMON_JSON_STRING_H
#define HSAT_COMMON_JSON_STRING_H

#include <stdio.h>

#include "analyses/common/stdio_put.h"

void json_string_write(const char *s, FILE *out);
void json_string_write_html_safe(const char *s, FILE *out);

/* Writes n bytes (a key, a number, a run of plain text) into out's buffer. */
static inline void json_put(const char *s, size_t n, FILE *out)
{
	stdio_put(s, n, out);
}

#endif
