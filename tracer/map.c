/* A chained hash map, grown by doubling. */
#include "tracer/map.h"

#include <stdlib.h>

struct hsat_map_entry {
	struct hsat_map_entry *next;
	uint64_t key;
	void *value;
};

static size_t bucket_of(uint64_t key, size_t n)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdull;
	key ^= key >> 33;
	return (size_t)(key & (n - 1));
}

static int grow(struct hsat_map *map)
{
	size_t n = map->n_buckets ? map->n_buckets * 2 : 64;
	struct hsat_map_entry **b = calloc(n, sizeof(*b));

	if (!b)
		return -1;
	for (size_t i = 0; i < map->n_buckets; i++) {
		struct hsat_map_entry *e = map->buckets[i], *next;

		for (; e; e = next) {
			size_t k = bucket_of(e->key, n);

			next = e->next;
			e->next = b[k];
			b[k] = e;
		}
	}
	free(map->buckets);
	map->buckets = b;
	map->n_buckets = n;
	return 0;
}

static struct hsat_map_entry **find(struct hsat_map *map, uint64_t key)
{
	struct hsat_map_entry **p;

	if (!map->n_buckets)
		return NULL;
	for (p = &map->buckets[bucket_of(key, map->n_buckets)]; *p; p = &(*p)->next)
		if ((*p)->key == key)
			return p;
	return NULL;
}

void *hsat_map_get(struct hsat_map *map, uint64_t key)
{
	struct hsat_map_entry **p = find(map, key);

	return p ? (*p)->value : NULL;
}

int hsat_map_put(struct hsat_map *map, uint64_t key, void *value, void **old)
{
	struct hsat_map_entry **p = find(map, key), *e;
	size_t k;

	*old = NULL;
	if (p) {
		*old = (*p)->value;
		(*p)->value = value;
		return 0;
	}
	if (map->size + 1 > map->n_buckets && grow(map))
		return -1;
	e = malloc(sizeof(*e));
	if (!e)
		return -1;
	k = bucket_of(key, map->n_buckets);
	e->key = key;
	e->value = value;
	e->next = map->buckets[k];
	map->buckets[k] = e;
	map->size++;
	return 0;
}

void *hsat_map_remove(struct hsat_map *map, uint64_t key)
{
	struct hsat_map_entry **p = find(map, key), *e;
	void *value;

	if (!p)
		return NULL;
	e = *p;
	value = e->value;
	*p = e->next;
	free(e);
	map->size--;
	return value;
}

void hsat_map_clear(struct hsat_map *map, void (*free_value)(void *))
{
	for (size_t i = 0; i < map->n_buckets; i++) {
		struct hsat_map_entry *e = map->buckets[i], *next;

		for (; e; e = next) {
			next = e->next;
			if (free_value)
				free_value(e->value);
			free(e);
		}
	}
	free(map->buckets);
	map->buckets = NULL;
	map->n_buckets = 0;
	map->size = 0;
}

void hsat_map_reinit_lock(struct hsat_map *map)
{
	pthread_mutex_init(&map->lock, NULL);
}
