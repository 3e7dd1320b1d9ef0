/*
 * stats_table - the statistics as generic tables, and their writers.
 *
 * stats_tables_build() turns a finished stats_model into one table per selected section
 * (cells already formatted, numbers in plain decimal: ns, bytes, counts); the writers print
 * them as aligned text, CSV (every row starts with its section name, one block per section),
 * JSON (one object, one array of row objects per section, numbers as numbers) or HTML tables.
 */
#ifndef HSAT_STATS_TABLE_H
#define HSAT_STATS_TABLE_H

#include <stdio.h>

#include "analyses/stats/stats_model.h"

enum stats_section {
	STATS_API = 1 << 0,
	STATS_KERNELS = 1 << 1,
	STATS_COPIES = 1 << 2,
	STATS_QUEUES = 1 << 3,
	STATS_WAITS = 1 << 4,
	STATS_HIP = 1 << 5,	/* built only when the trace has HIP calls */
	STATS_ALL = (1 << 6) - 1,
};

enum stats_format { STATS_TEXT, STATS_CSV, STATS_JSON, STATS_HTML };

struct stats_column {
	const char *name;
	int numeric;   /* right-aligned in text, bare in JSON */
};

struct stats_table {
	const char *section;   /* "api", "kernels", ... */
	const char *title;
	const struct stats_column *columns;
	size_t ncolumns, nrows;
	char **cells;          /* nrows * ncolumns strings, row-major */
};

struct stats_tables {
	struct stats_table *items;
	size_t count;
	const char *trace;     /* borrowed */
	const char *schema_version; /* borrowed; "" when the trace has none */
	uint64_t events;
	int64_t span_ns;
	uint64_t discarded_events, discarded_packets;
};

/* Parses "api,kernels,..." into a mask: 0, or -1 naming the bad word in bad (size n). */
int stats_sections_parse(const char *list, unsigned *mask, char *bad, size_t n);
/* Parses "text", "csv", "json": 0 or -1. */
int stats_format_parse(const char *word, enum stats_format *format);

int stats_tables_build(struct stats_tables *t, const struct stats_model *m, unsigned mask,
		       const char *trace);
void stats_tables_release(struct stats_tables *t);

/* Writes s escaped for HTML/XML text and attributes, as valid UTF-8. */
void stats_write_html_text(const char *s, FILE *out);

/* Returns 0, or -1 when writing failed. */
int stats_tables_write(const struct stats_tables *t, enum stats_format format, FILE *out);

#endif
