#include "analyses/common/strtab.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char *strtab_intern(struct strtab *t, const char *s)
{
	size_t len = strlen(s), *slot;
	int added = keymap_get_or_add(&t->copies, s, len, &slot);
	char *copy;

	if (added <= 0)
		return added < 0 ? NULL : (const char *)(uintptr_t)*slot;
	copy = strdup(s);
	if (!copy) {
		keymap_remove(&t->copies, s, len);
		return NULL;
	}
	*slot = (uintptr_t)copy;
	return copy;
}

static void free_copy(const void *key, size_t key_len, size_t *value, void *data)
{
	(void)key;
	(void)key_len;
	(void)data;
	free((void *)(uintptr_t)*value);
}

void strtab_release(struct strtab *t)
{
	keymap_foreach(&t->copies, free_copy, NULL);
	keymap_release(&t->copies);
}
