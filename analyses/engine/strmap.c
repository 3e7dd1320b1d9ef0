/* strmap.c - see strmap.h. */
#include "analyses/engine/strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct strmap_entry {
	void *value;
	char key[]; /* the owned copy */
};

static struct strmap_entry *entry_of(const size_t *slot)
{
	return (struct strmap_entry *)(uintptr_t)*slot;
}

void strmap_init(struct strmap *m)
{
	keymap_init(&m->entries);
}

struct free_call {
	void (*free_value)(void *);
};

static void free_entry_with(const void *key, size_t key_len, size_t *value, void *data)
{
	struct strmap_entry *e = entry_of(value);
	const struct free_call *call = data;

	(void)key;
	(void)key_len;
	if (call->free_value)
		call->free_value(e->value);
	free(e);
}

void strmap_release(struct strmap *m, void (*free_value)(void *))
{
	struct free_call call = { free_value };

	keymap_foreach(&m->entries, free_entry_with, &call);
	keymap_release(&m->entries);
}

void *strmap_get(const struct strmap *m, const char *key)
{
	size_t *slot = keymap_find(&m->entries, key, strlen(key));

	return slot ? entry_of(slot)->value : NULL;
}

/* Out of memory aborts, as everywhere in the engine. */
const char *strmap_put(struct strmap *m, const char *key, void *value)
{
	size_t len = strlen(key), *slot;
	int added = keymap_get_or_add(&m->entries, key, len, &slot);
	struct strmap_entry *e;

	if (added < 0)
		abort();
	if (added) {
		e = malloc(sizeof(*e) + len + 1);
		if (!e)
			abort();
		memcpy(e->key, key, len + 1);
		*slot = (uintptr_t)e;
	}
	e = entry_of(slot);
	e->value = value;
	return e->key;
}

struct foreach_call {
	void (*fn)(const char *key, void *value, void *ctx);
	void *ctx;
};

static void call_with_entry(const void *key, size_t key_len, size_t *value, void *data)
{
	const struct foreach_call *call = data;
	struct strmap_entry *e = entry_of(value);

	(void)key;
	(void)key_len;
	call->fn(e->key, e->value, call->ctx);
}

void strmap_foreach(const struct strmap *m, void (*fn)(const char *key, void *value, void *ctx),
		    void *ctx)
{
	struct foreach_call call = { fn, ctx };

	keymap_foreach(&m->entries, call_with_entry, &call);
}
