#include "analyses/common/vec.h"

#include <stdlib.h>
#include <string.h>

void vec_init(struct vec *v, size_t size)
{
	memset(v, 0, sizeof(*v));
	v->size = size;
}

int vec_reserve(struct vec *v, size_t n)
{
	size_t alloc = v->alloc ? v->alloc : 16;
	void *p;

	if (n <= v->alloc)
		return 0;
	while (alloc < n)
		alloc *= 2;
	p = realloc(v->items, alloc * v->size);
	if (!p)
		return -1;
	v->items = p;
	v->alloc = alloc;
	return 0;
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
