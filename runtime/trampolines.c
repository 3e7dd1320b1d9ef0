/*
 * trampolines.c - the exported hsa_* functions.
 *
 * Like ROCr 5.2.3 (hsa_table_interface.cpp), each exported function only jumps through its
 * slot of the API table: `jmp *table+8*index(%rip)`. The jump keeps every argument register
 * and the stack untouched, so one two-instruction stub serves every prototype, and a tool
 * that rewrites a slot sees every call made through the exported symbol.
 *
 * The HSA 1.0 memory-order names (hsa_signal_load_acquire, ...) are aliases of the same
 * trampolines, as in ROCr's hsacore.so.link. Symbol versions come from libhsa-runtime64.map.
 */
#include "runtime/runtime.h"

#if !defined(__x86_64__)
#error "the trampolines are written for x86-64 (the only ABI ROCr 5.2 supports)"
#endif

#define TRAMPOLINE(table, name, index)                                       \
	__asm__(".text\n"                                                    \
		".globl " #name "\n"                                         \
		".type " #name ", @function\n"                               \
		".p2align 4\n" #name ":\n"                                   \
		"\tjmp *" #table "+8*" #index "(%rip)\n"                     \
		".size " #name ", .-" #name "\n");
#define CORE_TRAMPOLINE(name, index) TRAMPOLINE(hsat_core_table, name, index)
#define AMD_EXT_TRAMPOLINE(name, index) TRAMPOLINE(hsat_amd_ext_table, name, index)

HSAT_CORE_API(CORE_TRAMPOLINE)
HSAT_AMD_EXT_API(AMD_EXT_TRAMPOLINE)

/* The finalizer and image tables are reached through hsat_api_table's pointers. */
#define INDIRECT_TRAMPOLINE(member, name, index)                             \
	__asm__(".text\n"                                                    \
		".globl " #name "\n"                                         \
		".type " #name ", @function\n"                               \
		".p2align 4\n" #name ":\n"                                   \
		"\tmovq hsat_api_table+" #member "(%rip), %rax\n"            \
		"\tjmp *8*" #index "(%rax)\n"                                \
		".size " #name ", .-" #name "\n");
#define FINALIZER_TRAMPOLINE(name, index) INDIRECT_TRAMPOLINE(0x20, name, index)
#define IMAGE_TRAMPOLINE(name, index) INDIRECT_TRAMPOLINE(0x28, name, index)
_Static_assert(offsetof(HsaApiTable, finalizer_ext_) == 0x20, "finalizer_ext_ offset");
_Static_assert(offsetof(HsaApiTable, image_ext_) == 0x28, "image_ext_ offset");

HSAT_FINALIZER_EXT_API(FINALIZER_TRAMPOLINE)
HSAT_IMAGE_EXT_API(IMAGE_TRAMPOLINE)

#define ALIAS(old_name, name)                                                \
	__asm__(".globl " #old_name "\n"                                     \
		".type " #old_name ", @function\n"                           \
		".set " #old_name ", " #name "\n");

ALIAS(hsa_queue_add_write_index_acq_rel, hsa_queue_add_write_index_scacq_screl)
ALIAS(hsa_queue_add_write_index_acquire, hsa_queue_add_write_index_scacquire)
ALIAS(hsa_queue_add_write_index_release, hsa_queue_add_write_index_screlease)
ALIAS(hsa_queue_cas_write_index_acq_rel, hsa_queue_cas_write_index_scacq_screl)
ALIAS(hsa_queue_cas_write_index_acquire, hsa_queue_cas_write_index_scacquire)
ALIAS(hsa_queue_cas_write_index_release, hsa_queue_cas_write_index_screlease)
ALIAS(hsa_queue_load_read_index_acquire, hsa_queue_load_read_index_scacquire)
ALIAS(hsa_queue_load_write_index_acquire, hsa_queue_load_write_index_scacquire)
ALIAS(hsa_queue_store_read_index_release, hsa_queue_store_read_index_screlease)
ALIAS(hsa_queue_store_write_index_release, hsa_queue_store_write_index_screlease)
ALIAS(hsa_signal_load_acquire, hsa_signal_load_scacquire)
ALIAS(hsa_signal_store_release, hsa_signal_store_screlease)
ALIAS(hsa_signal_wait_acquire, hsa_signal_wait_scacquire)
#define SIGNAL_RMW_ALIASES(op)                                               \
	ALIAS(hsa_signal_##op##_acq_rel, hsa_signal_##op##_scacq_screl)      \
	ALIAS(hsa_signal_##op##_acquire, hsa_signal_##op##_scacquire)        \
	ALIAS(hsa_signal_##op##_release, hsa_signal_##op##_screlease)
SIGNAL_RMW_ALIASES(add)
SIGNAL_RMW_ALIASES(and)
SIGNAL_RMW_ALIASES(cas)
SIGNAL_RMW_ALIASES(exchange)
SIGNAL_RMW_ALIASES(or)
SIGNAL_RMW_ALIASES(subtract)
SIGNAL_RMW_ALIASES(xor)

/* Exported by ROCr but not part of the table. */
__attribute__((visibility("default"))) hsa_status_t
hsa_amd_image_get_info_max_dim(hsa_agent_t agent, hsa_agent_info_t attribute, void *value)
{
	(void)agent;
	(void)attribute;
	(void)value;
	return HSA_STATUS_ERROR;
}
