#include "analyses/record/progress.h"

#include <ftw.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyses/record/discarded.h"

#define TICKS_PER_UPDATE 5	/* of CHILD_TICK_MS: two updates a second */

static uint64_t walked_bytes;	/* nftw() has no user pointer */

static int add_size(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)path;
	(void)ftw;
	if (type == FTW_F)
		walked_bytes += (uint64_t)st->st_size;
	return 0;
}

uint64_t rec_folder_bytes(const char *dir)
{
	walked_bytes = 0;
	if (nftw(dir, add_size, 16, FTW_PHYS) != 0)
		return 0;
	return walked_bytes;
}

void rec_format_bytes(uint64_t bytes, char *buf, size_t size)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	double v = (double)bytes;
	int u = 0;

	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	snprintf(buf, size, u ? "%.1f %s" : "%.0f %s", v, units[u]);
}

void rec_progress_begin(struct rec_progress *p, const char *dir)
{
	*p = (struct rec_progress){ .on = isatty(STDERR_FILENO) == 1, .dir = dir };
	clock_gettime(CLOCK_MONOTONIC, &p->start);
}

void rec_progress_tick(struct rec_progress *p)
{
	struct timespec now;
	struct rec_discarded d;
	char size[32] = "";
	double elapsed;

	if (!p->on || ++p->ticks % TICKS_PER_UPDATE != 0)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	elapsed = (double)(now.tv_sec - p->start.tv_sec) +
		  (double)(now.tv_nsec - p->start.tv_nsec) / 1e9;
	if (p->dir)
		rec_format_bytes(rec_folder_bytes(p->dir), size, sizeof(size));
	if (!p->dir || rec_discarded_read(p->dir, &d) != 0)
		d = (struct rec_discarded){ 0 };
	/* \033[K: erase what a longer earlier line left */
	fprintf(stderr, "\rhsatrace record: recording %.1f s%s%s, %llu events discarded\033[K",
		elapsed, p->dir ? ", " : "", size, (unsigned long long)rec_discarded_total(&d));
	fflush(stderr);
	p->shown = true;
}

void rec_progress_end(struct rec_progress *p)
{
	if (p->shown)
		fprintf(stderr, "\r\033[K");
	p->shown = false;
}
