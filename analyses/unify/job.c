#include "analyses/unify/job.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/common/metadata_check.h"
#include "analyses/unify/pass.h"

/* Stream files of the channel hsatrace record gives hsa_activity and hsa_meta events. */
#define ACTIVITY_STREAM_PREFIX "hsatrace_activity_"

void unify_job_init(struct unify_job *j)
{
	*j = (struct unify_job){ 0 };
	trace_list_init(&j->traces);
	salvage_init(&j->salvage, "hsatrace unify");
	gpu_store_init(&j->gpu);
}

void unify_job_release(struct unify_job *j)
{
	gpu_store_release(&j->gpu);
	salvage_release(&j->salvage);
	trace_list_release(&j->traces);
	free(j->paths);
	free(j->env);
	free(j->env_names);
	*j = (struct unify_job){ 0 };
}

/* Where salvage puts a readable part of a trace: the job's list, in the trace's run. */
struct salvage_target {
	struct trace_list *list;
	unsigned run;
};

static int add_salvaged(void *data, const char *dir)
{
	struct salvage_target *t = data;

	return trace_list_add_dir(t->list, dir, t->run);
}

static int salvage_into_list(struct unify_job *j, const char *path, unsigned run)
{
	struct salvage_target t = { &j->traces, run };

	return salvage_trace(&j->salvage, path, pass_trace_opens, add_salvaged, &t);
}

/* Opens every trace found; a trace that does not open whole is read stream by stream. */
static int open_traces(struct unify_job *j)
{
	size_t n = j->traces.n;

	for (size_t i = 0; i < n; i++) {
		struct trace_dir *d = &j->traces.dirs[i];
		size_t label, first_added = j->traces.n;
		char *path, why[256];
		unsigned run;
		int r;

		/* Damaged metadata makes babeltrace2 spin: never opened (trace_check said so). */
		if (ctf_metadata_check(d->path, why, sizeof(why)) != 0) {
			d->readable = false;
			j->skipped_traces++;
			continue;
		}
		d->readable = pass_trace_is_readable(d->path);
		if (d->readable)
			continue;
		j->skipped_traces++;
		/* The list may grow (and move): copy what salvage needs first. */
		path = strdup(d->path);
		run = d->run;
		label = d->label;
		r = path ? salvage_into_list(j, path, run) : -1;
		free(path);
		if (r < 0)
			return -1;
		for (size_t k = first_added; k < j->traces.n; k++)
			j->traces.dirs[k].label = label;
	}
	for (size_t i = n; i < j->traces.n; i++)
		j->traces.dirs[i].readable = true;
	return 0;
}

int unify_job_find(struct unify_job *j, const char *const *inputs, size_t n_inputs,
		   const char *const *passes, size_t n_passes)
{
	for (size_t i = 0; i < n_inputs; i++) {
		trace_check_tree(inputs[i], "hsatrace unify", &j->damage);
		if (trace_list_add(&j->traces, inputs[i], false) < 0)
			return -1;
	}
	for (size_t i = 0; i < n_passes; i++) {
		trace_check_tree(passes[i], "hsatrace unify", &j->damage);
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
		if (d->activity_path && !pass_trace_opens_kept(d->activity_path)) {
			free(d->activity_path);
			d->activity_path = NULL;
		}
	}
}

/* The readable traces of `run`, or (collect) those with GPU activity of one `label`. */
static size_t select_paths(struct unify_job *j, unsigned run, size_t label, bool collect)
{
	size_t n = 0;

	for (size_t i = 0; i < j->traces.n; i++) {
		const struct trace_dir *d = &j->traces.dirs[i];

		if (!d->readable || d->run != run || (collect && !d->has_hsa_activity) ||
		    (collect && d->label != label))
			continue;
		j->paths[n++] = collect && d->activity_path ? d->activity_path : d->path;
	}
	return n;
}

