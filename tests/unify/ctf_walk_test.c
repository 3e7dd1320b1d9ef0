/*
 * ctf_walk.t - the copy path's event walk: TSDL parsed into field types (LTTng's compact and
 * extended event headers, strings, sequences), a packet built here walked to its content's
 * end, its clock values moved onto another clock (compact 27-bit timestamps across a
 * wrap-around, an extended 64-bit one: each the low bits of the moved time, so that the
 * reader's reconstruction gives the moved time), damaged packets found (an unknown event
 * id, a string past the content) and what the walk refuses; LTTng's large header (32-bit
 * timestamps on whole bytes) and fixed-size fields walked in one step, with the same
 * results as field by field.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analyses/unify/ctf_type.h"
#include "analyses/unify/ctf_walk.h"
#include "tap.h"

static const char tsdl[] =
	"/* CTF 1.8 */\n"
	"typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n"
	"typealias integer { size = 32; align = 8; signed = false; } := uint32_t;\n"
	"typealias integer { size = 64; align = 8; signed = false; } := uint64_t;\n"
	"typealias integer { size = 5; align = 1; signed = false; } := uint5_t;\n"
	"typealias integer { size = 27; align = 1; signed = false;\n"
	"\tmap = clock.monotonic.value; } := uint27_clock_monotonic_t;\n"
	"typealias integer { size = 64; align = 8; signed = false;\n"
	"\tmap = clock.monotonic.value; } := uint64_clock_monotonic_t;\n"
	"trace { major = 1; minor = 8; byte_order = le;\n"
	"\tpacket.header := struct { uint32_t magic; uint32_t stream_id; }; };\n"
	"env { domain = \"ust\"; };\n"
	"clock { name = \"monotonic\"; freq = 1000000000; offset = 0; };\n"
	"struct event_header_compact {\n"
	"\tenum : uint5_t { compact = 0 ... 30, extended = 31 } id;\n"
	"\tvariant <id> {\n"
	"\t\tstruct { uint27_clock_monotonic_t timestamp; } compact;\n"
	"\t\tstruct { uint32_t id; uint64_clock_monotonic_t timestamp; } extended;\n"
	"\t} v;\n"
	"} align(8);\n"
	"stream { id = 0; event.header := struct event_header_compact;\n"
	"\tpacket.context := struct { uint64_clock_monotonic_t timestamp_begin;\n"
	"\t\tuint64_t content_size; uint64_t packet_size; }; };\n"
	"event { name = \"a\"; id = 0; stream_id = 0; fields := struct { uint32_t x;\n"
	"\tstring s; uint8_t _seq_length; uint8_t seq[_seq_length]; }; };\n"
	"event { name = \"b\"; id = 40; stream_id = 0; fields := struct { uint64_t y; }; };\n";

#define MASK27 ((1ull << 27) - 1)

static void put_bits(uint8_t *p, uint64_t pos, unsigned size, uint64_t v)
{
	for (unsigned i = 0; i < size; i++, pos++)
		p[pos / 8] = (uint8_t)((p[pos / 8] & ~(1u << (pos % 8))) |
				       (((v >> i) & 1) << (pos % 8)));
}

static uint64_t get_bits(const uint8_t *p, uint64_t pos, unsigned size)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < size; i++, pos++)
		v |= (uint64_t)((p[pos / 8] >> (pos % 8)) & 1) << i;
	return v;
}

/* The times of the three events and where their timestamps sit (bits). */
static const uint64_t begin = (5ull << 27) + MASK27 - 700;
static const uint64_t t1 = (5ull << 27) + MASK27 - 500, t2 = (6ull << 27) + 100,
		      t3 = (9ull << 27) + 12345;
static uint64_t ts1_at, ts2_at, ts3_at;

/* header, context, event a (compact, t1), event a (compact, t2: wrapped), event b
 * (extended, t3). Returns the content size in bytes. */
