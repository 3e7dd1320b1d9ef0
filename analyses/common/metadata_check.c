#include "analyses/common/metadata_check.h"

#include <endian.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define METADATA_MAGIC 0x75D11D57u
#define HEADER_BYTES 37	/* magic, uuid[16], checksum, content and packet sizes, 5 bytes */

struct packet_sizes {
	uint64_t content_bits, packet_bits;
};

/* The header at the file's current position: 1 read, 0 at the end of the file, -1 bad. */
static int read_header(FILE *f, int *big_endian, struct packet_sizes *ps)
{
	unsigned char h[HEADER_BYTES];
	size_t n = fread(h, 1, sizeof(h), f);
	uint32_t magic, content, packet;

	if (n == 0)
		return 0;
	if (n < sizeof(h))
		return -1;
	memcpy(&magic, h, 4);
	if (le32toh(magic) == METADATA_MAGIC)
		*big_endian = 0;
	else if (be32toh(magic) == METADATA_MAGIC)
		*big_endian = 1;
	else
		return -1;
	memcpy(&content, h + 24, 4);
	memcpy(&packet, h + 28, 4);
	ps->content_bits = *big_endian ? be32toh(content) : le32toh(content);
	ps->packet_bits = *big_endian ? be32toh(packet) : le32toh(packet);
	return 1;
}

static int starts_packetized(FILE *f)
{
	unsigned char m[4];
	uint32_t magic;

	if (fread(m, 1, 4, f) != 4)
		return 0;
	rewind(f);
	memcpy(&magic, m, 4);
	return le32toh(magic) == METADATA_MAGIC || be32toh(magic) == METADATA_MAGIC;
}

static int walk_packets(FILE *f, long size, char *why, size_t why_size)
{
	int big_endian = 0, r;
	struct packet_sizes ps;
	long offset = 0;

	for (unsigned i = 1; (r = read_header(f, &big_endian, &ps)) != 0; i++) {
		uint64_t bytes = ps.packet_bits / 8;

		if (r < 0 || ps.packet_bits % 8 || bytes < HEADER_BYTES ||
		    ps.content_bits > ps.packet_bits) {
			snprintf(why, why_size, "metadata packet %u (at byte %ld) is damaged", i,
				 offset);
			return -1;
		}
		if (bytes > (uint64_t)(size - offset)) {
			snprintf(why, why_size, "metadata cut inside its packet %u (%llu of its %llu "
				 "bytes present)", i, (unsigned long long)(size - offset),
				 (unsigned long long)bytes);
			return -1;
		}
		offset += (long)bytes;
		if (fseek(f, offset, SEEK_SET) != 0)
			return -1;
	}
	return 0;
}

int ctf_metadata_check(const char *dir, char *why, size_t why_size)
{
	char path[4200];
	FILE *f;
	long size;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/metadata", dir);
	f = fopen(path, "rb");
	if (!f)
		return 0;	/* absent: the trace checks say so */
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    starts_packetized(f))
		ret = walk_packets(f, size, why, why_size);
	fclose(f);
	return ret;
}
