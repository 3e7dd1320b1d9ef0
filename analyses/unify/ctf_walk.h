/*
 * ctf_walk - the events of one packet walked from their types (ctf_type) without building
 * them: where each field and event ends. copy_stream walks every packet it copies, so a
 * packet whose events do not decode (corrupted event data behind an intact header) is
 * found before it is written, and, when the packet goes onto another clock, rewrites the
 * clock values of its event headers in place (shift: the difference of the two clocks'
 * offsets, in cycles; compact timestamps keep their width, their wrap-arounds follow).
 *
 *   ctf_walk_packet(types, sc, packet, bytes, content_bits, clock_begin, shift, &at, why, size)
 *       packet: the packet's `bytes` bytes from its header; content_bits: its content size;
 *       clock_begin: its timestamp_begin, where the event clock starts.
 *       CTF_WALK_OK every event decodes up to content_bits; CTF_WALK_DAMAGED they do not;
 *       CTF_WALK_UNSUPPORTED something is outside what the walk does (a clock value
 *       outside the event header, a shifted time before the origin). why says what,
 *       at the byte of the packet where it is.
 */
#ifndef HSATRACE_UNIFY_CTF_WALK_H
#define HSATRACE_UNIFY_CTF_WALK_H

#include <stddef.h>
#include <stdint.h>

#include "analyses/unify/ctf_type.h"

enum ctf_walk_status { CTF_WALK_OK, CTF_WALK_DAMAGED, CTF_WALK_UNSUPPORTED };

enum ctf_walk_status ctf_walk_packet(const struct ctf_types *types,
				     const struct ctf_stream_class *sc, uint8_t *packet,
				     size_t packet_bytes, uint64_t content_bits, uint64_t clock_begin, int64_t shift,
				     uint64_t *at_byte, char *why, size_t why_size);

#endif
