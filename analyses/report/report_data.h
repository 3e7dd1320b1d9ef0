/*
 * report_data - the timeline as data for the page's script: one JSON object written inside
 * <script type="application/json" id="hsatrace-data">, which report.js draws and zooms.
 *
 * Compact on purpose (the page's size is mostly this): times are integers in ns relative to
 * the trace's first time (`t0`, a string: raw clock values exceed a double's 53 bits), each
 * lane's items one flat array of numbers, begins as deltas from the previous item's begin.
 *
 *   { "t0": "123", "span": N, "names": ["..."], "merged": bool, "maxItems": N, "budget": N,
 *     "hiddenLanes": N, "hiddenCounters": N,
 *     "lanes": [{ "kind": "api"|"kernel"|"copy", "label": "...", "pid": N, "id": N,
 *                 "intervals": N, "rows": N, "maxDur": N,
 *                 "items": [...],     api: dbegin, dur, name, depth, status (5 a bar)
 *                                     kernel: dbegin, dur, name, correlation_id (4)
 *                                     copy: dbegin, dur, name, bytes, correlation_id (5)
 *                 "merged": [[item, count, busy_ns, errors, main_name], ...] }],
 *                                     (merged items only; main_name: roughly the name of
 *                                     most of their busy time, colouring a bar of several)
 *     "counters": [{ "label": "...", "samples": N, "min": x, "max": x,
 *                    "points": [dt, value, ...] }] }
 *
 * A name of -1 is several names (merged). Strings are valid UTF-8 and never hold `<` or `&`
 * (escaped as \u003c, \u0026), so the block ends only at its </script> and stays well-formed
 * XML.
 */
#ifndef HSAT_REPORT_DATA_H
#define HSAT_REPORT_DATA_H

#include <stdio.h>

#include "analyses/report/timeline.h"

struct report_data_limits {
	size_t max_lanes;   /* lanes (and counters) written at most */
	size_t budget;      /* the items budget timeline_fit applied, said on the page */
};

void report_data_write(const struct timeline *tl, const struct report_data_limits *limits,
		       FILE *out);

/* A JSON string literal safe inside an HTML <script> element (see above). */
void report_data_string(const char *s, FILE *out);

#endif
