#include "analyses/unify/job.h"

#include <stdlib.h>
#include <string.h>

#include "analyses/unify/pass.h"

/* Stream files of the channel hsatrace record gives hsa_activity and hsa_meta events. */
#define ACTIVITY_STREAM_PREFIX "hsatrace_activity_"

void unify_job_init(struct unify_job *j)
{
	*j = (struct unify_job){ 0 };
	trace_list_init(&j->traces);
	salvage_init(&j->salvage);
	gpu_store_init(&j->gpu);
}

void unify_job_release(struct unify_job *j)
{
	gpu_store_release(&j->gpu);
	salvage_release(&j->salvage);
	trace_list_release(&j->traces);
	free(j->paths);
	*j = (struct unify_job){ 0 };
}

/* Opens every trace found; a trace that does not open whole is read stream by stream. */
static int open_traces(struct unify_job *j)
{
	size_t n = j->traces.n;

	for (size_t i = 0; i < n; i++) {
		struct trace_dir *d = &j->traces.dirs[i];
		char *path;
		unsigned run;
		int r;

		d->readable = pass_trace_is_readable(d->path);
		if (d->readable)
			continue;
		j->skipped_traces++;
		/* The list may grow (and move): copy what salvage needs first. */
		path = strdup(d->path);
		run = d->run;
		r = path ? salvage_trace(&j->salvage, &j->traces, path, run, pass_trace_opens) : -1;
		free(path);
		if (r < 0)
			return -1;
	}
	for (size_t i = n; i < j->traces.n; i++)
		j->traces.dirs[i].readable = true;
	return 0;
}

int unify_job_find(struct unify_job *j, const char *const *inputs, size_t n_inputs,
		   const char *const *passes, size_t n_passes)
{
	for (size_t i = 0; i < n_inputs; i++) {
		trace_check_tree(inputs[i], "hsatrace-unify", &j->damage);
		if (trace_list_add(&j->traces, inputs[i], false) < 0)
			return -1;
	}
	for (size_t i = 0; i < n_passes; i++) {
		trace_check_tree(passes[i], "hsatrace-unify", &j->damage);
		if (trace_list_add(&j->traces, passes[i], true) < 0)
			return -1;
	}
	if (open_traces(j) != 0)
		return -1;
	free(j->paths);
	j->paths = calloc(j->traces.n + 1, sizeof(*j->paths));
	return j->paths ? 0 : -1;
}

/* hsatrace record writes GPU activity to a channel of its own: the first pass reads only
 * those streams when the trace has them (and they open on their own). */
static void find_activity_streams(struct unify_job *j)
{
	for (size_t i = 0; i < j->traces.n; i++) {
		struct trace_dir *d = &j->traces.dirs[i];

		if (!d->readable || !d->has_hsa_activity || d->activity_path)
			continue;
		d->activity_path = salvage_subset(&j->salvage, d->path, ACTIVITY_STREAM_PREFIX);
		if (d->activity_path && !pass_trace_opens(d->activity_path)) {
			free(d->activity_path);
			d->activity_path = NULL;
		}
	}
}

static size_t select_paths(struct unify_job *j, unsigned run, bool collect)
{
	size_t n = 0;

	for (size_t i = 0; i < j->traces.n; i++) {
		const struct trace_dir *d = &j->traces.dirs[i];

		if (!d->readable || d->run != run || (collect && !d->has_hsa_activity))
			continue;
		j->paths[n++] = collect && d->activity_path ? d->activity_path : d->path;
	}
	return n;
}

int unify_job_collect(struct unify_job *j, FILE *report)
{
	find_activity_streams(j);
	for (unsigned run = 0; run <= j->traces.n_runs; run++) {
		struct unify_params p = { .mode = UNIFY_COLLECT, .gpu = &j->gpu,
					  .counts = &j->collect_counts };
		size_t n = select_paths(j, run, true);
		bt_graph *g;

		if (!n)
			continue;
		j->gpu.current_run = run;
		if (pass_run(j->paths, n, &p, NULL, &g) != 0)
			return -1;
		/* The gpu_store keeps what it needs (values and event classes). */
		bt_graph_put_ref(g);
	}
	return gpu_store_finish(&j->gpu, report);
}

size_t unify_job_base_paths(struct unify_job *j, const char *const **paths)
{
	size_t n = select_paths(j, 0, false);

	*paths = j->paths;
	return n;
}
