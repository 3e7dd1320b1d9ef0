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

char *demangle_symbol(const char *name);

#endif
