/* Building the tables from a finished stats_model, and parsing the CLI's selectors. */
#include "analyses/stats/stats_table.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const struct stats_column api_columns[] = {
	{ "function", 0 }, { "calls", 1 }, { "total_ns", 1 }, { "avg_ns", 1 },
	{ "min_ns", 1 },   { "max_ns", 1 }, { "percent", 1 }, { "errors", 1 },
};
static const struct stats_column kernel_columns[] = {
	{ "kernel", 0 }, { "launches", 1 }, { "total_ns", 1 }, { "avg_ns", 1 },
	{ "min_ns", 1 }, { "max_ns", 1 },   { "percent", 1 }, { "mangled", 0 },
};
static const struct stats_column copy_columns[] = {
	{ "direction", 0 }, { "count", 1 },  { "bytes", 1 },
	{ "total_ns", 1 },  { "avg_ns", 1 }, { "bandwidth_gbps", 1 },
};
static const struct stats_column queue_columns[] = {
	{ "pid", 1 },		 { "queue_id", 1 },	 { "size", 1 },
	{ "packets", 1 },	 { "kernel_packets", 1 }, { "other_packets", 1 },
	{ "max_in_flight", 1 },
};
static const struct stats_column wait_columns[] = {
	{ "pid", 1 }, { "tid", 1 }, { "procname", 0 }, { "waits", 1 }, { "blocked_ns", 1 },
	{ "source", 0 },
};

#define NCOLS(a) (sizeof(a) / sizeof((a)[0]))

static const struct {
	const char *name;
	unsigned bit;
} section_names[] = {
	{ "api", STATS_API },	    { "kernels", STATS_KERNELS }, { "copies", STATS_COPIES },
	{ "queues", STATS_QUEUES }, { "waits", STATS_WAITS }, { "hip", STATS_HIP },
};

int stats_sections_parse(const char *list, unsigned *mask, char *bad, size_t n)
{
	const char *p = list;

	*mask = 0;
	while (*p) {
		size_t len = strcspn(p, ",");
		unsigned bit = 0;

		for (size_t i = 0; i < NCOLS(section_names); i++)
			if (strlen(section_names[i].name) == len &&
			    strncmp(section_names[i].name, p, len) == 0)
				bit = section_names[i].bit;
		if (!bit && !(len == 3 && strncmp(p, "all", 3) == 0)) {
			snprintf(bad, n, "%.*s", (int)len, p);
			return -1;
		}
		*mask |= bit ? bit : STATS_ALL;
		p += len;
		if (*p == ',')
			p++;
	}
	if (!*mask) {
		snprintf(bad, n, "%s", list);
		return -1;
	}
	return 0;
}

int stats_format_parse(const char *word, enum stats_format *format)
{
	if (strcmp(word, "text") == 0)
		*format = STATS_TEXT;
	else if (strcmp(word, "csv") == 0)
		*format = STATS_CSV;
	else if (strcmp(word, "json") == 0)
		*format = STATS_JSON;
	else
		return -1;
	return 0;
}

/* ---- building ----------------------------------------------------------------------- */

static struct stats_table *table_new(struct stats_tables *t, const char *section,
				     const char *title, const struct stats_column *cols,
				     size_t ncols, size_t nrows)
{
	struct stats_table *table = &t->items[t->count];

	table->cells = calloc(nrows * ncols + 1, sizeof(char *));
	if (!table->cells)
		return NULL;
	t->count++;
	table->section = section;
	table->title = title;
	table->columns = cols;
	table->ncolumns = ncols;
	table->nrows = nrows;
	return table;
}

