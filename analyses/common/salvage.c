#include "analyses/common/salvage.h"

#include <dirent.h>
#include <endian.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyses/common/fs_tree.h"
#include "analyses/common/packet_walk.h"

#define INDEX_MAGIC 0xC1F1DCC1u
#define MAX_CUTS 16

void salvage_init(struct salvage *sv, const char *prog)
{
	*sv = (struct salvage){ .prog = prog };
}

void salvage_release(struct salvage *sv)
{
	if (sv->root)
		fs_remove_tree(sv->root);
	free(sv->root);
	*sv = (struct salvage){ .prog = sv->prog };
}

/* Where to cut a stream file, and how many whole packets that keeps (0: not known). */
struct cut {
	uint64_t offset;
	size_t packets;
};

/* Ends of the complete packets listed in the LTTng index of `file`, descending. */
static size_t index_cuts(const char *trace, const char *file, uint64_t size, struct cut *cuts,
			 size_t *n_packets)
{
	char path[4200];
	FILE *f;
	uint32_t hdr[4];
	unsigned char entry[256];
	size_t n = 0;

	snprintf(path, sizeof(path), "%s/index/%s.idx", trace, file);
	f = fopen(path, "rb");
	if (!f)
		return 0;
	if (fread(hdr, sizeof(hdr), 1, f) == 1 && be32toh(hdr[0]) == INDEX_MAGIC &&
	    be32toh(hdr[3]) >= 16 && be32toh(hdr[3]) <= sizeof(entry)) {
		uint32_t len = be32toh(hdr[3]);
		uint64_t ends[4096];
		size_t m = 0;

		while (m < 4096 && fread(entry, len, 1, f) == 1) {
			uint64_t offset, bits;

			memcpy(&offset, entry, 8);
			memcpy(&bits, entry + 8, 8);
			offset = be64toh(offset);
			bits = be64toh(bits);
			if (offset + bits / 8 <= size && offset + bits / 8 > 0)
				ends[m++] = offset + bits / 8;
		}
		for (size_t i = m; i > 0 && n < MAX_CUTS; i--)
			cuts[n++] = (struct cut){ ends[i - 1], i };
		*n_packets = m;
	}
	fclose(f);
	return n;
}

/* Without an index or packet magic: sub-buffer sizes are powers of two, 4 KiB and up. */
static size_t guess_cuts(uint64_t size, struct cut *cuts)
{
	size_t n = 0;

	for (uint64_t s = 1u << 22; s >= 4096 && n < MAX_CUTS; s /= 2) {
		uint64_t cut = size / s * s;

		if (cut > 0 && cut < size && (n == 0 || cuts[n - 1].offset != cut))
			cuts[n++] = (struct cut){ cut, 0 };
	}
	return n;
}

/* Without an index: the ends of the packets that chain from the file's start, descending. */
static size_t walk_cuts(const char *file, uint64_t size, struct cut *cuts, size_t *n_packets)
{
	uint64_t ends[MAX_CUTS];
	size_t count = packet_walk(file, size, ends, MAX_CUTS);
	size_t have = count < MAX_CUTS ? count : MAX_CUTS, n = 0;

	for (size_t i = have; i > 0; i--)
		if (ends[i - 1] < size)
			cuts[n++] = (struct cut){ ends[i - 1], count - (have - i) };
	*n_packets = count;
	return n;
}

static int copy_prefix(const char *from, const char *to, uint64_t len)
{
	FILE *in = fopen(from, "rb");
	FILE *out = fopen(to, "wb");
	char buf[65536];
	int ret = -1;

	while (in && out && len > 0) {
		size_t want = len < sizeof(buf) ? (size_t)len : sizeof(buf);
		size_t got = fread(buf, 1, want, in);

		if (got == 0 || fwrite(buf, 1, got, out) != got)
			break;
		len -= got;
	}
	if (len == 0)
		ret = 0;
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		ret = -1;
	return ret;
}

