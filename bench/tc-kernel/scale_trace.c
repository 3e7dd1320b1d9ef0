/*
 * scale-trace - a larger trace of a real shape, made from a real CTF trace, for the
 * benchmarks that need more events than the real traces at hand hold (bench/tc-kernel/run).
 *
 *   scale-trace IN OUT K
 *
 * OUT (a new folder) gets IN's metadata as it is and, for each stream file of IN, its packets K times
 * over: repetition k has every time moved k spans later (the span: from the trace's first
 * packet's beginning to its last packet's end, rounded up to a whole 2^27 cycles), so each
 * stream stays in order and the repetitions follow each other. In each copied packet the
 * packet context follows the move (timestamp_begin, timestamp_end; packet_seq_num and the
 * cumulative events_discarded continue from the repetition before) and the event headers'
 * clock values are rewritten by unify's event walk (analyses/unify/ctf_walk). Packet sizes
 * and event payloads are the input's bytes. LTTng's index/ is not copied (babeltrace2 then
 * finds the packets itself).
 *
 * Exit: 0 done; 1 the input cannot be scaled or OUT cannot be written (one line on stderr,
 * the input's file and byte where it is about it); 2 usage.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyses/unify/copy_meta.h"
#include "analyses/unify/ctf_walk.h"

#define CTF_MAGIC 0xC1FC1FC1u
#define SPAN_GRAIN (1ull << 27)	/* a compact timestamp's range: low bits kept as they are */

struct stream_in {
	char *name;
	uint8_t *data;
	uint64_t size;
	uint64_t seq_step;		/* the last packet's packet_seq_num + 1 */
	uint64_t discarded_step;	/* the last packet's events_discarded */
};

/* One packet of a stream file, where its fields are. */
struct packet {
	const struct copy_stream_class *sc;
	const struct ctf_stream_class *types;
	uint64_t offset, bytes, content_bits;
	unsigned context;		/* byte of the packet context */
};

struct scaler {
	struct copy_meta meta;
	const struct copy_input *in;
	struct stream_in *streams;
	size_t n_streams;
	uint64_t first_begin, last_end, span;
	uint8_t *buf;			/* the packet being copied */
	size_t buf_size;
};

static int fail(const char *what, const char *path, uint64_t offset)
{
	fprintf(stderr, "scale-trace: %s: file=%s byte=%llu\n", what, path,
		(unsigned long long)offset);
	return -1;
}

static uint64_t get_uint(const uint8_t *p, const struct tsdl_field *f, int be)
{
	unsigned n = f->size / 8;
	uint64_t v = 0;

	p += f->offset / 8;
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)p[be ? n - 1 - i : i] << (8 * i);
	return v;
}

static void put_uint(uint8_t *p, const struct tsdl_field *f, int be, uint64_t v)
{
	unsigned n = f->size / 8;

	p += f->offset / 8;
	for (unsigned i = 0; i < n; i++)
		p[be ? n - 1 - i : i] = (uint8_t)(v >> (8 * i));
}

/* A packet context field, when it is there and on whole bytes (else NULL). */
static const struct tsdl_field *ctx_field(const struct packet *p, const char *name)
{
	const struct tsdl_field *f = tsdl_layout_field(&p->sc->context, name);

	return f && f->offset % 8 == 0 && f->size % 8 == 0 && f->size && f->size <= 64 ? f : NULL;
}

static uint64_t ctx_get(const struct scaler *s, const uint8_t *packet, const struct packet *p,
			const char *name, uint64_t absent)
{
	const struct tsdl_field *f = ctx_field(p, name);

	return f ? get_uint(packet + p->context, f, s->in->big_endian) : absent;
}

/* Adds `delta` to a packet context field that is there. */
static void ctx_add(const struct scaler *s, uint8_t *packet, const struct packet *p,
		    const char *name, uint64_t delta)
{
	const struct tsdl_field *f = ctx_field(p, name);

	if (f && delta)
		put_uint(packet + p->context, f, s->in->big_endian,
			 get_uint(packet + p->context, f, s->in->big_endian) + delta);
}

/* The packet at `offset` of stream file `st`: its class and sizes, checked. */
static int packet_at(const struct scaler *s, const struct stream_in *st, uint64_t offset,
		     struct packet *p)
{
	const struct tsdl_layout *h = &s->in->header;
	const struct tsdl_field *magic = tsdl_layout_field(h, "magic");
	const struct tsdl_field *sid = tsdl_layout_field(h, "stream_id");
	const uint8_t *d = st->data + offset;
	uint64_t head = h->size / 8, id, psize;
	unsigned align;
	size_t k;

