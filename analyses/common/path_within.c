#include "analyses/common/path_within.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int path_resolve(const char *path, char *abs)
{
	char head[PATH_MAX], tail[PATH_MAX] = "";
	char *slash;

	if (snprintf(head, sizeof(head), "%s", path) >= (int)sizeof(head))
		return -1;
	while (!realpath(head[0] ? head : ".", abs)) {
		char rest[2 * PATH_MAX + 2];

		if (!head[0] || strcmp(head, "/") == 0)
			return -1;
		slash = strrchr(head, '/');
		snprintf(rest, sizeof(rest), "%s%s%s", slash ? slash + 1 : head, tail[0] ? "/" : "",
			 tail);
		if (strlen(rest) >= sizeof(tail))
			return -1;
		memcpy(tail, rest, strlen(rest) + 1);
		if (slash == head)
			head[1] = '\0';
		else if (slash)
			*slash = '\0';
		else
			head[0] = '\0';
	}
	if (!tail[0])
		return 0;
	if (strlen(abs) + strlen(tail) + 2 > PATH_MAX)
		return -1;
	if (strcmp(abs, "/") != 0)
		strcat(abs, "/");
	strcat(abs, tail);
	return 0;
}

bool path_is_within(const char *inner, const char *outer)
{
	size_t n = strlen(outer);

	if (strcmp(outer, "/") == 0)
		return true;
	return strncmp(inner, outer, n) == 0 && (inner[n] == '\0' || inner[n] == '/');
}

int path_check_output(const char *command, const char *out, const char *trace)
{
	char out_abs[PATH_MAX], trace_abs[PATH_MAX];

	if (!out || strcmp(out, "-") == 0 || !realpath(trace, trace_abs) ||
	    path_resolve(out, out_abs) != 0 || !path_is_within(out_abs, trace_abs))
		return 0;
	fprintf(stderr, "%s: the output must not be inside the trace (it would replace or add a "
		"file of the trace): output=%s trace=%s\n", command, out, trace);
	return -1;
}