static int cell(struct stats_table *t, size_t row, size_t col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int cell(struct stats_table *t, size_t row, size_t col, const char *fmt, ...)
{
	va_list ap;
	char *s = NULL;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	t->cells[row * t->ncolumns + col] = s;
	return 0;
}

static double percent(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* The HSA ("api") or HIP ("hip") API table: % is of that layer's total call time. */
static int build_api(struct stats_tables *t, const char *section, const char *title,
		     const struct vec *api)
{
	struct stats_table *tb = table_new(t, section, title, api_columns, NCOLS(api_columns),
					   api->count);
	uint64_t all = 0;
	int err = 0;

	if (!tb)
		return -1;
	for (size_t i = 0; i < api->count; i++)
		all += STATS_ROW(api, struct stats_api_row, i)->total_ns;
	for (size_t i = 0; i < api->count && !err; i++) {
		const struct stats_api_row *r = STATS_ROW(api, struct stats_api_row, i);

		err = cell(tb, i, 0, "%s", r->function) ||
		      cell(tb, i, 1, "%" PRIu64, r->calls) ||
		      cell(tb, i, 2, "%" PRIu64, r->total_ns) ||
		      cell(tb, i, 3, "%" PRIu64, r->total_ns / r->calls) ||
		      cell(tb, i, 4, "%" PRIu64, r->min_ns) ||
		      cell(tb, i, 5, "%" PRIu64, r->max_ns) ||
		      cell(tb, i, 6, "%.2f", percent(r->total_ns, all)) ||
		      cell(tb, i, 7, "%" PRIu64, r->errors);
	}
	return err ? -1 : 0;
}

static int build_kernels(struct stats_tables *t, const struct stats_model *m)
{
	struct stats_table *tb = table_new(t, "kernels", "Kernels (GPU time)", kernel_columns,
					   NCOLS(kernel_columns), m->kernels.count);
	uint64_t all = 0;
	int err = 0;

	if (!tb)
		return -1;
	for (size_t i = 0; i < m->kernels.count; i++)
		all += STATS_ROW(&m->kernels, struct stats_kernel_row, i)->total_ns;
	for (size_t i = 0; i < m->kernels.count && !err; i++) {
		const struct stats_kernel_row *r =
			STATS_ROW(&m->kernels, struct stats_kernel_row, i);

		err = cell(tb, i, 0, "%s", r->name) ||
		      cell(tb, i, 1, "%" PRIu64, r->launches) ||
		      cell(tb, i, 2, "%" PRIu64, r->total_ns) ||
		      cell(tb, i, 3, "%" PRIu64, r->total_ns / r->launches) ||
		      cell(tb, i, 4, "%" PRIu64, r->min_ns) ||
		      cell(tb, i, 5, "%" PRIu64, r->max_ns) ||
		      cell(tb, i, 6, "%.2f", percent(r->total_ns, all)) ||
		      cell(tb, i, 7, "%s", r->mangled ? r->mangled : "");
	}
	return err ? -1 : 0;
}

static int build_copies(struct stats_tables *t, const struct stats_model *m)
{
	struct stats_table *tb = table_new(t, "copies", "Memory copies", copy_columns,
					   NCOLS(copy_columns), m->copies.count);
	int err = 0;

	if (!tb)
		return -1;
	for (size_t i = 0; i < m->copies.count && !err; i++) {
		const struct stats_copy_row *r = STATS_ROW(&m->copies, struct stats_copy_row, i);

		/* bytes per ns is GB/s (10^9 bytes per second). */
		err = cell(tb, i, 0, "%s", r->direction) ||
		      cell(tb, i, 1, "%" PRIu64, r->count) ||
		      cell(tb, i, 2, "%" PRIu64, r->bytes) ||
		      cell(tb, i, 3, "%" PRIu64, r->total_ns) ||
		      cell(tb, i, 4, "%" PRIu64, r->total_ns / r->count) ||
		      cell(tb, i, 5, "%.3f",
			   r->total_ns ? (double)r->bytes / (double)r->total_ns : 0.0);
	}
	return err ? -1 : 0;
}

static int build_queues(struct stats_tables *t, const struct stats_model *m)
{
	struct stats_table *tb = table_new(t, "queues", "Queues", queue_columns,
					   NCOLS(queue_columns), m->queues.count);
	int err = 0;

	if (!tb)
		return -1;
	for (size_t i = 0; i < m->queues.count && !err; i++) {
		const struct stats_queue_row *r =
			STATS_ROW(&m->queues, struct stats_queue_row, i);

		err = cell(tb, i, 0, "%" PRId64, r->vpid) ||
		      cell(tb, i, 1, "%" PRIu64, r->queue_id) ||
		      cell(tb, i, 2, "%" PRIu64, r->size) ||
		      cell(tb, i, 3, "%" PRIu64, r->packets) ||
		      cell(tb, i, 4, "%" PRIu64, r->kernel_packets) ||
		      cell(tb, i, 5, "%" PRIu64, r->other_packets) ||
		      cell(tb, i, 6, "%" PRIu64, r->max_in_flight);
	}
	return err ? -1 : 0;
}

static int build_waits(struct stats_tables *t, const struct stats_model *m)
{
	struct stats_table *tb = table_new(t, "waits", "Signal waits per thread", wait_columns,
					   NCOLS(wait_columns), m->waits.count);
	int err = 0;

	if (!tb)
		return -1;
	for (size_t i = 0; i < m->waits.count && !err; i++) {
		const struct stats_wait_row *r = STATS_ROW(&m->waits, struct stats_wait_row, i);
		int activity = r->signal_waits > 0;

		err = cell(tb, i, 0, "%" PRId64, r->vpid) ||
		      cell(tb, i, 1, "%" PRId64, r->vtid) ||
		      cell(tb, i, 2, "%s", r->procname) ||
		      cell(tb, i, 3, "%" PRIu64, activity ? r->signal_waits : r->api_waits) ||
		      cell(tb, i, 4, "%" PRIu64, activity ? r->signal_blocked_ns : r->api_ns) ||
		      cell(tb, i, 5, "%s", activity ? "signal_wait" : "api");
	}
	return err ? -1 : 0;
}

int stats_tables_build(struct stats_tables *t, const struct stats_model *m, unsigned mask,
		       const char *trace)
{
	int err = 0;

	memset(t, 0, sizeof(*t));
	t->items = calloc(6, sizeof(*t->items));
	if (!t->items)
		return -1;
	t->trace = trace;
	t->schema_version = m->schema_version;
	t->discarded_events = m->discarded_events;
	t->discarded_packets = m->discarded_packets;
	t->events = m->events;
	t->span_ns = m->have_time ? m->last_ns - m->first_ns : 0;
	if (!err && (mask & STATS_HIP) && m->hip_api.count)
		err = build_api(t, "hip", "HIP API calls", &m->hip_api);
	if (!err && (mask & STATS_API))
		err = build_api(t, "api", "HSA API calls", &m->api);
	if (!err && (mask & STATS_KERNELS))
		err = build_kernels(t, m);
	if (!err && (mask & STATS_COPIES))
		err = build_copies(t, m);
	if (!err && (mask & STATS_QUEUES))
		err = build_queues(t, m);
	if (!err && (mask & STATS_WAITS))
		err = build_waits(t, m);
	if (err)
		stats_tables_release(t);
	return err ? -1 : 0;
}

void stats_tables_release(struct stats_tables *t)
{
	for (size_t i = 0; i < t->count; i++) {
		struct stats_table *tb = &t->items[i];

		for (size_t c = 0; c < tb->nrows * tb->ncolumns; c++)
			free(tb->cells[c]);
		free(tb->cells);
	}
	free(t->items);
	memset(t, 0, sizeof(*t));
}
