#include "analyses/common/ptrmap.h"

#include <stdint.h>
#include <stdlib.h>

static size_t slot_of(const void *key, size_t capacity)
{
	uint64_t h = (uint64_t)(uintptr_t)key;

	/* Pointers are aligned: mix the bits so neighbours spread over the table. */
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return (size_t)h & (capacity - 1);
}

static int grow(struct ptrmap *map)
{
	size_t capacity = map->capacity ? map->capacity * 2 : 64;
	struct ptrmap_slot *slots = calloc(capacity, sizeof(*slots));

	if (!slots)
		return -1;
	for (size_t i = 0; i < map->capacity; i++) {
		size_t s;

		if (!map->slots[i].key)
			continue;
		s = slot_of(map->slots[i].key, capacity);
		while (slots[s].key)
			s = (s + 1) & (capacity - 1);
		slots[s] = map->slots[i];
	}
	free(map->slots);
	map->slots = slots;
	map->capacity = capacity;
	return 0;
}

int ptrmap_put(struct ptrmap *map, const void *key, void *value)
{
	size_t s;

	if ((map->count + 1) * 2 > map->capacity && grow(map) != 0)
		return -1;
	s = slot_of(key, map->capacity);
	while (map->slots[s].key && map->slots[s].key != key)
		s = (s + 1) & (map->capacity - 1);
	if (!map->slots[s].key)
		map->count++;
	map->slots[s].key = key;
	map->slots[s].value = value;
	return 0;
}

void *ptrmap_get(const struct ptrmap *map, const void *key)
{
	size_t s;

	if (!map->capacity)
		return NULL;
	s = slot_of(key, map->capacity);
	while (map->slots[s].key) {
		if (map->slots[s].key == key)
			return map->slots[s].value;
		s = (s + 1) & (map->capacity - 1);
	}
	return NULL;
}

void ptrmap_foreach(const struct ptrmap *map,
		    void (*fn)(const void *key, void *value, void *data), void *data)
{
	for (size_t i = 0; i < map->capacity; i++)
		if (map->slots[i].key)
			fn(map->slots[i].key, map->slots[i].value, data);
}

void ptrmap_release(struct ptrmap *map)
{
	free(map->slots);
	map->slots = NULL;
	map->capacity = 0;
	map->count = 0;
}
