/* vec: pushes zeroed elements that keep their values as the array grows; reserve; release. */
#include <stdint.h>
#include <string.h>

#include <stdlib.h>

#include "analyses/common/vec.h"
#include "tap.h"

struct row {
	uint64_t id;
	char name[20];
};

int main(void)
{
	struct vec v;
	int bad = 0;

	plan(9);
	vec_init(&v, sizeof(struct row));
	is_int(v.count, 0, "a new vec is empty");
	for (uint64_t i = 0; i < 10000; i++) {
		struct row *r = vec_push(&v);

		bad += !r || r->id != 0 || r->name[0] != 0;
		if (r)
			r->id = i * 3;
	}
	is_int(bad, 0, "10000 pushes, each a zeroed element");
	for (size_t i = 0; i < v.count; i++)
		bad += ((struct row *)vec_at(&v, i))->id != i * 3;
	is_int(bad, 0, "the elements keep their values as the array grows");
	is_int(vec_reserve(&v, 100000), 0, "reserve room for 100000");
	ok(v.alloc >= 100000 && v.count == 10000, "reserving keeps the count");
	vec_release(&v);
	ok(v.count == 0 && v.items == NULL && v.size == sizeof(struct row),
	   "a released vec is empty and ready again");
	{
		/* A typed array and its allocated count grow the same way (report's timeline). */
		int *items = NULL;
		size_t alloc = 0, i;
		int intact = 1;

		for (i = 0; i < 1000; i++) {
			if (array_reserve((void **)&items, &alloc, i + 1, sizeof(*items)))
				break;
			items[i] = (int)i;
		}
		is_int(i, 1000, "array_reserve: 1000 elements pushed one at a time");
		for (i = 0; i < 1000; i++)
			intact &= items[i] == (int)i;
		ok(intact && alloc >= 1000 && alloc < 2048, "kept in order, room doubled (%zu)", alloc);
		is_int(array_reserve((void **)&items, &alloc, 10, sizeof(*items)), 0,
		       "asking for less than there is room for changes nothing");
		free(items);
	}
	return exit_status();
}
