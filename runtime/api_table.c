/*
 * api_table.c - the runtime's HsaApiTable: one instance, read by every exported trampoline
 * and handed to tools by OnLoad, so a tool that rewrites a slot redirects every caller.
 */
#include <string.h>

#include "runtime/runtime.h"

HsaApiTable hsat_api_table;
CoreApiTable hsat_core_table;
AmdExtTable hsat_amd_ext_table;
static FinalizerExtTable finalizer_ext_table;
static ImageExtTable image_ext_table;

/* Weak references: an entry nobody implements links as NULL instead of failing. */
#define DO_PRAGMA(text) _Pragma(#text)
#define WEAK_IMPL(name, index) DO_PRAGMA(weak impl_##name)
HSAT_CORE_API(WEAK_IMPL)
HSAT_AMD_EXT_API(WEAK_IMPL)
HSAT_FINALIZER_EXT_API(WEAK_IMPL)
HSAT_IMAGE_EXT_API(WEAK_IMPL)

/* Where no implementation exists: an error status, as the task's contract demands. Every
 * slot that can reach this returns hsa_status_t (the value-returning signal and queue-index
 * entries are all implemented; api_table_test checks it). Calling through a pointer of
 * another prototype is fine under the SysV x86-64 ABI: the caller owns its arguments. */
static hsa_status_t not_implemented(void)
{
	return HSA_STATUS_ERROR;
}

#define FILL_SLOT(table, name)                                                         \
	table.name##_fn = impl_##name ? impl_##name                                    \
				      : (__typeof__(name) *)(void (*)(void))not_implemented;
#define FILL_CORE(name, index) FILL_SLOT(hsat_core_table, name)
#define FILL_AMD_EXT(name, index) FILL_SLOT(hsat_amd_ext_table, name)
#define FILL_FINALIZER(name, index) FILL_SLOT(finalizer_ext_table, name)
#define FILL_IMAGE(name, index) FILL_SLOT(image_ext_table, name)

static void set_version(ApiTableVersion *version, uint32_t major, uint32_t size)
{
	version->major_id = major;
	version->minor_id = size;
	version->step_id = HSA_API_TABLE_STEP_VERSION;
	version->reserved = 0;
}

void hsat_api_table_reset(void)
{
	set_version(&hsat_api_table.version, HSA_API_TABLE_MAJOR_VERSION, sizeof(HsaApiTable));
	set_version(&hsat_core_table.version, HSA_CORE_API_TABLE_MAJOR_VERSION,
		    sizeof(CoreApiTable));
	set_version(&hsat_amd_ext_table.version, HSA_AMD_EXT_API_TABLE_MAJOR_VERSION,
		    sizeof(AmdExtTable));
	set_version(&finalizer_ext_table.version, HSA_FINALIZER_API_TABLE_MAJOR_VERSION,
		    sizeof(FinalizerExtTable));
	set_version(&image_ext_table.version, HSA_IMAGE_API_TABLE_MAJOR_VERSION,
		    sizeof(ImageExtTable));
	HSAT_CORE_API(FILL_CORE)
	HSAT_AMD_EXT_API(FILL_AMD_EXT)
	HSAT_FINALIZER_EXT_API(FILL_FINALIZER)
	HSAT_IMAGE_EXT_API(FILL_IMAGE)
	hsat_api_table.core_ = &hsat_core_table;
	hsat_api_table.amd_ext_ = &hsat_amd_ext_table;
	hsat_api_table.finalizer_ext_ = &finalizer_ext_table;
	hsat_api_table.image_ext_ = &image_ext_table;
}

/* Filled when the library is loaded, before any trampoline can run (ROCr does the same with
 * a static initializer in hsa_table_interface.cpp). */
__attribute__((constructor)) static void api_table_load(void)
{
	hsat_api_table_reset();
}
