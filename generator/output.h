/*
 * output - write the rendered views into a directory, or compare a directory with them.
 */
#ifndef HSATRACE_GENERATOR_OUTPUT_H
#define HSATRACE_GENERATOR_OUTPUT_H

#include <stddef.h>

struct rendered_view {
	const char *name;	/* file name */
	char *content;		/* owned */
};

/*
 * Writes every view into `dir` (created if missing; each file written to a temporary name
 * then renamed) and removes *.xml files there that an earlier run generated but that are
 * no longer part of the set. Returns 0, or -1 after printing an error.
 */
int output_write(const char *dir, const struct rendered_view *views, size_t n);

/*
 * Compares `dir` with the views: every file must exist with the same bytes, and no other
 * *.xml file may be there. Prints one line per difference to stderr. Returns the number of
 * differences, or -1 when `dir` cannot be read.
 */
int output_check(const char *dir, const struct rendered_view *views, size_t n);

/* Reads a whole file into a malloc'd NUL-terminated string; NULL (errno set) on failure. */
char *output_read_file(const char *path);

#endif /* HSATRACE_GENERATOR_OUTPUT_H */
