#include "analyses/stats/keymap.h"

#include <stdlib.h>
#include <string.h>

static uint64_t hash_bytes(const void *key, size_t len)
{
	const unsigned char *p = key;
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */

	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

void keymap_init(struct keymap *map)
{
	memset(map, 0, sizeof(*map));
}

void keymap_release(struct keymap *map)
{
	for (size_t i = 0; i < map->capacity; i++)
		free(map->entries[i].key);
	free(map->entries);
	keymap_init(map);
}

static struct keymap_entry *probe(const struct keymap *map, const void *key, size_t len,
				  uint64_t hash, struct keymap_entry **first_free)
{
	size_t mask = map->capacity - 1;

	*first_free = NULL;
	for (size_t i = hash & mask, n = 0; n < map->capacity; i = (i + 1) & mask, n++) {
		struct keymap_entry *e = &map->entries[i];

		if (!e->key) {
			if (e->tombstone) {
				if (!*first_free)
					*first_free = e;
				continue;
			}
			if (!*first_free)
				*first_free = e;
			return NULL;
		}
		if (e->hash == hash && e->key_len == len && memcmp(e->key, key, len) == 0)
			return e;
	}
	return NULL;
}

static int grow(struct keymap *map)
{
	size_t new_cap = map->capacity ? map->capacity * 2 : 64;
	struct keymap_entry *old = map->entries;
	size_t old_cap = map->capacity;

	/* Only live entries move, so a map full of tombstones shrinks back. */
	while (new_cap > 64 && map->live * 4 < new_cap)
		new_cap /= 2;
	if (map->live * 2 >= new_cap)
		new_cap *= 2;
	map->entries = calloc(new_cap, sizeof(*map->entries));
	if (!map->entries) {
		map->entries = old;
		return -1;
	}
	map->capacity = new_cap;
	map->used = map->live;
	for (size_t i = 0; i < old_cap; i++) {
		struct keymap_entry *e = &old[i], *free_slot;

		if (!e->key)
			continue;
		probe(map, e->key, e->key_len, e->hash, &free_slot);
		*free_slot = *e;
	}
	free(old);
	return 0;
}

size_t *keymap_find(const struct keymap *map, const void *key, size_t key_len)
{
	struct keymap_entry *e, *free_slot;

	if (!map->capacity)
		return NULL;
	e = probe(map, key, key_len, hash_bytes(key, key_len), &free_slot);
	return e ? &e->value : NULL;
}

int keymap_get_or_add(struct keymap *map, const void *key, size_t key_len, size_t **slot)
{
	uint64_t hash = hash_bytes(key, key_len);
	struct keymap_entry *e, *free_slot = NULL;

	if (map->capacity) {
		e = probe(map, key, key_len, hash, &free_slot);
		if (e) {
			*slot = &e->value;
			return 0;
		}
	}
	if ((map->used + 1) * 4 > map->capacity * 3 || !free_slot) {
		if (grow(map))
			return -1;
		probe(map, key, key_len, hash, &free_slot);
	}
	if (!free_slot->tombstone)
		map->used++;
	free_slot->key = malloc(key_len ? key_len : 1);
	if (!free_slot->key)
		return -1;
	memcpy(free_slot->key, key, key_len);
	free_slot->key_len = key_len;
	free_slot->hash = hash;
	free_slot->value = 0;
	free_slot->tombstone = 0;
	map->live++;
	*slot = &free_slot->value;
	return 1;
}

int keymap_remove(struct keymap *map, const void *key, size_t key_len)
{
	struct keymap_entry *e, *free_slot;

	if (!map->capacity)
		return 0;
	e = probe(map, key, key_len, hash_bytes(key, key_len), &free_slot);
	if (!e)
		return 0;
	free(e->key);
	e->key = NULL;
	e->tombstone = 1;
	map->live--;
	return 1;
}
