/*
 * stream_file - which stream file a source.ctf.fs output port reads, for messages that name
 * the damaged file. babeltrace2 names the port "TRACE-UUID-OR-PATH | STREAM-CLASS-ID |
 * STREAM-INSTANCE-ID"; LTTng's index gives each stream file's ids.
 *
 *   stream_file_describe(trace_dir, port_name, buf, size)
 *       "file=PATH" when the index names the file, else "trace=DIR stream=PORT-NAME".
 *   stream_file_describe_port(port, srcs, dirs, n, buf, size)
 *       the same for a port of one of n sources, srcs[i] reading the trace folder dirs[i]
 *       (NULL sources skipped): the folder is that of the source the port belongs to.
 */
#ifndef HSATRACE_ANALYSES_STREAM_FILE_H
#define HSATRACE_ANALYSES_STREAM_FILE_H

#include <stddef.h>
#include <babeltrace2/babeltrace.h>

void stream_file_describe(const char *trace_dir, const char *port_name, char *buf, size_t size);
void stream_file_describe_port(const bt_port_output *port,
			       const bt_component_source *const *srcs, const char *const *dirs,
			       size_t n, char *buf, size_t size);

#endif /* HSATRACE_ANALYSES_STREAM_FILE_H */
