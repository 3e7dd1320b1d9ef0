#include "analyses/unify/copy_path.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyses/common/fs_tree.h"
#include "analyses/unify/copy_meta.h"
#include "analyses/unify/copy_verify.h"
#include "analyses/unify/pass.h"

/* LTTng writes each stream in time order; so does unify. Other writers may not. */
static bool written_in_order(const struct copy_input *in)
{
	const char *tracer = copy_input_env(in, "tracer_name");

	return (tracer && strncmp(tracer, "\"lttng", 6) == 0) || copy_input_env(in, "hsatrace_unified");
}

static int refuse_job(const struct unify_job *job, char *why, size_t size)
{
	if (job->skipped_traces) {
		snprintf(why, size, "%zu traces could not be opened whole (read stream by stream)",
			 job->skipped_traces);
		return 1;
	}
	if (job->damage.short_streams) {
		snprintf(why, size, "%zu stream files are shorter than their index",
			 job->damage.short_streams);
		return 1;
	}
	return 0;
}

/* How an input is added: with its environment; its events walked in the dry run (every
 * packet decoded); its times shifted onto `clock_as` by `shift` cycles. */
struct add_how {
	bool with_env, verify;
	int64_t shift;
	struct copy_clock *clock_as;
};

/* Checks the packets of the last input added (without writing). 0, 1 or -1. */
static int walk_input(struct copy_meta *m, const struct add_how *how, char *why, size_t size)
{
	struct copy_counts scratch = { 0 };
	struct copy_input *in = &m->inputs[m->n_inputs - 1];
	char reason[600];
	int r;

	in->verify = how->verify;
	in->shift = how->shift;
	r = copy_stream_input(m, m->n_inputs - 1, NULL, true, &scratch, reason, sizeof(reason));
	if (r > 0)
		snprintf(why, size, "%s", reason);
	return r;
}

/* Merges the metadata of `dir` and checks its packets (without writing). 0, 1 or -1. */
static int add_input(struct copy_meta *m, const char *dir, const struct add_how *how,
		     char *why, size_t size)
{
	struct copy_input *in;
	char reason[600];
	int r;

	m->clock_as = how->clock_as;
	r = copy_meta_add(m, dir, how->with_env, reason, sizeof(reason));
	m->clock_as = NULL;
	if (r != 0) {
		snprintf(why, size, "%s: %s", dir, reason);
		return 1;
	}
	in = &m->inputs[m->n_inputs - 1];
	if (how->with_env && !written_in_order(in)) {
		snprintf(why, size, "%s: not written by LTTng nor by hsatrace unify (the time order "
			 "of its events is only known by decoding them)", dir);
		return 1;
	}
	return walk_input(m, how, why, size);
}

/* The synthesized events and the events of the inputs not copied, in a trace of their own
 * at tmp_dir (nothing to write: no folder). */
static int write_reencoded(const char *const *paths, size_t n, struct unify_params *params,
			   const bool *copied, const char *tmp_dir)
{
	struct unify_params p = *params;
	bt_graph *g = NULL;

	p.gpu_only = true;
	p.copied_traces = copied;
	if (pass_run(paths, n, &p, tmp_dir, &g) != 0) {
		bt_graph_put_ref(g);
		return -1;
	}
	bt_graph_put_ref(g);
	return 0;
}

/* Whether the GPU-events pass would write anything: an input to re-encode, or a GPU
 * record of the base run to synthesize events from (and no input already unified, whose
 * warning that pass gives). Without one it wrote nothing: a babeltrace2 parse saved. */
static bool needs_gpu_pass(const struct copy_meta *m, const struct unify_params *params,
			   size_t reencoded)
{
	const struct gpu_store *st = params->gpu;

	for (size_t i = 0; i < m->n_inputs; i++)
		if (copy_input_env(&m->inputs[i], "hsatrace_unified"))
			return true;
	for (size_t i = 0; st && i < st->n_recs; i++)
		if (st->recs[i].run == 0)
			return true;
	return reencoded > 0;
}

static bool has_metadata(const char *dir)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/metadata", dir);
	return access(path, F_OK) == 0;
}

/* 0; 1 the input m->inputs[*failed] cannot be copied after all (found as it was written:
 * its times moved, its events walked; why); -1. */