static size_t build_packet(uint8_t *p, size_t size)
{
	size_t at = 32;

	memset(p, 0, size);
	put_bits(p, 0, 32, 0xC1FC1FC1u);
	put_bits(p, 64, 64, begin);
	for (int e = 0; e < 2; e++) {
		uint64_t t = e ? t2 : t1;

		put_bits(p, at * 8, 5, 0);
		put_bits(p, at * 8 + 5, 27, t & MASK27);
		*(e ? &ts2_at : &ts1_at) = at * 8 + 5;
		at += 4;
		put_bits(p, at * 8, 32, 0xabcd);
		at += 4;
		memcpy(p + at, "hi", 3);
		at += 3;
		p[at++] = 2;
		p[at++] = 7;
		p[at++] = 8;
	}
	put_bits(p, at * 8, 5, 31);
	put_bits(p, at * 8 + 8, 32, 40);
	put_bits(p, at * 8 + 40, 64, t3);
	ts3_at = at * 8 + 40;
	at += 13;
	put_bits(p, at * 8, 64, 42);
	at += 8;
	put_bits(p, 128, 64, at * 8);
	put_bits(p, 192, 64, size * 8);
	return at;
}

/* As a reader reconstructs an N-bit clock value from the previous time. */
static uint64_t next_time(uint64_t clock, uint64_t v, unsigned bits)
{
	uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1, t = (clock & ~mask) | v;

	return bits < 64 && v < (clock & mask) ? t + mask + 1 : t;
}

/* LTTng's large event header (a 32-bit compact timestamp on whole bytes) and event context,
 * a payload with a string before fixed-size fields, another of fixed size only (an array
 * of structures): the types walked in one step, and the same results as field by field. */
static const char large_tsdl[] =
	"/* CTF 1.8 */\n"
	"typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n"
	"typealias integer { size = 16; align = 8; signed = false; } := uint16_t;\n"
	"typealias integer { size = 32; align = 8; signed = false; } := uint32_t;\n"
	"typealias integer { size = 64; align = 8; signed = false; } := uint64_t;\n"
	"typealias integer { size = 32; align = 8; signed = false;\n"
	"\tmap = clock.monotonic.value; } := uint32_clock_monotonic_t;\n"
	"typealias integer { size = 64; align = 8; signed = false;\n"
	"\tmap = clock.monotonic.value; } := uint64_clock_monotonic_t;\n"
	"trace { major = 1; minor = 8; byte_order = le;\n"
	"\tpacket.header := struct { uint32_t magic; uint32_t stream_id; }; };\n"
	"clock { name = \"monotonic\"; freq = 1000000000; offset = 0; };\n"
	"struct event_header_large {\n"
	"\tenum : uint16_t { compact = 0 ... 65534, extended = 65535 } id;\n"
	"\tvariant <id> {\n"
	"\t\tstruct { uint32_clock_monotonic_t timestamp; } compact;\n"
	"\t\tstruct { uint32_t id; uint64_clock_monotonic_t timestamp; } extended;\n"
	"\t} v;\n"
	"} align(8);\n"
	"struct pair { uint8_t a; uint8_t b[3]; };\n"
	"stream { id = 0; event.header := struct event_header_large;\n"
	"\tpacket.context := struct { uint64_clock_monotonic_t timestamp_begin;\n"
	"\t\tuint64_t content_size; uint64_t packet_size; };\n"
	"\tevent.context := struct { integer { size = 32; align = 8; signed = 1; } _vpid;\n"
	"\t\tinteger { size = 32; align = 8; signed = 1; } _vtid;\n"
	"\t\tinteger { size = 8; align = 8; signed = 1; encoding = UTF8; } _procname[17]; }; };\n"
	"event { name = \"call\"; id = 0; stream_id = 0; fields := struct { string _function;\n"
	"\tuint64_t _correlation_id; integer { size = 32; align = 8; signed = 1; } _status; }; };\n"
	"event { name = \"pairs\"; id = 1; stream_id = 0; fields := struct {\n"
	"\tstruct pair p[2]; uint32_t z; }; };\n";

/* Two `call` events (compact headers, the second's 32-bit time wrapped) and a `pairs`
 * (extended header): *ts_at where their timestamps sit (bytes), *u64_at where the second
 * call's _correlation_id sits. Returns the content size in bytes. */
