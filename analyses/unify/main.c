/*
 * hsatrace-unify IN... -o OUT - merge LTTng traces (runs, UST and kernel domains) into one
 * CTF trace that Trace Compass opens as one trace, with GPU activity materialized as
 * hsa_gpu:* events and counters of extra passes attached to the base run's dispatches.
 *
 * Two passes over the inputs (docs/record-unify.md): the first collects the GPU activity
 * records (only traces whose metadata declares hsa_activity events); then the inputs'
 * packets are copied under one merged metadata with the synthesized events added, the
 * inputs that cannot be copied re-encoded alone (copy_path), or, when none can be or with
 * --reencode, the second pass merges every event in time order and writes the output
 * through sink.ctf.fs.
 *
 * Exit status: 0 all input read, 1 failure or damaged input skipped (best-effort output
 * written when possible), 2 usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <dirent.h>

#include "cmdline/help_output.h"
#include "cmdline/usage_error.h"
#include "analyses/unify/copy_path.h"
#include "analyses/unify/gpu_store.h"
#include "analyses/unify/inputs.h"
#include "analyses/unify/job.h"
#include "analyses/unify/out_path.h"
#include "analyses/unify/out_stage.h"
#include "analyses/unify/pass.h"
#include "analyses/common/salvage.h"
#include "analyses/unify/unify_filter.h"
#include "analyses/common/version.h"
#include "schema/hsatrace_schema.h"

struct options {
	const char *out;
	char **inputs;
	int n_inputs;
	const char **passes;
	int n_passes;
	int summary;
	int reencode;
	int keep_clocks;
	int no_verify;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: hsatrace unify [options] IN... -o OUT\n"
		"\n"
		"Merge LTTng traces (UST and kernel domains, several runs) into one CTF trace,\n"
		"in time order, with GPU activity materialized as hsa_gpu:* events.\n"
		"\n"
		"  -o, --output DIR         write the unified trace to DIR (new or empty, not\n"
		"                           inside an input)\n"
		"  -c, --counters-from DIR  an extra counter pass: attach its counters to the\n"
		"                           matching dispatches of the base run (repeatable)\n"
		"  -r, --reencode           decode and re-encode every event instead of copying\n"
		"                           the inputs' packets\n"
		"  -k, --keep-clocks        copy even inputs with different clocks, each one a\n"
		"                           clock class (Trace Compass reads one clock only)\n"
		"      --no-verify          copy the inputs' packets without first checking that\n"
		"                           every event decodes\n"
		"  -s, --summary            print what was read and written as key=value lines\n"
		"  -h, --help               show this help\n"
		"\n"
		"IN is a trace, an LTTng session output or a `hsatrace record` output (whose\n"
		"hsatrace-passes file names the base run and the counter passes).\n"
		"The packets of the inputs are copied (headers patched) when they can be; an\n"
		"input that cannot be (another clock, damaged events, metadata not understood)\n"
		"is re-encoded, saying why.\n"
		"Exit status: 0 success, 1 failure or damaged input (skipped or missing), 2 usage\n"
		"error.\n");
}

static int parse_args(int argc, char **argv, struct options *o)
{
	static const struct option longs[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "counters-from", required_argument, NULL, 'c' },
		{ "summary", no_argument, NULL, 's' },
		{ "reencode", no_argument, NULL, 'r' },
		{ "keep-clocks", no_argument, NULL, 'k' },
		{ "no-verify", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	o->passes = calloc((size_t)argc, sizeof(*o->passes));
	if (!o->passes)
		return 1;
	while ((c = getopt_long(argc, argv, "o:c:srkh", longs, NULL)) != -1) {
		switch (c) {
		case 'o':
			o->out = optarg;
			break;
		case 'c':
			o->passes[o->n_passes++] = optarg;
			break;
		case 's':
			o->summary = 1;
			break;
		case 'r':
			o->reencode = 1;
			break;
		case 'k':
			o->keep_clocks = 1;
			break;
		case 'V':
			o->no_verify = 1;
			break;
		case 'h':
			usage(stdout);
			exit(cmd_help_written("unify"));
		default:
			return cmd_usage_hint("unify");
		}
	}
	o->inputs = argv + optind;
	o->n_inputs = argc - optind;
	if (!o->out || o->n_inputs < 1)
		return cmd_usage_error("unify", "%s",
				       !o->out ? "missing -o OUT" : "missing input trace(s)");
	if (strcmp(o->out, "-") == 0)
		return cmd_usage_error("unify", "-o -: a CTF trace is a folder of files, it cannot "
				       "go to standard output");
	return 0;
}

/* The output folder must be new or empty: a unified trace is never mixed with others. */
static int check_output(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int used = 0;

	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			used = 1;
	closedir(d);
	return used ? -1 : 0;
}

