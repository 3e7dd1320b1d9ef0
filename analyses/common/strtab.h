/*
 * strtab - interned strings: each distinct string is stored once and lives until
 * strtab_release, so records can keep `const char *` to names that repeat (kernel names).
 * A keymap from the string's bytes to its copy.
 *
 *   struct strtab t = STRTAB_INIT;
 *   const char *s = strtab_intern(&t, "vector_add");   NULL when out of memory
 *   strtab_release(&t);
 */
#ifndef HSATRACE_STRTAB_H
#define HSATRACE_STRTAB_H

#include "analyses/common/keymap.h"

struct strtab {
	struct keymap copies;
};

#define STRTAB_INIT { KEYMAP_INIT }

const char *strtab_intern(struct strtab *t, const char *s);
void strtab_release(struct strtab *t);

#endif
