/*
 * packet_walk - the intact packets at the start of a CTF stream file, found without its
 * metadata (a unified trace has no LTTng index to list them).
 *
 * Every packet header starts with the CTF magic number (in the trace's byte order) and its
 * packet context holds the packet size in bits; the walk takes, in the first bytes of the
 * first packet, the 64-bit value that leads to the nearest next magic number (or exactly to
 * the end of the file), and reads every later packet's size at the same place; it stops at
 * the first packet whose size leads to neither (damaged or truncated), that packet still
 * taken as the last one (whether it is readable is for the caller to try).
 */
#ifndef HSATRACE_UNIFY_PACKET_WALK_H
#define HSATRACE_UNIFY_PACKET_WALK_H

#include <stddef.h>
#include <stdint.h>

/* Walks the stream file at `path` (`size` bytes). Returns the number of packets that chain
 * from its start; the ends of the last of them (at most `max`) are in `ends`, ascending. */
size_t packet_walk(const char *path, uint64_t size, uint64_t *ends, size_t max);

#endif
