#include "analyses/common/ptrmap.h"

#include <stdint.h>
#include <string.h>

int ptrmap_put(struct ptrmap *map, const void *key, void *value)
{
	size_t *slot;

	if (keymap_get_or_add(&map->keys, &key, sizeof(key), &slot) < 0)
		return -1;
	*slot = (uintptr_t)value;
	return 0;
}

void *ptrmap_get(const struct ptrmap *map, const void *key)
{
	size_t *slot = keymap_find(&map->keys, &key, sizeof(key));

	return slot ? (void *)(uintptr_t)*slot : NULL;
}

struct foreach_call {
	void (*fn)(const void *key, void *value, void *data);
	void *data;
};

static void call_with_pointers(const void *key, size_t key_len, size_t *value, void *data)
{
	const struct foreach_call *call = data;
	const void *pointer;

	(void)key_len;
	memcpy(&pointer, key, sizeof(pointer));
	call->fn(pointer, (void *)(uintptr_t)*value, call->data);
}

void ptrmap_foreach(const struct ptrmap *map,
		    void (*fn)(const void *key, void *value, void *data), void *data)
{
	struct foreach_call call = { fn, data };

	keymap_foreach(&map->keys, call_with_pointers, &call);
}

void ptrmap_release(struct ptrmap *map)
{
	keymap_release(&map->keys);
}