static size_t build_large(uint8_t *p, size_t size, uint64_t t0, const uint64_t *times,
			  uint64_t *ts_at, uint64_t *u64_at)
{
	size_t at = 32;

	memset(p, 0, size);
	put_bits(p, 0, 32, 0xC1FC1FC1u);
	put_bits(p, 64, 64, t0);
	for (int e = 0; e < 2; e++) {
		put_bits(p, at * 8, 16, 0);
		put_bits(p, at * 8 + 16, 32, times[e] & 0xffffffffu);
		ts_at[e] = at + 2;
		put_bits(p, (at + 6) * 8, 32, 0x1234);	/* _vpid */
		at += 6 + 25;	/* header, event context */
		memcpy(p + at, "f", 2);
		at += 2;
		if (e == 1)
			*u64_at = at;
		put_bits(p, at * 8, 64, 77);
		at += 12;
	}
	put_bits(p, at * 8, 16, 65535);
	put_bits(p, at * 8 + 16, 32, 1);
	put_bits(p, at * 8 + 48, 64, times[2]);
	ts_at[2] = at + 6;
	at += 14 + 25 + 12;
	put_bits(p, 128, 64, at * 8);
	put_bits(p, 192, 64, size * 8);
	return at;
}

static void test_large_header(void)
{
	static const uint64_t t0 = (3ull << 32) + 0xffffff00u;
	static const uint64_t times[3] = { (3ull << 32) + 0xffffff80u, (4ull << 32) + 0x10,
					   (4ull << 32) + 0x5000 };
	char why[300];
	struct ctf_types *t = ctf_types_parse(large_tsdl, large_tsdl + strlen(large_tsdl), why,
					      sizeof(why));
	const struct ctf_stream_class *sc = ctf_types_stream(t, 0);
	const struct ctf_type *call = sc && sc->n_events == 2 ? sc->events[0].fields : NULL;
	uint64_t ts_at[3], u64_at = 0, at = 0, c;
	uint8_t p[256];
	size_t content;
	enum ctf_walk_status s;
	int64_t shift = 0x100;

	ok(call && sc->event_context->fixed_bits == 200 && sc->events[1].fields->fixed_bits == 96 &&
	   !call->fixed_bits && call->members[1].run_len == 2 && call->members[1].run_bits == 96,
	   "fixed sizes: the event context (200 bits), an array of structures and a u32 (96), "
	   "the fields after a string (a run of 2, 96 bits)%s%s", t ? "" : ": ", t ? "" : why);
	if (!call) {
		ctf_types_destroy(t);
		return;
	}
	content = build_large(p, sizeof(p), t0, times, ts_at, &u64_at);
	s = ctf_walk_packet(t, sc, p, sizeof(p), content * 8, t0, shift, &at, why, sizeof(why));
	ok(s == CTF_WALK_OK && at == content, "large headers: every event walked with its times "
	   "moved (%zu bytes)", content);
	ok(get_bits(p, ts_at[0] * 8, 32) == ((times[0] + 0x100) & 0xffffffffu) &&
	   get_bits(p, ts_at[1] * 8, 32) == ((times[1] + 0x100) & 0xffffffffu) &&
	   get_bits(p, ts_at[2] * 8, 64) == times[2] + 0x100,
	   "32-bit compact timestamps on whole bytes: the low bits of the moved times; the "
	   "extended one the moved time");
	c = next_time(t0 + 0x100, get_bits(p, ts_at[0] * 8, 32), 32);
	c = next_time(c, get_bits(p, ts_at[1] * 8, 32), 32);
	ok(c == times[1] + 0x100 && get_bits(p, ts_at[0] * 8 + 32, 32) == 0x1234,
	   "the wrap-around follows; the bytes after a timestamp are untouched");

	content = build_large(p, sizeof(p), t0, times, ts_at, &u64_at);
	s = ctf_walk_packet(t, sc, p, sizeof(p), (u64_at + 3) * 8, t0, 0, &at, why, sizeof(why));
	ok(s == CTF_WALK_DAMAGED && at == u64_at && strstr(why, "past the packet's content"),
	   "content ending inside fields walked in one step: damage at the field it cuts, as "
	   "field by field (%s, byte %llu)", why, (unsigned long long)at);
	ctf_types_destroy(t);
}

