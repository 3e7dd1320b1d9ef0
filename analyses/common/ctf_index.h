/*
 * ctf_index - LTTng's packet index of a stream file (index/<stream>.idx), compared with the
 * stream file as it is on disk.
 *
 * CTF index format, big-endian: a header (magic 0xC1F1DCC1, index_major, index_minor,
 * packet_index_len) then one entry per packet: offset (bytes), packet_size and content_size
 * (bits), timestamp_begin and timestamp_end (clock cycles), events_discarded, stream_id and,
 * from 1.1 on, stream_instance_id and packet_seq_num.
 *
 *   ctf_index_compare(idx, file_size, &tail)
 *       0 with tail filled (tail.missing packets of tail.packets are not wholly in a file of
 *       file_size bytes), or -1 when the index cannot be read (absent, not an index).
 *   ctf_index_find_stream(trace, stream_id, instance_id, path, size)
 *       the stream file of the trace folder whose index (1.1 and later) gives these ids to
 *       its first packet: 0 with path set, or -1.
 */
#ifndef HSATRACE_ANALYSES_CTF_INDEX_H
#define HSATRACE_ANALYSES_CTF_INDEX_H

#include <stddef.h>
#include <stdint.h>

struct ctf_index_tail {
	uint64_t packets;	 /* packets the index lists */
	uint64_t missing;	 /* of those, the ones not wholly in the file */
	uint64_t expected_size;	 /* bytes: the end of the last listed packet */
	uint64_t begin_cycles;	 /* the missing packets' time range */
	uint64_t end_cycles;
};

int ctf_index_compare(const char *idx_path, uint64_t file_size, struct ctf_index_tail *tail);
int ctf_index_find_stream(const char *trace, uint64_t stream_id, uint64_t instance_id,
			  char *path, size_t size);

#endif /* HSATRACE_ANALYSES_CTF_INDEX_H */
