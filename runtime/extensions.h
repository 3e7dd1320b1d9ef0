/*
 * extensions.h - which HSA extensions the runtime offers, and their function tables.
 */
#ifndef HSAT_EXTENSIONS_H
#define HSAT_EXTENSIONS_H

#include "runtime/runtime.h"

bool hsat_extension_available(uint16_t extension);
uint16_t hsat_extension_major(uint16_t extension);
uint16_t hsat_extension_minor(uint16_t extension);
size_t hsat_extension_table_size(uint16_t extension);
/* loader.c: the AMD loader table (hsa_ven_amd_loader_1_03_pfn_t). */
size_t hsat_loader_table_size(void);
void hsat_loader_table(void *table);

/* Copies min(length, table size) bytes of the extension's table. */
hsa_status_t hsat_extension_fill_table(uint16_t extension, size_t length, void *table);

#endif /* HSAT_EXTENSIONS_H */