static int copy_all(const struct copy_meta *m, const char *stage_dir,
		    const struct unify_params *params, struct copy_result *result, size_t *failed,
		    char *why, size_t size)
{
	char path[4096];

	if (mkdir(stage_dir, 0777) != 0) {
		fprintf(stderr, "hsatrace unify: failed to create the output folder: %s: path=%s\n",
			strerror(errno), stage_dir);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/metadata", stage_dir);
	if (copy_meta_write(m, path, params->env, params->n_env) != 0)
		return -1;
	for (size_t i = 0; i < m->n_inputs; i++) {
		uint64_t discarded = result->counts.discarded_events;
		int r = copy_stream_input(m, i, stage_dir, false, &result->counts, why, size);

		if (r != 0) {
			*failed = i;
			return r;
		}
		/* The re-encoded events' discarded counts are the filter's (params->counts). */
		if (i >= result->traces)
			result->counts.discarded_events = discarded;
	}
	return 0;
}

/* Trace Compass's CTF reader applies a clock offset only when the trace has one clock. */
static int refuse_clocks(const struct copy_meta *m, char *why, size_t size)
{
	if (m->n_clocks < 2)
		return 0;
	snprintf(why, size, "the inputs have %zu different clocks (%s's and %s's offsets differ) "
		 "and Trace Compass reads the times of a trace with one clock only (--keep-clocks "
		 "copies them as clock classes of their own)", m->n_clocks,
		 m->inputs[m->clocks[0].input].dir, m->inputs[m->clocks[1].input].dir);
	return 1;
}

/* What copy_path learnt of one input trace alone. */
struct probe {
	bool copy;			/* its packets are copied (else re-encoded: why) */
	bool ust;			/* its domain is "ust" */
	bool walkable;			/* its events' types are understood (ctf_walk) */
	bool has_clock;
	struct copy_clock clock;	/* its (first) clock; name not kept */
	size_t n_clocks;
	int64_t shift;			/* cycles onto the output clock (another clock) */
	bool said_move, said_reencode;	/* what say_choices said of it */
	char why[1024];
	/* Its metadata merged alone (with its environment, packet headers walked), while it is
	 * copied and not yet merged into the output's: the output's when it comes first. */
	struct copy_meta alone;
	bool has_alone;
};

/* pr->why: the reason, which names its input first. */
static void say_why(struct probe *pr, const char *dir, const char *reason)
{
	bool named = strncmp(reason, dir, strlen(dir)) == 0;

	snprintf(pr->why, sizeof(pr->why), "%s%s%s", named ? "" : dir, named ? "" : ": ", reason);
}

/* Merges the input's metadata alone and walks its packet headers (its events are walked
 * once the output clock is known: build_meta). 0 or -1. */
static int probe_input(const char *dir, struct probe *pr)
{
	struct copy_meta s;
	struct add_how how = { .with_env = true };
	char reason[900] = "";
	int r;

	copy_meta_init(&s);
	r = add_input(&s, dir, &how, reason, sizeof(reason));
	pr->copy = r == 0;
	say_why(pr, dir, reason);
	if (s.n_inputs) {
		const char *domain = copy_input_env(&s.inputs[0], "domain");

		pr->ust = domain && strcmp(domain, "\"ust\"") == 0;
		pr->walkable = s.inputs[0].types != NULL;
	}
	pr->n_clocks = s.n_clocks;
	if (s.n_clocks) {
		pr->has_clock = true;
		pr->clock = s.clocks[0];
		pr->clock.name = NULL;
	}
	if (r == 0) {
		pr->alone = s;
		pr->has_alone = true;
	} else {
		copy_meta_release(&s);
	}
	return r < 0 ? -1 : 0;
}

static void release_alone(struct probe *pr)
{
	if (pr->has_alone)
		copy_meta_release(&pr->alone);
	pr->has_alone = false;
}

/* An input first in the output whose merge would be what probe_input merged (with its
 * environment, its times not moved): that merge becomes the output's, walked again only
 * if its events are to be. 0, 1 or -1 as add_input; 2 not so (merge it). */
static int reuse_alone(struct copy_meta *m, struct probe *pr, const struct add_how *how,
		       char *why, size_t size)
{
	if (m->n_inputs || !pr->has_alone || !how->with_env || how->shift || how->clock_as) {
		release_alone(pr);	/* merged anew from now on */
		return 2;
	}
	copy_meta_release(m);
	*m = pr->alone;
	pr->has_alone = false;
	return how->verify ? walk_input(m, how, why, size) : 0;
}

/* The input whose clock the re-encoding filter keeps (model_clock: the first UST trace's,
 * else the first clock), or -1 when it is not known (metadata not understood). */
static long reference_input(const struct probe *pr, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (pr[i].ust)
			return pr[i].has_clock ? (long)i : -1;
	for (size_t i = 0; i < n; i++)
		if (pr[i].has_clock)
			return (long)i;
	return -1;
}

static long long clock_offset_ns(const struct copy_clock *c)
{
	return (long long)((__int128)c->offset_s * 1000000000 +
			   (__int128)c->offset * 1000000000 / c->freq);
}

/* Another clock of the same frequency whose events copy_stream can walk: its times are
 * shifted by the offsets' difference, which is what re-encoding does to them (through ns
 * from the origin). 0, or -1 (re-encode it). */
static int shift_onto(struct probe *pr, const struct probe *ref)
{
	__int128 d = ((__int128)pr->clock.offset_s - ref->clock.offset_s) * (__int128)pr->clock.freq +
		     ((__int128)pr->clock.offset - ref->clock.offset);

	if (!pr->walkable || pr->clock.freq != ref->clock.freq ||
	    strcmp(pr->clock.uuid, ref->clock.uuid) != 0 ||
	    pr->clock.absolute != ref->clock.absolute || d > INT64_MAX / 2 || d < -(INT64_MAX / 2))
		return -1;
	pr->shift = (int64_t)d;
	return 0;
}

static size_t count_copied(const struct probe *pr, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += pr[i].copy;
	return k;
}

/* 1 when no input can be copied (why: the caller says it is re-encoding every event). */
static int refuse_none_copied(size_t n, const struct probe *pr, char *why, size_t size)
{
	for (size_t i = 0; i < n && !count_copied(pr, n); i++)
		if (!pr[i].copy) {
			snprintf(why, size, "%s%s", pr[i].why, n > 1 ? " (and no other input can "
				 "be copied)" : "");
			return 1;
		}
	return 0;
}

/* Says what is done with each input (what was not said before: an input found damaged
 * as it is copied is said re-encoded after it was said moved): moved onto the output
 * clock, re-encoded (why). */
static void say_choices(const char *const *paths, size_t n, struct probe *pr)
{
	for (size_t i = 0; i < n; i++) {
		if (pr[i].copy && pr[i].shift && !pr[i].said_move) {
			fprintf(stderr, "hsatrace unify: copying %s with its times moved by %lld ns onto "
				"%s's clock (its clock's offset differs; Trace Compass reads one clock "
				"per trace)\n", paths[i], (long long)pr[i].shift,
				paths[reference_input(pr, n)]);
			pr[i].said_move = true;
		} else if (!pr[i].copy && !pr[i].said_reencode) {
			fprintf(stderr, "hsatrace unify: re-encoding %s\n", pr[i].why);
			pr[i].said_reencode = true;
		}
	}
}

/* Which inputs can be copied: metadata and packet headers understood, the reference clock
 * or one its times can be moved onto (unless keep_clocks), every event decoding with
 * babeltrace2 when the walk does not understand them (verify). 0 or -1. */
static int choose(const char *const *paths, size_t n, const struct copy_options *opts,
		  struct probe *pr)
{
	long ref;

	for (size_t i = 0; i < n; i++)
		if (probe_input(paths[i], &pr[i]) != 0)
			return -1;
	ref = reference_input(pr, n);
	for (size_t i = 0; i < n && !opts->keep_clocks; i++) {
		if (!pr[i].copy)
			continue;
		if (ref < 0 || pr[i].n_clocks > 1) {
			snprintf(pr[i].why, sizeof(pr[i].why), "%s: %s", paths[i], ref < 0 ?
				 "the clock the output keeps is not known (the UST trace's metadata "
				 "is not understood)" : "it declares several clocks");
			pr[i].copy = false;
		} else if (!copy_clock_same(&pr[i].clock, &pr[ref].clock) &&
			   shift_onto(&pr[i], &pr[ref]) != 0) {
			snprintf(pr[i].why, sizeof(pr[i].why), "%s: its clock is not %s's (offset "
				 "%lld ns from the origin, not %lld ns) and its times cannot be moved "
				 "onto it as they are copied (another frequency or UUID, or events the "
				 "walk does not understand); Trace Compass reads one clock per trace: "
				 "they are converted to that clock", paths[i], paths[ref],
				 clock_offset_ns(&pr[i].clock), clock_offset_ns(&pr[ref].clock));
			pr[i].copy = false;
		}
	}
	for (size_t i = 0; i < n; i++)	/* the others' events are walked by build_meta */
		if (pr[i].copy && opts->verify && !pr[i].walkable &&
		    copy_verify_trace(paths[i], pr[i].why, sizeof(pr[i].why)) != 0)
			pr[i].copy = false;
	return 0;
}

/* The merged metadata of the inputs to copy, each one's events walked (verify, and the
 * move of its times checked): 0; 1 an input cannot be copied after all (now marked so:
 * build again); -1. */
static int build_meta(struct copy_meta *m, const char *const *paths, size_t n,
		      struct probe *pr, const struct copy_options *opts, bool with_env)
{
	for (size_t i = 0; i < n; i++) {
		/* An input whose times move is walked as it is written, not twice. */
		struct add_how how = { .with_env = with_env, .shift = pr[i].shift,
				       .verify = opts->verify && pr[i].walkable && !pr[i].shift,
				       .clock_as = pr[i].shift ? &pr[reference_input(pr, n)].clock : NULL };
		char reason[900] = "";
		int r;

		if (!pr[i].copy)
			continue;
		r = reuse_alone(m, &pr[i], &how, reason, sizeof(reason));
		if (r == 2)
			r = add_input(m, paths[i], &how, reason, sizeof(reason));
		if (r > 0) {
			pr[i].copy = false;
			say_why(&pr[i], paths[i], reason);
		}
		if (r != 0)
			return r;
	}
	return 0;
}

/* The copied input m->inputs[k] found damaged as it was written: re-encoded from now on. */
static void mark_failed(struct probe *pr, const char *const *paths, size_t n, size_t k,
			const char *why)
{
	for (size_t i = 0; i < n; i++)
		if (pr[i].copy && k-- == 0) {
			pr[i].copy = false;
			say_why(&pr[i], paths[i], why);
			return;
		}
}

/* One attempt at the output: 0 written; 1 nothing can be copied (why); 2 an input was
 * found damaged as it was copied (now marked re-encoded: the caller starts again); -1. */
static int write_once(const char *const *paths, size_t n, struct unify_params *params,
		      const struct copy_options *opts, const char *stage_dir, const char *tmp_dir,
		      struct probe *pr, bool *copied, struct copy_result *result, char *why,
		      size_t why_size)
{
	struct copy_meta m;
	size_t failed = 0;
	int ret = 0;

	*result = (struct copy_result){ 0 };
	*params->counts = (struct unify_counts){ 0 };
	copy_meta_init(&m);
	/* With inputs re-encoded, the environment is the one the filter merged from all. An
	 * input found damaged by the walk is re-encoded too: the metadata is merged again. */
	while (count_copied(pr, n) &&
	       (ret = build_meta(&m, paths, n, pr, opts, count_copied(pr, n) == n)) == 1) {
		copy_meta_release(&m);
		copy_meta_init(&m);
	}
	if (ret < 0 || (ret = refuse_none_copied(n, pr, why, why_size)) != 0)
		goto end;
	say_choices(paths, n, pr);
	for (size_t i = 0; i < n; i++) {
		copied[i] = pr[i].copy;
		result->traces += copied[i];
	}
	result->reencoded = n - result->traces;
	ret = -1;
	if (needs_gpu_pass(&m, params, result->reencoded) &&
	    write_reencoded(paths, n, params, copied, tmp_dir) != 0)
		goto end;
	if (has_metadata(tmp_dir)) {
		struct add_how how = { .with_env = result->reencoded > 0 };

		if ((ret = add_input(&m, tmp_dir, &how, why, why_size)) != 0)
			goto end;
	} else if (result->reencoded) {
		snprintf(why, why_size, "the inputs to re-encode wrote no stream");
		ret = 1;
		goto end;
	}
	if (!opts->keep_clocks && (ret = refuse_clocks(&m, why, why_size)) != 0)
		goto end;
	ret = copy_all(&m, stage_dir, params, result, &failed, why, why_size);
	if (ret == 1 && failed < result->traces) {
		mark_failed(pr, paths, n, failed, why);
		ret = 2;
	} else if (ret == 1) {	/* the trace re-encoded here: a change under our feet */
		fprintf(stderr, "hsatrace unify: %s\n", why);
		ret = -1;
	}
end:
	copy_meta_release(&m);
	return ret;
}

int copy_path_write(struct unify_job *job, const char *const *paths, size_t n,
		    struct unify_params *params, const struct copy_options *opts,
		    const char *stage_dir, struct copy_result *result, char *why,
		    size_t why_size)
{
	struct probe *pr = calloc(n + 1, sizeof(*pr));
	bool *copied = calloc(n + 1, sizeof(*copied));
	char *tmp_dir = NULL;
	int ret = -1;

	*result = (struct copy_result){ 0 };
	if (!pr || !copied)
		goto end;
	if ((ret = refuse_job(job, why, why_size)) != 0 || (ret = choose(paths, n, opts, pr)) != 0)
		goto end;
	ret = -1;
	if (asprintf(&tmp_dir, "%s-gpu", stage_dir) < 0) {
		tmp_dir = NULL;
		goto end;
	}
	/* Each round marks one more input re-encoded: at most n + 1. */
	while ((ret = write_once(paths, n, params, opts, stage_dir, tmp_dir, pr, copied, result,
				 why, why_size)) == 2) {
		fs_remove_tree(stage_dir);
		fs_remove_tree(tmp_dir);
	}
end:
	if (tmp_dir)
		fs_remove_tree(tmp_dir);
	free(tmp_dir);
	free(copied);
	for (size_t i = 0; pr && i < n; i++)
		release_alone(&pr[i]);
	free(pr);
	return ret;
}
