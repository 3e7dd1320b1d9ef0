/*
 * hsatrace-model - a queueing model of a traced HSA program, solved, and what-if predictions.
 *
 *   hsatrace model [-f text|json] [--what-if K=V]... [--lqn FILE.lqnx]
 *                  [--host-demand auto|wall|cpu] [-o FILE] TRACE
 *
 * Exit status: 0 success, 1 unreadable trace, a trace the model cannot be built from (no HSA
 * events, too few cycles), an output that cannot be written, or part of the trace missing
 * (the model of what was read is written), 2 usage error.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "analyses/common/out_file.h"
#include "analyses/common/path_within.h"
#include "cmdline/help_output.h"
#include "cmdline/usage_error.h"
#include "analyses/model/model.h"
#include "analyses/model/model_read.h"

#define PROG "hsatrace model"

static const char usage_text[] =
	"usage: hsatrace model [-f text|json] [--what-if K=V]... [--lqn FILE.lqnx]\n"
	"                      [--host-demand auto|wall|cpu] [--devices-off-cpu] [-o FILE]\n"
	"                      TRACE\n"
	"\n"
	"A queueing model of the traced program: its host threads as classes of customers\n"
	"cycling through host phases and synchronous device calls; the host CPUs, each GPU\n"
	"agent and the copy engine as resources. Solved by mean value analysis; prints, per\n"
	"resource and per class, what the trace measured beside what the model computes.\n"
	"\n"
	"Options:\n"
	"  -f, --format FMT      text (default) or json\n"
	"  -w, --what-if K=V     predict a change (repeatable): threads=[CLASS:]N,\n"
	"                        gpu-speed=X, copy-speed=X, cpus=N, gpus=N, queues=N,\n"
	"                        workers=N (the GPU's dispatches at once; on the CPU\n"
	"                        runtime its workers, HSATRACE_CPU_WORKERS)\n"
	"  -l, --lqn FILE        also write the network solved (with --what-if, the\n"
	"                        changed one) as an LQN file (lqns, lqsim)\n"
	"      --host-demand SRC a host phase's demand: auto (default: the thread's CPU\n"
	"                        time, from the kernel trace or else the tracer's clock at\n"
	"                        waits, when the trace has it; else the time between API\n"
	"                        calls), wall (the time between API calls), cpu (CPU\n"
	"                        time, an error without it)\n"
	"      --devices-off-cpu on the CPU runtime, model its GPU and copy engine apart\n"
	"                        from the host CPUs (kernels that sleep); by default the\n"
	"                        host CPUs serve them and the runtime's own work\n"
	"  -o, --output FILE     write there instead of standard output\n"
	"  -h, --help            show this help\n"
	"See hsatrace-model(1) and docs/model.md.\n";

struct options {
	int json;
	int devices_off_cpu;
	enum model_host_demand host_demand;
	const char *output, *lqn, *trace;
	struct model_whatif whatif;
};

static int host_demand_parse(const char *s, enum model_host_demand *host)
{
	if (strcmp(s, "auto") == 0)
		*host = MODEL_HOST_AUTO;
	else if (strcmp(s, "wall") == 0)
		*host = MODEL_HOST_WALL;
	else if (strcmp(s, "cpu") == 0)
		*host = MODEL_HOST_CPU;
	else
		return -1;
	return 0;
}

/* Returns -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option options[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "what-if", required_argument, NULL, 'w' },
		{ "lqn", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ "devices-off-cpu", no_argument, NULL, 'D' },
		{ "host-demand", required_argument, NULL, 'H' },
		{ NULL, 0, NULL, 0 },
	};
	char err[256];
	int c;

	model_whatif_init(&o->whatif);
	while ((c = getopt_long(argc, argv, "f:w:l:o:h", options, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (strcmp(optarg, "text") && strcmp(optarg, "json"))
				return cmd_usage_error("model", "unknown format '%s' (text, json)", optarg);
			o->json = strcmp(optarg, "json") == 0;
			break;
		case 'w':
			if (model_whatif_parse(&o->whatif, optarg, err, sizeof(err)))
				return cmd_usage_error("model", "%s", err);
			break;
		case 'l':
			o->lqn = optarg;
			break;
		case 'o':
			o->output = optarg;
			break;
		case 'D':
			o->devices_off_cpu = 1;
			break;
		case 'H':
			if (host_demand_parse(optarg, &o->host_demand))
				return cmd_usage_error("model", "--host-demand: unknown source '%s' "
						       "(auto, wall, cpu)", optarg);
			break;
		case 'h':
			fputs(usage_text, stdout);
			return cmd_help_written("model");
		default:
			return cmd_usage_hint("model");
		}
	}
	if (optind != argc - 1)
		return cmd_usage_error("model", "%s", optind < argc ? "expected one TRACE" : "missing TRACE");
	o->trace = argv[optind];
	return -1;
}

static int write_file(const char *path, int (*fn)(const void *, FILE *), const void *data)
{
	struct out_file out;
	char err[4096];

	if (out_file_open(&out, path, err, sizeof(err))) {
		fprintf(stderr, PROG ": %s\n", err);
		return -1;
	}
	if (fn(data, out.f)) {
		fprintf(stderr, PROG ": failed to write %s%s%s\n", path ? path : "the model",
			out.write_errno ? ": " : "", out.write_errno ? strerror(out.write_errno) : "");
		out_file_discard(&out);
		return -1;
	}
	if (out_file_close(&out, err, sizeof(err))) {
		fprintf(stderr, PROG ": %s\n", err);
		return -1;
	}
	return 0;
}

struct lqn_job {
	const struct model *m;
	const struct model_whatif *w;
	const struct model_prediction *p;
	const char *trace;
};

static int write_lqn(const void *data, FILE *f)
{
	const struct lqn_job *j = data;

	return model_write_lqn(j->m, j->w, j->p, j->trace, f);
}

static int write_text(const void *data, FILE *f)
{
	return model_write_text(data, f);
}

static int write_json(const void *data, FILE *f)
{
	return model_write_json(data, f);
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	struct model_trace trace;
	struct model_read_result read;
	struct model model = { 0 };
	struct model_prediction base = { 0 }, whatif = { 0 };
	struct model_report report = { 0 };
	char err[4096];
	int ret, changed;

	/* getopt prefixes its own messages (unknown option, missing argument) with argv[0] */
	argv[0] = (char *)PROG;
	ret = parse_options(argc, argv, &o);
	if (ret >= 0)
		return ret;
	if (path_check_output(PROG, o.output, o.trace) || path_check_output(PROG, o.lqn, o.trace))
		return 2;
	ret = 1;
	changed = o.whatif.changes > 0;
	model_trace_init(&trace);
	if (model_read(o.trace, &trace, &read, err, sizeof(err))) {
		fprintf(stderr, PROG ": %s\n", err);
		goto cleanup;
	}
	if (read.discarded_events || read.discarded_packets)
		fprintf(stderr, PROG ": warning: the tracer discarded %llu events and %llu packets: "
			"the demands are low\n", (unsigned long long)read.discarded_events,
			(unsigned long long)read.discarded_packets);
	if (model_build(&model, &trace, o.host_demand, err, sizeof(err)) ||
	    (!o.devices_off_cpu && model_share_cpus(&model, err, sizeof(err))) ||
	    model_solve(&model, NULL, &base, err, sizeof(err)) ||
	    (changed && model_solve(&model, &o.whatif, &whatif, err, sizeof(err)))) {
		fprintf(stderr, PROG ": %s: %s\n", o.trace, err);
		goto cleanup;
	}
	report = (struct model_report){ &model, &base, changed ? &whatif : NULL, &o.whatif,
					o.trace };
	if (o.lqn) {
		struct lqn_job job = { &model, changed ? &o.whatif : NULL,
				       changed ? &whatif : &base, o.trace };

		if (write_file(o.lqn, write_lqn, &job))
			goto cleanup;
	}
	if (write_file(o.output, o.json ? write_json : write_text, &report))
		goto cleanup;
	ret = read.damaged ? 1 : 0;
cleanup:
	model_prediction_release(&whatif);
	model_prediction_release(&base);
	model_release(&model);
	model_trace_release(&trace);
	return ret;
}
