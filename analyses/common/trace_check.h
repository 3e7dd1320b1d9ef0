/*
 * trace_check - what a trace's own files say is missing, checked before babeltrace2 reads
 * it: babeltrace2 reads a stream file cut at a packet boundary as complete, and passes over
 * a folder of stream files without metadata without a word.
 *
 *   trace_check_tree(root, prog, &counts)
 *       walks root (a trace folder or any folder above trace folders) and warns on stderr,
 *       "PROG: warning: ...", naming the file or folder, of
 *         - a stream file shorter than its LTTng index says: how many packets and bytes are
 *           missing and, when the metadata's clock is readable, their time range;
 *         - a stream file its index lists that is not there;
 *         - a folder with CTF stream files (or an index) but no metadata: its events cannot
 *           be read.
 *       Adds what it found to counts (may be NULL); returns the number of problems found.
 */
#ifndef HSATRACE_ANALYSES_TRACE_CHECK_H
#define HSATRACE_ANALYSES_TRACE_CHECK_H

#include <stddef.h>
#include <stdint.h>

struct trace_check_counts {
	size_t short_streams;		  /* stream files shorter than their index (or absent) */
	uint64_t missing_packets;
	uint64_t missing_bytes;
	size_t folders_without_metadata;  /* holding stream files that cannot be read */
	size_t damaged_metadata;	  /* traces whose packetized metadata is cut or damaged
					     (babeltrace2 would spin on them: never opened) */
};

size_t trace_check_tree(const char *root, const char *prog, struct trace_check_counts *counts);

#endif /* HSATRACE_ANALYSES_TRACE_CHECK_H */
