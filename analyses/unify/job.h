/*
 * job - what both front ends of unify (the hsatrace-unify program and the babeltrace2
 * plugin's filter) do before writing: find the traces of the base run and of the counter
 * passes, open or salvage them, and collect the GPU activity records (first pass).
 */
#ifndef HSATRACE_UNIFY_JOB_H
#define HSATRACE_UNIFY_JOB_H

#include <stdio.h>

#include "analyses/common/trace_check.h"
#include "analyses/unify/gpu_store.h"
#include "analyses/unify/inputs.h"
#include "analyses/common/salvage.h"
#include "analyses/unify/unify_filter.h"

struct unify_job {
	struct trace_list traces;
	struct salvage salvage;
	struct gpu_store gpu;
	struct unify_counts collect_counts;
	size_t skipped_traces;	/* traces that did not open whole */
	struct trace_check_counts damage; /* what the inputs' own files say is missing */
	const char **paths;	/* scratch list of paths handed to a pass */
	struct unify_env_entry *env;	/* built by unify_job_env */
	size_t n_env;
	char (*env_names)[64];	/* storage of env's per-run names */
};

void unify_job_init(struct unify_job *j);
void unify_job_release(struct unify_job *j);

/* Finds the traces of `inputs` (base run) and `passes` (counter passes); traces that do not
 * open whole are salvaged stream by stream. 0, or -1 with a message. */
int unify_job_find(struct unify_job *j, const char *const *inputs, size_t n_inputs,
		   const char *const *passes, size_t n_passes);

/* First pass over every run; matching and attachment reported on `report`. 0 or -1. */
int unify_job_collect(struct unify_job *j, FILE *report);

/* The environment entries of the output: hsatrace_version, hsatrace_runs, the schema and
 * tracer versions (all, and hsatrace_<run>_schema_version / _tracer_version per recording
 * and pass), then `extra`. Valid in j->env until release. 0 or -1 (memory). */
int unify_job_env(struct unify_job *j, const char *version, const struct unify_env_entry *extra,
		  size_t n_extra);

/* Warns on `out` when the recordings or passes were made with different schema versions. */
void unify_job_warn_versions(const struct unify_job *j, FILE *out);

/* The readable traces of the base run; *paths is valid until the next call or release. */
size_t unify_job_base_paths(struct unify_job *j, const char *const **paths);

#endif
