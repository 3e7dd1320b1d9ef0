#include "analyses/unify/copy_path.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyses/common/fs_tree.h"
#include "analyses/unify/copy_meta.h"
#include "analyses/unify/pass.h"

static const char *env_value(const struct copy_input *in, const char *name)
{
	for (size_t i = 0; i < in->n_env; i++)
		if (strcmp(in->env[i].name, name) == 0)
			return in->env[i].value;
	return NULL;
}

/* LTTng writes each stream in time order; so does unify. Other writers may not. */
static bool written_in_order(const struct copy_input *in)
{
	const char *tracer = env_value(in, "tracer_name");

	return (tracer && strncmp(tracer, "\"lttng", 6) == 0) || env_value(in, "hsatrace_unified");
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

/* Merges the metadata of `dir` and checks its packets (without writing). 0, 1 or -1. */
static int add_input(struct copy_meta *m, const char *dir, bool with_env, char *why,
		     size_t size)
{
	struct copy_counts scratch = { 0 };
	char reason[400];
	int r;

	if (copy_meta_add(m, dir, with_env, reason, sizeof(reason)) != 0) {
		snprintf(why, size, "%s: %s", dir, reason);
		return 1;
	}
	if (with_env && !written_in_order(&m->inputs[m->n_inputs - 1])) {
		snprintf(why, size, "%s: not written by LTTng nor by hsatrace unify (the time order "
			 "of its events is only known by decoding them)", dir);
		return 1;
	}
	r = copy_stream_input(m, m->n_inputs - 1, NULL, true, &scratch, reason, sizeof(reason));
	if (r > 0)
		snprintf(why, size, "%s", reason);
	return r;
}

/* The synthesized events, alone, in a trace of their own at gpu_dir (none: no folder). */
static int write_gpu_events(const char *const *paths, size_t n, struct unify_params *params,
			    const char *gpu_dir)
{
	struct unify_params p = *params;
	bt_graph *g = NULL;

	p.gpu_only = true;
	if (pass_run(paths, n, &p, gpu_dir, &g) != 0) {
		bt_graph_put_ref(g);
		return -1;
	}
	bt_graph_put_ref(g);
	return 0;
}

static bool has_metadata(const char *dir)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/metadata", dir);
	return access(path, F_OK) == 0;
}

static int copy_all(const struct copy_meta *m, const char *stage_dir,
		    const struct unify_params *params, struct copy_result *result, char *why,
		    size_t size)
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
		int r = copy_stream_input(m, i, stage_dir, false, &result->counts, why, size);

		if (r != 0)
			return -1;	/* checked before: a change under our feet */
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

int copy_path_write(struct unify_job *job, const char *const *paths, size_t n,
		    struct unify_params *params, bool keep_clocks, const char *stage_dir,
		    struct copy_result *result, char *why, size_t why_size)
{
	struct copy_meta m;
	char *gpu_dir = NULL;
	int ret;

	*result = (struct copy_result){ .traces = n };
	if ((ret = refuse_job(job, why, why_size)) != 0)
		return ret;
	copy_meta_init(&m);
	for (size_t i = 0; i < n; i++)
		if ((ret = add_input(&m, paths[i], true, why, why_size)) != 0)
			goto end;
	if (!keep_clocks && (ret = refuse_clocks(&m, why, why_size)) != 0)
		goto end;
	ret = -1;
	if (asprintf(&gpu_dir, "%s-gpu", stage_dir) < 0) {
		gpu_dir = NULL;
		goto end;
	}
	if (write_gpu_events(paths, n, params, gpu_dir) != 0)
		goto end;
	if (has_metadata(gpu_dir) && (ret = add_input(&m, gpu_dir, false, why, why_size)) != 0)
		goto end;
	if (!keep_clocks && (ret = refuse_clocks(&m, why, why_size)) != 0)
		goto end;
	ret = copy_all(&m, stage_dir, params, result, why, why_size);
end:
	if (gpu_dir)
		fs_remove_tree(gpu_dir);
	free(gpu_dir);
	copy_meta_release(&m);
	return ret;
}
