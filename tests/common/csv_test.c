/* csv_field's rows: commas between fields only, RFC 4180 quoting of text, NULL as empty. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "analyses/common/csv_field.h"
#include "tap.h"

int main(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct csv_row r;
	int rc;

	if (!f)
		return 1;
	plan(4);
	csv_row_begin(&r, f);
	csv_raw(&r, "name");
	csv_raw(&r, "n");
	csv_row_end(&r);
	csv_row_begin(&r, f);
	csv_text(&r, "a,\"b\"\nc");
	csv_int(&r, -7);
	csv_text(&r, NULL);
	csv_text(&r, "plain");
	rc = csv_row_end(&r);
	csv_row_begin(&r, f);
	csv_row_end(&r);
	fclose(f);
	is_int(rc, 0, "rows end without error");
	is_str(text, "name,n\n\"a,\"\"b\"\"\nc\",-7,,plain\n\n",
	       "header, quoted text, integer, empty NULL field, plain text, an empty row");
	f = fopen("/dev/full", "w");
	if (f) {
		setvbuf(f, NULL, _IONBF, 0);
		csv_row_begin(&r, f);
		csv_text(&r, "x");
		is_int(csv_row_end(&r), -1, "a failed write is reported at the row's end");
		fclose(f);
	} else {
		skip(1, "no /dev/full");
	}
	free(text);
	text = NULL;
	f = open_memstream(&text, &len);
	if (!f)
		return 1;
	csv_row_begin(&r, f);
	csv_int(&r, 0);
	csv_int(&r, INT64_MIN);
	csv_int(&r, INT64_MAX);
	csv_int(&r, 1000000007);
	csv_row_end(&r);
	fclose(f);
	is_str(text, "0,-9223372036854775808,9223372036854775807,1000000007\n",
	       "integers written without printf: zero, the extremes, one of ten digits");
	free(text);
	return exit_status();
}
