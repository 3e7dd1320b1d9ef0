/*
 * bt_probe - whether babeltrace2's source.ctf.fs accepts a trace folder as a whole.
 *
 *   bt_probe_trace_opens(dir)         the source's error, if any, stays the thread's current
 *                                     error (for a message)
 *   bt_probe_trace_opens_quietly(dir) the same, the error cleared (salvage's probe)
 */
#ifndef HSATRACE_ANALYSES_BT_PROBE_H
#define HSATRACE_ANALYSES_BT_PROBE_H

#include <stdbool.h>

bool bt_probe_trace_opens(const char *dir);
bool bt_probe_trace_opens_quietly(const char *dir);

#endif
