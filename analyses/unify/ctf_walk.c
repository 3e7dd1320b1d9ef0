#include "analyses/unify/ctf_walk.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define SEEN_MAX 64	/* integers remembered for tags and lengths (the latest win) */

struct seen {
	const char *name;
	int64_t v;
	const struct ctf_type *t;
};

struct walk {
	uint8_t *buf;
	uint64_t pos, end;	/* bits from the packet's start */
	uint64_t bytes;		/* the buffer's size */
	uint64_t clock;
	int64_t shift;
	bool in_header;		/* the event header: its clock values are the event's time */
	bool in_packet;		/* packet header and context: clock values only remembered */
	struct seen seen[SEEN_MAX];
	unsigned n_seen;
	uint64_t budget;	/* fields left: fields of no size cannot make a walk endless */
	char *why;
	size_t why_size;
};

static enum ctf_walk_status say(struct walk *w, enum ctf_walk_status s, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static enum ctf_walk_status say(struct walk *w, enum ctf_walk_status s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w->why, w->why_size, fmt, ap);
	va_end(ap);
	return s;
}

static enum ctf_walk_status align_to(struct walk *w, unsigned a)
{
	if (a > 1)
		w->pos = (w->pos + a - 1) & ~(uint64_t)(a - 1);
	return w->pos <= w->end ? CTF_WALK_OK :
		say(w, CTF_WALK_DAMAGED, "an event runs past the packet's content");
}

static uint64_t read_bits(const struct walk *w, unsigned size, bool be)
{
	uint64_t pos = w->pos, x = 0;
	const uint8_t *p = w->buf + pos / 8;
	unsigned shift = (unsigned)(pos % 8);

	if (!be && shift + size <= 64) {
		unsigned bytes = (shift + size + 7) / 8;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		if (pos / 8 + 8 <= w->bytes) {	/* one load: the buffer holds 8 bytes here */
			memcpy(&x, p, 8);
			bytes = 0;
		}
#endif
		for (unsigned i = 0; i < bytes; i++)
			x |= (uint64_t)p[i] << (8 * i);
		x >>= shift;
	} else if (be && shift == 0 && size % 8 == 0) {
		for (unsigned i = 0; i < size / 8; i++)
			x = x << 8 | p[i];
	} else {
		for (unsigned i = 0; i < size; i++) {
			uint64_t b = pos + i;
			unsigned bit = be ? 7 - (unsigned)(b % 8) : (unsigned)(b % 8);
			uint64_t v = (w->buf[b / 8] >> bit) & 1;

			x = be ? x << 1 | v : x | v << i;
		}
	}
	return size < 64 ? x & ((1ull << size) - 1) : x;
}

static void write_bits(struct walk *w, uint64_t pos, unsigned size, bool be, uint64_t v)
{
	uint8_t *p = w->buf + pos / 8;
	unsigned shift = (unsigned)(pos % 8);

	if (!be && shift + size <= 64) {	/* the bytes it spans, read, changed, written */
		unsigned bytes = (shift + size + 7) / 8;
		uint64_t x = 0, mask = (size < 64 ? (1ull << size) - 1 : ~0ull) << shift;

		for (unsigned i = 0; i < bytes; i++)
			x |= (uint64_t)p[i] << (8 * i);
		x = (x & ~mask) | ((v << shift) & mask);
		for (unsigned i = 0; i < bytes; i++)
			p[i] = (uint8_t)(x >> (8 * i));
		return;
	}
	if (be && shift == 0 && size % 8 == 0) {
		for (unsigned i = 0; i < size / 8; i++)
			p[i] = (uint8_t)(v >> (size - 8 - 8 * i));
		return;
	}
	for (unsigned i = 0; i < size; i++) {
		uint64_t b = pos + i;
		unsigned bit = be ? 7 - (unsigned)(b % 8) : (unsigned)(b % 8);
		unsigned value = (unsigned)((be ? v >> (size - 1 - i) : v >> i) & 1);

		w->buf[b / 8] = (uint8_t)((w->buf[b / 8] & ~(1u << bit)) | (value << bit));
	}
}

/* name, and recall's: interned (ctf_member.key, ctf_type.ref_key), matched by pointer. */
static void remember(struct walk *w, const char *name, int64_t v, const struct ctf_type *t)
{
	w->seen[w->n_seen % SEEN_MAX] = (struct seen){ name, v, t };
	w->n_seen++;
}

static const struct seen *recall(const struct walk *w, const char *name)
{
	unsigned n = w->n_seen < SEEN_MAX ? w->n_seen : SEEN_MAX;

	for (unsigned k = 1; k <= n; k++) {
		const struct seen *s = &w->seen[(w->n_seen - k) % SEEN_MAX];

		if (s->name == name)
			return s;
	}
	return NULL;
}

/* An event header's clock value: the event's time (an N-bit value is the clock's low
 * bits, a wrap-around when it is below them), rewritten `shift` cycles later. */
