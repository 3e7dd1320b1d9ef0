/*
 * hip_needed - whether a program needs libamdhip64, so that `hsatrace record` preloads the
 * HIP layer (libhsatrace-hip.so) only then: a program without HIP never loads it (nor
 * registers any HIP event class; each registered class costs the traced process a
 * session-daemon round trip).
 *
 * The answer comes from the program's own ELF dynamic section (a DT_NEEDED entry naming
 * libamdhip64.so...): a program that reaches HIP only through another library, or dlopen()s
 * it, is not seen; `hsatrace record --hip` preloads the layer anyway.
 */
#ifndef HSATRACE_RECORD_HIP_NEEDED_H
#define HSATRACE_RECORD_HIP_NEEDED_H

#include <stdbool.h>

/* argv0 as exec would find it (a path, or a name searched in PATH). false when the file is
 * not found, not a 64-bit ELF file, or names no libamdhip64. */
bool rec_program_needs_hip(const char *argv0);

#endif
