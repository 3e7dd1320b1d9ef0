/*
 * strmap.h - a hash map from strings (copied, owned) to pointers: a keymap from the string's
 * bytes to an entry holding the value and the key copy that strmap_put returns (which stays
 * where it is until strmap_release).
 *
 *   strmap_init / strmap_release(m, free_value)   lifecycle; free_value may be NULL
 *   strmap_get(m, key)                           value or NULL
 *   strmap_put(m, key, value)                    insert or replace; returns the stored key copy
 *   strmap_foreach                                iteration in unspecified order
 */
#ifndef HSAT_ENGINE_STRMAP_H
#define HSAT_ENGINE_STRMAP_H

#include "analyses/common/keymap.h"

struct strmap {
	struct keymap entries;
};

void strmap_init(struct strmap *m);
void strmap_release(struct strmap *m, void (*free_value)(void *));
void *strmap_get(const struct strmap *m, const char *key);
const char *strmap_put(struct strmap *m, const char *key, void *value);
void strmap_foreach(const struct strmap *m, void (*fn)(const char *key, void *value, void *ctx),
		    void *ctx);

#endif
