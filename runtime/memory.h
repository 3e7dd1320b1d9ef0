/*
 * memory.h - the allocation registry shared with the rest of the runtime.
 */
#ifndef HSAT_MEMORY_H
#define HSAT_MEMORY_H

#include "runtime/runtime.h"

/* Frees every allocation still registered (last hsa_shut_down). */
void hsat_memory_release_all(void);

/* Whether [ptr, ptr+size) may be read or written by the emulated agents. */
bool hsat_memory_is_valid_range(const void *ptr, size_t size);

#endif /* HSAT_MEMORY_H */
