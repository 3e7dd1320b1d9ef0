/* perfetto_write - the trace-event JSON writers of the Perfetto export. */
#include <inttypes.h>

#include "analyses/common/decimal.h"
#include "analyses/export/perfetto_internal.h"

/* Trace-event times are microseconds: printed to the nanosecond, "-12.345" (by hand: snprintf
 * was an eighth of the export's time). */
static void microseconds(struct json_writer *w, const char *key, int64_t ns)
{
	char buf[DECIMAL_MAX + 4], *end = buf + sizeof(buf), *p = end;
	uint64_t abs_ns = ns < 0 ? -(uint64_t)ns : (uint64_t)ns;

	for (int i = 0, frac = (int)(abs_ns % 1000); i < 3; i++, frac /= 10)
		*--p = (char)('0' + frac % 10);
	*--p = '.';
	p = decimal_digits(p, abs_ns / 1000, ns < 0);
	json_key(w, key);
	json_raw(w, p, (size_t)(end - p));
}

struct json_writer *perfetto_event(struct perfetto_sink *s, const char *ph, int64_t pid,
				   int64_t tid, const int64_t *ns)
{
	struct json_writer *w = &s->json;

	json_object_begin(w, JSON_COMPACT);
	perfetto_string(w, "ph", ph);
	json_key(w, "pid");
	json_int(w, pid);
	json_key(w, "tid");
	json_int(w, tid);
	if (ns) {
		microseconds(w, "ts", *ns);
		if (*ns > s->last_ns)
			s->last_ns = *ns;
	}
	return w;
}

void perfetto_duration(struct json_writer *w, int64_t ns)
{
	microseconds(w, "dur", ns < 0 ? 0 : ns);
}

void perfetto_string(struct json_writer *w, const char *key, const char *value)
{
	json_key(w, key);
	json_string(w, value ? value : "-");
}

void perfetto_int(struct json_writer *w, const char *key, const struct export_value *v)
{
	json_key(w, key);
	if (v->kind == EXV_INT)
		json_int(w, v->i);
	else
		json_null(w);
}

void perfetto_args_begin(struct json_writer *w, const char *cat)
{
	if (cat)
		perfetto_string(w, "cat", cat);
	json_key(w, "args");
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

	perfetto_string(w, "name", "launch");
	perfetto_string(w, "cat", "flow");
	json_key(w, "id");
	json_uint(w, id);
	/* "bp":"e": the arrow ends on the slice enclosing ts, the kernel or copy itself. */
	if (ph[0] == 'f')
		perfetto_string(w, "bp", "e");
	json_object_end(w);
}

int perfetto_track(struct perfetto_sink *s, int64_t pid, int64_t tid, const char *name)
{
	return perfetto_tracks_name(&s->tracks, &s->json, pid, tid, name) < 0 ? -1 : 0;
}
