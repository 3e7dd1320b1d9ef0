/*
 * path_within - whether one path is another or below it, as the file system resolves them
 * (symbolic links, `.` and `..`), the last components of a path that is written later allowed
 * not to exist yet. An output inside its input would overwrite the input (a report written
 * over a trace's metadata) or be read back by the next run (unify's out_path.c).
 */
#ifndef HSAT_COMMON_PATH_WITHIN_H
#define HSAT_COMMON_PATH_WITHIN_H

#include <stdbool.h>

/* The absolute, symlink-free form of path into abs (PATH_MAX bytes): the longest existing
 * prefix resolved, the rest appended. 0, or -1 when it cannot be formed. */
int path_resolve(const char *path, char *abs);

/* Whether inner is outer or below it (both absolute and resolved). */
bool path_is_within(const char *inner, const char *outer);

/* 0 when out (NULL or "-": standard output) is neither the trace nor inside it; else -1
 * after "COMMAND: the output must not be inside the trace ...". A trace that does not exist
 * is left for the reader to report. */
int path_check_output(const char *command, const char *out, const char *trace);

#endif
