/* perfetto_write - the trace-event JSON writers of the Perfetto export. */
#include <inttypes.h>
#include <stdlib.h>

#include "analyses/common/json_string.h"
#include "analyses/export/perfetto_internal.h"

FILE *perfetto_event(struct perfetto_sink *s, const char *ph, int64_t pid, int64_t tid,
		     const int64_t *ns)
{
	FILE *f = s->out.f;

	fprintf(f, "%s{\"ph\":\"%s\",\"pid\":%" PRId64 ",\"tid\":%" PRId64, s->sep, ph, pid,
		tid);
	s->sep = ",\n";
	if (ns) {
		/* Trace-event times are microseconds: printed to the nanosecond. */
		fprintf(f, ",\"ts\":%s%lld.%03lld", *ns < 0 ? "-" : "", llabs(*ns) / 1000,
			llabs(*ns) % 1000);
		if (*ns > s->last_ns)
			s->last_ns = *ns;
	}
	return f;
}

void perfetto_duration(FILE *f, int64_t ns)
{
	ns = ns < 0 ? 0 : ns;
	fprintf(f, ",\"dur\":%" PRId64 ".%03" PRId64, ns / 1000, ns % 1000);
}

void perfetto_string(FILE *f, const char *sep, const char *key, const char *value)
{
	fprintf(f, "%s\"%s\":", sep, key);
	json_string_write(value ? value : "-", f);
}

void perfetto_int(FILE *f, const char *sep, const char *key, const struct export_value *v)
{
	if (v->kind == EXV_INT)
		fprintf(f, "%s\"%s\":%" PRId64, sep, key, v->i);
	else
		fprintf(f, "%s\"%s\":null", sep, key);
}

void perfetto_flow(struct perfetto_sink *s, const char *ph, uint64_t id, int64_t pid,
		   int64_t tid, int64_t ns)
{
	FILE *f = perfetto_event(s, ph, pid, tid, &ns);

	/* "bp":"e": the arrow ends on the slice enclosing ts, the kernel or copy itself. */
	fprintf(f, ",\"name\":\"launch\",\"cat\":\"flow\",\"id\":%" PRIu64 "%s}", id,
		ph[0] == 'f' ? ",\"bp\":\"e\"" : "");
}

int perfetto_track(struct perfetto_sink *s, int64_t pid, int64_t tid, const char *name)
{
	int wrote = perfetto_tracks_name(&s->tracks, s->out.f, s->sep, pid, tid, name);

	if (wrote > 0)
		s->sep = ",\n";
	return wrote < 0 ? -1 : 0;
}