	if (st->size - offset < head || h->size % 8 || !magic || magic->size != 32)
		return fail("a packet header is cut or not on whole bytes", st->name, offset);
	if (get_uint(d, magic, s->in->big_endian) != CTF_MAGIC)
		return fail("no CTF magic number", st->name, offset);
	id = sid ? get_uint(d, sid, s->in->big_endian) : 0;
	if (copy_input_stream_id(s->in, id, &k) < 0 || !s->in->types ||
	    !(p->types = ctf_types_stream(s->in->types, id)))
		return fail("a packet of an undeclared stream class", st->name, offset);
	p->sc = &s->in->sc[k];
	p->offset = offset;
	align = p->sc->context.align ? p->sc->context.align : 1;
	p->context = (h->size + align - 1) / align * align / 8;
	if (st->size - offset < p->context + (p->sc->context.size + 7) / 8 ||
	    !ctx_field(p, "packet_size") || !ctx_field(p, "content_size"))
		return fail("a packet context is cut or has no sizes", st->name, offset);
	psize = ctx_get(s, d, p, "packet_size", 0);
	p->content_bits = ctx_get(s, d, p, "content_size", 0);
	p->bytes = psize / 8;
	if (psize % 8 || !p->bytes || p->content_bits > psize || p->bytes > st->size - offset)
		return fail("a packet size is outside the file", st->name, offset);
	return 0;
}

/* The stream's steps and the trace's time range, from its packets. */
static int survey_stream(struct scaler *s, struct stream_in *st)
{
	struct packet p;
	uint64_t offset = 0, last_seq = 0;

	while (offset < st->size) {
		const uint8_t *d = st->data + offset;
		uint64_t begin, end;

		if (packet_at(s, st, offset, &p) != 0)
			return -1;
		begin = ctx_get(s, d, &p, "timestamp_begin", 0);
		end = ctx_get(s, d, &p, "timestamp_end", 0);
		if (begin < s->first_begin)
			s->first_begin = begin;
		if (end > s->last_end)
			s->last_end = end;
		last_seq = ctx_get(s, d, &p, "packet_seq_num", 0);
		st->discarded_step = ctx_get(s, d, &p, "events_discarded", 0);
		offset += p.bytes;
	}
	st->seq_step = last_seq + 1;
	return 0;
}

static int grow_buf(struct scaler *s, uint64_t bytes)
{
	uint8_t *b;

	if (bytes <= s->buf_size)
		return 0;
	b = realloc(s->buf, bytes);
	if (!b)
		return -1;
	s->buf = b;
	s->buf_size = bytes;
	return 0;
}

static int write_all(int fd, const uint8_t *p, uint64_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (uint64_t)w;
	}
	return 0;
}

/* Repetition k of one packet, written to `fd`. */
static int copy_packet(struct scaler *s, const struct stream_in *st, const struct packet *p,
		       uint64_t k, int fd, const char *out_path)
{
	uint64_t shift = k * s->span, at = 0;
	uint64_t begin = ctx_get(s, st->data + p->offset, p, "timestamp_begin", 0);
	char why[300];

	if (grow_buf(s, p->bytes) != 0)
		return fail("out of memory for a packet", st->name, p->offset);
	memcpy(s->buf, st->data + p->offset, p->bytes);
	if (ctf_walk_packet(s->in->types, p->types, s->buf, p->bytes, p->content_bits, begin,
			    (int64_t)shift, &at, why, sizeof(why)) != CTF_WALK_OK)
		return fail(why, st->name, p->offset + at);
	ctx_add(s, s->buf, p, "timestamp_begin", shift);
	ctx_add(s, s->buf, p, "timestamp_end", shift);
	ctx_add(s, s->buf, p, "packet_seq_num", k * st->seq_step);
	ctx_add(s, s->buf, p, "events_discarded", k * st->discarded_step);
	if (write_all(fd, s->buf, p->bytes) != 0)
		return fail(strerror(errno), out_path, 0);
	return 0;
}

static int scale_stream(struct scaler *s, const struct stream_in *st, const char *out_dir,
			uint64_t times)
{
	char path[4096];
	struct packet p;
	int fd, r = 0;

	snprintf(path, sizeof(path), "%s/%s", out_dir, strrchr(st->name, '/') + 1);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return fail(strerror(errno), path, 0);
	for (uint64_t k = 0; k < times && r == 0; k++)
		for (uint64_t offset = 0; offset < st->size && r == 0; offset += p.bytes)
			r = packet_at(s, st, offset, &p) ? -1 :
				copy_packet(s, st, &p, k, fd, path);
	if (close(fd) != 0 && r == 0)
		r = fail(strerror(errno), path, 0);
	return r;
}

