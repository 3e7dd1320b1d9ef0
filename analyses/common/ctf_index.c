#include "analyses/common/ctf_index.h"

#include <dirent.h>
#include <endian.h>
#include <stdio.h>
#include <string.h>

#define CTF_INDEX_MAGIC 0xC1F1DCC1u
/* offset, packet_size, content_size, timestamp_begin, timestamp_end: the fields used */
#define CTF_INDEX_MIN_ENTRY 40u
#define CTF_INDEX_MAX_ENTRY 4096u
/* ... events_discarded, stream_id, stream_instance_id: the ids (index 1.1) */
#define CTF_INDEX_IDS_ENTRY 64u

static uint64_t be64_at(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return be64toh(v);
}

static void add_entry(struct ctf_index_tail *tail, const unsigned char *entry,
		      uint64_t file_size)
{
	uint64_t end = be64_at(entry) + be64_at(entry + 8) / 8;

	tail->packets++;
	if (end > tail->expected_size)
		tail->expected_size = end;
	if (end <= file_size)
		return;
	if (!tail->missing || be64_at(entry + 24) < tail->begin_cycles)
		tail->begin_cycles = be64_at(entry + 24);
	if (be64_at(entry + 32) > tail->end_cycles)
		tail->end_cycles = be64_at(entry + 32);
	tail->missing++;
}

/* Reads the header; returns the entry length, or 0 when f is not an index. */
static uint32_t read_header(FILE *f)
{
	uint32_t header[4], len;

	if (fread(header, sizeof(header), 1, f) != 1 || be32toh(header[0]) != CTF_INDEX_MAGIC)
		return 0;
	len = be32toh(header[3]);
	return len >= CTF_INDEX_MIN_ENTRY && len <= CTF_INDEX_MAX_ENTRY ? len : 0;
}

int ctf_index_compare(const char *idx_path, uint64_t file_size, struct ctf_index_tail *tail)
{
	FILE *f = fopen(idx_path, "rb");
	unsigned char entry[CTF_INDEX_MAX_ENTRY];
	uint32_t len = f ? read_header(f) : 0;

	*tail = (struct ctf_index_tail){ 0 };
	if (f && len)
		while (fread(entry, len, 1, f) == 1)
			add_entry(tail, entry, file_size);
	if (f)
		fclose(f);
	return len ? 0 : -1;
}

/* Whether the first entry of the index says these stream ids. */
static int index_has_ids(const char *idx_path, uint64_t stream_id, uint64_t instance_id)
{
	FILE *f = fopen(idx_path, "rb");
	unsigned char entry[CTF_INDEX_MAX_ENTRY];
	uint32_t len = f ? read_header(f) : 0;
	int yes = 0;

	if (len >= CTF_INDEX_IDS_ENTRY && fread(entry, len, 1, f) == 1)
		yes = be64_at(entry + 48) == stream_id && be64_at(entry + 56) == instance_id;
	if (f)
		fclose(f);
	return yes;
}

int ctf_index_find_stream(const char *trace, uint64_t stream_id, uint64_t instance_id,
			  char *path, size_t size)
{
	char index[4200], idx[4500];
	DIR *d;
	struct dirent *e;
	int ret = -1;

	snprintf(index, sizeof(index), "%s/index", trace);
	d = opendir(index);
	while (d && ret && (e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (n <= 4 || strcmp(e->d_name + n - 4, ".idx") != 0)
			continue;
		snprintf(idx, sizeof(idx), "%s/%s", index, e->d_name);
		if (index_has_ids(idx, stream_id, instance_id)) {
			snprintf(path, size, "%s/%.*s", trace, (int)(n - 4), e->d_name);
			ret = 0;
		}
	}
	if (d)
		closedir(d);
	return ret;
}
