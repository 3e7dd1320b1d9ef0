/*
 * metadata_check - is a trace's packetized metadata whole?
 *
 * babeltrace2 2.0.4 spins forever on a metadata file cut inside one of its packets (a crash,
 * a full disk): every command would hang. So the packets are checked first (CTF 1.8
 * packetized metadata: magic 0x75D11D57, then uuid, checksum, and the content and packet
 * sizes in bits): each header whole and each packet inside the file. Text metadata is not
 * packetized and passes.
 *
 * ctf_metadata_check(dir, why, size) returns 0 when DIR/metadata is whole (or absent, or
 * text), else -1 with a one-line reason in why ("metadata cut inside its packet 3: ...").
 */
#ifndef HSATRACE_ANALYSES_METADATA_CHECK_H
#define HSATRACE_ANALYSES_METADATA_CHECK_H

#include <stddef.h>

int ctf_metadata_check(const char *dir, char *why, size_t size);

#endif
