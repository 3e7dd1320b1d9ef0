#include "analyses/unify/inputs.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The environment entry unify writes in its output (main.c, plugin.c). */
#define UNIFIED_ENV_NAME "hsatrace_unified"

void trace_list_init(struct trace_list *l)
{
	*l = (struct trace_list){ 0 };
}

void trace_list_release(struct trace_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->dirs[i].path);
		free(l->dirs[i].activity_path);
	}
	free(l->dirs);
	free(l->labels);
	free(l->runs_desc);
	*l = (struct trace_list){ 0 };
}

/* Whether the file contains `needle` (metadata may be packetized: names stay plain text,
 * and a name split by a packet boundary is found in one of its many other mentions). */
static bool file_contains(const char *path, const char *needle)
{
	FILE *f = fopen(path, "rb");
	char buf[65536 + 64];
	size_t keep = 0, n, nlen = strlen(needle);
	bool found = false;

	if (!f)
		return false;
	while (!found && (n = fread(buf + keep, 1, sizeof(buf) - 64 - keep, f)) > 0) {
		size_t len = keep + n;

		found = memmem(buf, len, needle, nlen) != NULL;
		keep = len < nlen ? len : nlen - 1;
		memmove(buf, buf + len - keep, keep);
	}
	fclose(f);
	return found;
}

static int add_trace(struct trace_list *l, const char *path, unsigned run)
{
	char meta[4096];

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;
		struct trace_dir *d = realloc(l->dirs, cap * sizeof(*d));

		if (!d)
			return -1;
		l->dirs = d;
		l->cap = cap;
	}
	snprintf(meta, sizeof(meta), "%s/metadata", path);
	l->dirs[l->n].path = strdup(path);
	if (!l->dirs[l->n].path)
		return -1;
	l->dirs[l->n].run = run;
	l->dirs[l->n].label = l->n_labels;
	l->dirs[l->n].activity_path = NULL;
	l->dirs[l->n].readable = false;
	l->dirs[l->n].has_hsa_activity = file_contains(meta, "hsa_activity");
	l->n++;
	return 0;
}

int trace_list_add_dir(struct trace_list *l, const char *path, unsigned run)
{
	return add_trace(l, path, run);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* An earlier unify output kept inside a recording: reading it would double every event. */
static int skip_unified(struct trace_list *l, const char *path)
{
	if (l->unified_skipped++ == 0)
		fprintf(stderr, "hsatrace unify: warning: skipping unified traces found inside "
			"the inputs (earlier unify outputs, not read again): first=%s\n", path);
	return 0;
}

/* Depth-first, sorted, so the order of traces (and of their streams) is reproducible. */
static int walk(struct trace_list *l, const char *path, unsigned run, int depth)
{
	char sub[4096];
	struct stat st;
	DIR *d;
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int found = 0;

	snprintf(sub, sizeof(sub), "%s/metadata", path);
	if (stat(sub, &st) == 0 && S_ISREG(st.st_mode)) {
		if (depth > 0 && file_contains(sub, UNIFIED_ENV_NAME))
			return skip_unified(l, path);
		return add_trace(l, path, run) == 0 ? 1 : -1;
	}
	if (depth > 8 || !(d = opendir(path)))
		return 0;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || strcmp(e->d_name, "index") == 0)
			continue;
		if (n == cap) {
			char **nn = realloc(names, (cap = cap ? cap * 2 : 16) * sizeof(*nn));

			if (!nn)
				break;
			names = nn;
		}
		names[n] = strdup(e->d_name);
		if (names[n])
			n++;
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(*names), cmp_names);
	for (size_t i = 0; i < n; i++) {
		int r;

		snprintf(sub, sizeof(sub), "%s/%s", path, names[i]);
		if (stat(sub, &st) == 0 && S_ISDIR(st.st_mode)) {
			r = walk(l, sub, run, depth + 1);
			if (r < 0)
				found = -1;
			else if (found >= 0)
				found += r;
		}
		free(names[i]);
	}
	free(names);
	return found;
}

/* Names the traces just found: each input recording is a run of its own name (they all
 * make the base run), each counter pass is named after its run number. */
static int describe_run(struct trace_list *l, unsigned run, const char *path)
{
	size_t old = l->runs_desc ? strlen(l->runs_desc) : 0;
	size_t add = strlen(path) + 32, n_recordings = 0;
	struct run_label *labels = realloc(l->labels, (l->n_labels + 1) * sizeof(*labels));
	struct run_label *label;
	char *s;

	if (!labels)
		return -1;
	l->labels = labels;
	for (size_t i = 0; i < l->n_labels; i++)
		n_recordings += labels[i].run == 0;
	label = &labels[l->n_labels++];
	label->run = run;
	if (run)
		snprintf(label->name, sizeof(label->name), "pass%u", run);
	else
		snprintf(label->name, sizeof(label->name), "run%zu", n_recordings);
	s = realloc(l->runs_desc, old + add);
	if (!s)
		return -1;
	snprintf(s + old, add, "%s%s=%s", old ? ";" : "", label->name, path);
	l->runs_desc = s;
	return 0;
}

static int add_run(struct trace_list *l, const char *path, unsigned run)
{
	int found = walk(l, path, run, 0);

	if (found == 0)
		fprintf(stderr, "hsatrace unify: no CTF trace (no metadata file) under: path=%s\n",
			path);
	if (found > 0 && describe_run(l, run, path) != 0)
		return -1;
	return found;
}

/* A `hsatrace record --passes` output: one pass folder per line of hsatrace-passes. */
static int add_manifest(struct trace_list *l, const char *path, FILE *f, bool counters_only)
{
	char line[1024];
	int total = 0;
	bool first = true;

	while (fgets(line, sizeof(line), f)) {
		char sub[4096];
		int r;

		line[strcspn(line, " \t\r\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, line);
		r = add_run(l, sub, (first && !counters_only) ? 0 : ++l->n_runs);
		first = false;
		if (r < 0)
			return -1;
		total += r;
	}
	return total;
}

int trace_list_add(struct trace_list *l, const char *path, bool counters_only)
{
	char manifest[4096];
	struct stat st;
	FILE *f;
	int r;

	if (stat(path, &st) != 0) {
		fprintf(stderr, "hsatrace unify: cannot read input: path=%s (%s)\n", path,
			strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "hsatrace unify: input is not a folder: path=%s\n", path);
		return -1;
	}
	snprintf(manifest, sizeof(manifest), "%s/hsatrace-passes", path);
	f = fopen(manifest, "r");
	if (f) {
		r = add_manifest(l, path, f, counters_only);
		fclose(f);
		return r;
	}
	return add_run(l, path, counters_only ? ++l->n_runs : 0);
}
