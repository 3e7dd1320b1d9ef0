#include "analyses/record/lost.h"

#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "analyses/record/hsa_check.h"
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

uint64_t rec_describe_lost(const char *dir, char *what, size_t size)
{
	struct left_on_disk left = { 0 };
	struct rec_trace_look look;
	char bytes[32];

	walking = &left;
	nftw(dir, visit, 16, FTW_PHYS);
	walking = NULL;
	rec_format_bytes(left.stream_bytes, bytes, sizeof(bytes));
	if (left.streams == 0) {
		snprintf(what, size, "nothing reached %s: every event was still in the buffers of "
			 "the daemon's consumer, which died with it", dir);
		return 0;
	}
	if (left.metadata == 0) {
		snprintf(what, size, "%d stream files (%s) reached %s without their metadata: "
			 "they cannot be decoded", left.streams, bytes, dir);
		return 0;
	}
	if (rec_trace_look(dir, false, &look) == 0 && look.events > 0) {
		snprintf(what, size, "the %llu events that reached %s read (%d stream files, %s); "
			 "the events still in the daemon's buffers are lost",
			 (unsigned long long)look.events, dir, left.streams, bytes);
		return look.events;
	}
	snprintf(what, size, "%d stream files (%s) and the metadata reached %s but do not read "
		 "to the end (cut metadata or packets): `hsatrace unify` keeps the intact packets",
		 left.streams, bytes, dir);
	return 0;
}