static int make_root(struct salvage *sv)
{
	const char *tmp = getenv("TMPDIR");
	char buf[4096];

	if (sv->root)
		return 0;
	snprintf(buf, sizeof(buf), "%s/hsatrace-salvage.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(buf))
		return -1;
	sv->root = strdup(buf);
	return sv->root ? 0 : -1;
}

/* A new temporary trace folder holding a link to the metadata of `trace`. */
static int new_trace_dir(struct salvage *sv, const char *trace, char *dir, size_t size)
{
	char meta[4300], target[PATH_MAX + 16];

	if (make_root(sv) != 0)
		return -1;
	snprintf(dir, size, "%s/%u", sv->root, sv->next++);
	if (mkdir(dir, 0700) != 0)
		return -1;
	snprintf(meta, sizeof(meta), "%s/metadata", dir);
	if (!realpath(trace, target))
		return -1;
	strncat(target, "/metadata", sizeof(target) - strlen(target) - 1);
	return symlink(target, meta);
}

static void report_cut(const struct salvage *sv, const char *file, const struct cut *cut,
		       uint64_t size)
{
	char packets[64] = "";

	if (cut->packets)
		snprintf(packets, sizeof(packets), "%zu intact packets, ", cut->packets);
	fprintf(stderr, "%s: warning: stream cut at its last readable packet: "
		"file=%s kept=%s%llu/%llu bytes (%llu bytes dropped)\n", sv->prog, file, packets,
		(unsigned long long)cut->offset, (unsigned long long)size,
		(unsigned long long)(size - cut->offset));
}

/* Tries one stream file alone, whole then cut. 1: added, 0: unreadable, -1: error. */
struct salvage_sink {
	bool (*readable)(const char *path);
	int (*add)(void *data, const char *dir);
	void *data;
};

static int salvage_stream(struct salvage *sv, const struct salvage_sink *to, const char *trace,
			  const char *file, uint64_t size)
{
	char dir[4200], src[4200], dst[8400], target[PATH_MAX];
	struct cut cuts[MAX_CUTS];
	size_t n, n_packets = 0;

	if (new_trace_dir(sv, trace, dir, sizeof(dir)) != 0)
		return -1;
	snprintf(src, sizeof(src), "%s/%s", trace, file);
	snprintf(dst, sizeof(dst), "%s/%s", dir, file);
	if (!realpath(src, target) || symlink(target, dst) != 0)
		return -1;
	if (to->readable(dir)) {
		sv->streams_kept++;
		return to->add(to->data, dir) == 0 ? 1 : -1;
	}
	n = index_cuts(trace, file, size, cuts, &n_packets);
	if (n == 0)
		n = walk_cuts(src, size, cuts, &n_packets);
	if (n == 0)
		n = guess_cuts(size, cuts);
	for (size_t i = 0; i < n; i++) {
		unlink(dst);
		if (copy_prefix(src, dst, cuts[i].offset) != 0)
			return -1;
		if (to->readable(dir)) {
			report_cut(sv, src, &cuts[i], size);
			sv->streams_cut++;
			sv->bytes_dropped += size - cuts[i].offset;
			return to->add(to->data, dir) == 0 ? 1 : -1;
		}
	}
	fprintf(stderr, "%s: warning: stream cannot be read, skipped: file=%s\n", sv->prog, src);
	sv->streams_lost++;
	return 0;
}

int salvage_trace(struct salvage *sv, const char *path, bool (*readable)(const char *path),
		  int (*add)(void *data, const char *dir), void *data)
{
	const struct salvage_sink to = { readable, add, data };
	DIR *d = opendir(path);
	struct dirent *e;
	int added = 0;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char file[4200];
		struct stat st;
		int r;

		if (e->d_name[0] == '.' || strcmp(e->d_name, "metadata") == 0)
			continue;
		snprintf(file, sizeof(file), "%s/%s", path, e->d_name);
		if (stat(file, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		r = salvage_stream(sv, &to, path, e->d_name, (uint64_t)st.st_size);
		if (r < 0) {
			added = -1;
			break;
		}
		added += r;
	}
	closedir(d);
	return added;
}

/* Counts the stream files of `trace` with and without `prefix`. */
static void count_streams(const char *trace, const char *prefix, size_t *with, size_t *without)
{
	DIR *d = opendir(trace);
	struct dirent *e;
	size_t plen = strlen(prefix);

	*with = *without = 0;
	while (d && (e = readdir(d))) {
		char file[4200];
		struct stat st;

		if (e->d_name[0] == '.' || strcmp(e->d_name, "metadata") == 0)
			continue;
		snprintf(file, sizeof(file), "%s/%s", trace, e->d_name);
		if (stat(file, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		if (strncmp(e->d_name, prefix, plen) == 0)
			(*with)++;
		else
			(*without)++;
	}
	if (d)
		closedir(d);
}

char *salvage_subset(struct salvage *sv, const char *trace, const char *prefix)
{
	char dir[4200];
	size_t with, without;
	DIR *d;
	struct dirent *e;

	count_streams(trace, prefix, &with, &without);
	if (!with || !without || new_trace_dir(sv, trace, dir, sizeof(dir)) != 0)
		return NULL;
	d = opendir(trace);
	while (d && (e = readdir(d))) {
		char src[4200], dst[8400], target[PATH_MAX];

		if (strncmp(e->d_name, prefix, strlen(prefix)) != 0)
			continue;
		snprintf(src, sizeof(src), "%s/%s", trace, e->d_name);
		snprintf(dst, sizeof(dst), "%s/%s", dir, e->d_name);
		if (!realpath(src, target) || symlink(target, dst) != 0) {
			closedir(d);
			return NULL;
		}
	}
	if (d)
		closedir(d);
	return strdup(dir);
}
