/*
 * keymap - the hash map of the analyses: open addressing, from byte keys to a size_t value.
 *
 * The one implementation: the statistics find the row of a key (a function name, a (pid,
 * correlation id) pair, ...) in O(1), and ptrmap, strtab and the engine's strmap are typed
 * faces of it (the value holds an index or a pointer cast to uintptr_t).
 *
 *   struct keymap m;
 *   keymap_init(&m);
 *   size_t *slot;
 *   if (keymap_get_or_add(&m, key, len, &slot) == 1)   // new key: *slot is yours to set
 *           *slot = next_row++;
 *   keymap_remove(&m, key, len);                       // forget a key (e.g. a paired call)
 *   keymap_release(&m);
 *
 * The map owns copies of the keys (short ones inside the table, so the usual keys — ids and
 * (pid, id) pairs — cost no allocation). Lookups never allocate.
 */
#ifndef HSAT_COMMON_KEYMAP_H
#define HSAT_COMMON_KEYMAP_H

#include <stddef.h>
#include <stdint.h>

#define KEYMAP_INLINE_KEY 32

struct keymap_entry {
	uint64_t hash;
	size_t value;
	uint32_t key_len;
	uint8_t state;    /* KEYMAP_EMPTY, KEYMAP_LIVE, or KEYMAP_REMOVED (keeps probe chains) */
	union {
		unsigned char bytes[KEYMAP_INLINE_KEY]; /* keys up to KEYMAP_INLINE_KEY bytes */
		void *heap;                             /* longer keys: an owned copy */
	} key;
};

struct keymap {
	struct keymap_entry *entries;
	size_t capacity;  /* a power of two, or 0 */
	size_t used;      /* live entries + removed ones not yet swept by a rehash */
	size_t live;
};

#define KEYMAP_INIT { NULL, 0, 0, 0 }

void keymap_init(struct keymap *map);
void keymap_release(struct keymap *map);

/* Returns the value slot of key, or NULL when absent. */
size_t *keymap_find(const struct keymap *map, const void *key, size_t key_len);

/* Sets *slot to the key's value slot: returns 1 when the key was added (set *slot), 0 when
 * it already existed, -1 when out of memory. */
int keymap_get_or_add(struct keymap *map, const void *key, size_t key_len, size_t **slot);

/* Removes key; returns 1 when it was present, 0 otherwise. */
int keymap_remove(struct keymap *map, const void *key, size_t key_len);

/* Calls fn(key, key_len, value slot, data) for every entry, in no particular order; fn must
 * not add or remove keys. */
void keymap_foreach(const struct keymap *map,
		    void (*fn)(const void *key, size_t key_len, size_t *value, void *data),
		    void *data);

#endif
