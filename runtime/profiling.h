/*
 * profiling.h - the process-wide async-copy profiling switch.
 */
#ifndef HSAT_PROFILING_H
#define HSAT_PROFILING_H

#include "runtime/runtime.h"

bool hsat_profiling_async_copy_enabled(void);

#endif /* HSAT_PROFILING_H */