static enum ctf_walk_status clock_value(struct walk *w, const struct ctf_type *t, uint64_t pos,
					uint64_t v)
{
	if (w->in_packet)
		return CTF_WALK_OK;	/* timestamp_begin/end: the caller's */
	if (!w->in_header)
		return say(w, CTF_WALK_UNSUPPORTED, "a clock value outside an event header");
	if (t->size >= 64) {
		w->clock = v;
	} else {
		uint64_t mask = (1ull << t->size) - 1, low = w->clock & mask;

		w->clock = (w->clock & ~mask) | v;
		if (v < low)
			w->clock += mask + 1;
	}
	if (!w->shift)
		return CTF_WALK_OK;
	if (w->shift < 0 && w->clock < (uint64_t)-w->shift)
		return say(w, CTF_WALK_UNSUPPORTED, "a time before the output clock's origin");
	write_bits(w, pos, t->size, t->big_endian, (w->clock + (uint64_t)w->shift) &
		   (t->size >= 64 ? ~0ull : (1ull << t->size) - 1));
	return CTF_WALK_OK;
}

static enum ctf_walk_status walk_int(struct walk *w, const struct ctf_type *t,
				     const struct ctf_member *as)
{
	enum ctf_walk_status s = align_to(w, t->align);
	uint64_t pos = w->pos, u;
	int64_t v;

	if (s != CTF_WALK_OK)
		return s;
	if (w->end - w->pos < t->size)
		return say(w, CTF_WALK_DAMAGED, "an event runs past the packet's content");
	u = read_bits(w, t->size, t->big_endian);
	w->pos += t->size;
	v = (int64_t)u;
	if (t->is_signed && t->size < 64 && (u >> (t->size - 1)) & 1)
		v = (int64_t)(u | ~((1ull << t->size) - 1));
	if (as && as->referenced)
		remember(w, as->key, v, t);
	return t->clock ? clock_value(w, t, pos, u) : CTF_WALK_OK;
}

static enum ctf_walk_status walk_type(struct walk *w, const struct ctf_type *t,
				      const struct ctf_member *as);

/* Fields of a fixed size (ctf_type.fixed_bits, ctf_member.run_bits) in one step: `bits`
 * from the next position aligned to `a`. False when they do not fit in the content: the
 * caller walks them field by field then, to say where. */
static bool step_over(struct walk *w, unsigned a, uint64_t bits)
{
	uint64_t pos = a > 1 ? (w->pos + a - 1) & ~(uint64_t)(a - 1) : w->pos;

	if (pos > w->end || w->end - pos < bits)
		return false;
	w->pos = pos + bits;
	return true;
}

static enum ctf_walk_status walk_elems(struct walk *w, const struct ctf_type *elem, uint64_t n)
{
	enum ctf_walk_status s;

	if (n > w->end - w->pos + 1 && n)	/* each element takes a bit at least */
		return say(w, CTF_WALK_DAMAGED, "an array of %llu elements runs past the packet's "
			   "content", (unsigned long long)n);
	if ((elem->kind == CTF_INT || elem->kind == CTF_FLOAT) && !elem->clock &&
	    elem->size % elem->align == 0) {	/* no padding between elements */
		if ((s = align_to(w, elem->align)) != CTF_WALK_OK)
			return s;
		if (n && (w->end - w->pos) / n < elem->size)
			return say(w, CTF_WALK_DAMAGED, "an array runs past the packet's content");
		w->pos += n * elem->size;
		return CTF_WALK_OK;
	}
	/* elements of a fixed size one after the other (no padding between them) */
	if (n && elem->fixed_bits && elem->fixed_bits % elem->fixed_align == 0 &&
	    n <= UINT64_MAX / elem->fixed_bits &&
	    step_over(w, elem->fixed_align, n * elem->fixed_bits))
		return CTF_WALK_OK;
	for (uint64_t i = 0; i < n; i++)
		if ((s = walk_type(w, elem, NULL)) != CTF_WALK_OK)
			return s;
	return CTF_WALK_OK;
}

static bool option_is(const char *option, const char *label)
{
	return strcmp(option, label) == 0 || (option[0] == '_' && strcmp(option + 1, label) == 0) ||
	       (label[0] == '_' && strcmp(option, label + 1) == 0);
}

static enum ctf_walk_status walk_variant(struct walk *w, const struct ctf_type *t)
{
	const struct seen *tag = t->ref_key ? recall(w, t->ref_key) : NULL;
	const char *label = NULL;

	if (!tag || !tag->t->ranges)
		return say(w, CTF_WALK_UNSUPPORTED, "a variant's tag %s is not found",
			   t->ref ? t->ref : "(none)");
	for (size_t i = 0; i < tag->t->n_ranges && !label; i++)
		if (tag->v >= tag->t->ranges[i].lo && tag->v <= tag->t->ranges[i].hi)
			label = tag->t->ranges[i].label;
	for (size_t i = 0; label && i < t->n_members; i++)
		if (option_is(t->members[i].name, label))
			return walk_type(w, t->members[i].type, &t->members[i]);
	return say(w, CTF_WALK_DAMAGED, "a variant's tag %s (%lld) selects no option", t->ref,
		   (long long)tag->v);
}