struct run_state {
	struct unify_job job;
	struct unify_counts counts;
	bool copied;			/* the copy path wrote the output */
	struct copy_result copy;
};

/* What the base run's GPU records were materialized as. */
struct synth_counts {
	uint64_t kernels, copies, counters;
};

static struct synth_counts count_synth(const struct gpu_store *st)
{
	struct synth_counts s = { 0 };

	for (size_t i = 0; i < st->n_recs; i++) {
		if (st->recs[i].run != 0)
			continue;
		if (st->recs[i].kind == GPU_KERNEL)
			s.kernels++;
		else
			s.copies++;
		s.counters += st->recs[i].n_counters;
	}
	return s;
}

/* The one line saying what was written, by the copy path or by re-encoding every event. */
static void report_written(const struct run_state *rs, const struct options *o, size_t n_traces,
			   const struct synth_counts *s)
{
	const struct unify_counts *c = &rs->counts;

	if (rs->copied)
		fprintf(stderr, "hsatrace unify: wrote %s by copying the packets of %zu traces (%llu "
			"stream files, %llu packets, %.1f MiB), re-encoding %zu (%llu events) and "
			"%llu synthesized events for %llu kernels, %llu copies, %llu counters\n",
			o->out, rs->copy.traces, (unsigned long long)rs->copy.counts.files,
			(unsigned long long)rs->copy.counts.packets,
			(double)rs->copy.counts.bytes / (1024.0 * 1024.0), rs->copy.reencoded,
			(unsigned long long)c->events_in,
			(unsigned long long)c->synthesized, (unsigned long long)s->kernels,
			(unsigned long long)s->copies, (unsigned long long)s->counters);
	else
		fprintf(stderr, "hsatrace unify: wrote %s: %llu events (%llu input, %llu synthesized "
			"for %llu kernels, %llu copies, %llu counters) from %zu traces\n", o->out,
			(unsigned long long)c->events_out, (unsigned long long)c->events_in,
			(unsigned long long)c->synthesized, (unsigned long long)s->kernels,
			(unsigned long long)s->copies, (unsigned long long)s->counters, n_traces);
}

/* What the tracer lost and what the writing had to change: timestamps, the schema. */
static void warn_losses(const struct run_state *rs)
{
	const struct unify_counts *c = &rs->counts;

	if (rs->copied && rs->copy.counts.discarded_events)
		fprintf(stderr, "hsatrace unify: warning: the tracer discarded %llu events (their "
			"counts are in the copied packets)\n",
			(unsigned long long)rs->copy.counts.discarded_events);
	if (c->discarded_events || c->discarded_packets)
		fprintf(stderr, "hsatrace unify: warning: the tracer discarded %llu events and "
			"%llu packets (kept as discarded-event records)\n",
			(unsigned long long)c->discarded_events,
			(unsigned long long)c->discarded_packets);
	if (c->clamped)
		fprintf(stderr, "hsatrace unify: warning: %llu out-of-order timestamps moved "
			"forward to keep streams monotonic\n", (unsigned long long)c->clamped);
	if (rs->job.gpu.other_schema)
		fprintf(stderr, "hsatrace unify: warning: another event-schema version in the "
			"input: schema_versions=%s (GPU records read best-effort)\n",
			rs->job.gpu.schema_versions);
	unify_job_warn_versions(&rs->job, stderr);
}

/* What of the input could not be used: GPU records, counters, traces and streams. */
static void warn_unused(const struct run_state *rs)
{
	const struct unify_counts *c = &rs->counts;

	if (rs->job.gpu.skipped_records)
		fprintf(stderr, "hsatrace unify: warning: %llu GPU activity records lack fields "
			"and were not materialized\n",
			(unsigned long long)rs->job.gpu.skipped_records);
	if (rs->job.gpu.counters_unattached)
		fprintf(stderr, "hsatrace unify: warning: %llu counters match no dispatch\n",
			(unsigned long long)rs->job.gpu.counters_unattached);
	if (rs->job.skipped_traces || c->failed_streams || c->copy_failures)
		fprintf(stderr, "hsatrace unify: warning: %zu traces could not be opened whole "
			"(%zu of their stream files read alone, %zu cut at their last readable "
			"packet with %llu bytes dropped, %zu lost), %llu streams failed while read "
			"(rest skipped), %llu events could not be copied\n", rs->job.skipped_traces,
			rs->job.salvage.streams_kept, rs->job.salvage.streams_cut,
			(unsigned long long)rs->job.salvage.bytes_dropped, rs->job.salvage.streams_lost,
			(unsigned long long)c->failed_streams, (unsigned long long)c->copy_failures);
}

