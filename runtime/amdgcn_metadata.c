/* amdgcn_metadata.c - see amdgcn_metadata.h. A small MessagePack reader: maps, arrays,
 * strings and unsigned integers are read, everything else is skipped; every length is
 * checked against what is left. */
#include "runtime/amdgcn_metadata.h"

#include <string.h>

#define MAX_DEPTH 16

struct cursor {
	const unsigned char *at, *end;
	bool bad;
};

enum kind { KIND_MAP, KIND_ARRAY, KIND_STRING, KIND_UINT, KIND_OTHER };

struct item {
	enum kind kind;
	uint64_t value;            /* entries, elements, string length or the integer */
	const unsigned char *text; /* KIND_STRING */
	uint64_t skip_bytes;       /* KIND_OTHER: payload bytes after the header */
};

static uint64_t big_endian(struct cursor *c, unsigned bytes)
{
	uint64_t value = 0;

	if ((size_t)(c->end - c->at) < bytes) {
		c->bad = true;
		return 0;
	}
	for (unsigned i = 0; i < bytes; i++)
		value = value << 8 | *c->at++;
	return value;
}

/* A string of length bytes at the cursor; one that runs past the end is no string. */
static void take_string(struct cursor *c, struct item *it, uint64_t length)
{
	if (c->bad || (uint64_t)(c->end - c->at) < length) {
		c->bad = true;
		return;
	}
	it->kind = KIND_STRING;
	it->value = length;
	it->text = c->at;
	c->at += length;
}

/* Sized forms (0xc4..0xdf): which kind, and how many length bytes follow. */
static void sized(struct cursor *c, unsigned char type, struct item *it)
{
	static const unsigned char fixed[] = { /* 0xca..0xd3 payload sizes: float32..int64 */
					       4, 8, 1, 2, 4, 8, 1, 2, 4, 8 };

	if (type >= 0xcc && type <= 0xcf) {
		it->kind = KIND_UINT;
		it->value = big_endian(c, 1u << (type - 0xcc));
	} else if (type >= 0xd9 && type <= 0xdb) {
		take_string(c, it, big_endian(c, 1u << (type - 0xd9)));
	} else if (type == 0xdc || type == 0xdd || type == 0xde || type == 0xdf) {
		it->kind = type >= 0xde ? KIND_MAP : KIND_ARRAY;
		it->value = big_endian(c, type == 0xdc || type == 0xde ? 2 : 4);
	} else if (type >= 0xc4 && type <= 0xc6) { /* bin */
		it->skip_bytes = big_endian(c, 1u << (type - 0xc4));
	} else if (type >= 0xca && type <= 0xd3) {
		it->skip_bytes = fixed[type - 0xca];
	} else if (type >= 0xd4 && type <= 0xd8) { /* fixext */
		it->skip_bytes = 1 + (1u << (type - 0xd4));
	} else if (type >= 0xc7 && type <= 0xc9) { /* ext */
		it->skip_bytes = big_endian(c, 1u << (type - 0xc7)) + 1;
	}
}

static struct item next(struct cursor *c)
{
	struct item it = { KIND_OTHER, 0, NULL, 0 };
	unsigned char type;

	if (c->at >= c->end) {
		c->bad = true;
		return it;
	}
	type = *c->at++;
	if (type <= 0x7f) {
		it.kind = KIND_UINT;
		it.value = type;
	} else if (type <= 0x9f) { /* fixmap 0x80..0x8f, fixarray 0x90..0x9f */
		it.kind = type <= 0x8f ? KIND_MAP : KIND_ARRAY;
		it.value = type & 0x0f;
	} else if (type >= 0xa0 && type <= 0xbf) {
		take_string(c, &it, type & 0x1f);
	} else if (type >= 0xc4) {
		sized(c, type, &it);
	}
	if (it.kind == KIND_OTHER) {
		if ((uint64_t)(c->end - c->at) < it.skip_bytes)
			c->bad = true;
		else
			c->at += it.skip_bytes;
	}
	return it;
}