static int read_file(const char *path, uint8_t **data, uint64_t *size)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	uint64_t done = 0;

	*data = NULL;
	if (fd < 0 || fstat(fd, &st) != 0 || !(*data = malloc((size_t)st.st_size + 1)))
		goto error;
	*size = (uint64_t)st.st_size;
	while (done < *size) {
		ssize_t r = read(fd, *data + done, *size - done);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			goto error;
		done += (uint64_t)r;
	}
	close(fd);
	return 0;
error:
	free(*data);
	*data = NULL;
	if (fd >= 0)
		close(fd);
	return fail(strerror(errno ? errno : EIO), path, done);
}

static int add_stream(struct scaler *s, const char *dir, const char *name)
{
	struct stream_in *v = realloc(s->streams, (s->n_streams + 1) * sizeof(*v));
	struct stream_in *st;

	if (!v)
		return fail("out of memory", dir, 0);
	s->streams = v;
	st = &v[s->n_streams];
	*st = (struct stream_in){ 0 };
	if (asprintf(&st->name, "%s/%s", dir, name) < 0) {
		st->name = NULL;
		return fail("out of memory", dir, 0);
	}
	s->n_streams++;
	return read_file(st->name, &st->data, &st->size);
}

/* Stream files: the regular files of the trace folder but its metadata and dot files. */
static int read_streams(struct scaler *s, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int r = 0;

	if (!d)
		return fail(strerror(errno), dir, 0);
	while (r == 0 && (e = readdir(d))) {
		char path[4096];
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (e->d_name[0] == '.' || strcmp(e->d_name, "metadata") == 0 ||
		    stat(path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		r = add_stream(s, dir, e->d_name);
	}
	closedir(d);
	if (r == 0 && !s->n_streams)
		r = fail("no stream files", dir, 0);
	return r;
}

static int copy_metadata(const char *in_dir, const char *out_dir)
{
	char path[4096];
	uint8_t *data;
	uint64_t size;
	int fd, r;

	snprintf(path, sizeof(path), "%s/metadata", in_dir);
	if (read_file(path, &data, &size) != 0)
		return -1;
	snprintf(path, sizeof(path), "%s/metadata", out_dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	r = fd < 0 || write_all(fd, data, size) != 0;
	if (fd >= 0 && close(fd) != 0)
		r = 1;
	free(data);
	return r ? fail(strerror(errno ? errno : EIO), path, 0) : 0;
}

/* The input's metadata (unify's parser: header, contexts, event types) and streams. */
static int load(struct scaler *s, const char *in_dir)
{
	char why[300];

	if (copy_meta_add(&s->meta, in_dir, false, why, sizeof(why)) != 0)
		return fail(why, in_dir, 0);
	s->in = &s->meta.inputs[0];
	if (!s->in->types)
		return fail(s->in->types_why, in_dir, 0);
	if (read_streams(s, in_dir) != 0)
		return -1;
	s->first_begin = UINT64_MAX;
	for (size_t i = 0; i < s->n_streams; i++)
		if (survey_stream(s, &s->streams[i]) != 0)
			return -1;
	if (s->last_end < s->first_begin)
		return fail("its packets have no times", in_dir, 0);
	s->span = (s->last_end - s->first_begin + SPAN_GRAIN) / SPAN_GRAIN * SPAN_GRAIN;
	return 0;
}

static int scale(struct scaler *s, const char *in_dir, const char *out_dir, uint64_t times)
{
	if (load(s, in_dir) != 0)
		return -1;
	if (times > 1 && s->span > (UINT64_MAX - s->last_end) / (times - 1))
		return fail("the repeated times would overflow the clock", in_dir, 0);
	if (mkdir(out_dir, 0755) != 0)	/* a new folder: no stream file of another trace */
		return fail(strerror(errno), out_dir, 0);
	if (copy_metadata(in_dir, out_dir) != 0)
		return -1;
	for (size_t i = 0; i < s->n_streams; i++)
		if (scale_stream(s, &s->streams[i], out_dir, times) != 0)
			return -1;
	return 0;
}

static void scaler_release(struct scaler *s)
{
	for (size_t i = 0; i < s->n_streams; i++) {
		free(s->streams[i].name);
		free(s->streams[i].data);
	}
	free(s->streams);
	free(s->buf);
	copy_meta_release(&s->meta);
}

int main(int argc, char **argv)
{
	struct scaler s = { 0 };
	char *end = NULL;
	unsigned long long times = 0;
	int r;

	if (argc == 4) {
		errno = 0;
		times = strtoull(argv[3], &end, 10);
	}
	if (argc != 4 || errno || !end || *end || argv[3][0] == '-' || times < 1) {
		fprintf(stderr, "usage: scale-trace IN OUT K   (K >= 1: IN's events K times over)\n");
		return 2;
	}
	copy_meta_init(&s.meta);
	r = scale(&s, argv[1], argv[2], times);
	scaler_release(&s);
	return r == 0 ? 0 : 1;
}
