#include "analyses/common/csv_field.h"

#include <string.h>

#include "analyses/common/decimal.h"
#include "analyses/common/stdio_put.h"

void csv_field_write(const char *s, FILE *out)
{
	if (!strpbrk(s, ",\"\r\n")) {
		stdio_put(s, strlen(s), out);
		return;
	}
	fputc_unlocked('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc_unlocked('"', out);
		fputc_unlocked(*s, out);
	}
	fputc_unlocked('"', out);
}

void csv_row_begin(struct csv_row *r, FILE *out)
{
	r->out = out;
	r->fields = 0;
}

void csv_next_field(struct csv_row *r)
{
	if (r->fields++)
		fputc_unlocked(',', r->out);
}

void csv_text(struct csv_row *r, const char *s)
{
	csv_next_field(r);
	if (s)
		csv_field_write(s, r->out);
}

void csv_int(struct csv_row *r, int64_t value)
{
	char buf[DECIMAL_MAX], *p = decimal_i64(buf + sizeof(buf), value);

	csv_next_field(r);
	stdio_put(p, (size_t)(buf + sizeof(buf) - p), r->out);
}

void csv_raw(struct csv_row *r, const char *s)
{
	csv_next_field(r);
	fputs_unlocked(s, r->out);
}

int csv_row_end(struct csv_row *r)
{
	return fputc_unlocked('\n', r->out) == EOF || ferror(r->out) ? -1 : 0;
}
