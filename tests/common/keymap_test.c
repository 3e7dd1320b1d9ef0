/* keymap: adds, finds, removes, visits, and survives growth and tombstone reuse. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analyses/common/keymap.h"
#include "tap.h"

struct visit {
	int entries, bad;
};

/* Every live key is an odd {i, i * 7} with value i, or "hsa_init" with 42. */
static void count_visit(const void *key, size_t key_len, size_t *value, void *data)
{
	struct visit *v = data;
	uint64_t k[2];

	v->entries++;
	if (key_len == 8 && memcmp(key, "hsa_init", 8) == 0) {
		v->bad += *value != 42;
		return;
	}
	memcpy(k, key, sizeof(k));
	v->bad += key_len != sizeof(k) || k[0] % 2 == 0 || k[1] != k[0] * 7 || *value != k[0];
}

int main(void)
{
	struct keymap m;
	size_t *slot;
	int bad = 0;

	plan(10);
	keymap_init(&m);
	ok(keymap_find(&m, "x", 1) == NULL, "an empty map finds nothing");
	is_int(keymap_get_or_add(&m, "hsa_init", 8, &slot), 1, "a new key is added");
	*slot = 42;
	is_int(keymap_get_or_add(&m, "hsa_init", 8, &slot), 0, "the same key is found again");
	is_int(*slot, 42, "with its value");
	for (uint64_t i = 0; i < 10000; i++) {
		uint64_t key[2] = { i, i * 7 };

		if (keymap_get_or_add(&m, key, sizeof(key), &slot) != 1)
			bad++;
		*slot = (size_t)i;
	}
	for (uint64_t i = 0; i < 10000; i += 2) {
		uint64_t key[2] = { i, i * 7 };

		if (keymap_remove(&m, key, sizeof(key)) != 1)
			bad++;
	}
	is_int(bad, 0, "10000 keys added and half removed");
	for (uint64_t i = 0; i < 10000; i++) {
		uint64_t key[2] = { i, i * 7 };
		size_t *v = keymap_find(&m, key, sizeof(key));

		if ((i % 2 == 0) != (v == NULL) || (v && *v != i))
			bad++;
	}
	is_int(bad, 0, "the remaining keys keep their values, removed ones are gone");
	is_int(m.live, 5001, "live count");
	for (int round = 0; round < 20; round++)
		for (uint64_t i = 0; i < 1000; i++) {
			uint64_t key[2] = { i + 100000, (uint64_t)round };

			keymap_get_or_add(&m, key, sizeof(key), &slot);
			keymap_remove(&m, key, sizeof(key));
		}
	is_int(m.live, 5001, "add/remove churn leaves the map as it was");
	{
		struct visit v = { 0, 0 };

		keymap_foreach(&m, count_visit, &v);
		is_int(v.entries, 5001, "foreach visits every live entry once");
		is_int(v.bad, 0, "with its key and value");
	}
	keymap_release(&m);
	return exit_status();
}
