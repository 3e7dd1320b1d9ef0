/* vec: pushes zeroed elements that keep their values as the array grows; reserve; release. */
#include <stdint.h>
#include <string.h>

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

	plan(6);
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
	return exit_status();
}
