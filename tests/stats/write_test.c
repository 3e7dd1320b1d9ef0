/*
 * stats_tables_write: CSV quoting, JSON escaping and HTML escaping of awkward names (C++
 * kernel names have commas, quotes and angle brackets), numbers bare in JSON.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/stats/stats_table.h"
#include "tap.h"

static const struct stats_column columns[] = { { "kernel", 0 }, { "launches", 1 } };

/* Renders the tables into a malloc'ed string. */
static char *render(const struct stats_tables *t, enum stats_format format)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);

	if (!f)
		return NULL;
	stats_tables_write(t, format, f);
	fclose(f);
	return buf;
}

int main(void)
{
	char *cells[] = { "void scale<float, 2>(float*)", "3", "say \"hi\"\\n\x01", "1" };
	struct stats_table table = { "kernels", "Kernels", columns, 2, 2, cells };
	struct stats_tables t = { &table, 1, "/tmp/x", "1.0", 7, 42, 0, 0 };
	char *csv = render(&t, STATS_CSV), *json = render(&t, STATS_JSON);
	char *html = render(&t, STATS_HTML), *text = render(&t, STATS_TEXT);

	plan(8);
	ok(csv && strstr(csv, "kernels,\"void scale<float, 2>(float*)\",3\n") != NULL,
	   "CSV quotes a name with a comma");
	ok(csv && strstr(csv, "kernels,\"say \"\"hi\"\"\\n\x01\",1\n") != NULL,
	   "CSV doubles quotes inside a quoted cell");
	ok(json && strstr(json, "{\"kernel\": \"void scale<float, 2>(float*)\", \"launches\": 3}"),
	   "JSON: strings quoted, numbers bare");
	ok(json && strstr(json, "\"say \\\"hi\\\"\\\\n\\u0001\""), "JSON escapes quotes, backslashes, controls");
	ok(json && strstr(json, "\"schema_version\": \"1.0\"") && strstr(json, "\"events\": 7"),
	   "JSON header fields");
	ok(html && strstr(html, "<td>void scale&lt;float, 2&gt;(float*)</td>"), "HTML escapes < and >");
	ok(html && strstr(html, "say &quot;hi&quot;") && !strchr(html, '\x01'),
	   "HTML escapes quotes and replaces control characters");
	if (!ok(text && strstr(text, "void scale<float, 2>(float*)         3\n"),
		"text aligns numbers right under their header"))
		diag("text:\n%s", text ? text : "(none)");
	free(csv);
	free(json);
	free(html);
	free(text);
	return exit_status();
}
