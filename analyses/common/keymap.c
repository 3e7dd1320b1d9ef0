#include "analyses/common/keymap.h"

#include <stdlib.h>
#include <string.h>

enum { KEYMAP_EMPTY, KEYMAP_LIVE, KEYMAP_REMOVED };

static uint64_t hash_bytes(const void *key, size_t len)
{
	const unsigned char *p = key;
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */

	if (len == sizeof(h)) {
		/* one word (a pointer, an id): the avalanche alone mixes it well */
		memcpy(&h, key, sizeof(h));
		h ^= 1469598103934665603ULL;
	} else {
		for (size_t i = 0; i < len; i++) {
			h ^= p[i];
			h *= 1099511628211ULL;
		}
	}
	/* FNV's low bits depend only on the bytes' low bits, and the table index uses the low
	 * bits: finish with MurmurHash3's avalanche so similar keys spread out. */
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	return h ^ (h >> 33);
}

static const void *entry_key(const struct keymap_entry *e)
{
	return e->key_len <= KEYMAP_INLINE_KEY ? (const void *)e->key.bytes : e->key.heap;
}

static void entry_clear(struct keymap_entry *e)
{
	if (e->key_len > KEYMAP_INLINE_KEY)
		free(e->key.heap);
	e->key_len = 0;
}

void keymap_init(struct keymap *map)
{
	memset(map, 0, sizeof(*map));
}

void keymap_release(struct keymap *map)
{
	for (size_t i = 0; i < map->capacity; i++)
		if (map->entries[i].state == KEYMAP_LIVE)
			entry_clear(&map->entries[i]);
	free(map->entries);
	keymap_init(map);
}

/* The live entry of key, or NULL; *free_slot is where it would go (first reusable slot). */
static struct keymap_entry *probe(const struct keymap *map, const void *key, size_t len,
				  uint64_t hash, struct keymap_entry **free_slot)
{
	size_t mask = map->capacity - 1;

	*free_slot = NULL;
	for (size_t i = hash & mask, n = 0; n < map->capacity; i = (i + 1) & mask, n++) {
		struct keymap_entry *e = &map->entries[i];

		if (e->state == KEYMAP_EMPTY) {
			if (!*free_slot)
				*free_slot = e;
			return NULL;
		}
		if (e->state == KEYMAP_REMOVED) {
			if (!*free_slot)
				*free_slot = e;
			continue;
		}
		if (e->hash == hash && e->key_len == len && memcmp(entry_key(e), key, len) == 0)
			return e;
	}
	return NULL;
}

/* Rehashes into a table sized for the live entries, which also sweeps removed ones. */
static int rehash(struct keymap *map)
{
	struct keymap_entry *old = map->entries;
	size_t old_cap = map->capacity, new_cap = 64;

	while (new_cap < map->live * 4)
		new_cap *= 2;
	map->entries = calloc(new_cap, sizeof(*map->entries));
	if (!map->entries) {
		map->entries = old;
		return -1;
	}
	map->capacity = new_cap;
	map->used = map->live;
	for (size_t i = 0; i < old_cap; i++) {
		struct keymap_entry *e = &old[i], *slot;

		if (e->state != KEYMAP_LIVE)
			continue;
		probe(map, entry_key(e), e->key_len, e->hash, &slot);
		*slot = *e;
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
	/* At most half full, removed entries included, so probe chains stay short. */
	if ((map->used + 1) * 2 > map->capacity || !free_slot) {
		if (rehash(map))
			return -1;
		probe(map, key, key_len, hash, &free_slot);
	}
	if (key_len > KEYMAP_INLINE_KEY) {
		void *copy = malloc(key_len);

		if (!copy)
			return -1;
		memcpy(copy, key, key_len);
		free_slot->key.heap = copy;
	} else {
		memcpy(free_slot->key.bytes, key, key_len);
	}
	if (free_slot->state == KEYMAP_EMPTY)
		map->used++;
	free_slot->state = KEYMAP_LIVE;
	free_slot->key_len = (uint32_t)key_len;
	free_slot->hash = hash;
	free_slot->value = 0;
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
	entry_clear(e);
	e->state = KEYMAP_REMOVED;
	map->live--;
	return 1;
}

void keymap_foreach(const struct keymap *map,
		    void (*fn)(const void *key, size_t key_len, size_t *value, void *data),
		    void *data)
{
	for (size_t i = 0; i < map->capacity; i++) {
		struct keymap_entry *e = &map->entries[i];

		if (e->state == KEYMAP_LIVE)
			fn(entry_key(e), e->key_len, &e->value, data);
	}
}
