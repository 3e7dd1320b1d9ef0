/* perfetto_write - the trace-event JSON writers of the Perfetto export. */
#include <inttypes.h>

#include "analyses/common/decimal.h"
#include "analyses/export/perfetto_internal.h"

/* Trace-event times are microseconds: printed to the nanosecond, "-12.345" (by hand: snprintf
 * was an eighth of the export's time). */
static void microseconds(struct json_writer *w, int64_t ns)
{
	char buf[DECIMAL_MAX + 4], *end = buf + sizeof(buf), *p = end;
	uint64_t abs_ns = ns < 0 ? -(uint64_t)ns : (uint64_t)ns;

	for (int i = 0, frac = (int)(abs_ns % 1000); i < 3; i++, frac /= 10)
		*--p = (char)('0' + frac % 10);
	*--p = '.';
	p = decimal_digits(p, abs_ns / 1000, ns < 0);
	json_raw(w, p, (size_t)(end - p));
}

struct json_writer *perfetto_event(struct perfetto_sink *s, const char *ph, int64_t pid,
				   int64_t tid, const int64_t *ns)
{
	struct json_writer *w = &s->json;

	json_object_begin(w, JSON_COMPACT);
	PERFETTO_STRING(w, "ph", ph);
	JSON_KEY(w, "pid");
	json_int(w, pid);
	JSON_KEY(w, "tid");
	json_int(w, tid);
	if (ns) {
		JSON_KEY(w, "ts");
		microseconds(w, *ns);
		if (*ns > s->last_ns)
			s->last_ns = *ns;
	}
	return w;
}

void perfetto_duration(struct json_writer *w, int64_t ns)
{
	JSON_KEY(w, "dur");
	microseconds(w, ns < 0 ? 0 : ns);
}

void perfetto_string_value(struct json_writer *w, const char *value)
{
	json_string(w, value ? value : "-");
}

void perfetto_int_value(struct json_writer *w, const struct export_value *v)
{
	if (v->kind == EXV_INT)
		json_int(w, v->i);
	else
		json_null(w);
}

void perfetto_args_begin(struct json_writer *w, const char *cat)
{
	if (cat)
		PERFETTO_STRING(w, "cat", cat);
	JSON_KEY(w, "args");
	json_object_begin(w, JSON_COMPACT);
}

void perfetto_args_end(struct json_writer *w)
{
	json_object_end(w);
	json_object_end(w);
}

void perfetto_flow(struct perfetto_sink *s, const char *ph, uint64_t id, int64_t pid,
		   int64_t tid, int64_t ns)
{
	struct json_writer *w = perfetto_event(s, ph, pid, tid, &ns);

	PERFETTO_STRING(w, "name", "launch");
	PERFETTO_STRING(w, "cat", "flow");
	JSON_KEY(w, "id");
	json_uint(w, id);
	/* "bp":"e": the arrow ends on the slice enclosing ts, the kernel or copy itself. */
	if (ph[0] == 'f')
		PERFETTO_STRING(w, "bp", "e");
	json_object_end(w);
}

int perfetto_track(struct perfetto_sink *s, int64_t pid, int64_t tid, const char *name)
{
	return perfetto_tracks_name(&s->tracks, &s->json, pid, tid, name) < 0 ? -1 : 0;
}
