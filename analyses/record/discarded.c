#include "analyses/record/discarded.h"

#include <ctype.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* lttng-tools' CTF index format (src/common/index/ctf-index.h), big-endian. */
#define CTF_INDEX_MAGIC 0xC1F1DCC1u
#define CTF_INDEX_HEADER_SIZE 16
#define CTF_INDEX_EVENTS_DISCARDED_OFFSET 40	/* after offset, sizes, timestamps */

static struct rec_discarded *walking;	/* nftw() has no user pointer */

static uint64_t big_endian(const unsigned char *p, int bytes)
{
	uint64_t v = 0;

	for (int i = 0; i < bytes; i++)
		v = v << 8 | p[i];
	return v;
}

/* The events_discarded of the index's last packet; -1 when it is not a CTF index. */
static int last_discarded(const char *path, off_t size, uint64_t *events)
{
	unsigned char header[CTF_INDEX_HEADER_SIZE], field[8];
	uint64_t entry_len, entries;
	FILE *f = fopen(path, "rb");
	int ret = -1;

	if (!f || fread(header, 1, sizeof(header), f) != sizeof(header) ||
	    big_endian(header, 4) != CTF_INDEX_MAGIC)
		goto end;
	entry_len = big_endian(header + 12, 4);
	if (entry_len < CTF_INDEX_EVENTS_DISCARDED_OFFSET + 8)
		goto end;
	entries = ((uint64_t)size - CTF_INDEX_HEADER_SIZE) / entry_len;
	*events = 0;
	ret = 0;
	if (entries == 0)
		goto end;
	if (fseeko(f, (off_t)(CTF_INDEX_HEADER_SIZE + (entries - 1) * entry_len +
			      CTF_INDEX_EVENTS_DISCARDED_OFFSET), SEEK_SET) != 0 ||
	    fread(field, 1, sizeof(field), f) != sizeof(field))
		ret = -1;
	else
		*events = big_endian(field, 8);
end:
	if (f)
		fclose(f);
	return ret;
}

/* "hsatrace_activity_1.idx" -> "hsatrace_activity" (the channel of stream 1). */
static void channel_of(const char *file, char *name, size_t size)
{
	size_t len = strcspn(file, ".");

	snprintf(name, size, "%.*s", (int)len, file);
	len = strlen(name);
	while (len > 0 && isdigit((unsigned char)name[len - 1]))
		len--;
	if (len > 0 && name[len - 1] == '_')
		name[len - 1] = '\0';
}

static void add(struct rec_discarded *d, const char *domain, const char *name,
		uint64_t events)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (strcmp(d->channels[i].domain, domain) == 0 &&
		    strcmp(d->channels[i].name, name) == 0)
			break;
	if (i == d->n) {
		if (d->n == REC_MAX_CHANNELS)
			return;
		snprintf(d->channels[i].domain, sizeof(d->channels[i].domain), "%s", domain);
		snprintf(d->channels[i].name, sizeof(d->channels[i].name), "%s", name);
		d->channels[i].events = 0;
		d->n++;
	}
	d->channels[i].events += events;
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	const char *file = path + ftw->base;
	size_t len = strlen(file);
	char name[64];
	uint64_t events;

	if (type != FTW_F || len < 5 || strcmp(file + len - 4, ".idx") != 0 ||
	    !strstr(path, "/index/") || last_discarded(path, st->st_size, &events) != 0)
		return 0;
	channel_of(file, name, sizeof(name));
	add(walking, strstr(path, "/kernel/") ? "kernel" : "UST", name, events);
	walking->streams++;
	return 0;
}

int rec_discarded_read(const char *dir, struct rec_discarded *d)
{
	int ret;

	*d = (struct rec_discarded){ 0 };
	walking = d;
	ret = nftw(dir, visit, 16, FTW_PHYS);
	walking = NULL;
	return ret == 0 ? 0 : -1;
}

uint64_t rec_discarded_total(const struct rec_discarded *d)
{
	uint64_t total = 0;

	for (size_t i = 0; i < d->n; i++)
		total += d->channels[i].events;
	return total;
}
