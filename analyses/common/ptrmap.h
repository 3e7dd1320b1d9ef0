/*
 * ptrmap - a hash map from pointers to pointers (a keymap keyed by the pointer's bytes).
 *
 * Used to map babeltrace2 input objects (stream classes, streams, field classes, ...) to
 * the objects created for them in the output trace. Keys are never NULL. The map owns
 * nothing: callers release values themselves (ptrmap_foreach helps).
 *
 *   struct ptrmap m = PTRMAP_INIT;
 *   ptrmap_put(&m, key, value);      0 on success, -1 when out of memory
 *   ptrmap_get(&m, key)              the value or NULL
 *   ptrmap_release(&m);
 */
#ifndef HSATRACE_PTRMAP_H
#define HSATRACE_PTRMAP_H

#include "analyses/common/keymap.h"

struct ptrmap {
	struct keymap keys;
};

#define PTRMAP_INIT { KEYMAP_INIT }

int ptrmap_put(struct ptrmap *map, const void *key, void *value);
void *ptrmap_get(const struct ptrmap *map, const void *key);
/* Calls fn(key, value, data) for every entry, in no particular order. */
void ptrmap_foreach(const struct ptrmap *map,
		    void (*fn)(const void *key, void *value, void *data), void *data);
void ptrmap_release(struct ptrmap *map);

#endif
