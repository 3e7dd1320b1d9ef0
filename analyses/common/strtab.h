/*
 * strtab - interned strings: each distinct string is stored once and lives until
 * strtab_release, so records can keep `const char *` to names that repeat (kernel names).
 *
 *   struct strtab t = STRTAB_INIT;
 *   const char *s = strtab_intern(&t, "vector_add");   NULL when out of memory
 *   strtab_release(&t);
 */
#ifndef HSATRACE_STRTAB_H
#define HSATRACE_STRTAB_H

#include <stddef.h>

struct strtab {
	char **slots;
	size_t capacity;	/* a power of two, or 0 */
	size_t count;
};

#define STRTAB_INIT { NULL, 0, 0 }

const char *strtab_intern(struct strtab *t, const char *s);
void strtab_release(struct strtab *t);

#endif
