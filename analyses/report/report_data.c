#include "analyses/report/report_data.h"

#include <inttypes.h>
#include <math.h>

#include "analyses/common/json_string.h"
#include "schema/hsatrace_schema.h"

void report_data_string(const char *s, FILE *out)
{
	json_string_write_html_safe(s, out);
}

static const char *kind_name(enum timeline_lane_kind kind)
{
	return kind == LANE_THREAD ? "api" : kind == LANE_QUEUE ? "kernel" : "copy";
}

static long long name_of(const struct timeline_item *it)
{
	return it->name == TIMELINE_MIXED ? -1 : (long long)it->name;
}

static void write_item(const struct timeline_lane *lane, const struct timeline_item *it,
		       int64_t prev_begin, FILE *out)
{
	fprintf(out, "%" PRId64 ",%" PRId64 ",%lld", it->begin_ns - prev_begin,
		it->end_ns - it->begin_ns, name_of(it));
	switch (lane->kind) {
	case LANE_THREAD:
		fprintf(out, ",%" PRIu32 ",%" PRId64, it->depth, it->status);
		break;
	case LANE_QUEUE:
		fprintf(out, ",%" PRIu64, it->correlation_id);
		break;
	case LANE_COPIES:
		fprintf(out, ",%" PRIu64 ",%" PRIu64, it->bytes, it->correlation_id);
		break;
	}
}

static void write_lane(const struct timeline *tl, const struct timeline_lane *lane, FILE *out)
{
	int64_t prev = tl->first_ns;
	int first = 1;

	fprintf(out, "{\"kind\":\"%s\",\"label\":", kind_name(lane->kind));
	report_data_string(lane->label, out);
	fprintf(out, ",\"pid\":%" PRId64 ",\"id\":%" PRId64 ",\"intervals\":%" PRIu64
		",\"rows\":%" PRIu32 ",\"maxDur\":%" PRId64 ",\n\"items\":[",
		lane->vpid, lane->id, lane->intervals, lane->max_depth + 1, lane->max_duration_ns);
	for (size_t k = 0; k < lane->count; k++) {
		if (k) /* a line break now and then keeps the page's lines of reasonable length */
			fputs(k % 64 ? "," : ",\n", out);
		write_item(lane, &lane->items[k], prev, out);
		prev = lane->items[k].begin_ns;
	}
	fputs("],\n\"merged\":[", out);
	for (size_t k = 0; k < lane->count; k++) {
		const struct timeline_item *it = &lane->items[k];

		if (it->count < 2)
			continue;
		fprintf(out, "%s[%zu,%" PRIu64 ",%" PRIu64 ",%" PRIu32 ",%" PRIu32 "]",
			first ? "" : ",", k, it->count, it->busy_ns, it->errors, it->main_name);
		first = 0;
	}
	fputs("]}", out);
}

/* A double as JSON: NaN and infinities have no JSON form. */
static void write_number(double v, FILE *out)
{
	if (isfinite(v))
		fprintf(out, "%.9g", v);
	else
		fputs("null", out);
}

static void write_counter(const struct timeline *tl, const struct timeline_counter *c,
			  FILE *out)
{
	int64_t prev = tl->first_ns;

	fputs("{\"label\":", out);
	report_data_string(c->label, out);
	fprintf(out, ",\"samples\":%" PRIu64 ",\"min\":", c->samples);
	write_number(c->min, out);
	fputs(",\"max\":", out);
	write_number(c->max, out);
	fputs(",\n\"points\":[", out);
	for (size_t k = 0; k < c->count; k++) {
		fprintf(out, "%s%" PRId64 ",", k ? (k % 64 ? "," : ",\n") : "",
			c->points[k].ts_ns - prev);
		write_number(c->points[k].value, out);
		prev = c->points[k].ts_ns;
	}
	fputs("]}", out);
}

void report_data_write(const struct timeline *tl, const struct report_data_limits *limits,
		       FILE *out)
{
	size_t nlanes = tl->nlanes < limits->max_lanes ? tl->nlanes : limits->max_lanes;
	size_t ncounters = tl->ncounters < limits->max_lanes ? tl->ncounters : limits->max_lanes;

	fprintf(out, "{\"t0\":\"%" PRId64 "\",\"span\":%" PRId64 ",\"merged\":%s,"
		"\"maxItems\":%zu,\"budget\":%zu,\"hiddenLanes\":%zu,\"hiddenCounters\":%zu,\n"
		"\"errorStatus\":", tl->first_ns, tl->last_ns - tl->first_ns,
		tl->merged ? "true" : "false", tl->max_items, limits->budget,
		tl->nlanes - nlanes, tl->ncounters - ncounters);
	/* The statuses that are errors, from the schema's one definition. */
	fputc('[', out);
	for (size_t i = 0; i < HSAT_ERROR_STATUS_RANGE_COUNT; i++)
		fprintf(out, "%s[%" PRId64 ",%" PRId64 "]", i ? "," : "",
			hsat_error_status_ranges[i].first, hsat_error_status_ranges[i].last);
	fputs("],\n\"names\":[", out);
	for (size_t i = 0; i < tl->nnames; i++) {
		if (i)
			fputc(',', out);
		report_data_string(tl->names[i], out);
	}
	fputs("],\n\"lanes\":[", out);
	for (size_t i = 0; i < nlanes; i++) {
		fputs(i ? ",\n" : "\n", out);
		write_lane(tl, &tl->lanes[i], out);
	}
	fputs("],\n\"counters\":[", out);
	for (size_t i = 0; i < ncounters; i++) {
		fputs(i ? ",\n" : "\n", out);
		write_counter(tl, &tl->counters[i], out);
	}
	fputs("]}", out);
}
