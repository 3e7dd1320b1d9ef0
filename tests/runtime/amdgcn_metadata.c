/*
 * amdgcn_metadata.c - the MessagePack reader of the runtime's amdgcn metadata (the explicit
 * arguments of a kernel): a metadata document written here as hipcc's are (two kernels,
 * explicit and hidden arguments, 8- to 32-bit lengths and integers, values of other types to
 * skip) reads back as written; every cut-short copy of it is never reported as the complete
 * argument list; one-byte corruptions into headers with huge counts or lengths, and values
 * nested deeper than the reader goes, are read without reading past the end (AddressSanitizer
 * watches the exact-size copies: an overread aborts the test).
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/amdgcn_metadata.h"
#include "tests/lib/tap.h"

struct doc {
	unsigned char bytes[1024];
	size_t length;
};

static void byte(struct doc *d, unsigned value)
{
	d->bytes[d->length++] = (unsigned char)value;
}

static void str(struct doc *d, const char *s)
{
	size_t n = strlen(s);

	if (n < 32) {
		byte(d, 0xa0 | (unsigned)n);
	} else {
		byte(d, 0xd9); /* str8 */
		byte(d, (unsigned)n);
	}
	memcpy(d->bytes + d->length, s, n);
	d->length += n;
}

static void unsigned_int(struct doc *d, unsigned value)
{
	if (value < 128) {
		byte(d, value);
	} else if (value < 65536) {
		byte(d, 0xcd); /* uint16 */
		byte(d, value >> 8);
		byte(d, value & 0xff);
	} else {
		byte(d, 0xce); /* uint32 */
		for (int s = 24; s >= 0; s -= 8)
			byte(d, (value >> s) & 0xff);
	}
}

static void arg(struct doc *d, unsigned offset, unsigned size, const char *kind)
{
	byte(d, 0x84); /* fixmap of 4 */
	str(d, ".address_space");
	str(d, "global");
	str(d, ".offset");
	unsigned_int(d, offset);
	str(d, ".size");
	unsigned_int(d, size);
	str(d, ".value_kind");
	str(d, kind);
}

static void kernel(struct doc *d, const char *symbol, unsigned base)
{
	byte(d, 0x84);
	str(d, ".args");
	byte(d, 0x94); /* fixarray of 4 */
	arg(d, 0, 8, "global_buffer");
	arg(d, 8, 4, "by_value");
	arg(d, base, 300, "by_value");
	arg(d, base + 304, 8, "hidden_global_offset_x");
	str(d, ".max_flat_workgroup_size");
	unsigned_int(d, 1024);
	str(d, ".sgpr_count");
	byte(d, 0xcb); /* float64: a type the reader skips */
	for (int i = 0; i < 8; i++)
		byte(d, 0);
	str(d, ".symbol");
	str(d, symbol);
}

static void document(struct doc *d)
{
	d->length = 0;
	byte(d, 0x82);
	str(d, "amdhsa.target");
	str(d, "amdgcn-amd-amdhsa--gfx906");
	str(d, "amdhsa.kernels");
	byte(d, 0xdc); /* array16 of 2 */
	byte(d, 0);
	byte(d, 2);
	kernel(d, "first_kernel_with_a_long_name.kd", 16);
	kernel(d, "second.kd", 70000);
}

static void read_copy(const unsigned char *bytes, size_t length, const char *symbol,
		      struct hsat_amdgcn_args *out)
{
	unsigned char *copy = malloc(length ? length : 1);

	memcpy(copy, bytes, length);
	hsat_amdgcn_metadata_args(copy, length, symbol, out);
	free(copy);
}

static const unsigned char corruptions[] = { 0xdf, 0xdb, 0xdd, 0xc6, 0xcf, 0xc9 };

int main(void)
{
	struct doc d;
	struct hsat_amdgcn_args a;
	int complete = 0;

	plan_no_plan();
	document(&d);
	read_copy(d.bytes, d.length, "second.kd", &a);
	ok(a.known, "the second kernel is found by its symbol");
	is_int(a.count, 3, "three explicit arguments (the hidden one left out)");
	ok(a.args[0].offset == 0 && a.args[0].size == 8 && a.args[1].offset == 8 &&
		   a.args[1].size == 4 && a.args[2].offset == 70000 && a.args[2].size == 300,
	   "offsets and sizes as written (a 32-bit offset included)");
	read_copy(d.bytes, d.length, "first_kernel_with_a_long_name.kd", &a);
	ok(a.known && a.count == 3 && a.args[2].offset == 16, "the first kernel too (a str8 name)");
	read_copy(d.bytes, d.length, "absent.kd", &a);
	ok(!a.known, "a kernel the metadata does not list is unknown");
	for (size_t cut = 0; cut < d.length; cut++) {
		read_copy(d.bytes, cut, "second.kd", &a);
		complete += a.known && a.count == 3;
	}
	is_int(complete, 0, "no cut-short copy (of %zu) gives the complete list", d.length);
	/* headers with huge counts and lengths (map32, str32, array32, bin32, uint64, ext32) */
	for (size_t h = 0; h < sizeof(corruptions); h++)
		for (size_t at = 0; at < d.length; at++) {
			struct doc bad = d;

			bad.bytes[at] = corruptions[h];
			read_copy(bad.bytes, bad.length, "second.kd", &a);
		}
	ok(1, "%zu corrupted copies were read without reading past their end",
	   d.length * sizeof(corruptions));
	d.length = 0;
	byte(&d, 0x81);
	str(&d, "amdhsa.target");
	while (d.length < sizeof(d.bytes))
		byte(&d, 0x91); /* arrays in arrays, deeper than the reader goes */
	read_copy(d.bytes, d.length, "second.kd", &a);
	ok(!a.known, "values nested %zu deep are given up on (the reader stops at its depth limit)",
	   d.length);
	read_copy(d.bytes, 0, "second.kd", &a);
	ok(!a.known, "no bytes: unknown");
	done_testing();
	return exit_status();
}
