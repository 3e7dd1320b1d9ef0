/*
 * help_output.h - the end of --help and --version: their text reached standard output, or
 * the command says it did not and fails.
 *
 *	fputs(usage_text, stdout);
 *	return cmd_help_written("stats");
 *
 * returns 0 when standard output took the text (flushed, no error), else prints
 * "hsatrace stats: cannot write to standard output: No space left on device" on standard
 * error and returns 1, a failure: `hsatrace stats --help >/dev/full` must not exit 0 with
 * nothing written.
 */
#ifndef HSATRACE_CMDLINE_HELP_OUTPUT_H
#define HSATRACE_CMDLINE_HELP_OUTPUT_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* command: "stats", or NULL for the front door ("hsatrace: ..."). */
static inline int cmd_help_written(const char *command)
{
	int failed = fflush(stdout) != 0 || ferror(stdout);
	int err = errno;

	if (!failed)
		return 0;
	fprintf(stderr, "hsatrace%s%s: cannot write to standard output: %s\n",
		command ? " " : "", command ? command : "", strerror(err ? err : EIO));
	return 1;
}

#endif
