/*
 * keymap - a small open-addressing hash map from byte keys to indexes.
 *
 * The statistics keep their rows in plain arrays; a keymap finds the row of a key (a
 * function name, a (pid, correlation id) pair, ...) so each event costs O(1).
 *
 *   struct keymap m;
 *   keymap_init(&m);
 *   size_t *slot;
 *   if (keymap_get_or_add(&m, key, len, &slot) == 1)   // new key: *slot is yours to set
 *           *slot = next_row++;
 *   keymap_remove(&m, key, len);                       // forget a key (e.g. a paired call)
 *   keymap_release(&m);
 *
 * The map owns copies of the keys. Lookups never allocate.
 */
#ifndef HSAT_STATS_KEYMAP_H
#define HSAT_STATS_KEYMAP_H

#include <stddef.h>
#include <stdint.h>

struct keymap_entry {
	void *key;        /* owned copy; NULL for an empty slot */
	size_t key_len;
	uint64_t hash;
	size_t value;
	int tombstone;    /* removed: keeps probe chains intact */
};

struct keymap {
	struct keymap_entry *entries;
	size_t capacity;  /* a power of two, or 0 */
	size_t used;      /* live entries + tombstones */
	size_t live;
};

void keymap_init(struct keymap *map);
void keymap_release(struct keymap *map);

/* Returns the value slot of key, or NULL when absent. */
size_t *keymap_find(const struct keymap *map, const void *key, size_t key_len);

/* Sets *slot to the key's value slot: returns 1 when the key was added (set *slot), 0 when
 * it already existed, -1 when out of memory. */
int keymap_get_or_add(struct keymap *map, const void *key, size_t key_len, size_t **slot);

/* Removes key; returns 1 when it was present, 0 otherwise. */
int keymap_remove(struct keymap *map, const void *key, size_t key_len);

#endif
