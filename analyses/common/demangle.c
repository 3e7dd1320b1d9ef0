#include "analyses/common/demangle.h"

#include <libiberty/demangle.h>
#include <stdlib.h>
#include <string.h>

char *demangle_symbol(const char *name)
{
	if (!name || strncmp(name, "_Z", 2) != 0)
		return NULL;
	return cplus_demangle(name, DMGL_PARAMS | DMGL_ANSI);
}

const char *demangle_cached(struct demangle_cache *c, const char *name)
{
	const char *key;
	char *readable;

	if (!name || strncmp(name, "_Z", 2) != 0 || !(key = strtab_intern(&c->names, name)))
		return NULL;
	readable = ptrmap_get(&c->readable, key);
	if (readable)
		return readable;
	readable = demangle_symbol(key);
	if (readable && ptrmap_put(&c->readable, key, readable) != 0) {
		free(readable);
		return NULL;
	}
	return readable;	/* a malformed name is tried again next time: rare */
}

static void free_value(const void *key, void *value, void *data)
{
	(void)key;
	(void)data;
	free(value);
}

void demangle_cache_release(struct demangle_cache *c)
{
	ptrmap_foreach(&c->readable, free_value, NULL);
	ptrmap_release(&c->readable);
	strtab_release(&c->names);
}
