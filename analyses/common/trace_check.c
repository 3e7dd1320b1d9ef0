#include "analyses/common/trace_check.h"

#include "analyses/common/metadata_check.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyses/common/ctf_clock.h"
#include "analyses/common/ctf_index.h"

#define CTF_PACKET_MAGIC 0xC1FC1FC1u
#define MAX_DEPTH 16
#define IDX_SUFFIX ".idx"

struct check {
	const char *prog;
	struct trace_check_counts counts;
	size_t problems;
};

static int is_file(const char *path, struct stat *st)
{
	return stat(path, st) == 0 && S_ISREG(st->st_mode);
}

static int has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && strcmp(s + n - k, suffix) == 0;
}

/* A CTF stream file starts with the packet magic, in the trace's byte order. */
static int is_stream_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char b[4];
	int yes = 0;

	if (!f)
		return 0;
	if (fread(b, sizeof(b), 1, f) == 1) {
		uint32_t le = b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
		uint32_t be = b[3] | b[2] << 8 | b[1] << 16 | (uint32_t)b[0] << 24;

		yes = le == CTF_PACKET_MAGIC || be == CTF_PACKET_MAGIC;
	}
	fclose(f);
	return yes;
}

/* ", D s from S to E", the missing packets' times (s), or "" without a readable clock. */
static void describe_time(const char *trace, const struct ctf_index_tail *tail, char *buf,
			  size_t size)
{
	char meta[4200];
	struct ctf_clock clock;
	int64_t begin, end;

	buf[0] = '\0';
	snprintf(meta, sizeof(meta), "%s/metadata", trace);
	if (ctf_clock_read(meta, &clock) != 0 || tail->end_cycles < tail->begin_cycles)
		return;
	begin = ctf_clock_ns_from_origin(&clock, tail->begin_cycles);
	end = ctf_clock_ns_from_origin(&clock, tail->end_cycles);
	snprintf(buf, size, ", %.3f s from %" PRId64 ".%09" PRId64 " to %" PRId64 ".%09" PRId64,
		 (double)(end - begin) / 1e9, begin / 1000000000, begin % 1000000000,
		 end / 1000000000, end % 1000000000);
}

/* One stream of a trace folder, named by its index file `idx_name`. */
static void check_stream(struct check *c, const char *trace, const char *idx_name)
{
	char idx[4200], stream[4200], when[160];
	size_t len = strlen(idx_name) - strlen(IDX_SUFFIX);
	struct ctf_index_tail tail;
	struct stat st;
	uint64_t size = 0;
	int exists;

	snprintf(idx, sizeof(idx), "%s/index/%s", trace, idx_name);
	snprintf(stream, sizeof(stream), "%s/%.*s", trace, (int)len, idx_name);
	exists = is_file(stream, &st);
	if (exists)
		size = (uint64_t)st.st_size;
	else if (!is_file(idx, &st))
		return;
	if (ctf_index_compare(idx, size, &tail) != 0 || tail.missing == 0)
		return;
	describe_time(trace, &tail, when, sizeof(when));
	fprintf(stderr, "%s: warning: stream file %s: %" PRIu64 " of the %" PRIu64 " packets its "
		"LTTng index lists are missing (%" PRIu64 " bytes%s), their events are lost: "
		"file=%s\n", c->prog, exists ? "cut short" : "absent", tail.missing, tail.packets,
		tail.expected_size > size ? tail.expected_size - size : 0, when, stream);
	c->counts.short_streams++;
	c->counts.missing_packets += tail.missing;
	c->counts.missing_bytes += tail.expected_size > size ? tail.expected_size - size : 0;
	c->problems++;
}

static void check_trace(struct check *c, const char *trace)
{
	char index[4200];
	DIR *d;
	struct dirent *e;

	snprintf(index, sizeof(index), "%s/index", trace);
	d = opendir(index);
	if (!d)
		return;
	while ((e = readdir(d)))
		if (has_suffix(e->d_name, IDX_SUFFIX))
			check_stream(c, trace, e->d_name);
	closedir(d);
}

/* Whether a folder without metadata holds stream files or an index; *n: the stream files. */
static int has_streams(const char *dir, size_t *n)
{
	char path[4200];
	struct stat st;
	DIR *d = opendir(dir);
	struct dirent *e;
	int has_index = 0;

	*n = 0;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (strcmp(e->d_name, "index") == 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			has_index = 1;
		else if (is_file(path, &st) && is_stream_file(path))
			(*n)++;
	}
	if (d)
		closedir(d);
	return *n || has_index;
}

static void walk(struct check *c, const char *dir, int depth)
{
	char path[4200];
	struct stat st;
	size_t streams;
	DIR *d;
	struct dirent *e;

	snprintf(path, sizeof(path), "%s/metadata", dir);
	if (is_file(path, &st)) {
		char why[256];

		if (ctf_metadata_check(dir, why, sizeof(why)) != 0) {
			fprintf(stderr, "%s: warning: %s, the trace cannot be read: path=%s\n",
				c->prog, why, dir);
			c->counts.damaged_metadata++;
			c->problems++;
			return;
		}
		check_trace(c, dir);
		return;
	}
	if (has_streams(dir, &streams)) {
		fprintf(stderr, "%s: warning: trace folder without metadata, its events cannot be "
			"read (%zu stream files skipped): path=%s\n", c->prog, streams, dir);
		c->counts.folders_without_metadata++;
		c->problems++;
	}
	if (depth >= MAX_DEPTH || !(d = opendir(dir)))
		return;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || strcmp(e->d_name, "index") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			walk(c, path, depth + 1);
	}
	closedir(d);
}

size_t trace_check_tree(const char *root, const char *prog, struct trace_check_counts *counts)
{
	struct check c = { .prog = prog };

	walk(&c, root, 0);
	if (counts) {
		counts->short_streams += c.counts.short_streams;
		counts->missing_packets += c.counts.missing_packets;
		counts->missing_bytes += c.counts.missing_bytes;
		counts->folders_without_metadata += c.counts.folders_without_metadata;
		counts->damaged_metadata += c.counts.damaged_metadata;
	}
	return c.problems;
}
