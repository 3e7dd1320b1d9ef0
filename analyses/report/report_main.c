/*
 * hsatrace-report - one self-contained HTML page for a trace: an interactive timeline
 * (threads' API calls, GPU queues' kernels, copies, counters) and the statistics tables.
 *
 *   hsatrace report [--max-items N] [--max-total N] [--max-lanes N] -o report.html TRACE
 *
 * Exit status: 0 success, 1 unreadable trace or unwritable output, or part of the trace
 * missing (the page of what was read is written), 2 usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyses/common/out_file.h"
#include "analyses/common/path_within.h"
#include "cmdline/help_output.h"
#include "cmdline/number_option.h"
#include "cmdline/usage_error.h"
#include "analyses/report/report_html.h"
#include "analyses/report/timeline.h"
#include "analyses/stats/stats_table.h"
#include "analyses/common/trace_read.h"

static const char usage_text[] =
	"usage: hsatrace report [--max-items N] [--max-total N] [--max-lanes N] -o FILE.html TRACE\n"
	"\n"
	"Writes one self-contained HTML page (no network access: its script and data are in\n"
	"the page) with an interactive timeline of TRACE (threads' API calls, GPU queues'\n"
	"kernels, copies, counters: zoom, pan, range selection, search, tooltips) and the\n"
	"tables of `hsatrace stats`. TRACE is an `hsatrace record` folder or a unified trace.\n"
	"\n"
	"Options:\n"
	"  -o, --output FILE    the page to write (required)\n"
	"  --max-items N        at most N bars per lane / points per counter; beyond, neighbours\n"
	"                       are merged and the page says so (default 20000)\n"
	"  --max-total N        at most N bars and points on the page in all; the fullest lanes\n"
	"                       are merged further until they fit (default 100000)\n"
	"  --max-lanes N        draw at most N lanes (default 256)\n"
	"  -h, --help           show this help\n"
	"See hsatrace-report(1).\n";

struct reading {
	struct stats_model model;
	struct timeline timeline;
};

static int add_event(const struct trace_event *ev, void *data, char *err, size_t err_size)
{
	struct reading *r = data;

	if (stats_model_add_event(&r->model, ev) || timeline_add_event(&r->timeline, ev)) {
		snprintf(err, err_size, "out of memory while reading event '%s'", ev->name);
		return -1;
	}
	return 0;
}

static int parse_count(const char *s, size_t *out)
{
	unsigned long v;

	if (cmd_parse_number(s, 1, 10000000, &v) != 0)
		return -1;
	*out = (size_t)v;
	return 0;
}

/* The page appears whole at `path` ("-": standard output), or not at all. */
static int write_page(const char *path, const struct report_page *page)
{
	struct out_file out;
	char err[1024];

	if (out_file_open(&out, path, err, sizeof(err))) {
		fprintf(stderr, "hsatrace report: %s\n", err);
		return -1;
	}
	if (report_html_write(page, out.f)) {
		fprintf(stderr, "hsatrace report: failed to write '%s'%s%s\n", path,
			out.write_errno ? ": " : "",
			out.write_errno ? strerror(out.write_errno) : "");
		out_file_discard(&out);
		return -1;
	}
	if (out_file_close(&out, err, sizeof(err))) {
		fprintf(stderr, "hsatrace report: %s\n", err);
		return -1;
	}
	return 0;
}

struct report_options {
	const char *output, *trace;
	size_t max_items, max_total, max_lanes;
};

/* Fills @o from the command line: -1 to go on, or the exit status (--help, usage error). */
static int parse_options(int argc, char **argv, struct report_options *o)
{
	enum { OPT_MAX_ITEMS = 256, OPT_MAX_TOTAL, OPT_MAX_LANES };
	static const struct option options[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "max-items", required_argument, NULL, OPT_MAX_ITEMS },
		{ "max-total", required_argument, NULL, OPT_MAX_TOTAL },
		{ "max-lanes", required_argument, NULL, OPT_MAX_LANES },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*o = (struct report_options){ .max_items = 20000, .max_total = 100000, .max_lanes = 256 };
	/* getopt prefixes its own messages (unknown option, missing argument) with argv[0] */
	argv[0] = (char *)"hsatrace report";
	while ((c = getopt_long(argc, argv, "o:h", options, NULL)) != -1) {
		switch (c) {
		case 'o':
			o->output = optarg;
			break;
		case OPT_MAX_ITEMS:
			if (parse_count(optarg, &o->max_items))
				return cmd_usage_error("report",
						"bad --max-items '%s' (a count >= 1)", optarg);
			break;
		case OPT_MAX_TOTAL:
			if (parse_count(optarg, &o->max_total))
				return cmd_usage_error("report",
						"bad --max-total '%s' (a count >= 1)", optarg);
			break;
		case OPT_MAX_LANES:
			if (parse_count(optarg, &o->max_lanes))
				return cmd_usage_error("report",
						"bad --max-lanes '%s' (a count >= 1)", optarg);
			break;
		case 'h':
			fputs(usage_text, stdout);
			return cmd_help_written("report");
		default:
			return cmd_usage_hint("report");
		}
	}
	if (!o->output)
		return cmd_usage_error("report", "missing -o FILE.html");
	if (optind != argc - 1)
		return cmd_usage_error("report",
				"%s", optind < argc ? "expected one TRACE" : "missing TRACE");
	o->trace = argv[optind];
	return -1;
}

/* Reads the trace into @r (its losses into @losses), then builds @tables and fits the
 * timeline to the page's limits: 0, or -1 after saying why. */
static int read_report(const struct report_options *o, struct reading *r,
		       struct trace_read_losses *losses, struct stats_tables *tables)
{
	struct trace_read_options read_opts = { .progress = isatty(2), .prog = "hsatrace report" };
	char err[4096];

	if (trace_read(o->trace, &read_opts, add_event, r, losses, err, sizeof(err))) {
		fprintf(stderr, "hsatrace report: %s\n", err);
		return -1;
	}
	stats_model_read_done(&r->model, losses, "hsatrace report");
	if (stats_model_finish(&r->model) || timeline_add_gpu(&r->timeline, &r->model) ||
	    stats_tables_build(tables, &r->model, STATS_ALL, o->trace)) {
		fprintf(stderr, "hsatrace report: out of memory\n");
		return -1;
	}
	timeline_sort(&r->timeline);
	timeline_fit(&r->timeline, o->max_lanes, o->max_total);
	return 0;
}

int main(int argc, char **argv)
{
	struct report_options o;
	struct reading r;
	struct trace_read_losses losses = { 0 };
	struct stats_tables tables = { 0 };
	struct report_page page;
	int ret = parse_options(argc, argv, &o);

	if (ret >= 0)
		return ret;
	if (path_check_output("hsatrace report", o.output, o.trace))
		return 2;
	ret = 1;
	stats_model_init(&r.model);
	timeline_init(&r.timeline, o.max_items);
	if (read_report(&o, &r, &losses, &tables))
		goto cleanup;
	page = (struct report_page){ .trace = o.trace, .timeline = &r.timeline,
				     .tables = &tables,
				     .max_lanes = o.max_lanes, .budget = o.max_total,
				     .damage = &losses.damage };
	if (write_page(o.output, &page))
		goto cleanup;
	ret = trace_read_is_damaged(&losses) ? 1 : 0;
cleanup:
	stats_tables_release(&tables);
	timeline_release(&r.timeline);
	stats_model_release(&r.model);
	return ret;
}
