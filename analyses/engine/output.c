/* output.c - see output.h. */
#include "analyses/engine/output.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

void out_init(struct out *o, FILE *f, enum out_format format)
{
	memset(o, 0, sizeof(*o));
	o->f = f;
	o->format = format;
}

void out_begin(struct out *o)
{
	o->nfields = 0;
	if (o->format == OUT_JSON)
		fputs(o->nrecords ? ",\n{" : "[\n{", o->f);
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
			fputc('\t', o->f);
		break;
	case OUT_CSV:
		if (o->nfields)
			fputc(',', o->f);
		break;
	case OUT_JSON:
		fprintf(o->f, "%s\"%s\":", o->nfields ? "," : "", name);
		break;
	}
	o->nfields++;
}

static void text_escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\t')
			fputs("\\t", f);
		else if (*s == '\n')
			fputs("\\n", f);
		else if (*s == '\\')
			fputs("\\\\", f);
		else
			fputc(*s, f);
	}
}

static void csv_escaped(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void json_escaped(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void out_str(struct out *o, const char *name, const char *value)
{
	sep(o, name);
	if (!value) {
		fputs(o->format == OUT_CSV ? "" : "null", o->f);
		return;
	}
	if (o->format == OUT_TEXT)
		text_escaped(o->f, value);
	else if (o->format == OUT_CSV)
		csv_escaped(o->f, value);
	else
		json_escaped(o->f, value);
}

void out_i64(struct out *o, const char *name, int64_t value)
{
	sep(o, name);
	fprintf(o->f, "%" PRId64, value);
}

void out_double(struct out *o, const char *name, double value)
{
	char buf[64];

	sep(o, name);
	if (o->format == OUT_JSON && !isfinite(value)) {
		fputs("null", o->f);
		return;
	}
	if (value == floor(value) && fabs(value) < 1e15)
		fprintf(o->f, "%.0f", value);
	else {
		hv_format_double(value, buf, sizeof(buf));
		fputs(buf, o->f);
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
		fputs("null", o->f);
	else
		fputs(hv_to_string(v, buf, sizeof(buf)), o->f);
}

void out_end(struct out *o)
{
	if (o->format == OUT_JSON) {
		fputc('}', o->f);
	} else {
		fputc('\n', o->f);
	}
	o->nrecords++;
}

void out_finish(struct out *o)
{
	if (o->format == OUT_JSON)
		fputs(o->nrecords ? "\n]\n" : "[]\n", o->f);
	fflush(o->f);
}
