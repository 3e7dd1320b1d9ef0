/*
 * extensions.c - the extension registry: the AMD profiler extension (no table: its functions
 * are the hsa_amd_profiling_* entries), the AMD loader table (loader.c) and the AMD aqlprofile
 * table (aqlprofile.c).
 */
#include <string.h>

#include "runtime/counters.h"
#include "runtime/extensions.h"

bool hsat_extension_available(uint16_t extension)
{
	return extension == HSA_EXTENSION_AMD_PROFILER || extension == HSA_EXTENSION_AMD_LOADER ||
	       extension == HSA_EXTENSION_AMD_AQLPROFILE;
}

uint16_t hsat_extension_major(uint16_t extension)
{
	(void)extension;
	return 1;
}

uint16_t hsat_extension_minor(uint16_t extension)
{
	return extension == HSA_EXTENSION_AMD_LOADER ? 3 : 0; /* hsa_ven_amd_loader 001003 */
}

size_t hsat_extension_table_size(uint16_t extension)
{
	switch (extension) {
	case HSA_EXTENSION_AMD_LOADER:
		return hsat_loader_table_size();
	case HSA_EXTENSION_AMD_AQLPROFILE:
		return hsat_aqlprofile_table_size();
	default:
		return 0;
	}
}

hsa_status_t hsat_extension_fill_table(uint16_t extension, size_t length, void *table)
{
	size_t size = hsat_extension_table_size(extension);
	char full[512];

	if (size == 0 || size > sizeof(full))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (extension == HSA_EXTENSION_AMD_LOADER)
		hsat_loader_table(full);
	else
		hsat_aqlprofile_table(full);
	memcpy(table, full, length < size ? length : size);
	return HSA_STATUS_SUCCESS;
}
