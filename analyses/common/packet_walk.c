#include "analyses/common/packet_walk.h"

#include <endian.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#define CTF_MAGIC 0xC1FC1FC1u
/* Far enough for the header (magic, UUID, stream ids) and the context's size fields. */
#define HEADER_SCAN_BYTES 256

enum byte_order { ORDER_UNKNOWN, ORDER_LE, ORDER_BE };

struct walk {
	int fd;
	uint64_t size;
	enum byte_order order;	/* of the first packet's magic: the whole file's */
	ssize_t size_at;	/* where the packet size was found in the first packet, or -1 */
	bool last;		/* the packet just walked does not lead to another one */
};

static enum byte_order magic_order(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	if (le32toh(v) == CTF_MAGIC)
		return ORDER_LE;
	if (be32toh(v) == CTF_MAGIC)
		return ORDER_BE;
	return ORDER_UNKNOWN;
}

static bool magic_at(int fd, uint64_t offset, enum byte_order order)
{
	unsigned char p[4];

	return pread(fd, p, 4, (off_t)offset) == 4 && magic_order(p) == order;
}

/* The packet size (bytes) in the 64-bit field at `at` of `head`, or 0 if it cannot be. */
static uint64_t size_field(const struct walk *w, const unsigned char *head, ssize_t at,
			   uint64_t offset)
{
	uint64_t bits, bytes;

	memcpy(&bits, head + at, 8);
	bits = w->order == ORDER_LE ? le64toh(bits) : be64toh(bits);
	bytes = bits / 8;
	if (bits % 8 || bytes <= (uint64_t)at + 8 || bytes > w->size - offset)
		return 0;
	return bytes;
}

/* The size in bytes of the packet at `offset`, or 0 when it is not intact. A packet whose
 * successor is damaged is still taken (as the last one) when its size field is where the
 * first packet's was. */
static uint64_t packet_bytes(struct walk *w, uint64_t offset)
{
	unsigned char head[HEADER_SCAN_BYTES];
	ssize_t n = pread(w->fd, head, sizeof(head), (off_t)offset);
	enum byte_order order;
	uint64_t bytes;

	if (n < 8 || (order = magic_order(head)) == ORDER_UNKNOWN ||
	    (w->order != ORDER_UNKNOWN && order != w->order))
		return 0;
	w->order = order;
	/* Every packet of a stream has its size where the first one had it: a scan could take
	 * header bytes that happen to lead to a later packet (LTTng's 32-bit stream id and the
	 * instance id after it read as 65536 bits) over a damaged packet. */
	if (w->size_at >= 0 && w->size_at + 8 <= n) {
		bytes = size_field(w, head, w->size_at, offset);
		if (bytes && (offset + bytes == w->size || magic_at(w->fd, offset + bytes, order)))
			return bytes;
		w->last = true;
		return bytes;
	}
	/* The first packet: the nearest next packet, other values that happen to lead to a
	 * later one are not its size. */
	{
		uint64_t best = 0;
		ssize_t best_at = -1;

		for (ssize_t at = 4; at + 8 <= n; at++) {
			bytes = size_field(w, head, at, offset);
			if (bytes && (!best || bytes < best) &&
			    (offset + bytes == w->size || magic_at(w->fd, offset + bytes, order))) {
				best = bytes;
				best_at = at;
			}
		}
		if (best) {
			w->size_at = best_at;
			return best;
		}
	}
	return 0;
}

size_t packet_walk(const char *path, uint64_t size, uint64_t *ends, size_t max)
{
	struct walk w = { .fd = open(path, O_RDONLY | O_CLOEXEC), .size = size, .size_at = -1 };
	uint64_t offset = 0, bytes;
	size_t count = 0;

	if (w.fd < 0)
		return 0;
	while (offset < size && !w.last && (bytes = packet_bytes(&w, offset)) != 0) {
		offset += bytes;
		if (max) {
			if (count >= max)
				memmove(ends, ends + 1, (max - 1) * sizeof(*ends));
			ends[count < max ? count : max - 1] = offset;
		}
		count++;
	}
	close(w.fd);
	return count;
}
