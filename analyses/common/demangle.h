/*
 * demangle - C++ symbol names (Itanium ABI, "_Z...") made readable for the analyses.
 *
 * The tracer demangles kernel names only when the traced program happens to have the C++
 * runtime loaded; the analyses always can, with libiberty's demangler (linked statically).
 *
 * demangle_symbol(name) returns the demangled name, with its parameter types, in a string the
 * caller frees; NULL when name is not a mangled C++ name (or is malformed: shown as it is).
 */
#ifndef HSAT_COMMON_DEMANGLE_H
#define HSAT_COMMON_DEMANGLE_H

#include "analyses/common/ptrmap.h"
#include "analyses/common/strtab.h"

char *demangle_symbol(const char *name);

/*
 * A cache for readers that meet the same kernel names over and over (one per event): each
 * distinct name is demangled once.
 *
 *   struct demangle_cache c = DEMANGLE_CACHE_INIT;
 *   const char *r = demangle_cached(&c, name);   owned by the cache; NULL when name is not a
 *                                                mangled C++ name (or out of memory)
 *   demangle_cache_release(&c);
 */
struct demangle_cache {
	struct strtab names;	/* the traced names, interned */
	struct ptrmap readable;	/* interned name -> its demangled copy */
};

#define DEMANGLE_CACHE_INIT { STRTAB_INIT, PTRMAP_INIT }

const char *demangle_cached(struct demangle_cache *c, const char *name);
void demangle_cache_release(struct demangle_cache *c);

#endif
