/* output.c - see output.h. */
#include "analyses/engine/output.h"

#include "analyses/common/csv_field.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

void out_init(struct out *o, FILE *f, enum out_format format)
{
	memset(o, 0, sizeof(*o));
	o->f = f;
	o->format = format;
	json_writer_init(&o->json, f, 0);
	/* intervals are many small writes: a large buffer (before any output) */
	setvbuf(f, NULL, _IOFBF, 1 << 20);
}

void out_begin(struct out *o)
{
	o->nfields = 0;
	if (o->format == OUT_CSV)
		csv_row_begin(&o->csv, o->f);
	if (o->format != OUT_JSON)
		return;
	if (!o->nrecords)
		json_array_begin(&o->json, JSON_LINES);
	json_object_begin(&o->json, JSON_COMPACT);
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
		csv_next_field(&o->csv);
		break;
	case OUT_JSON:
		json_key(&o->json, name);
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
	if (o->format == OUT_JSON)
		json_string(&o->json, value);
	else if (!value)
		fputs_unlocked(o->format == OUT_CSV ? "" : "null", o->f);
	else if (o->format == OUT_TEXT)
		text_escaped(o->f, value);
	else
		csv_field_write(value, o->f);
}

/* A value already formatted (a number, null). */
static void raw(struct out *o, const char *text, size_t len)
{
	if (o->format == OUT_JSON)
		json_raw(&o->json, text, len);
	else
		fwrite_unlocked(text, 1, len, o->f);
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
	raw(o, p, (size_t)(buf + sizeof(buf) - p));
}

void out_double(struct out *o, const char *name, double value)
{
	char buf[64];

	sep(o, name);
	if (o->format == OUT_JSON && !isfinite(value))
		snprintf(buf, sizeof(buf), "null");
	else if (value == floor(value) && fabs(value) < 1e15)
		snprintf(buf, sizeof(buf), "%.0f", value);
	else
		hv_format_double(value, buf, sizeof(buf));
	raw(o, buf, strlen(buf));
}

void out_value(struct out *o, const char *name, const struct hv *v)
{
	char tname[64], buf[64];
	const char *text;

	snprintf(tname, sizeof(tname), "%s_type", name);
	out_str(o, tname, hv_type_name(v->type));
	if (o->format != OUT_JSON || v->type == HV_STRING || v->type == HV_NULL) {
		out_str(o, name, v->type == HV_NULL ? NULL :
			v->type == HV_STRING ? v->u.s : hv_to_string(v, buf, sizeof(buf)));
		return;
	}
	sep(o, name);
	text = v->type == HV_DOUBLE && !isfinite(v->u.d) ? "null" : hv_to_string(v, buf, sizeof(buf));
	raw(o, text, strlen(text));
}

void out_end(struct out *o)
{
	if (o->format == OUT_JSON)
		json_object_end(&o->json);
	else if (o->format == OUT_CSV)
		csv_row_end(&o->csv);
	else
		fputc_unlocked('\n', o->f);
	o->nrecords++;
}

void out_finish(struct out *o)
{
	if (o->format == OUT_JSON) {
		if (!o->nrecords)
			json_array_begin(&o->json, JSON_LINES);
		json_array_end(&o->json);
		json_writer_finish(&o->json);
	}
	fflush(o->f);
}
