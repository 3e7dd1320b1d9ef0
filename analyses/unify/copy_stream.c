#include "analyses/unify/copy_stream.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyses/unify/ctf_walk.h"

#define CTF_MAGIC 0xC1FC1FC1u
#define HEAD_MAX 4096	/* header and packet context, bytes */

/* One stream file being copied. */
struct stream_copy {
	const struct copy_meta *m;
	const struct copy_input *in;
	const char *path;
	int fd, out;
	uint64_t size;
	bool dry_run;
	struct copy_counts *counts;
	char *why;
	size_t why_size;
	uint64_t last_end;	/* timestamp_end of the previous packet */
	uint64_t discarded;
	uint8_t *packet;	/* a whole packet, when its events are walked */
	size_t packet_cap;
};

static int refuse(struct stream_copy *c, const char *what, uint64_t offset)
{
	snprintf(c->why, c->why_size, "%s at byte %llu of %s", what, (unsigned long long)offset,
		 c->path);
	return 1;
}

/* Unsigned integer fields sit on whole bytes (checked by usable()). */
static uint64_t get_uint(const unsigned char *p, const struct tsdl_field *f, bool be)
{
	uint64_t v = 0;
	unsigned n = f->size / 8;

	p += f->offset / 8;
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)p[be ? n - 1 - i : i] << (8 * i);
	return v;
}

static void put_uint(unsigned char *p, const struct tsdl_field *f, bool be, uint64_t v)
{
	unsigned n = f->size / 8;

	p += f->offset / 8;
	for (unsigned i = 0; i < n; i++)
		p[be ? n - 1 - i : i] = (unsigned char)(v >> (8 * i));
}

static bool usable(const struct tsdl_field *f)
{
	return !f || (f->offset % 8 == 0 && f->size % 8 == 0 && f->size <= 64 && f->size);
}

static bool fits(const struct tsdl_field *f, uint64_t v)
{
	return f->size >= 64 || v < (1ull << f->size);
}