static enum ctf_walk_status walk_type(struct walk *w, const struct ctf_type *t,
				      const struct ctf_member *as)
{
	enum ctf_walk_status s;

	if (!w->budget--)
		return say(w, CTF_WALK_DAMAGED, "more fields than the packet's size can hold");
	if (t->fixed_bits && !(as && as->referenced) && step_over(w, t->fixed_align, t->fixed_bits))
		return CTF_WALK_OK;
	switch (t->kind) {
	case CTF_INT:
		return walk_int(w, t, as);
	case CTF_FLOAT:
		if ((s = align_to(w, t->align)) != CTF_WALK_OK)
			return s;
		if (w->end - w->pos < t->size)
			return say(w, CTF_WALK_DAMAGED, "an event runs past the packet's content");
		w->pos += t->size;
		return CTF_WALK_OK;
	case CTF_STRING: {
		const uint8_t *from, *nul;

		if ((s = align_to(w, 8)) != CTF_WALK_OK)
			return s;
		from = w->buf + w->pos / 8;
		nul = memchr(from, 0, (size_t)(w->end / 8 - w->pos / 8));
		if (!nul)
			return say(w, CTF_WALK_DAMAGED, "a string runs past the packet's content");
		w->pos = (uint64_t)(nul + 1 - w->buf) * 8;
		return CTF_WALK_OK;
	}
	case CTF_STRUCT:
		if ((s = align_to(w, t->align)) != CTF_WALK_OK)
			return s;
		for (size_t i = 0; i < t->n_members;) {
			const struct ctf_member *m = &t->members[i];

			if (m->run_len && step_over(w, m->run_align, m->run_bits)) {
				i += m->run_len;
				continue;
			}
			if ((s = walk_type(w, m->type, m)) != CTF_WALK_OK)
				return s;
			i++;
		}
		return CTF_WALK_OK;
	case CTF_VARIANT:
		return walk_variant(w, t);
	case CTF_ARRAY:
		return walk_elems(w, t->elem, t->length);
	case CTF_SEQUENCE: {
		const struct seen *len = t->ref_key ? recall(w, t->ref_key) : NULL;

		if (!len)
			return say(w, CTF_WALK_UNSUPPORTED, "a sequence's length %s is not found",
				   t->ref);
		if (len->v < 0)
			return say(w, CTF_WALK_DAMAGED, "a sequence has a negative length");
		return walk_elems(w, t->elem, (uint64_t)len->v);
	}
	}
	return CTF_WALK_UNSUPPORTED;
}

static const struct ctf_event_class *event_class(const struct ctf_stream_class *sc, uint64_t id)
{
	if (sc->by_id)
		return id < sc->n_by_id ? sc->by_id[id] : NULL;
	for (size_t i = 0; i < sc->n_events; i++)
		if (sc->events[i].id == id)
			return &sc->events[i];
	return NULL;
}

static enum ctf_walk_status walk_event(struct walk *w, const struct ctf_stream_class *sc)
{
	const struct ctf_event_class *ec;
	const struct seen *id;
	enum ctf_walk_status s;

	w->n_seen = 0;
	w->in_header = true;
	s = sc->event_header ? walk_type(w, sc->event_header, NULL) : CTF_WALK_OK;
	w->in_header = false;
	if (s == CTF_WALK_OK && sc->event_context)
		s = walk_type(w, sc->event_context, NULL);
	if (s != CTF_WALK_OK)
		return s;
	id = recall(w, ctf_types_id_key);	/* the last one: an extended header's */
	ec = id ? event_class(sc, (uint64_t)id->v) : sc->n_events == 1 ? &sc->events[0] : NULL;
	if (!ec)
		return say(w, CTF_WALK_DAMAGED, "an event of unknown id %lld",
			   id ? (long long)id->v : -1LL);
	if (ec->context && (s = walk_type(w, ec->context, NULL)) != CTF_WALK_OK)
		return s;
	return ec->fields ? walk_type(w, ec->fields, NULL) : CTF_WALK_OK;
}

enum ctf_walk_status ctf_walk_packet(const struct ctf_types *types,
				     const struct ctf_stream_class *sc, uint8_t *packet,
				     size_t packet_bytes, uint64_t content_bits, uint64_t clock_begin, int64_t shift,
				     uint64_t *at_byte, char *why, size_t why_size)
{
	struct walk w = { .buf = packet, .bytes = packet_bytes, .end = content_bits, .clock = clock_begin,
			  .shift = shift, .in_packet = true, .why = why, .why_size = why_size,
			  .budget = 2 * content_bits + 4096 };
	enum ctf_walk_status s = CTF_WALK_OK;

	if (types->packet_header)
		s = walk_type(&w, types->packet_header, NULL);
	if (s == CTF_WALK_OK && sc->packet_context)
		s = walk_type(&w, sc->packet_context, NULL);
	w.in_packet = false;
	while (s == CTF_WALK_OK && w.pos < w.end) {
		uint64_t start = w.pos;

		s = walk_event(&w, sc);
		if (s == CTF_WALK_OK && w.pos == start)
			s = say(&w, CTF_WALK_UNSUPPORTED, "an event of no size");
	}
	*at_byte = w.pos / 8;
	return s;
}
