/*
 * string_arg - a string argument of the traced program, copied for an event without ever
 * faulting on it.
 *
 * The tracer records a `const char *` argument before the runtime has looked at it: a bad
 * pointer the runtime would refuse (or never read) must not crash the program under the
 * tracer. So the text is read with process_vm_readv() on our own process, which fails with
 * EFAULT instead of faulting, page by page so that a string ending just before an unmapped
 * page is still read.
 *
 * hsat_string_arg(s, buf, size, &truncated) copies at most size - 1 bytes of s into buf,
 * NUL-terminated, and returns buf; *truncated is 1 when s went on beyond them. NULL when s
 * is NULL or unreadable (the event then shows "-").
 */
#ifndef HSAT_TRACER_STRING_ARG_H
#define HSAT_TRACER_STRING_ARG_H

#include <stddef.h>
#include <stdint.h>

#include "schema/hsatrace_schema.h"

const char *hsat_string_arg(const char *s, char *buf, size_t size, uint64_t *truncated);

#endif