/* Skips the rest of an item already read. */
static void skip_rest(struct cursor *c, const struct item *it, int depth)
{
	uint64_t children = it->kind == KIND_MAP ? 2 * it->value : it->kind == KIND_ARRAY ? it->value : 0;

	if (depth > MAX_DEPTH) {
		c->bad = true;
		return;
	}
	for (uint64_t i = 0; i < children && !c->bad; i++) {
		struct item child = next(c);

		skip_rest(c, &child, depth + 1);
	}
}

static bool is(const struct item *it, const char *text)
{
	return it->kind == KIND_STRING && it->value == strlen(text) &&
	       memcmp(it->text, text, it->value) == 0;
}

/* One element of ".args": appended when it is an explicit argument. */
static void read_arg(struct cursor *c, struct hsat_amdgcn_args *args)
{
	struct item map = next(c);
	uint64_t offset = UINT64_MAX, size = UINT64_MAX;
	bool hidden = false;

	if (map.kind != KIND_MAP) {
		c->bad = true;
		return;
	}
	for (uint64_t i = 0; i < map.value && !c->bad; i++) {
		struct item key = next(c), value = next(c);

		if (is(&key, ".offset") && value.kind == KIND_UINT)
			offset = value.value;
		else if (is(&key, ".size") && value.kind == KIND_UINT)
			size = value.value;
		else if (is(&key, ".value_kind") && value.kind == KIND_STRING)
			hidden = value.value >= 7 && memcmp(value.text, "hidden_", 7) == 0;
		skip_rest(c, &value, 2);
	}
	if (hidden || c->bad)
		return;
	if (offset > UINT32_MAX || size > UINT32_MAX || args->count == HSAT_AMDGCN_MAX_ARGS) {
		args->known = false;
		c->bad = true;
		return;
	}
	args->args[args->count++] = (struct hsat_cpu_kernel_arg){ (uint32_t)offset, (uint32_t)size };
}

/* One kernel's map; true (and args filled) when it is the kernel of that symbol. */
static bool read_kernel(struct cursor *c, const char *symbol, struct hsat_amdgcn_args *args)
{
	struct item map = next(c);
	bool named = false, listed = false;

	memset(args, 0, sizeof(*args));
	args->known = true;
	if (map.kind != KIND_MAP) {
		c->bad = true;
		return false;
	}
	for (uint64_t i = 0; i < map.value && !c->bad; i++) {
		struct item key = next(c), value;

		if (!is(&key, ".args")) {
			value = next(c);
			named |= is(&key, ".symbol") && is(&value, symbol);
			skip_rest(c, &value, 2);
			continue;
		}
		value = next(c);
		if (value.kind != KIND_ARRAY) {
			c->bad = true;
			return false;
		}
		for (uint64_t a = 0; a < value.value && !c->bad; a++)
			read_arg(c, args);
		listed = true;
	}
	if (!listed)
		args->count = 0; /* a kernel without arguments has no ".args" */
	return named && !c->bad && args->known;
}

void hsat_amdgcn_metadata_args(const unsigned char *msgpack, size_t size, const char *symbol,
			       struct hsat_amdgcn_args *out)
{
	struct cursor c = { msgpack, msgpack + size, false };
	struct item top = next(&c);

	memset(out, 0, sizeof(*out));
	if (top.kind != KIND_MAP)
		return;
	for (uint64_t i = 0; i < top.value && !c.bad; i++) {
		struct item key = next(&c), value = next(&c);

		if (!is(&key, "amdhsa.kernels") || value.kind != KIND_ARRAY) {
			skip_rest(&c, &value, 1);
			continue;
		}
		for (uint64_t k = 0; k < value.value && !c.bad; k++) {
			struct hsat_amdgcn_args args;

			if (read_kernel(&c, symbol, &args)) {
				*out = args;
				return;
			}
		}
		return;
	}
}