/* One graph per recording and per pass, so each one's trace_info versions are its own. */
int unify_job_collect(struct unify_job *j, FILE *report)
{
	find_activity_streams(j);
	for (size_t label = 0; label < j->traces.n_labels; label++) {
		struct unify_params p = { .mode = UNIFY_COLLECT, .gpu = &j->gpu,
					  .counts = &j->collect_counts };
		unsigned run = j->traces.labels[label].run;
		size_t n = select_paths(j, run, label, true);
		bt_graph *g;

		if (!n)
			continue;
		j->gpu.current_run = run;
		if (gpu_store_set_label(&j->gpu, label) != 0 ||
		    pass_run(j->paths, n, &p, NULL, &g) != 0)
			return -1;
		/* The gpu_store keeps what it needs (values and event classes). */
		bt_graph_put_ref(g);
	}
	return gpu_store_finish(&j->gpu, report);
}

size_t unify_job_base_paths(struct unify_job *j, const char *const **paths)
{
	size_t n = select_paths(j, 0, 0, false);

	*paths = j->paths;
	return n;
}

static void add_env(struct unify_job *j, const char *name, const char *value)
{
	j->env[j->n_env++] = (struct unify_env_entry){ name, value };
}

int unify_job_env(struct unify_job *j, const char *version, const struct unify_env_entry *extra,
		  size_t n_extra)
{
	size_t n_runs = j->gpu.n_run_versions < j->traces.n_labels ?
		j->gpu.n_run_versions : j->traces.n_labels;

	free(j->env);
	free(j->env_names);
	j->n_env = 0;
	j->env = calloc(4 + 2 * n_runs + n_extra, sizeof(*j->env));
	j->env_names = calloc(2 * n_runs + 1, sizeof(*j->env_names));
	if (!j->env || !j->env_names)
		return -1;
	add_env(j, "hsatrace_version", version);
	add_env(j, "hsatrace_runs", j->traces.runs_desc ? j->traces.runs_desc : "");
	add_env(j, "hsatrace_schema_version", j->gpu.schema_versions);
	add_env(j, "hsatrace_tracer_version", j->gpu.tracer_versions);
	for (size_t i = 0; i < n_runs; i++) {
		const struct gpu_run_versions *v = &j->gpu.run_versions[i];
		char *schema_name = j->env_names[2 * i], *tracer_name = j->env_names[2 * i + 1];

		snprintf(schema_name, sizeof(j->env_names[0]), "hsatrace_%s_schema_version",
			 j->traces.labels[i].name);
		snprintf(tracer_name, sizeof(j->env_names[0]), "hsatrace_%s_tracer_version",
			 j->traces.labels[i].name);
		if (v->schema[0])
			add_env(j, schema_name, v->schema);
		if (v->tracer[0])
			add_env(j, tracer_name, v->tracer);
	}
	for (size_t i = 0; i < n_extra; i++)
		add_env(j, extra[i].name, extra[i].value);
	return 0;
}

void unify_job_warn_versions(const struct unify_job *j, FILE *out)
{
	const char *first = NULL;
	bool differ = false;
	size_t n_runs = j->gpu.n_run_versions < j->traces.n_labels ?
		j->gpu.n_run_versions : j->traces.n_labels;

	for (size_t i = 0; i < n_runs; i++) {
		const char *schema = j->gpu.run_versions[i].schema;

		if (!schema[0])
			continue;
		differ |= first && strcmp(first, schema) != 0;
		if (!first)
			first = schema;
	}
	if (!differ)
		return;
	fprintf(out, "hsatrace unify: warning: the inputs were recorded with different "
		"event-schema versions:");
	for (size_t i = 0; i < n_runs; i++)
		if (j->gpu.run_versions[i].schema[0])
			fprintf(out, " %s=%s", j->traces.labels[i].name, j->gpu.run_versions[i].schema);
	fprintf(out, " (each kept in the environment as hsatrace_<run>_schema_version)\n");
}
