/*
 * packet_walk - the intact packets at the start of a CTF stream file, found without its
 * metadata (a unified trace has no LTTng index to list them).
 *
 * Every packet header starts with the CTF magic number (in the trace's byte order) and its
 * packet context holds the packet size in bits; the walk takes, in the first bytes of each
 * packet, the first 64-bit value that leads exactly to the next magic number or to the end
 * of the file, and stops at the first packet for which none does (damaged or truncated);
 * the packet before a damaged one is still taken when its size is where the first packet's
 * was (whether it is readable is for the caller to try).
 */
#ifndef HSATRACE_UNIFY_PACKET_WALK_H
#define HSATRACE_UNIFY_PACKET_WALK_H

#include <stddef.h>
#include <stdint.h>

/* Walks the stream file at `path` (`size` bytes). Returns the number of packets that chain
 * from its start; the ends of the last of them (at most `max`) are in `ends`, ascending. */
size_t packet_walk(const char *path, uint64_t size, uint64_t *ends, size_t max);

#endif
