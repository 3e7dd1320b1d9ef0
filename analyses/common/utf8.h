/*
 * utf8 - trace strings are bytes; HTML, XML and JSON output must be valid UTF-8.
 *
 * utf8_sequence_length(s) is the length (1-4) of the well-formed UTF-8 sequence at s (no
 * overlong forms, no surrogates, nothing above U+10FFFF), or 0 when s does not start one;
 * writers replace such a byte with U+FFFD (UTF8_REPLACEMENT).
 */
#ifndef HSAT_COMMON_UTF8_H
#define HSAT_COMMON_UTF8_H

#include <stddef.h>

#define UTF8_REPLACEMENT "\xEF\xBF\xBD"

size_t utf8_sequence_length(const char *s);

#endif
