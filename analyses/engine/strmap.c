/* strmap.c - see strmap.h. Linear probing, load factor <= 1/2. */
#include "analyses/engine/strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 1099511628211ULL;
	}
	return (size_t)h;
}

void strmap_init(struct strmap *m)
{
	m->slots = NULL;
	m->cap = 0;
	m->count = 0;
}

void strmap_release(struct strmap *m, void (*free_value)(void *))
{
	for (size_t i = 0; i < m->cap; i++) {
		if (!m->slots[i].key)
			continue;
		free(m->slots[i].key);
		if (free_value)
			free_value(m->slots[i].value);
	}
	free(m->slots);
	strmap_init(m);
}

static struct strmap_slot *find_slot(const struct strmap *m, const char *key, size_t h)
{
	size_t i = h & (m->cap - 1);

	while (m->slots[i].key) {
		if (m->slots[i].hash == h && !strcmp(m->slots[i].key, key))
			break;
		i = (i + 1) & (m->cap - 1);
	}
	return &m->slots[i];
}

void *strmap_get(const struct strmap *m, const char *key)
{
	struct strmap_slot *s;

	if (!m->cap)
		return NULL;
	s = find_slot(m, key, hash_str(key));
	return s->key ? s->value : NULL;
}

static void grow(struct strmap *m)
{
	struct strmap old = *m;

	m->cap = old.cap ? old.cap * 2 : 16;
	m->slots = calloc(m->cap, sizeof(*m->slots));
	if (!m->slots)
		abort();
	for (size_t i = 0; i < old.cap; i++) {
		if (old.slots[i].key)
			*find_slot(m, old.slots[i].key, old.slots[i].hash) = old.slots[i];
	}
	free(old.slots);
}

const char *strmap_put(struct strmap *m, const char *key, void *value)
{
	size_t h = hash_str(key);
	struct strmap_slot *s;

	if ((m->count + 1) * 2 > m->cap)
		grow(m);
	s = find_slot(m, key, h);
	if (!s->key) {
		s->key = strdup(key);
		if (!s->key)
			abort();
		s->hash = h;
		m->count++;
	}
	s->value = value;
	return s->key;
}

void strmap_foreach(const struct strmap *m, void (*fn)(const char *key, void *value, void *ctx),
		    void *ctx)
{
	for (size_t i = 0; i < m->cap; i++)
		if (m->slots[i].key)
			fn(m->slots[i].key, m->slots[i].value, ctx);
}
