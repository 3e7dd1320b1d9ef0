/* The table writers: aligned text, CSV, JSON and HTML. */
#include "analyses/stats/stats_table.h"
#include "analyses/common/csv_field.h"
#include "analyses/common/json_writer.h"
#include "analyses/common/utf8.h"

#include <inttypes.h>
#include <string.h>

static const char *at(const struct stats_table *t, size_t row, size_t col)
{
	const char *s = t->cells[row * t->ncolumns + col];

	return s ? s : "";
}

/* ---- text --------------------------------------------------------------------------- */

static void write_text_table(const struct stats_table *t, FILE *out)
{
	size_t width[16] = { 0 };

	for (size_t c = 0; c < t->ncolumns && c < 16; c++) {
		width[c] = strlen(t->columns[c].name);
		for (size_t r = 0; r < t->nrows; r++)
			if (strlen(at(t, r, c)) > width[c])
				width[c] = strlen(at(t, r, c));
	}
	fprintf(out, "%s\n", t->title);
	for (size_t r = 0; r <= t->nrows; r++) {
		for (size_t c = 0; c < t->ncolumns && c < 16; c++) {
			const char *s = r == 0 ? t->columns[c].name : at(t, r - 1, c);
			int w = (int)width[c];
			int last = c + 1 == t->ncolumns;

			if (t->columns[c].numeric)
				fprintf(out, "%*s", w, s);
			else if (last)
				fputs(s, out);
			else
				fprintf(out, "%-*s", w, s);
			fputs(last ? "\n" : "  ", out);
		}
	}
	if (t->nrows == 0)
		fputs("(none)\n", out);
}

static void write_text(const struct stats_tables *ts, FILE *out)
{
	fprintf(out, "trace: %s\nschema: %s\nevents: %" PRIu64 "\nspan_ns: %" PRId64 "\n",
		ts->trace, ts->schema_version[0] ? ts->schema_version : "unknown", ts->events,
		ts->span_ns);
	fprintf(out, "discarded_events: %" PRIu64 "\ndiscarded_packets: %" PRIu64 "\n",
		ts->discarded_events, ts->discarded_packets);
	for (size_t i = 0; i < ts->count; i++) {
		fputc('\n', out);
		write_text_table(&ts->items[i], out);
	}
}

/* ---- CSV ---------------------------------------------------------------------------- */

/* Every row starts with its section, so `grep ^kernels,` selects one table. */
static void write_csv(const struct stats_tables *ts, FILE *out)
{
	struct csv_row row;

	for (size_t i = 0; i < ts->count; i++) {
		const struct stats_table *t = &ts->items[i];

		if (i)
			fputc('\n', out);
		csv_row_begin(&row, out);
		csv_raw(&row, "section");
		for (size_t c = 0; c < t->ncolumns; c++)
			csv_raw(&row, t->columns[c].name);
		csv_row_end(&row);
		for (size_t r = 0; r < t->nrows; r++) {
			csv_row_begin(&row, out);
			csv_raw(&row, t->section);
			for (size_t c = 0; c < t->ncolumns; c++)
				csv_text(&row, at(t, r, c));
			csv_row_end(&row);
		}
	}
}

/* ---- JSON --------------------------------------------------------------------------- */

static void write_json_table(struct json_writer *w, const struct stats_table *t)
{
	json_key(w, t->section);
	json_array_begin(w, JSON_LINES);
	for (size_t r = 0; r < t->nrows; r++) {
		json_object_begin(w, JSON_SPACED);
		for (size_t c = 0; c < t->ncolumns; c++) {
			const char *cell = at(t, r, c);

			json_key(w, t->columns[c].name);
			if (t->columns[c].numeric && !*cell)
				json_null(w); /* no number: still valid JSON */
			else if (t->columns[c].numeric)
				json_raw(w, cell, strlen(cell));
			else
				json_string(w, cell);
		}
		json_object_end(w);
	}
	json_array_end(w);
}

static void write_json(const struct stats_tables *ts, FILE *out)
{
	struct json_writer w;

	json_writer_init(&w, out, 2);
	json_object_begin(&w, JSON_LINES);
	json_key(&w, "trace");
	json_string(&w, ts->trace);
	json_key(&w, "schema_version");
	json_string(&w, ts->schema_version[0] ? ts->schema_version : NULL);
	json_key(&w, "events");
	json_uint(&w, ts->events);
	json_key(&w, "span_ns");
	json_int(&w, ts->span_ns);
	json_key(&w, "discarded_events");
	json_uint(&w, ts->discarded_events);
	json_key(&w, "discarded_packets");
	json_uint(&w, ts->discarded_packets);
	for (size_t i = 0; i < ts->count; i++)
		write_json_table(&w, &ts->items[i]);
	json_object_end(&w);
	json_writer_finish(&w);
}

/* ---- HTML --------------------------------------------------------------------------- */

/* Escaped for HTML and XML: markup characters, invalid UTF-8 and XML-forbidden controls. */
void stats_write_html_text(const char *s, FILE *out)
{
	while (*s) {
		unsigned char c = (unsigned char)*s;
		size_t n = utf8_sequence_length(s);

		if (n == 0) {
			fputs(UTF8_REPLACEMENT, out);
			n = 1;
		} else if (c == '&') {
			fputs("&amp;", out);
		} else if (c == '<') {
			fputs("&lt;", out);
		} else if (c == '>') {
			fputs("&gt;", out);
		} else if (c == '"') {
			fputs("&quot;", out);
		} else if (c < 0x20 && c != '\t' && c != '\n') {
			fputs(UTF8_REPLACEMENT, out);
		} else {
			fwrite(s, 1, n, out);
		}
		s += n;
	}
}

static void write_html(const struct stats_tables *ts, FILE *out)
{
	for (size_t i = 0; i < ts->count; i++) {
		const struct stats_table *t = &ts->items[i];

		fprintf(out, "<h2 id=\"%s\">", t->section);
		stats_write_html_text(t->title, out);
		fprintf(out, "</h2>\n<table class=\"stats\" id=\"stats-%s\">\n<thead><tr>",
			t->section);
		for (size_t c = 0; c < t->ncolumns; c++)
			fprintf(out, "<th%s>%s</th>", t->columns[c].numeric ? " class=\"num\"" : "",
				t->columns[c].name);
		fputs("</tr></thead>\n<tbody>\n", out);
		for (size_t r = 0; r < t->nrows; r++) {
			fputs("<tr>", out);
			for (size_t c = 0; c < t->ncolumns; c++) {
				fputs(t->columns[c].numeric ? "<td class=\"num\">" : "<td>", out);
				stats_write_html_text(at(t, r, c), out);
				fputs("</td>", out);
			}
			fputs("</tr>\n", out);
		}
		if (t->nrows == 0)
			fprintf(out, "<tr><td colspan=\"%zu\">(none)</td></tr>\n", t->ncolumns);
		fputs("</tbody>\n</table>\n", out);
	}
}

int stats_tables_write(const struct stats_tables *t, enum stats_format format, FILE *out)
{
	switch (format) {
	case STATS_TEXT: write_text(t, out); break;
	case STATS_CSV: write_csv(t, out); break;
	case STATS_JSON: write_json(t, out); break;
	case STATS_HTML: write_html(t, out); break;
	}
	return ferror(out) ? -1 : 0;
}
