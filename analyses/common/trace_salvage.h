/*
 * trace_salvage - the trace folders of a reading, with those source.ctf.fs refuses whole (a
 * stream file cut inside a packet, a corrupted one) replaced by their readable parts, as
 * `hsatrace unify` reads them (analyses/common/salvage.h): each stream file alone, cut at its
 * last complete packet when needed. Warnings on stderr name the trace and each cut or lost
 * stream file.
 *
 *   trace_salvage_dirs(&sv, &dirs, &n, err, size)  0, or -1 with err set (out of memory);
 *       probes every folder, so it is for after a refusal, not the common path
 *   trace_salvage_drop_damaged_metadata(&dirs, &n, err, size)
 *       drops the folders whose packetized metadata is cut or damaged (babeltrace2 would
 *       spin on them; trace_check has said so): before any folder is opened
 */
#ifndef HSATRACE_ANALYSES_TRACE_SALVAGE_H
#define HSATRACE_ANALYSES_TRACE_SALVAGE_H

#include <stddef.h>

#include "analyses/common/salvage.h"

int trace_salvage_dirs(struct salvage *sv, char ***dirs, size_t *ndirs, char *err,
		       size_t err_size);
int trace_salvage_drop_damaged_metadata(char ***dirs, size_t *ndirs, char *err, size_t err_size);

#endif
