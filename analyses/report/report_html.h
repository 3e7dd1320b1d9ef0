/*
 * report_html - writes the report page: a summary, the interactive timeline of a struct
 * timeline (its data for report.js, see report_data.h), and the statistics tables. One
 * self-contained file: inline style, data and script, no external resource of any kind,
 * well-formed XML (so it can be checked with xmllint as well as shown by any browser
 * offline).
 */
#ifndef HSAT_REPORT_HTML_H
#define HSAT_REPORT_HTML_H

#include <stdio.h>

#include "analyses/common/trace_check.h"
#include "analyses/report/timeline.h"
#include "analyses/stats/stats_table.h"

struct report_page {
	const char *trace;
	const struct timeline *timeline;
	const struct stats_tables *tables;
	size_t max_lanes;     /* lanes drawn at most; the rest are counted in the note */
	size_t budget;        /* items on the page at most (timeline_fit), said in the note */
	const struct trace_check_counts *damage; /* what the trace's files say is missing, or NULL */
};

/* Returns 0, or -1 when writing failed. */
int report_html_write(const struct report_page *page, FILE *out);

#endif