/* --summary, the damage part: what was salvaged from the inputs. */
static void summarize_damage(const struct run_state *rs)
{
	printf("salvaged_streams=%zu\ncut_streams=%zu\ncut_bytes_dropped=%llu\nlost_streams=%zu\n"
	       "skipped_unified=%zu\n", rs->job.salvage.streams_kept, rs->job.salvage.streams_cut,
	       (unsigned long long)rs->job.salvage.bytes_dropped, rs->job.salvage.streams_lost,
	       rs->job.traces.unified_skipped);
	printf("short_streams=%zu\nmissing_packets=%llu\nfolders_without_metadata=%zu\n",
	       rs->job.damage.short_streams, (unsigned long long)rs->job.damage.missing_packets,
	       rs->job.damage.folders_without_metadata);
}

/* --summary, the writing part: the path taken and what went through it. */
static void summarize_path(const struct run_state *rs)
{
	const struct unify_counts *c = &rs->counts;

	if (rs->copied)
		printf("path=copy\ncopied_traces=%zu\ncopied_files=%llu\ncopied_packets=%llu\n"
		       "copied_bytes=%llu\nreencoded_traces=%zu\nreencoded_events=%llu\n"
		       "discarded_events=%llu\nclamped=%llu\n", rs->copy.traces,
		       (unsigned long long)rs->copy.counts.files,
		       (unsigned long long)rs->copy.counts.packets,
		       (unsigned long long)rs->copy.counts.bytes, rs->copy.reencoded,
		       (unsigned long long)c->events_in,
		       (unsigned long long)(rs->copy.counts.discarded_events + c->discarded_events),
		       (unsigned long long)c->clamped);
	else
		printf("path=reencode\nevents_in=%llu\nevents_out=%llu\ncopy_failures=%llu\n"
		       "discarded_events=%llu\ndiscarded_packets=%llu\nclamped=%llu\n",
		       (unsigned long long)c->events_in, (unsigned long long)c->events_out,
		       (unsigned long long)c->copy_failures, (unsigned long long)c->discarded_events,
		       (unsigned long long)c->discarded_packets, (unsigned long long)c->clamped);
}

/* --summary, the GPU part: the synthesized events and the counter passes' matching. */
static void summarize_gpu(const struct run_state *rs, size_t n_traces,
			  const struct synth_counts *s)
{
	const struct unify_counts *c = &rs->counts;

	printf("synthesized=%llu\nkernels=%llu\ncopies=%llu\n"
	       "counters=%llu\ntraces=%zu\nskipped_traces=%zu\nfailed_streams=%llu\n"
	       "passes=%u\nmatched=%llu\nunmatched_pass=%llu\nunmatched_base=%llu\n"
	       "counters_unattached=%llu\nskipped_gpu_records=%llu\nother_schema=%llu\n",
	       (unsigned long long)c->synthesized, (unsigned long long)s->kernels,
	       (unsigned long long)s->copies, (unsigned long long)s->counters, n_traces,
	       rs->job.skipped_traces, (unsigned long long)c->failed_streams,
	       rs->job.traces.n_runs, (unsigned long long)rs->job.gpu.matched,
	       (unsigned long long)rs->job.gpu.unmatched_pass,
	       (unsigned long long)rs->job.gpu.unmatched_base_kernels,
	       (unsigned long long)rs->job.gpu.counters_unattached,
	       (unsigned long long)rs->job.gpu.skipped_records,
	       (unsigned long long)rs->job.gpu.other_schema);
}

static void report(const struct run_state *rs, const struct options *o, size_t n_traces)
{
	struct synth_counts s = count_synth(&rs->job.gpu);

	report_written(rs, o, n_traces, &s);
	warn_losses(rs);
	warn_unused(rs);
	if (!o->summary)
		return;
	summarize_damage(rs);
	summarize_path(rs);
	summarize_gpu(rs, n_traces, &s);
}

/* The output is about the size of its inputs, plus the synthesized events and slack. */
static uint64_t space_needed(const char *const *paths, size_t n)
{
	uint64_t bytes = 0;

	for (size_t i = 0; i < n; i++)
		bytes += out_stage_tree_bytes(paths[i]);
	return bytes + bytes / 10 + 256 * 1024;
}

/* A recording of an older schema major names its events otherwise: no translation layer reads
 * it (one would be needed in every reader and in the views), so it is refused, saying why. */
static int refuse_older_schema(const struct gpu_store *st)
{
	if (!st->older_schema[0])
		return 0;
	fprintf(stderr, "hsatrace unify: a recording has event schema %s, this hsatrace reads "
		"%d.x (API events renamed): re-record it with `hsatrace record`\n",
		st->older_schema, HSAT_SCHEMA_VERSION_MAJOR);
	return -1;
}

