/*
 * hsatrace-export - a trace as an SQLite database, CSV files or a Perfetto (Chrome JSON) trace.
 *
 *   hsatrace export --format sqlite|csv|perfetto -o OUT [--force] TRACE
 *
 * Exit status: 0 success, 1 unreadable trace or output, or part of the trace missing (what
 * was read is exported), 2 usage error.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "analyses/export/export_decode.h"
#include "analyses/common/trace_read.h"
#include "analyses/common/path_within.h"
#include "cmdline/help_output.h"
#include "cmdline/usage_error.h"
#include "analyses/common/schema_version.h"

static const char usage_text[] =
	"usage: hsatrace export --format sqlite|csv|perfetto -o OUT [--force] TRACE\n"
	"\n"
	"Export a trace (an `hsatrace record` folder or a unified trace) as:\n"
	"  sqlite    one SQLite database: tables of processes, threads, API calls and their\n"
	"            arguments, packets, kernels, copies, signal waits, counters, queues,\n"
	"            agents, code objects, and views answering the common questions\n"
	"  csv       the same tables, one CSV file per table in the folder OUT\n"
	"  perfetto  a Chrome JSON trace-event file for ui.perfetto.dev and trace_processor\n"
	"            (OUT may be - for standard output)\n"
	"\n"
	"Options:\n"
	"  -f, --format FMT     sqlite, csv or perfetto\n"
	"  -o, --output OUT     the file (sqlite, perfetto) or folder (csv) to write\n"
	"      --force          replace OUT when it exists\n"
	"  -h, --help           show this help\n"
	"Times are in nanoseconds. See hsatrace-export(1) and docs/export.md.\n";

typedef struct export_sink *(*sink_open_fn)(const char *path, int force, char *err,
					    size_t err_size);

static const struct {
	const char *name;
	sink_open_fn open;
} formats[] = {
	{ "sqlite", sqlite_sink_open },
	{ "csv", csv_sink_open },
	{ "perfetto", perfetto_sink_open },
};

struct export_args {
	sink_open_fn open;
	const char *output, *trace;
	int force;
};

static sink_open_fn format_named(const char *name)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (strcmp(formats[i].name, name) == 0)
			return formats[i].open;
	return NULL;
}

/* Returns -1 when the arguments are good, else the exit status (--help's 0 or 1, 2). */
static int parse_args(int argc, char **argv, struct export_args *a)
{
	static const struct option options[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "force", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	/* getopt prefixes its own messages (unknown option, missing argument) with argv[0] */
	argv[0] = (char *)"hsatrace export";
	while ((c = getopt_long(argc, argv, "f:o:h", options, NULL)) != -1) {
		if (c == 'f' && !(a->open = format_named(optarg)))
			return cmd_usage_error("export",
					"unknown format '%s' (sqlite, csv, perfetto)", optarg);
		else if (c == 'o')
			a->output = optarg;
		else if (c == 'F')
			a->force = 1;
		else if (c == 'h')
			return fputs(usage_text, stdout), cmd_help_written("export");
		else if (c != 'f')
			return cmd_usage_hint("export");
	}
	if (!a->open)
		return cmd_usage_error("export", "missing --format (sqlite, csv, perfetto)");
	if (!a->output || !*a->output)
		return cmd_usage_error("export", "missing -o OUT");
	if (strcmp(a->output, "-") == 0 && a->open != perfetto_sink_open)
		return cmd_usage_error("export",
				"-o - (standard output) is for --format perfetto only");
	if (optind != argc - 1)
		return cmd_usage_error("export",
				"%s", optind < argc ? "expected one TRACE" : "missing TRACE");
	a->trace = argv[optind];
	return -1;
}

/* What the reading callback feeds: the decoder, and the schema versions the trace says. */
struct export_read {
	struct export_decoder *decoder;
	char schema_version[32];
};

static int decode_event(const struct trace_event *ev, void *data, char *err, size_t err_size)
{
	struct export_read *r = data;

	schema_version_see(r->schema_version, sizeof(r->schema_version), ev);
	return export_decoder_event(r->decoder, ev, err, err_size);
}

/* Reads the trace into the sink; what was read is kept even when reading failed midway. */
static int export_trace(const struct export_args *a, struct export_sink *sink)
{
	struct trace_read_options read_opts = { .progress = isatty(2), .prog = "hsatrace export" };
	struct trace_read_losses losses = { 0 };
	struct export_decoder d;
	struct export_read r = { .decoder = &d };
	char err[4096];
	int read_failed, ret = 1;

	export_decoder_init(&d, sink);
	read_failed = trace_read(a->trace, &read_opts, decode_event, &r, &losses, err,
				 sizeof(err));
	schema_version_warn(r.schema_version, "hsatrace export", "no API calls");
	if (read_failed)
		fprintf(stderr, "hsatrace export: %s\n", err);
	if (read_failed && d.rows == 0) {
		sink->ops->discard(sink);
		goto end;
	}
	if (export_decoder_flush(&d, err, sizeof(err))) {
		fprintf(stderr, "hsatrace export: %s\n", err);
		sink->ops->discard(sink);
		goto end;
	}
	if (sink->ops->finish(sink, err, sizeof(err))) {
		fprintf(stderr, "hsatrace export: %s\n", err);
		goto end;
	}
	if (losses.discarded_events || losses.discarded_packets)
		fprintf(stderr, "hsatrace export: warning: the tracer discarded %llu events and "
			"%llu packets: the export lacks them\n",
			(unsigned long long)losses.discarded_events,
			(unsigned long long)losses.discarded_packets);
	ret = read_failed || trace_read_is_damaged(&losses) ? 1 : 0;
end:
	export_decoder_release(&d);
	return ret;
}

int main(int argc, char **argv)
{
	struct export_args a = { 0 };
	struct export_sink *sink;
	char err[4096];
	int status = parse_args(argc, argv, &a);

	if (status >= 0)
		return status;
	if (path_check_output("hsatrace export", a.output, a.trace))
		return 2;
	sink = a.open(a.output, a.force, err, sizeof(err));
	if (!sink) {
		fprintf(stderr, "hsatrace export: %s\n", err);
		return 1;
	}
	return export_trace(&a, sink);
}
