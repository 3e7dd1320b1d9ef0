/*
 * map.h - a hash map from uint64_t keys to caller-owned pointers, with its own mutex.
 * Enough for the tracer's bookkeeping (pointer -> allocation, queue -> state, kernel object
 * -> name); NULL values are not stored.
 */
#ifndef HSAT_MAP_H
#define HSAT_MAP_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

struct hsat_map_entry;

struct hsat_map {
	pthread_mutex_t lock;
	struct hsat_map_entry **buckets;
	size_t n_buckets;
	size_t size;
};

#define HSAT_MAP_INIT { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0 }

/* The caller holds map->lock around these (so it can use the value safely). */
void *hsat_map_get(struct hsat_map *map, uint64_t key);
/* Returns the value previously stored under key (NULL if none); -1 cast on out of memory. */
int hsat_map_put(struct hsat_map *map, uint64_t key, void *value, void **old);
void *hsat_map_remove(struct hsat_map *map, uint64_t key);
/* Removes every entry, calling free_value on each value (may be NULL). */
void hsat_map_clear(struct hsat_map *map, void (*free_value)(void *));
/* Re-initializes the mutex (in a forked child, where another thread may have held it). */
void hsat_map_reinit_lock(struct hsat_map *map);

#endif
