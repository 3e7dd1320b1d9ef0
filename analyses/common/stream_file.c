#include "analyses/common/stream_file.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/common/ctf_index.h"

/* The two ids after the port name's last two " | ". 0, or -1. */
static int port_ids(const char *name, uint64_t *stream_id, uint64_t *instance_id)
{
	const char *last = strrchr(name, '|'), *prev = last;
	char *end;

	while (prev && prev > name && *--prev != '|')
		;
	if (!last || !prev || *prev != '|')
		return -1;
	*stream_id = strtoull(prev + 1, &end, 10);
	if (end == prev + 1 || strncmp(end, " |", 2) != 0)
		return -1;
	*instance_id = strtoull(last + 1, &end, 10);
	return end != last + 1 && *end == '\0' ? 0 : -1;
}

void stream_file_describe(const char *trace_dir, const char *port_name, char *buf, size_t size)
{
	uint64_t stream_id, instance_id;
	char path[4200];

	if (trace_dir && port_name && port_ids(port_name, &stream_id, &instance_id) == 0 &&
	    ctf_index_find_stream(trace_dir, stream_id, instance_id, path, sizeof(path)) == 0)
		snprintf(buf, size, "file=%s", path);
	else
		snprintf(buf, size, "trace=%s stream=%s", trace_dir ? trace_dir : "?",
			 port_name ? port_name : "?");
}

void stream_file_describe_port(const bt_port_output *port,
			       const bt_component_source *const *srcs, const char *const *dirs,
			       size_t n, char *buf, size_t size)
{
	const bt_port *p = bt_port_output_as_port_const(port);
	const void *comp = bt_port_borrow_component_const(p);
	const char *dir = NULL;

	for (size_t i = 0; i < n && !dir; i++)
		if (srcs[i] && comp == (const void *)bt_component_source_as_component_const(srcs[i]))
			dir = dirs[i];
	stream_file_describe(dir, bt_port_get_name(p), buf, size);
}
