#include "analyses/common/csv_field.h"

#include <string.h>

void csv_field_write(const char *s, FILE *out)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs_unlocked(s, out);
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