int main(void)
{
	char why[300];
	struct ctf_types *t = ctf_types_parse(tsdl, tsdl + strlen(tsdl), why, sizeof(why));
	const struct ctf_stream_class *sc = ctf_types_stream(t, 0);
	uint8_t p[256];
	size_t content;
	uint64_t at = 0, c;
	int64_t shift = 1000;
	enum ctf_walk_status s;

	plan(18);
	ok(t && sc && sc->n_events == 2, "LTTng's metadata parsed: one stream class, two events%s%s",
	   t ? "" : ": ", t ? "" : why);
	if (!t || !sc)
		return exit_status();

	content = build_packet(p, sizeof(p));
	s = ctf_walk_packet(t, sc, p, sizeof(p), content * 8, begin, 0, &at, why, sizeof(why));
	ok(s == CTF_WALK_OK && at == content, "every event walked to the content's end (%zu bytes)",
	   content);

	s = ctf_walk_packet(t, sc, p, sizeof(p), content * 8, begin, shift, &at, why, sizeof(why));
	ok(s == CTF_WALK_OK, "walked with its times moved by %lld cycles", (long long)shift);
	ok(get_bits(p, ts1_at, 27) == ((t1 + 1000) & MASK27) &&
	   get_bits(p, ts2_at, 27) == ((t2 + 1000) & MASK27),
	   "compact timestamps: the low 27 bits of the moved times");
	ok(get_bits(p, ts3_at, 64) == t3 + 1000, "extended timestamp: the moved time");
	c = next_time(begin + 1000, get_bits(p, ts1_at, 27), 27);
	ok(c == t1 + 1000, "the reader's first time is the moved one");
	c = next_time(c, get_bits(p, ts2_at, 27), 27);
	ok(c == t2 + 1000, "across the wrap-around too (%llu)", (unsigned long long)c);
	ok(get_bits(p, 64, 64) == begin, "the packet context is left to the caller");

	content = build_packet(p, sizeof(p));
	s = ctf_walk_packet(t, sc, p, sizeof(p), content * 8, begin, -(int64_t)(t1 + 1), &at, why,
			    sizeof(why));
	ok(s == CTF_WALK_UNSUPPORTED, "a time moved before the clock's origin is refused (%s)", why);

	content = build_packet(p, sizeof(p));
	put_bits(p, 32 * 8, 5, 7);
	s = ctf_walk_packet(t, sc, p, sizeof(p), content * 8, begin, 0, &at, why, sizeof(why));
	ok(s == CTF_WALK_DAMAGED && at == 36 && strstr(why, "unknown id 7"),
	   "an unknown event id is damage, at its byte (%s, byte %llu)", why,
	   (unsigned long long)at);

	content = build_packet(p, sizeof(p));
	memset(p + 40, 'x', 3);
	s = ctf_walk_packet(t, sc, p, sizeof(p), 42 * 8, begin, 0, &at, why, sizeof(why));
	ok(s == CTF_WALK_DAMAGED && strstr(why, "string"), "a string past the content is damage (%s)",
	   why);
	ctf_types_destroy(t);

	{
		static const char inner[] = "typealias integer { size = 8; } := u8;\n"
			"struct s { typealias integer { size = 8; } := v8; v8 a; };\n";
		static const char undeclared[] = "event { fields := struct { foo_t a; }; };\n";

		t = ctf_types_parse(inner, inner + strlen(inner), why, sizeof(why));
		ok(!t && strstr(why, "inside a structure"), "a type declared inside a structure is not "
		   "understood (%s)", why);
		ctf_types_destroy(t);
		t = ctf_types_parse(undeclared, undeclared + strlen(undeclared), why, sizeof(why));
		ok(!t && strstr(why, "foo_t"), "an undeclared type name is said (%s)", why);
		ctf_types_destroy(t);
	}
	test_large_header();
	return exit_status();
}
