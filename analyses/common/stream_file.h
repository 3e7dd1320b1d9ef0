/*
 * stream_file - which stream file a source.ctf.fs output port reads, for messages that name
 * the damaged file. babeltrace2 names the port "TRACE-UUID-OR-PATH | STREAM-CLASS-ID |
 * STREAM-INSTANCE-ID"; LTTng's index gives each stream file's ids.
 *
 *   stream_file_describe(trace_dir, port_name, buf, size)
 *       "file=PATH" when the index names the file, else "trace=DIR stream=PORT-NAME".
 */
#ifndef HSATRACE_ANALYSES_STREAM_FILE_H
#define HSATRACE_ANALYSES_STREAM_FILE_H

#include <stddef.h>

void stream_file_describe(const char *trace_dir, const char *port_name, char *buf, size_t size);

#endif /* HSATRACE_ANALYSES_STREAM_FILE_H */
