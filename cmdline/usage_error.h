/*
 * usage_error.h - a command's usage error: one line, then where to read the usage.
 *
 *	return cmd_usage_error("stats", "bad --format '%s'", arg);
 *
 * prints "hsatrace stats: bad --format 'x'" and "Try 'hsatrace stats --help'." on standard
 * error and returns 2, the exit status of a usage error. cmd_usage_hint prints the second line
 * alone, after a message getopt has already written (an unknown option, a missing argument:
 * set argv[0] to "hsatrace CMD" so that getopt's message names the command).
 */
#ifndef HSATRACE_CMDLINE_USAGE_ERROR_H
#define HSATRACE_CMDLINE_USAGE_ERROR_H

#include <stdarg.h>
#include <stdio.h>

static inline int cmd_usage_error(const char *command, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline int cmd_usage_error(const char *command, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "hsatrace %s: ", command);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'hsatrace %s --help'.\n", command);
	return 2;
}

static inline int cmd_usage_hint(const char *command)
{
	fprintf(stderr, "Try 'hsatrace %s --help'.\n", command);
	return 2;
}

#endif
