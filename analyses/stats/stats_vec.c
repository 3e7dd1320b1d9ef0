#include "analyses/stats/stats_model_internal.h"

#include <stdlib.h>
#include <string.h>

void stats_vec_init(struct stats_vec *v, size_t size)
{
	memset(v, 0, sizeof(*v));
	v->size = size;
}

void *stats_vec_push(struct stats_vec *v)
{
	if (v->count == v->alloc) {
		size_t n = v->alloc ? v->alloc * 2 : 16;
		void *p = realloc(v->items, n * v->size);

		if (!p)
			return NULL;
		v->items = p;
		v->alloc = n;
	}
	memset((char *)v->items + v->count * v->size, 0, v->size);
	return (char *)v->items + v->count++ * v->size;
}

void *stats_vec_at(const struct stats_vec *v, size_t i)
{
	return (char *)v->items + i * v->size;
}
