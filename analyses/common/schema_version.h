/*
 * schema_version - the one warning a command prints when a trace was recorded with another
 * major version of the event schema than the one it reads.
 *
 *   char seen[32] = "";
 *   schema_version_see(seen, sizeof(seen), ev);  for every event read
 *   schema_version_warn(seen, "hsatrace export", "no API calls");
 *
 * schema_version_see() reads the schema_version of hsa_meta:trace_info events (others are
 * passed over) and keeps the first version seen, or "mixed" once two differ.
 * schema_version_warn() returns 0 (silent) for no version (not written by libhsatrace) or
 * this hsatrace's major; else prints one line on stderr and returns 1. An older major had
 * its API events named differently (1.x: "hsa_api:<function>_entry"), so what the command
 * cannot show (`lost`, e.g. "no API table") is named, with how to re-record.
 */
#ifndef HSAT_COMMON_SCHEMA_VERSION_H
#define HSAT_COMMON_SCHEMA_VERSION_H

#include <stddef.h>

#include "analyses/common/trace_event.h"

void schema_version_see(char *seen, size_t size, const struct trace_event *ev);
int schema_version_warn(const char *seen, const char *prog, const char *lost);

#endif
