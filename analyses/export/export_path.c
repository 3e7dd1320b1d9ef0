/* export_path - temporary outputs renamed into place, never over an output without --force. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyses/export/export_path.h"

int export_path_check(const char *path, int force, char *err, size_t err_size)
{
	struct stat st;

	if (force || lstat(path, &st) != 0)
		return 0;
	snprintf(err, err_size, "'%s' exists (--force replaces it)", path);
	return -1;
}

char *export_path_tmp(const char *path, char *err, size_t err_size)
{
	size_t n = strlen(path) + 32;
	char *tmp = malloc(n);

	if (!tmp) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	snprintf(tmp, n, "%s.tmp-%ld", path, (long)getpid());
	return tmp;
}

int export_path_remove_dir(const char *dir)
{
	char file[PATH_MAX];
	struct dirent *e;
	DIR *d = opendir(dir);
	int ret = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(file, sizeof(file), "%s/%s", dir, e->d_name);
		if (unlink(file))
			ret = -1;
	}
	closedir(d);
	return ret || rmdir(dir) ? -1 : 0;
}

int export_path_commit(const char *tmp, const char *path, int force, char *err,
		       size_t err_size)
{
	struct stat st, tmp_st;

	if (export_path_check(path, force, err, err_size))
		return -1;
	/* rename() replaces a file, not a folder that holds files: remove the old one first. */
	if (stat(tmp, &tmp_st) == 0 && S_ISDIR(tmp_st.st_mode) && lstat(path, &st) == 0 &&
	    S_ISDIR(st.st_mode) && export_path_remove_dir(path)) {
		snprintf(err, err_size, "cannot replace '%s': %s", path, strerror(errno));
		return -1;
	}
	if (rename(tmp, path)) {
		snprintf(err, err_size, "cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	return 0;
}
