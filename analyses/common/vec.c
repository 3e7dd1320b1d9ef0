#include "analyses/common/vec.h"

#include <stdlib.h>
#include <string.h>

void vec_init(struct vec *v, size_t size)
{
	memset(v, 0, sizeof(*v));
	v->size = size;
}

int array_reserve(void **items, size_t *alloc, size_t n, size_t size)
{
	size_t want = *alloc ? *alloc : 16;
	void *p;

	if (n <= *alloc)
		return 0;
	while (want < n)
		want *= 2;
	p = realloc(*items, want * size);
	if (!p)
		return -1;
	*items = p;
	*alloc = want;
	return 0;
}

int vec_reserve(struct vec *v, size_t n)
{
	return array_reserve(&v->items, &v->alloc, n, v->size);
}

void *vec_push(struct vec *v)
{
	void *item;

	if (vec_reserve(v, v->count + 1))
		return NULL;
	item = (char *)v->items + v->count++ * v->size;
	memset(item, 0, v->size);
	return item;
}

void *vec_at(const struct vec *v, size_t i)
{
	return (char *)v->items + i * v->size;
}

void vec_release(struct vec *v)
{
	if (!v)
		return;
	free(v->items);
	vec_init(v, v->size);
}
