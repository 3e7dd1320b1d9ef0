/*
 * bt_probe - whether babeltrace2's source.ctf.fs accepts a trace folder as a whole, and the
 * warning the commands print before reading a refused one stream by stream (salvage.h).
 *
 *   bt_probe_trace_opens(dir)         the source's error, if any, stays the thread's current
 *                                     error (for bt_probe_warn_refused)
 *   bt_probe_trace_opens_quietly(dir) the same, the error cleared (salvage's probe)
 *   bt_probe_warn_refused(prog, dir)  "PROG: warning: trace cannot be opened whole, ..." with
 *                                     the current error's causes (taken)
 *   bt_probe_release()                drops the ctf plugin, found once and kept (salvage
 *                                     probes every stream file, and every cut of one)
 */
#ifndef HSATRACE_ANALYSES_BT_PROBE_H
#define HSATRACE_ANALYSES_BT_PROBE_H

#include <stdbool.h>

bool bt_probe_trace_opens(const char *dir);
bool bt_probe_trace_opens_quietly(const char *dir);
void bt_probe_warn_refused(const char *prog, const char *dir);
void bt_probe_release(void);

#endif
