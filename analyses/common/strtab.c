#include "analyses/common/strtab.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (size_t)h;
}

static int grow(struct strtab *t)
{
	size_t capacity = t->capacity ? t->capacity * 2 : 64;
	char **slots = calloc(capacity, sizeof(*slots));

	if (!slots)
		return -1;
	for (size_t i = 0; i < t->capacity; i++) {
		size_t s;

		if (!t->slots[i])
			continue;
		s = hash(t->slots[i]) & (capacity - 1);
		while (slots[s])
			s = (s + 1) & (capacity - 1);
		slots[s] = t->slots[i];
	}
	free(t->slots);
	t->slots = slots;
	t->capacity = capacity;
	return 0;
}

const char *strtab_intern(struct strtab *t, const char *s)
{
	size_t i;

	if ((t->count + 1) * 2 > t->capacity && grow(t) != 0)
		return NULL;
	i = hash(s) & (t->capacity - 1);
	while (t->slots[i]) {
		if (strcmp(t->slots[i], s) == 0)
			return t->slots[i];
		i = (i + 1) & (t->capacity - 1);
	}
	t->slots[i] = strdup(s);
	if (!t->slots[i])
		return NULL;
	t->count++;
	return t->slots[i];
}

void strtab_release(struct strtab *t)
{
	for (size_t i = 0; i < t->capacity; i++)
		free(t->slots[i]);
	free(t->slots);
	*t = (struct strtab)STRTAB_INIT;
}
