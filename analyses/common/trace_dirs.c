/* Finding the CTF trace folders under a path: every folder holding a `metadata` file. */
#include "analyses/common/trace_read.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct dir_list {
	char **items;
	size_t count, alloc;
};

static int dir_list_add(struct dir_list *l, const char *path)
{
	if (l->count == l->alloc) {
		size_t n = l->alloc ? l->alloc * 2 : 8;
		char **p = realloc(l->items, n * sizeof(*p));

		if (!p)
			return -1;
		l->items = p;
		l->alloc = n;
	}
	l->items[l->count] = strdup(path);
	if (!l->items[l->count])
		return -1;
	l->count++;
	return 0;
}

static int is_regular(const char *dir, const char *name)
{
	char path[4096];
	struct stat st;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return 0;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A trace folder is not searched further: its subfolders (e.g. `index/`) are its own. */
static int walk(const char *dir, struct dir_list *out, int depth)
{
	DIR *d;
	struct dirent *e;
	int ret = 0;

	if (is_regular(dir, "metadata"))
		return dir_list_add(out, dir);
	if (depth > 16)
		return 0;
	d = opendir(dir);
	if (!d)
		return 0; /* unreadable subfolders are not traces; the caller checks the root */
	while ((e = readdir(d)) && ret == 0) {
		char sub[4096];
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(sub, sizeof(sub), "%s/%s", dir, e->d_name) >= sizeof(sub))
			continue;
		if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
			ret = walk(sub, out, depth + 1);
	}
	closedir(d);
	return ret;
}

static int compare_paths(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void trace_dirs_free(char **dirs, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(dirs[i]);
	free(dirs);
}

int trace_find_dirs(const char *path, char ***dirs, size_t *count, char *err, size_t err_size)
{
	struct dir_list list = { 0 };
	struct stat st;
	char root[4096];
	size_t len;

	*dirs = NULL;
	*count = 0;
	if (stat(path, &st) != 0) {
		snprintf(err, err_size, "cannot open trace '%s': %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, err_size, "trace '%s' is not a folder", path);
		return -1;
	}
	snprintf(root, sizeof(root), "%s", path);
	len = strlen(root);
	while (len > 1 && root[len - 1] == '/')
		root[--len] = '\0';
	if (walk(root, &list, 0)) {
		trace_dirs_free(list.items, list.count);
		snprintf(err, err_size, "out of memory while searching '%s'", path);
		return -1;
	}
	if (list.count == 0) {
		free(list.items);
		snprintf(err, err_size, "no CTF trace (folder with a 'metadata' file) under '%s'",
			 path);
		return -1;
	}
	qsort(list.items, list.count, sizeof(*list.items), compare_paths);
	*dirs = list.items;
	*count = list.count;
	return 0;
}
