#include "analyses/common/ctf_clock.h"

#include <byteswap.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define METADATA_PACKET_MAGIC 0x75D11D57u
#define METADATA_HEADER_SIZE 37	/* magic, uuid, checksum, sizes, schemes, version */
#define METADATA_MAX_SIZE (64u << 20)

static uint32_t u32_at(const unsigned char *p, int swap)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return swap ? bswap_32(v) : v;
}

/* Packetized metadata: the text is each packet's content after its header. In place. */
static size_t unpacketize(unsigned char *buf, size_t size)
{
	int swap = u32_at(buf, 0) != METADATA_PACKET_MAGIC;
	size_t in = 0, out = 0;

	while (in + METADATA_HEADER_SIZE <= size &&
	       u32_at(buf + in, swap) == METADATA_PACKET_MAGIC) {
		size_t content = u32_at(buf + in + 24, swap) / 8;
		size_t packet = u32_at(buf + in + 28, swap) / 8;

		if (content < METADATA_HEADER_SIZE || packet < content || in + content > size)
			break;
		memmove(buf + out, buf + in + METADATA_HEADER_SIZE, content - METADATA_HEADER_SIZE);
		out += content - METADATA_HEADER_SIZE;
		in += packet;
	}
	return out;
}

char *ctf_metadata_read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = f ? malloc(METADATA_MAX_SIZE + 1) : NULL;
	size_t size = 0;

	if (buf) {
		size = fread(buf, 1, METADATA_MAX_SIZE, f);
		if (size >= 4 && (u32_at(buf, 0) == METADATA_PACKET_MAGIC ||
				  u32_at(buf, 1) == METADATA_PACKET_MAGIC))
			size = unpacketize(buf, size);
		buf[size] = '\0';
	}
	if (f)
		fclose(f);
	return (char *)buf;
}

/* `key = value;` inside a block: the value, when found as a whole word. */
static int block_value(const char *block, const char *block_end, const char *key,
		       long long *value)
{
	size_t len = strlen(key);

	for (const char *p = block; (p = strstr(p, key)) && p < block_end; p += len) {
		const char *q = p + len;
		char *end;

		if (p > block && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '=')
			continue;
		*value = strtoll(q + 1, &end, 0);
		return end != q + 1 ? 0 : -1;
	}
	return -1;
}

int ctf_clock_read(const char *metadata_path, struct ctf_clock *clock)
{
	char *text = ctf_metadata_read_text(metadata_path);
	const char *block = text ? strstr(text, "clock {") : NULL;
	const char *block_end = block ? strstr(block, "};") : NULL;
	long long freq = 1000000000, offset_s = 0, offset = 0;
	int ret = -1;

	if (block && block_end) {
		block_value(block, block_end, "freq", &freq);
		block_value(block, block_end, "offset_s", &offset_s);
		block_value(block, block_end, "offset", &offset);
		if (freq > 0) {
			*clock = (struct ctf_clock){ (uint64_t)freq, offset_s, offset };
			ret = 0;
		}
	}
	free(text);
	return ret;
}

int64_t ctf_clock_ns_from_origin(const struct ctf_clock *clock, uint64_t cycles)
{
	long double ns = ((long double)clock->offset + (long double)cycles) * 1e9L /
			 (long double)clock->freq;

	return clock->offset_s * 1000000000LL + (int64_t)ns;
}
