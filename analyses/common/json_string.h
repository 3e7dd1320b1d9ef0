/*
 * json_string - one JSON string escaper for every JSON output of the analyses (json_writer, and
 * export's Perfetto trace events).
 *
 * json_string_write(s, out) writes s as a JSON string literal, quotes included: `"` and `\`
 * escaped, control characters as \u00XX, and every byte that does not start a well-formed
 * UTF-8 sequence replaced by U+FFFD, so the output is valid UTF-8 whatever bytes the trace
 * held (thread names and kernel names are bytes, not text).
 */
#ifndef HSAT_COMMON_JSON_STRING_H
#define HSAT_COMMON_JSON_STRING_H

#include <stdio.h>

void json_string_write(const char *s, FILE *out);

#endif
