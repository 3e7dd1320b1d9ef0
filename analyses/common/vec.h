/*
 * vec - the growable array of the analyses: fixed-size elements, doubling as it grows.
 *
 *   struct vec v;
 *   vec_init(&v, sizeof(struct row));
 *   struct row *r = vec_push(&v);        a zeroed element at the end; NULL when out of memory
 *   vec_at(&v, i)                        element i (i < v.count)
 *   vec_reserve(&v, n)                   room for n elements: 0, or -1 when out of memory
 *   vec_release(&v);                     NULL-safe; the vec can be used again
 *
 * Elements move when the array grows: keep indexes, not pointers, across pushes.
 *
 * The same growth for an array kept as a typed pointer and its allocated count (where the
 * element type is wanted at every access):
 *   array_reserve((void **)&items, &alloc, n, sizeof(*items))   room for n: 0, or -1
 */
#ifndef HSAT_COMMON_VEC_H
#define HSAT_COMMON_VEC_H

#include <stddef.h>

struct vec {
	void *items;
	size_t count, alloc, size;
};

void vec_init(struct vec *v, size_t size);
void *vec_push(struct vec *v);
void *vec_at(const struct vec *v, size_t i);
int vec_reserve(struct vec *v, size_t n);
int array_reserve(void **items, size_t *alloc, size_t n, size_t size);
void vec_release(struct vec *v);

#endif
