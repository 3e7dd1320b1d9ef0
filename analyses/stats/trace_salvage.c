/* trace_salvage.c - see trace_salvage.h. */
#include "analyses/stats/trace_salvage.h"

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

int trace_salvage_dirs(struct salvage *sv, char ***dirs, size_t *ndirs, char *err,
		       size_t err_size)
{
	struct dir_list out = { 0 };
	int n, ret = -1;

	for (size_t i = 0; i < *ndirs; i++) {
		char why[256];

		/* Damaged metadata makes babeltrace2 spin: never opened (trace_check said so). */
		if (ctf_metadata_check((*dirs)[i], why, sizeof(why)) != 0)
			continue;
		if (bt_probe_trace_opens((*dirs)[i])) {
			if (append(&out, (*dirs)[i]) != 0)
				goto end;
			continue;
		}
		bt_probe_warn_refused(sv->prog, (*dirs)[i]);
		n = salvage_trace(sv, (*dirs)[i], bt_probe_trace_opens_quietly, append, &out);
		if (n < 0)
			goto end;
		/* Nothing readable (its metadata, say): kept, so that reading it says why. */
		if (n == 0 && append(&out, (*dirs)[i]) != 0)
			goto end;
	}
	ret = 0;
end:
	if (ret != 0) {
		snprintf(err, err_size, "out of memory while salvaging the trace");
		for (size_t i = 0; i < out.n; i++)
			free(out.items[i]);
		free(out.items);
		return -1;
	}
	for (size_t i = 0; i < *ndirs; i++)
		free((*dirs)[i]);
	free(*dirs);
	*dirs = out.items;
	*ndirs = out.n;
	return 0;
}
