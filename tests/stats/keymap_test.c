/* keymap: adds, finds, removes, and survives growth and tombstone reuse. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analyses/stats/keymap.h"
#include "tap.h"

int main(void)
{
	struct keymap m;
	size_t *slot;
	int bad = 0;

	plan(8);
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
	keymap_release(&m);
	return exit_status();
}
