#include "analyses/unify/out_stage.h"

#include <errno.h>
#include <ftw.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "analyses/common/fs_tree.h"

#define PROG "hsatrace unify: "
/* Below this, a file system counts as full: the sink's next buffer would not fit. */
#define FULL_BELOW_BYTES (64u * 1024)

int out_stage_init(struct out_stage *st, const char *out_path)
{
	st->out_path = out_path;
	if (asprintf(&st->tmp_path, "%s.tmp-%ld", out_path, (long)getpid()) < 0) {
		st->tmp_path = NULL;
		fprintf(stderr, PROG "out of memory\n");
		return -1;
	}
	/* Whether the folder can be written at all (permissions, read-only, no such parent):
	 * said now, with the system's reason, rather than as a babeltrace2 failure later. */
	if (mkdir(st->tmp_path, 0777) != 0 || rmdir(st->tmp_path) != 0) {
		fprintf(stderr, PROG "cannot write the unified trace there: path=%s: %s\n",
			out_path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Free bytes for an unprivileged writer on the file system of out_path's folder, or -1. */
static int64_t free_bytes(const char *out_path)
{
	char *copy = strdup(out_path);
	struct statvfs vfs;
	int64_t avail = -1;

	if (copy && statvfs(dirname(copy), &vfs) == 0)
		avail = (int64_t)((uint64_t)vfs.f_bavail * vfs.f_frsize);
	free(copy);
	return avail;
}

int out_stage_check_space(const struct out_stage *st, uint64_t need_bytes)
{
	int64_t avail = free_bytes(st->out_path);

	if (avail < 0 || (uint64_t)avail >= need_bytes)
		return 0;
	fprintf(stderr, PROG "not enough space to write the unified trace: path=%s needs about "
		"%llu bytes, %lld free (No space left on device)\n", st->out_path,
		(unsigned long long)need_bytes, (long long)avail);
	return -1;
}

int out_stage_disk_full(const struct out_stage *st)
{
	int64_t avail = free_bytes(st->out_path);

	return avail >= 0 && avail < FULL_BELOW_BYTES;
}

int out_stage_commit(struct out_stage *st)
{
	/* An existing OUT was checked to be an empty folder. */
	if (rmdir(st->out_path) != 0 && errno != ENOENT) {
		fprintf(stderr, PROG "failed to replace the empty output folder: path=%s: %s\n",
			st->out_path, strerror(errno));
		return -1;
	}
	if (rename(st->tmp_path, st->out_path) != 0) {
		fprintf(stderr, PROG "failed to move the unified trace into place: path=%s: %s\n",
			st->out_path, strerror(errno));
		return -1;
	}
	return 0;
}

void out_stage_abort(struct out_stage *st)
{
	if (st->tmp_path)
		fs_remove_tree(st->tmp_path);
}

void out_stage_release(struct out_stage *st)
{
	free(st->tmp_path);
	st->tmp_path = NULL;
}

static uint64_t tree_total;

static int add_size(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)path;
	(void)ftw;
	if (flag == FTW_F)
		tree_total += (uint64_t)sb->st_size;
	return 0;
}

uint64_t out_stage_tree_bytes(const char *path)
{
	tree_total = 0;	/* nftw has no user pointer; unify is single-threaded here */
	nftw(path, add_size, 16, FTW_PHYS);
	return tree_total;
}
