/*
 * elf_check - is a code object's image whole before dlopen maps it?
 *
 * dlopen maps an object's segments from its file; a segment that extends past the end of a
 * truncated image maps pages with no bytes behind them, and the first touch kills the program
 * with SIGBUS. hsat_elf_image_complete() checks, on the bytes alone, that the image is a
 * 64-bit little-endian ELF shared object for this host whose program headers, segments and
 * section headers all lie inside `size` bytes.
 */
#ifndef HSAT_RUNTIME_ELF_CHECK_H
#define HSAT_RUNTIME_ELF_CHECK_H

#include <stdbool.h>
#include <stddef.h>

bool hsat_elf_image_complete(const void *bytes, size_t size);

#endif
