/* schema_version - warn about traces of another schema major version (see the header). */
#include "analyses/common/schema_version.h"
#include "schema/hsatrace_schema.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void schema_version_see(char *seen, size_t size, const struct trace_event *ev)
{
	const char *version;

	if (strcmp(ev->name, "hsa_meta:trace_info") != 0)
		return;
	version = trace_event_get_str(ev, "schema_version");
	if (!version || !*version || size == 0)
		return;
	if (!seen[0])
		snprintf(seen, size, "%s", version);
	else if (strcmp(seen, version) != 0)
		snprintf(seen, size, "mixed");
}

int schema_version_warn(const char *seen, const char *prog, const char *lost)
{
	char *end;
	long major;
	int known;

	if (!seen || !seen[0])
		return 0; /* not written by libhsatrace (or cut): nothing to compare */
	major = strtol(seen, &end, 10);
	known = strcmp(seen, "mixed") != 0 && end != seen;
	if (known && major == HSAT_SCHEMA_VERSION_MAJOR)
		return 0;
	if (known && major < HSAT_SCHEMA_VERSION_MAJOR)
		fprintf(stderr, "%s: warning: trace schema version %s, this hsatrace reads %d.x "
			"(API events renamed, so %s): re-record it with `hsatrace record`\n",
			prog, seen, HSAT_SCHEMA_VERSION_MAJOR, lost);
	else
		fprintf(stderr, "%s: warning: trace schema version %s, this hsatrace reads %d.x; "
			"events it does not know are ignored\n", prog, seen,
			HSAT_SCHEMA_VERSION_MAJOR);
	return 1;
}
