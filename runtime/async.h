/*
 * async.h - the runtime's background threads: the async-handler thread (signal handlers and
 * hsa_amd_async_function callbacks, one thread as in ROCr) and the copy engine.
 */
#ifndef HSAT_ASYNC_H
#define HSAT_ASYNC_H

#include "runtime/runtime.h"

/* Stop the thread and drop what is still pending (last hsa_shut_down). */
void hsat_async_stop(void);
void hsat_copy_engine_stop(void);

#endif /* HSAT_ASYNC_H */