static unsigned align_up(unsigned v, unsigned a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

/* The output header for a packet whose header is `old` (input layout): in place when the
 * layouts are the same, else rebuilt in `out`. */
static int build_header(struct stream_copy *c, const unsigned char *old, unsigned char *out,
			uint64_t out_id, uint64_t offset)
{
	const struct tsdl_layout *from = &c->in->header, *to = &c->m->inputs[0].header;
	const struct tsdl_field *inst = tsdl_layout_field(from, "stream_instance_id");
	bool be = c->in->big_endian;

	memset(out, 0, to->size / 8);
	if (tsdl_layout_equal(from, to))
		memcpy(out, old, to->size / 8);
	for (size_t i = 0; i < to->n; i++) {
		const struct tsdl_field *f = &to->f[i];

		if (strcmp(f->name, "uuid") == 0 && f->size == 128)
			memcpy(out + f->offset / 8, c->m->uuid, 16);
		else if (!usable(f))
			return refuse(c, "a packet header field is not on whole bytes", offset);
		else if (strcmp(f->name, "magic") == 0)
			put_uint(out, f, be, CTF_MAGIC);
		else if (strcmp(f->name, "stream_id") == 0 && fits(f, out_id))
			put_uint(out, f, be, out_id);
		else if (strcmp(f->name, "stream_instance_id") == 0)
			put_uint(out, f, be, inst && usable(inst) ? get_uint(old, inst, be) : 0);
		else if (!tsdl_layout_equal(from, to))
			return refuse(c, "a packet header field cannot be rebuilt", offset);
	}
	return 0;
}

static int write_all(struct stream_copy *c, const void *p, size_t n)
{
	const char *s = p;

	while (n) {
		ssize_t w = write(c->out, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Copies `n` bytes of the input from `offset` to the output's current position. */
static int copy_range(struct stream_copy *c, uint64_t offset, uint64_t n)
{
	loff_t from = (loff_t)offset;
	char buf[1 << 16];

	while (n) {
		ssize_t w = copy_file_range(c->fd, &from, c->out, NULL, n, 0);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		n -= (uint64_t)w;
	}
	while (n) {	/* copy_file_range refused (another file system, old kernel) */
		ssize_t r = pread(c->fd, buf, n < sizeof(buf) ? n : sizeof(buf), from);

		if (r <= 0 || write_all(c, buf, (size_t)r) != 0)
			return -1;
		from += r;
		n -= (uint64_t)r;
	}
	return 0;
}

/* The packet's time range must follow the previous one's: copying cannot reorder. */
static int check_times(struct stream_copy *c, const unsigned char *ctx,
		       const struct tsdl_layout *l, uint64_t offset)
{
	const struct tsdl_field *b = tsdl_layout_field(l, "timestamp_begin");
	const struct tsdl_field *e = tsdl_layout_field(l, "timestamp_end");
	uint64_t begin, end;

	if (!b || !e)
		return 0;
	if (!usable(b) || !usable(e))
		return refuse(c, "packet times not on whole bytes", offset);
	begin = get_uint(ctx, b, c->in->big_endian);
	end = get_uint(ctx, e, c->in->big_endian);
	if (begin < c->last_end || (end && end < begin))
		return refuse(c, "a packet begins before the previous one ends", offset);
	if (end)
		c->last_end = end;
	return 0;
}

/* Reads the whole packet at `offset` into c->packet. 0 or 1 (cannot be read). */
static int read_packet(struct stream_copy *c, uint64_t offset, uint64_t bytes)
{
	uint64_t done = 0;

	if (bytes > c->packet_cap) {
		uint8_t *p = realloc(c->packet, bytes);

		if (!p)
			return refuse(c, "out of memory for a packet", offset);
		c->packet = p;
		c->packet_cap = bytes;
	}
	while (done < bytes) {
		ssize_t r = pread(c->fd, c->packet + done, bytes - done, (off_t)(offset + done));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return refuse(c, "cannot be read", offset + done);
		done += (uint64_t)r;
	}
	return 0;
}

/* Walks the events of the packet read at `offset` (its clock values shifted). 0 or 1. */
static int walk_packet(struct stream_copy *c, uint64_t in_id, const unsigned char *ctx,
		       const struct tsdl_layout *l, uint64_t bytes, uint64_t csize, uint64_t offset)
{
	const struct ctf_stream_class *sc = ctf_types_stream(c->in->types, in_id);
	const struct tsdl_field *b = tsdl_layout_field(l, "timestamp_begin");
	char reason[300], what[400];
	uint64_t at = 0;

	if (!sc)
		return refuse(c, "a packet's stream class has no event types", offset);
	switch (ctf_walk_packet(c->in->types, sc, c->packet, (size_t)bytes, csize,
				b ? get_uint(ctx, b, c->in->big_endian) : 0, c->in->shift, &at,
				reason, sizeof(reason))) {
	case CTF_WALK_OK:
		return 0;
	case CTF_WALK_DAMAGED:
		snprintf(what, sizeof(what), "its events do not all decode (%s)", reason);
		return refuse(c, what, offset + at);
	default:
		return refuse(c, reason, offset + at);
	}
}

/* timestamp_begin/end moved onto the output clock (copy_input.shift). */
static void shift_times(const struct stream_copy *c, unsigned char *ctx,
			const struct tsdl_layout *l)
{
	static const char *const names[] = { "timestamp_begin", "timestamp_end" };

	for (size_t i = 0; i < 2 && c->in->shift; i++) {
		const struct tsdl_field *f = tsdl_layout_field(l, names[i]);
		uint64_t v = f ? get_uint(ctx, f, c->in->big_endian) : 0;

		if (f && v)
			put_uint(ctx, f, c->in->big_endian, v + (uint64_t)c->in->shift);
	}
}

/* The stream class of the packet whose header is `head` (`got` bytes of it read): its
 * input and output ids, its index in c->in->sc. 0 or 1. */
static int packet_class(struct stream_copy *c, const unsigned char *head, ssize_t got,
			uint64_t offset, uint64_t *in_id, int64_t *out_id, size_t *k)
{
	const struct tsdl_layout *from = &c->in->header, *to = &c->m->inputs[0].header;
	const struct tsdl_field *sid = tsdl_layout_field(from, "stream_id");
	const struct tsdl_field *magic = tsdl_layout_field(from, "magic");

	if (got < (ssize_t)(from->size / 8) || from->size % 8 || to->size % 8 || !usable(sid))
		return refuse(c, "a packet header is cut or not on whole bytes", offset);
	if (get_uint(head, magic ? magic : &(struct tsdl_field){ "", 0, 32 }, c->in->big_endian) !=
	    CTF_MAGIC)
		return refuse(c, "no CTF magic number", offset);
	*in_id = sid ? get_uint(head, sid, c->in->big_endian) : 0;
	*out_id = copy_input_stream_id(c->in, *in_id, k);
	return *out_id < 0 ? refuse(c, "a packet of an undeclared stream class", offset) : 0;
}

/* Reads and walks the packet when its events must be: every packet of an input to verify
 * (dry run), every packet whose times move (as it is written: the walk that moves them
 * finds damage too). *walked: c->packet holds it. 0 or 1. */
static int walk_if_needed(struct stream_copy *c, uint64_t in_id, const unsigned char *ctx,
			  const struct tsdl_layout *l, uint64_t bytes, uint64_t csize,
			  uint64_t offset, bool *walked)
{
	int r;

	*walked = c->in->types && (c->dry_run ? c->in->verify : c->in->shift);
	if (!*walked)
		return 0;
	r = read_packet(c, offset, bytes);
	return r ? r : walk_packet(c, in_id, ctx, l, bytes, csize, offset);
}

/* The output's header and context (`out`, `out_head` bytes), then the input packet's
 * rest from byte `in_head`: from memory when walked (its times moved), else copied. */
static int write_packet(struct stream_copy *c, const unsigned char *out, size_t out_head,
			uint64_t offset, uint64_t in_head, uint64_t bytes, bool walked)
{
	if (write_all(c, out, out_head) != 0)
		return -1;
	if (walked)
		return write_all(c, c->packet + in_head, bytes - in_head);
	return copy_range(c, offset + in_head, bytes - in_head);
}

/* One packet at `offset`: *bytes its size. 0, 1 (cannot copy), -1 (write failed). */
static int copy_packet(struct stream_copy *c, uint64_t offset, uint64_t *bytes)
{
	const struct tsdl_layout *from = &c->in->header, *to = &c->m->inputs[0].header;
	const struct tsdl_field *ps, *cs, *de;
	unsigned char head[HEAD_MAX], out[HEAD_MAX];
	ssize_t got = pread(c->fd, head, sizeof(head), (off_t)offset);
	const struct copy_stream_class *sc;
	unsigned old_ctx, new_ctx, ctx_bytes;
	uint64_t in_id, psize, csize;
	size_t k;
	int64_t out_id, delta;
	bool walked;
	int r;

	if ((r = packet_class(c, head, got, offset, &in_id, &out_id, &k)) != 0)
		return r;
	sc = &c->in->sc[k];
	old_ctx = align_up(from->size, sc->context.align) / 8;
	new_ctx = align_up(to->size, sc->context.align) / 8;
	ctx_bytes = align_up(sc->context.size, 8) / 8;
	delta = (int64_t)new_ctx - (int64_t)old_ctx;
	ps = tsdl_layout_field(&sc->context, "packet_size");
	cs = tsdl_layout_field(&sc->context, "content_size");
	de = tsdl_layout_field(&sc->context, "events_discarded");
	if (old_ctx + ctx_bytes > (size_t)got || new_ctx + ctx_bytes > sizeof(out) ||
	    !usable(ps) || !usable(cs) || !usable(de))
		return refuse(c, "a packet context is cut or not on whole bytes", offset);
	if (delta && ((uint64_t)(delta < 0 ? -delta : delta) * 8) % c->in->max_align)
		return refuse(c, "its packet header cannot be changed to the output's without "
			      "moving aligned fields", offset);
	psize = get_uint(head + old_ctx, ps, c->in->big_endian);
	csize = get_uint(head + old_ctx, cs, c->in->big_endian);
	if (psize % 8 || csize > psize || psize / 8 < old_ctx + ctx_bytes ||
	    psize / 8 > c->size - offset)
		return refuse(c, "a packet size is outside the file", offset);
	if ((r = check_times(c, head + old_ctx, &sc->context, offset)) != 0)
		return r;
	if (de)
		c->discarded = get_uint(head + old_ctx, de, c->in->big_endian);
	*bytes = psize / 8;
	if ((r = build_header(c, head, out, (uint64_t)out_id, offset)) != 0)
		return r;
	if ((r = walk_if_needed(c, in_id, head + old_ctx, &sc->context, *bytes, csize, offset,
				&walked)) != 0)
		return r;
	memset(out + to->size / 8, 0, new_ctx - to->size / 8);
	memcpy(out + new_ctx, head + old_ctx, ctx_bytes);
	put_uint(out + new_ctx, ps, c->in->big_endian, psize + (uint64_t)(delta * 8));
	put_uint(out + new_ctx, cs, c->in->big_endian, csize + (uint64_t)(delta * 8));
	shift_times(c, out + new_ctx, &sc->context);
	c->counts->packets++;
	c->counts->bytes += (uint64_t)((int64_t)*bytes + delta);
	if (c->dry_run)
		return 0;
	return write_packet(c, out, new_ctx + ctx_bytes, offset, old_ctx + ctx_bytes, *bytes,
			    walked);
}

/* A new file in out_dir named as the input's, or NAME_2, NAME_3... when taken. */
static int open_output(const char *out_dir, const char *name)
{
	char path[4096];

	for (unsigned k = 1; k < 1000; k++) {
		int fd;

		if (k == 1)
			snprintf(path, sizeof(path), "%s/%s", out_dir, name);
		else
			snprintf(path, sizeof(path), "%s/%s_%u", out_dir, name, k);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	errno = EEXIST;
	return -1;
}

static int copy_file(struct stream_copy *c, const char *name, const char *out_dir)
{
	struct stat st;
	uint64_t offset = 0, bytes = 0;
	int r = 0;

	c->fd = open(c->path, O_RDONLY | O_CLOEXEC);
	if (c->fd < 0 || fstat(c->fd, &st) != 0) {
		r = refuse(c, "cannot be read", 0);
		goto end;
	}
	c->size = (uint64_t)st.st_size;
	if (!c->dry_run && (c->out = open_output(out_dir, name)) < 0) {
		fprintf(stderr, "hsatrace unify: failed to create a stream file: %s: dir=%s "
			"name=%s\n", strerror(errno), out_dir, name);
		r = -1;
		goto end;
	}
	while (offset < c->size && (r = copy_packet(c, offset, &bytes)) == 0)
		offset += bytes;
	if (r == -1)
		fprintf(stderr, "hsatrace unify: failed to write a stream file: %s: dir=%s "
			"name=%s\n", strerror(errno ? errno : EIO), out_dir, name);
	c->counts->files++;
	c->counts->discarded_events += c->discarded;
end:
	free(c->packet);
	if (c->fd >= 0)
		close(c->fd);
	if (c->out >= 0 && close(c->out) != 0 && r == 0) {
		fprintf(stderr, "hsatrace unify: failed to write a stream file: %s: dir=%s "
			"name=%s\n", strerror(errno), out_dir, name);
		r = -1;
	}
	return r;
}

/* Stream files: the regular files of the trace folder but its metadata (LTTng's index/
 * is a folder; dot files are not streams). */
static bool is_stream_file(const char *dir, const struct dirent *e)
{
	char path[4096];
	struct stat st;

	if (e->d_name[0] == '.' || strcmp(e->d_name, "metadata") == 0)
		return false;
	snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int copy_stream_input(const struct copy_meta *m, size_t input, const char *out_dir,
		      bool dry_run, struct copy_counts *counts, char *why, size_t why_size)
{
	const struct copy_input *in = &m->inputs[input];
	struct dirent **names = NULL;
	int n = scandir(in->dir, &names, NULL, by_name), r = 0;

	if (n < 0) {
		snprintf(why, why_size, "cannot list %s", in->dir);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		char path[4096];
		struct stream_copy c = { .m = m, .in = in, .path = path, .fd = -1, .out = -1,
					 .dry_run = dry_run, .counts = counts, .why = why,
					 .why_size = why_size };

		if (r == 0 && is_stream_file(in->dir, names[i])) {
			snprintf(path, sizeof(path), "%s/%s", in->dir, names[i]->d_name);
			r = copy_file(&c, names[i]->d_name, out_dir);
		}
		free(names[i]);
	}
	free(names);
	return r;
}
