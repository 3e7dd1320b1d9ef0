/* output.c - see output.h. */
#include "analyses/engine/output.h"

#include "analyses/common/csv_field.h"
#include "analyses/common/json_string.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

void out_init(struct out *o, FILE *f, enum out_format format)
{
	memset(o, 0, sizeof(*o));
	o->f = f;
	o->format = format;
	/* intervals are many small writes: a large buffer (before any output) */
	setvbuf(f, NULL, _IOFBF, 1 << 20);
}

void out_begin(struct out *o)
{
	o->nfields = 0;
	if (o->format == OUT_JSON)
		fputs_unlocked(o->nrecords ? ",\n{" : "[\n{", o->f);
}

void out_header(struct out *o, const char *csv_names)
{
	if (o->format == OUT_CSV && !o->header_done)
		fprintf(o->f, "%s\n", csv_names);
	o->header_done = 1;
}

static void sep(struct out *o, const char *name)
{
	switch (o->format) {
	case OUT_TEXT:
		if (o->nfields)
			fputc_unlocked('\t', o->f);
		break;
	case OUT_CSV:
		if (o->nfields)
			fputc_unlocked(',', o->f);
		break;
	case OUT_JSON:
		if (o->nfields)
			fputc_unlocked(',', o->f);
		fputc_unlocked('"', o->f);
		fputs_unlocked(name, o->f);
		fputs_unlocked("\":", o->f);
		break;
	}
	o->nfields++;
}

static void text_escaped(FILE *f, const char *s)
{
	for (;;) {
		size_t n = strcspn(s, "\t\n\\");

		fwrite_unlocked(s, 1, n, f);
		s += n;
		if (!*s)
			break;
		fputs_unlocked(*s == '\t' ? "\\t" : *s == '\n' ? "\\n" : "\\\\", f);
		s++;
	}
}

void out_str(struct out *o, const char *name, const char *value)
{
	sep(o, name);
	if (!value) {
		fputs_unlocked(o->format == OUT_CSV ? "" : "null", o->f);
		return;
	}
	if (o->format == OUT_TEXT)
		text_escaped(o->f, value);
	else if (o->format == OUT_CSV)
		csv_field_write(value, o->f);
	else
		json_string_write(value, o->f);
}

void out_i64(struct out *o, const char *name, int64_t value)
{
	char buf[24], *p = buf + sizeof(buf);
	uint64_t u = value < 0 ? -(uint64_t)value : (uint64_t)value;

	sep(o, name);
	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (value < 0)
		*--p = '-';
	fwrite_unlocked(p, 1, (size_t)(buf + sizeof(buf) - p), o->f);
}

void out_double(struct out *o, const char *name, double value)
{
	char buf[64];

	sep(o, name);
	if (o->format == OUT_JSON && !isfinite(value)) {
		fputs_unlocked("null", o->f);
		return;
	}
	if (value == floor(value) && fabs(value) < 1e15)
		fprintf(o->f, "%.0f", value);
	else {
		hv_format_double(value, buf, sizeof(buf));
		fputs_unlocked(buf, o->f);
	}
}

void out_value(struct out *o, const char *name, const struct hv *v)
{
	char tname[64], buf[64];

	snprintf(tname, sizeof(tname), "%s_type", name);
	out_str(o, tname, hv_type_name(v->type));
	if (o->format != OUT_JSON || v->type == HV_STRING || v->type == HV_NULL) {
		out_str(o, name, v->type == HV_NULL ? NULL :
			v->type == HV_STRING ? v->u.s : hv_to_string(v, buf, sizeof(buf)));
		return;
	}
	sep(o, name);
	if (v->type == HV_DOUBLE && !isfinite(v->u.d))
		fputs_unlocked("null", o->f);
	else
		fputs_unlocked(hv_to_string(v, buf, sizeof(buf)), o->f);
}

void out_end(struct out *o)
{
	if (o->format == OUT_JSON) {
		fputc_unlocked('}', o->f);
	} else {
		fputc_unlocked('\n', o->f);
	}
	o->nrecords++;
}

void out_finish(struct out *o)
{
	if (o->format == OUT_JSON)
		fputs_unlocked(o->nrecords ? "\n]\n" : "[]\n", o->f);
	fflush(o->f);
}
