/* export_activity - hsa_activity:* events to the agents, queues, code_objects, packets,
 * kernels, copies, signal_waits and counters rows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/common/demangle.h"
#include "analyses/export/export_decode_internal.h"

#define F(field) export_field_int(ev, field)

static struct export_value ts_of(const struct trace_event *ev)
{
	return ev->has_ts ? export_int(ev->ts_ns) : export_text(NULL);
}

static int agent_info(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
		      int64_t tid, char *err, size_t err_size)
{
	struct export_value row[AGENT_COLUMNS] = {
		export_int(pid), F("agent_handle"), export_text(export_field_str(ev, "name")),
		F("device_type"), F("node_id"), F("compute_unit_count"), F("wavefront_size"),
	};

	(void)tid;
	return export_emit(d, EX_AGENTS, row, err, err_size);
}

static int code_object(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
		       int64_t tid, char *err, size_t err_size)
{
	int load = strstr(ev->name, "_unload") == NULL;
	struct export_value row[CODE_COLUMNS] = {
		export_int(pid), ts_of(ev), export_text(load ? "load" : "unload"),
		F("executable"), F("agent_handle"), F("loaded_code_object"),
		F("correlation_id"),
	};

	(void)tid;
	return export_emit(d, EX_CODE_OBJECTS, row, err, err_size);
}

static const char *packet_type_name(int64_t type)
{
	static const char *const names[] = { "vendor", "vendor", "kernel_dispatch",
					     "barrier_and", "agent_dispatch", "barrier_or" };

	return type >= 1 && type <= 5 ? names[type] : "invalid";
}

static int packet_submit(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
			 int64_t tid, char *err, size_t err_size)
{
	struct export_value row[PKT_COLUMNS] = {
		export_int(pid), export_int(tid), ts_of(ev), F("queue_id"), F("packet_index"),
		F("packet_type"), export_text(NULL), export_text(NULL), F("correlation_id"),
		F("completion_signal"), F("dep_signal_0"), F("dep_signal_1"), F("dep_signal_2"),
		F("dep_signal_3"), F("dep_signal_4"),
	};
	const char *name = export_field_str(ev, "kernel_name");
	const char *readable = demangle_cached(&d->kernel_names, name);

	if (row[PKT_TYPE].kind == EXV_INT)
		row[PKT_TYPE_NAME] = export_text(packet_type_name(row[PKT_TYPE].i));
	row[PKT_KERNEL_NAME] = export_text(readable ? readable : name);
	return export_emit(d, EX_PACKETS, row, err, err_size);
}

static struct export_value duration(const struct export_value *begin,
				    const struct export_value *end)
{
	if (begin->kind != EXV_INT || end->kind != EXV_INT)
		return export_text(NULL);
	return export_int(end->i - begin->i);
}

static int kernel_exec(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
		       int64_t tid, char *err, size_t err_size)
{
	struct export_value row[KER_COLUMNS] = {
		export_int(pid), F("queue_id"), F("packet_index"), F("correlation_id"),
		export_text(NULL), export_text(NULL), F("kernel_object"), F("agent_handle"),
		F("gpu_begin_ns"), F("gpu_end_ns"), export_text(NULL),
	};
	const char *name = trace_event_get_str(ev, "kernel_name");
	const char *readable;

	(void)tid;
	name = name && *name ? name : "(unnamed)";	/* as hsatrace stats names it */
	readable = demangle_cached(&d->kernel_names, name);
	row[KER_NAME] = export_text(readable ? readable : name);
	row[KER_MANGLED] = export_text(readable ? name : NULL);
	row[KER_DURATION_NS] = duration(&row[KER_START_NS], &row[KER_END_NS]);
	return export_emit(d, EX_KERNELS, row, err, err_size);
}

static const char *copy_direction(const struct trace_event *ev, char *buf, size_t size)
{
	static const char *const names[] = { "host-to-host", "host-to-device", "device-to-host",
					     "device-to-device" };
	int64_t dir;

	if (trace_event_get_i64(ev, "direction", &dir) && dir >= 0 && dir < 4)
		return names[dir];
	return trace_event_format(ev, "direction", buf, size);
}

static int copy_exec(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
		     int64_t tid, char *err, size_t err_size)
{
	char buf[32];
	struct export_value row[COPY_COLUMNS] = {
		export_int(pid), F("copy_id"), F("correlation_id"),
		export_text(copy_direction(ev, buf, sizeof(buf))), F("src_agent"),
		F("dst_agent"), F("size"), F("gpu_begin_ns"), F("gpu_end_ns"), export_text(NULL),
	};

	(void)tid;
	row[COPY_DURATION_NS] = duration(&row[COPY_START_NS], &row[COPY_END_NS]);
	return export_emit(d, EX_COPIES, row, err, err_size);
}

static int signal_wait(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
		       int64_t tid, char *err, size_t err_size)
{
	struct export_value row[WAIT_COLUMNS] = {
		export_int(pid), export_int(tid), ts_of(ev), F("signal"), F("condition"),
		F("compare_value"), F("value"), F("blocked_ns"), F("correlation_id"),
		F("thread_cpu_begin_ns"), F("thread_cpu_end_ns"),	/* NULL before 2.2 */
		F("process_cpu_ns"),					/* NULL before 2.3 */
	};

	return export_emit(d, EX_SIGNAL_WAITS, row, err, err_size);
}

static int counter(struct export_decoder *d, const struct trace_event *ev, int64_t pid,
		   int64_t tid, char *err, size_t err_size)
{
	struct export_value row[CTR_COLUMNS] = {
		export_int(pid), ts_of(ev), export_text(export_field_str(ev, "name")),
		export_text(export_field_str(ev, "scope")), F("id"), F("value"),
		export_text(export_field_str(ev, "unit")),
	};

	(void)tid;
	return export_emit(d, EX_COUNTERS, row, err, err_size);
}

static const struct {
	const char *name;
	export_activity_fn fn;
} handlers[] = {
	{ "hsa_activity:agent_info", agent_info },
	{ "hsa_activity:queue_create", export_queue_create },
	{ "hsa_activity:queue_destroy", export_queue_destroy },
	{ "hsa_activity:code_object_load", code_object },
	{ "hsa_activity:code_object_unload", code_object },
	{ "hsa_activity:packet_submit", packet_submit },
	{ "hsa_activity:kernel_exec", kernel_exec },
	{ "hsa_activity:copy_exec", copy_exec },
	{ "hsa_activity:signal_wait", signal_wait },
	{ "hsa_activity:counter", counter },
};

export_activity_fn export_activity_handler(const char *event_name)
{
	for (size_t i = 0; i < sizeof(handlers) / sizeof(handlers[0]); i++)
		if (strcmp(event_name, handlers[i].name) == 0)
			return handlers[i].fn;
	return NULL;
}
