/* trace_salvage.c - see trace_salvage.h. */
#include "analyses/common/trace_salvage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/common/bt_probe.h"
#include "analyses/common/metadata_check.h"

struct dir_list {
	char **items;
	size_t n, cap;
};

static int append(void *data, const char *dir)
{
	struct dir_list *l = data;
	char *copy = strdup(dir);

	if (!copy)
		return -1;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 8;
		char **items = realloc(l->items, cap * sizeof(*items));

		if (!items) {
			free(copy);
			return -1;
		}
		l->items = items;
		l->cap = cap;
	}
	l->items[l->n++] = copy;
	return 0;
}

/* Rebuilds dirs: each folder replaced by what map(ctx, dir, out) appends (0, 1 or more). */
static int rebuild(char ***dirs, size_t *ndirs, int (*map)(void *ctx, const char *dir,
							  struct dir_list *out),
		   void *ctx, char *err, size_t err_size)
{
	struct dir_list out = { 0 };

	for (size_t i = 0; i < *ndirs; i++) {
		if (map(ctx, (*dirs)[i], &out) != 0) {
			snprintf(err, err_size, "out of memory while salvaging the trace");
			for (size_t k = 0; k < out.n; k++)
				free(out.items[k]);
			free(out.items);
			return -1;
		}
	}
	for (size_t i = 0; i < *ndirs; i++)
		free((*dirs)[i]);
	free(*dirs);
	*dirs = out.items;
	*ndirs = out.n;
	return 0;
}

/* Damaged metadata makes babeltrace2 spin: never opened (trace_check said so). */
static int keep_sound_metadata(void *ctx, const char *dir, struct dir_list *out)
{
	char why[256];

	(void)ctx;
	return ctf_metadata_check(dir, why, sizeof(why)) != 0 ? 0 : append(out, dir);
}

int trace_salvage_drop_damaged_metadata(char ***dirs, size_t *ndirs, char *err, size_t err_size)
{
	return rebuild(dirs, ndirs, keep_sound_metadata, NULL, err, err_size);
}

static int salvage_dir(void *ctx, const char *dir, struct dir_list *out)
{
	struct salvage *sv = ctx;
	int n;

	if (bt_probe_trace_opens(dir))
		return append(out, dir);
	bt_probe_warn_refused(sv->prog, dir);
	n = salvage_trace(sv, dir, bt_probe_trace_opens_quietly, append, out);
	if (n < 0)
		return -1;
	/* Nothing readable (its metadata, say): kept, so that reading it says why. */
	return n == 0 ? append(out, dir) : 0;
}

int trace_salvage_dirs(struct salvage *sv, char ***dirs, size_t *ndirs, char *err,
		       size_t err_size)
{
	return rebuild(dirs, ndirs, salvage_dir, sv, err, err_size);
}
