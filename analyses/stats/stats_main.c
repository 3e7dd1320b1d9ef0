/*
 * hsatrace-stats - statistics tables of a trace: API calls, kernels, copies, queues, waits.
 *
 *   hsatrace stats [--format text|csv|json] [--section api,kernels,copies,queues,waits]
 *                  [-o FILE] TRACE
 *
 * Exit status: 0 success, 1 unreadable trace or output, or part of the trace missing (the
 * tables of what was read are written), 2 usage error.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "analyses/common/out_file.h"
#include "analyses/common/path_within.h"
#include "cmdline/help_output.h"
#include "cmdline/usage_error.h"
#include "analyses/stats/stats_table.h"
#include "analyses/common/trace_read.h"

static const char usage_text[] =
	"usage: hsatrace stats [--format text|csv|json] [--section LIST] [-o FILE] TRACE\n"
	"\n"
	"Statistics of a trace (an `hsatrace record` folder or a unified trace):\n"
	"  hip      per HIP function (traces with HIP calls): calls, total/avg/min/max\n"
	"           time, % of HIP API time\n"
	"  api      per HSA function: calls, total/avg/min/max time, % of API time\n"
	"  kernels  per kernel: launches, total/avg/min/max GPU time, % of GPU time\n"
	"  copies   per direction: count, bytes, time, bandwidth (GB/s)\n"
	"  queues   per queue: packets, maximum packets in flight\n"
	"  waits    per thread: time blocked in signal waits\n"
	"\n"
	"Options:\n"
	"  -f, --format FMT     text (default), csv or json\n"
	"  -s, --section LIST   comma-separated sections (default: all)\n"
	"  -o, --output FILE    write there instead of standard output\n"
	"  -h, --help           show this help\n"
	"Times are in nanoseconds. See hsatrace-stats(1).\n";

static int add_event(const struct trace_event *ev, void *data, char *err, size_t err_size)
{
	if (stats_model_add_event(data, ev)) {
		snprintf(err, err_size, "out of memory while reading event '%s'", ev->name);
		return -1;
	}
	return 0;
}

struct command {
	enum stats_format format;
	unsigned sections;
	const char *output;
};

/* The options and the one TRACE: 0, or the exit status (usage, or --help's 0) in *status. */
static int parse_options(int argc, char **argv, struct command *cmd, int *status)
{
	static const struct option options[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "section", required_argument, NULL, 's' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char bad[64];
	int c;

	*cmd = (struct command){ STATS_TEXT, STATS_ALL, NULL };
	*status = 0;
	/* getopt prefixes its own messages (unknown option, missing argument) with argv[0] */
	argv[0] = (char *)"hsatrace stats";
	while ((c = getopt_long(argc, argv, "f:s:o:h", options, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (stats_format_parse(optarg, &cmd->format))
				*status = cmd_usage_error("stats",
						"unknown format '%s' (text, csv, json)", optarg);
			break;
		case 's':
			if (stats_sections_parse(optarg, &cmd->sections, bad, sizeof(bad)))
				*status = cmd_usage_error("stats", "unknown section '%s' "
						"(hip, api, kernels, copies, queues, waits)", bad);
			break;
		case 'o':
			cmd->output = optarg;
			break;
		case 'h':
			fputs(usage_text, stdout);
			*status = cmd_help_written("stats");
			return -1;
		default:
			*status = cmd_usage_hint("stats");
		}
		if (*status)
			return -1;
	}
	if (optind != argc - 1) {
		*status = cmd_usage_error("stats",
				"%s", optind < argc ? "expected one TRACE" : "missing TRACE");
		return -1;
	}
	return 0;
}

/* The tables to -o OUT or stdout: 0, or -1 after saying why. */
static int write_tables(const struct stats_tables *tables, const struct command *cmd)
{
	struct out_file out;
	char err[4096];

	if (out_file_open(&out, cmd->output, err, sizeof(err))) {
		fprintf(stderr, "hsatrace stats: %s\n", err);
		return -1;
	}
	if (stats_tables_write(tables, cmd->format, out.f)) {
		fprintf(stderr, "hsatrace stats: failed to write the tables%s%s\n",
			out.write_errno ? ": " : "", out.write_errno ? strerror(out.write_errno) : "");
		out_file_discard(&out);
		return -1;
	}
	if (out_file_close(&out, err, sizeof(err))) {
		fprintf(stderr, "hsatrace stats: %s\n", err);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct command cmd;
	const char *trace;
	struct trace_read_options read_opts = { .progress = isatty(2), .prog = "hsatrace stats" };
	struct stats_model model;
	struct trace_read_losses losses = { 0 };
	struct stats_tables tables = { 0 };
	char err[4096];
	int ret = 1, status;

	if (parse_options(argc, argv, &cmd, &status))
		return status;
	trace = argv[optind];
	if (path_check_output("hsatrace stats", cmd.output, trace))
		return 2;

	stats_model_init(&model);
	if (trace_read(trace, &read_opts, add_event, &model, &losses, err, sizeof(err))) {
		fprintf(stderr, "hsatrace stats: %s\n", err);
		goto cleanup;
	}
	stats_model_read_done(&model, &losses, "hsatrace stats");
	if (stats_model_finish(&model) ||
	    stats_tables_build(&tables, &model, cmd.sections, trace)) {
		fprintf(stderr, "hsatrace stats: out of memory\n");
		goto cleanup;
	}
	if (write_tables(&tables, &cmd))
		goto cleanup;
	ret = trace_read_is_damaged(&losses) ? 1 : 0;
cleanup:
	stats_tables_release(&tables);
	stats_model_release(&model);
	return ret;
}
