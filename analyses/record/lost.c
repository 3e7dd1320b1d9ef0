#include "analyses/record/lost.h"

#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "analyses/record/progress.h"

struct left_on_disk {
	int streams, metadata;
	uint64_t stream_bytes;
};

static struct left_on_disk *walking;	/* nftw() has no user pointer */

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	const char *file = path + ftw->base;

	if (type != FTW_F || strstr(path, "/index/"))
		return 0;
	if (strcmp(file, "metadata") == 0) {
		walking->metadata++;
	} else if (st->st_size > 0) {
		walking->streams++;
		walking->stream_bytes += (uint64_t)st->st_size;
	}
	return 0;
}

void rec_describe_lost(const char *dir)
{
	struct left_on_disk left = { 0 };
	char size[32];

	walking = &left;
	nftw(dir, visit, 16, FTW_PHYS);
	walking = NULL;
	rec_format_bytes(left.stream_bytes, size, sizeof(size));
	if (left.streams == 0)
		fprintf(stderr, "hsatrace-record: nothing reached %s: every event was still in the "
			"buffers of the daemon's consumer, which died with it\n", dir);
	else if (left.metadata == 0)
		fprintf(stderr, "hsatrace-record: %d stream files (%s) reached %s without their "
			"metadata: they cannot be decoded\n", left.streams, size, dir);
	else
		fprintf(stderr, "hsatrace-record: %d stream files (%s) and the metadata reached %s; "
			"the events still in the buffers are lost and the metadata may be cut "
			"(`hsatrace unify` salvages what it can)\n", left.streams, size, dir);
}