/* The copy path: 0 written, 1 the inputs cannot be copied (said: re-encode), -1 failed. */
static int write_copied(struct run_state *rs, const char *const *paths, size_t n,
			struct unify_params *p, const struct options *o, struct out_stage *stage)
{
	struct copy_options opts = { .keep_clocks = o->keep_clocks, .verify = !o->no_verify };
	char why[1024];
	int r = copy_path_write(&rs->job, paths, n, p, &opts, stage->tmp_path, &rs->copy,
				why, sizeof(why));

	if (r == 0) {
		r = out_stage_commit(stage);
		rs->copied = r == 0;
		return r;
	}
	if (r > 0)
		fprintf(stderr, "hsatrace unify: re-encoding every event: the packets cannot be "
			"copied: %s\n", why);
	return r;
}

static int write_unified(struct run_state *rs, const struct options *o)
{
	const char *const *paths;
	size_t n = unify_job_base_paths(&rs->job, &paths);
	static const struct unify_env_entry unified = { "hsatrace_unified", "1" };
	struct unify_params p = { .mode = UNIFY_WRITE, .gpu = &rs->job.gpu, .counts = &rs->counts };
	struct out_stage stage = { 0 };
	bt_graph *g = NULL;
	int ret = -1;

	if (!n) {
		fprintf(stderr, "hsatrace unify: no readable trace in the base run\n");
		return -1;
	}
	if (unify_job_env(&rs->job, HSATRACE_VERSION, &unified, 1) != 0)
		return -1;
	p.env = rs->job.env;
	p.n_env = rs->job.n_env;
	if (out_stage_init(&stage, o->out) != 0 ||
	    out_stage_check_space(&stage, space_needed(paths, n)) != 0)
		goto end;
	if (!o->reencode) {
		ret = write_copied(rs, paths, n, &p, o, &stage);
		if (ret <= 0)
			goto done;
		rs->counts = (struct unify_counts){ 0 };
	}
	ret = pass_run(paths, n, &p, stage.tmp_path, &g);
	if (ret == 0) {
		bt_graph_put_ref(g);
		ret = out_stage_commit(&stage);
	} else if (out_stage_disk_full(&stage)) {
		/* Finalizing the sink now would crash babeltrace2 2.0.4: the graph is left to
		 * the process's exit, which follows. */
		fprintf(stderr, "hsatrace unify: the file system of %s is full (No space left on "
			"device): nothing written\n", o->out);
	} else {
		bt_graph_put_ref(g);
	}
done:
	if (ret != 0)
		out_stage_abort(&stage);
	else
		report(rs, o, n);
end:
	out_stage_release(&stage);
	return ret;
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	struct run_state rs = { 0 };
	int status;

	/* getopt prefixes its own messages (unknown option, missing argument) with argv[0] */
	argv[0] = (char *)"hsatrace unify";
	status = parse_args(argc, argv, &o);

	unify_job_init(&rs.job);
	if (status != 0)
		goto cleanup;
	status = 2;
	if (out_path_check(o.out, (const char *const *)o.inputs, (size_t)o.n_inputs) != 0 ||
	    out_path_check(o.out, o.passes, (size_t)o.n_passes) != 0 ||
	    out_path_inputs_apart((const char *const *)o.inputs, (size_t)o.n_inputs, o.passes,
				  (size_t)o.n_passes) != 0)
		goto cleanup;
	status = 1;
	if (check_output(o.out) != 0) {
		fprintf(stderr, "hsatrace unify: output exists and is not an empty folder: path=%s\n",
			o.out);
		goto cleanup;
	}
	if (unify_job_find(&rs.job, (const char *const *)o.inputs, (size_t)o.n_inputs,
			   o.passes, (size_t)o.n_passes) != 0 ||
	    unify_job_collect(&rs.job, stderr) != 0 || refuse_older_schema(&rs.job.gpu) != 0 ||
	    write_unified(&rs, &o) != 0)
		goto cleanup;
	status = (rs.job.skipped_traces || rs.counts.failed_streams || rs.counts.copy_failures ||
		  rs.job.collect_counts.failed_streams || rs.job.damage.short_streams ||
		  rs.job.damage.folders_without_metadata) ? 1 : 0;
	/* The --summary goes to standard output: a failed write there is a failure too. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "hsatrace unify: failed to write standard output: %s\n",
			strerror(errno ? errno : EIO));
		status = 1;
	}
cleanup:
	unify_job_release(&rs.job);
	free(o.passes);
	pass_cleanup();
	return status;
}
