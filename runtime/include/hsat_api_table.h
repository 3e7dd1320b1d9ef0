/*
 * hsat_api_table.h - ROCr 5.2.3's HsaApiTable, declared in C.
 *
 * /usr/include/hsa/hsa_api_trace.h is C++ only (decltype, constructors, "inc/" includes), so
 * this header re-declares the same tables for C code: the CPU runtime (which owns one instance
 * and whose exported hsa_* functions jump through it) and tools such as the tracer (whose
 * OnLoad receives a pointer to it).
 *
 * Each table starts with an ApiTableVersion {major, minor = sizeof(table), step, reserved}
 * followed by function pointers; slot i (counting the version as slots 0 and 1) sits at byte
 * offset 8*i. The X-macro lists below are the single source of the slot order; the
 * _Static_asserts pin every offset and size to ROCr 5.2.3's (api_table_offsets_5.2.3.txt).
 *
 *   #define PRINT_SLOT(name, index) puts(#name);
 *   HSAT_CORE_API(PRINT_SLOT)
 */
#ifndef HSAT_API_TABLE_H
#define HSAT_API_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <hsa/hsa_ext_finalize.h>
#include <hsa/hsa_ext_image.h>

#define HSA_API_TABLE_MAJOR_VERSION 0x01
#define HSA_CORE_API_TABLE_MAJOR_VERSION 0x01
#define HSA_AMD_EXT_API_TABLE_MAJOR_VERSION 0x01
#define HSA_FINALIZER_API_TABLE_MAJOR_VERSION 0x01
#define HSA_IMAGE_API_TABLE_MAJOR_VERSION 0x01
#define HSA_API_TABLE_STEP_VERSION 0x00

/* Tool-only entries (declared by hsa_api_trace.h for C++; reachable only through the table). */
typedef void (*hsa_amd_queue_intercept_packet_writer)(const void *pkts, uint64_t pkt_count);
typedef void (*hsa_amd_queue_intercept_handler)(const void *pkts, uint64_t pkt_count,
						uint64_t user_pkt_index, void *data,
						hsa_amd_queue_intercept_packet_writer writer);
hsa_status_t hsa_amd_queue_intercept_register(hsa_queue_t *queue,
					      hsa_amd_queue_intercept_handler callback,
					      void *user_data);
hsa_status_t hsa_amd_queue_intercept_create(
	hsa_agent_t agent_handle, uint32_t size, hsa_queue_type32_t type,
	void (*callback)(hsa_status_t status, hsa_queue_t *source, void *data), void *data,
	uint32_t private_segment_size, uint32_t group_segment_size, hsa_queue_t **queue);
typedef void (*hsa_amd_runtime_queue_notifier)(const hsa_queue_t *queue, hsa_agent_t agent,
					       void *data);
hsa_status_t hsa_amd_runtime_queue_create_register(hsa_amd_runtime_queue_notifier callback,
						   void *user_data);

typedef struct ApiTableVersion {
	uint32_t major_id;
	uint32_t minor_id;
	uint32_t step_id;
	uint32_t reserved;
} ApiTableVersion;

/* CoreApiTable: 125 entries, slot i at byte offset 8*i (slots 0-1 hold the version). */
#define HSAT_CORE_API(X) \
	X(hsa_init, 2) \
	X(hsa_shut_down, 3) \
	X(hsa_system_get_info, 4) \
	X(hsa_system_extension_supported, 5) \
	X(hsa_system_get_extension_table, 6) \
	X(hsa_iterate_agents, 7) \
	X(hsa_agent_get_info, 8) \
	X(hsa_queue_create, 9) \
	X(hsa_soft_queue_create, 10) \
	X(hsa_queue_destroy, 11) \
	X(hsa_queue_inactivate, 12) \
	X(hsa_queue_load_read_index_scacquire, 13) \
	X(hsa_queue_load_read_index_relaxed, 14) \
	X(hsa_queue_load_write_index_scacquire, 15) \
	X(hsa_queue_load_write_index_relaxed, 16) \
	X(hsa_queue_store_write_index_relaxed, 17) \
	X(hsa_queue_store_write_index_screlease, 18) \
	X(hsa_queue_cas_write_index_scacq_screl, 19) \
	X(hsa_queue_cas_write_index_scacquire, 20) \
	X(hsa_queue_cas_write_index_relaxed, 21) \
	X(hsa_queue_cas_write_index_screlease, 22) \
	X(hsa_queue_add_write_index_scacq_screl, 23) \
	X(hsa_queue_add_write_index_scacquire, 24) \
	X(hsa_queue_add_write_index_relaxed, 25) \
	X(hsa_queue_add_write_index_screlease, 26) \
	X(hsa_queue_store_read_index_relaxed, 27) \
	X(hsa_queue_store_read_index_screlease, 28) \
	X(hsa_agent_iterate_regions, 29) \
	X(hsa_region_get_info, 30) \
	X(hsa_agent_get_exception_policies, 31) \
	X(hsa_agent_extension_supported, 32) \
	X(hsa_memory_register, 33) \
	X(hsa_memory_deregister, 34) \
	X(hsa_memory_allocate, 35) \
	X(hsa_memory_free, 36) \
	X(hsa_memory_copy, 37) \
	X(hsa_memory_assign_agent, 38) \
	X(hsa_signal_create, 39) \
	X(hsa_signal_destroy, 40) \
	X(hsa_signal_load_relaxed, 41) \
	X(hsa_signal_load_scacquire, 42) \
	X(hsa_signal_store_relaxed, 43) \
	X(hsa_signal_store_screlease, 44) \
	X(hsa_signal_wait_relaxed, 45) \
	X(hsa_signal_wait_scacquire, 46) \
	X(hsa_signal_and_relaxed, 47) \
	X(hsa_signal_and_scacquire, 48) \
	X(hsa_signal_and_screlease, 49) \
	X(hsa_signal_and_scacq_screl, 50) \
	X(hsa_signal_or_relaxed, 51) \
	X(hsa_signal_or_scacquire, 52) \
	X(hsa_signal_or_screlease, 53) \
	X(hsa_signal_or_scacq_screl, 54) \
	X(hsa_signal_xor_relaxed, 55) \
	X(hsa_signal_xor_scacquire, 56) \
	X(hsa_signal_xor_screlease, 57) \
	X(hsa_signal_xor_scacq_screl, 58) \
	X(hsa_signal_exchange_relaxed, 59) \
	X(hsa_signal_exchange_scacquire, 60) \
	X(hsa_signal_exchange_screlease, 61) \
	X(hsa_signal_exchange_scacq_screl, 62) \
	X(hsa_signal_add_relaxed, 63) \
	X(hsa_signal_add_scacquire, 64) \
	X(hsa_signal_add_screlease, 65) \
	X(hsa_signal_add_scacq_screl, 66) \
	X(hsa_signal_subtract_relaxed, 67) \
	X(hsa_signal_subtract_scacquire, 68) \
	X(hsa_signal_subtract_screlease, 69) \
	X(hsa_signal_subtract_scacq_screl, 70) \
	X(hsa_signal_cas_relaxed, 71) \
	X(hsa_signal_cas_scacquire, 72) \
	X(hsa_signal_cas_screlease, 73) \
	X(hsa_signal_cas_scacq_screl, 74) \
	X(hsa_isa_from_name, 75) \
	X(hsa_isa_get_info, 76) \
	X(hsa_isa_compatible, 77) \
	X(hsa_code_object_serialize, 78) \
	X(hsa_code_object_deserialize, 79) \
	X(hsa_code_object_destroy, 80) \
	X(hsa_code_object_get_info, 81) \
	X(hsa_code_object_get_symbol, 82) \
	X(hsa_code_symbol_get_info, 83) \
	X(hsa_code_object_iterate_symbols, 84) \
	X(hsa_executable_create, 85) \
	X(hsa_executable_destroy, 86) \
	X(hsa_executable_load_code_object, 87) \
	X(hsa_executable_freeze, 88) \
	X(hsa_executable_get_info, 89) \
	X(hsa_executable_global_variable_define, 90) \
	X(hsa_executable_agent_global_variable_define, 91) \
	X(hsa_executable_readonly_variable_define, 92) \
	X(hsa_executable_validate, 93) \
	X(hsa_executable_get_symbol, 94) \
	X(hsa_executable_symbol_get_info, 95) \
	X(hsa_executable_iterate_symbols, 96) \
	X(hsa_status_string, 97) \
	X(hsa_extension_get_name, 98) \
	X(hsa_system_major_extension_supported, 99) \
	X(hsa_system_get_major_extension_table, 100) \
	X(hsa_agent_major_extension_supported, 101) \
	X(hsa_cache_get_info, 102) \
	X(hsa_agent_iterate_caches, 103) \
	X(hsa_signal_silent_store_relaxed, 104) \
	X(hsa_signal_silent_store_screlease, 105) \
	X(hsa_signal_group_create, 106) \
	X(hsa_signal_group_destroy, 107) \
	X(hsa_signal_group_wait_any_scacquire, 108) \
	X(hsa_signal_group_wait_any_relaxed, 109) \
	X(hsa_agent_iterate_isas, 110) \
	X(hsa_isa_get_info_alt, 111) \
	X(hsa_isa_get_exception_policies, 112) \
	X(hsa_isa_get_round_method, 113) \
	X(hsa_wavefront_get_info, 114) \
	X(hsa_isa_iterate_wavefronts, 115) \
	X(hsa_code_object_get_symbol_from_name, 116) \
	X(hsa_code_object_reader_create_from_file, 117) \
	X(hsa_code_object_reader_create_from_memory, 118) \
	X(hsa_code_object_reader_destroy, 119) \
	X(hsa_executable_create_alt, 120) \
	X(hsa_executable_load_program_code_object, 121) \
	X(hsa_executable_load_agent_code_object, 122) \
	X(hsa_executable_validate_alt, 123) \
	X(hsa_executable_get_symbol_by_name, 124) \
	X(hsa_executable_iterate_agent_symbols, 125) \
	X(hsa_executable_iterate_program_symbols, 126)

/* AmdExtTable: 48 entries, slot i at byte offset 8*i (slots 0-1 hold the version). */
#define HSAT_AMD_EXT_API(X) \
	X(hsa_amd_coherency_get_type, 2) \
	X(hsa_amd_coherency_set_type, 3) \
	X(hsa_amd_profiling_set_profiler_enabled, 4) \
	X(hsa_amd_profiling_async_copy_enable, 5) \
	X(hsa_amd_profiling_get_dispatch_time, 6) \
	X(hsa_amd_profiling_get_async_copy_time, 7) \
	X(hsa_amd_profiling_convert_tick_to_system_domain, 8) \
	X(hsa_amd_signal_async_handler, 9) \
	X(hsa_amd_async_function, 10) \
	X(hsa_amd_signal_wait_any, 11) \
	X(hsa_amd_queue_cu_set_mask, 12) \
	X(hsa_amd_memory_pool_get_info, 13) \
	X(hsa_amd_agent_iterate_memory_pools, 14) \
	X(hsa_amd_memory_pool_allocate, 15) \
	X(hsa_amd_memory_pool_free, 16) \
	X(hsa_amd_memory_async_copy, 17) \
	X(hsa_amd_agent_memory_pool_get_info, 18) \
	X(hsa_amd_agents_allow_access, 19) \
	X(hsa_amd_memory_pool_can_migrate, 20) \
	X(hsa_amd_memory_migrate, 21) \
	X(hsa_amd_memory_lock, 22) \
	X(hsa_amd_memory_unlock, 23) \
	X(hsa_amd_memory_fill, 24) \
	X(hsa_amd_interop_map_buffer, 25) \
	X(hsa_amd_interop_unmap_buffer, 26) \
	X(hsa_amd_image_create, 27) \
	X(hsa_amd_pointer_info, 28) \
	X(hsa_amd_pointer_info_set_userdata, 29) \
	X(hsa_amd_ipc_memory_create, 30) \
	X(hsa_amd_ipc_memory_attach, 31) \
	X(hsa_amd_ipc_memory_detach, 32) \
	X(hsa_amd_signal_create, 33) \
	X(hsa_amd_ipc_signal_create, 34) \
	X(hsa_amd_ipc_signal_attach, 35) \
	X(hsa_amd_register_system_event_handler, 36) \
	X(hsa_amd_queue_intercept_create, 37) \
	X(hsa_amd_queue_intercept_register, 38) \
	X(hsa_amd_queue_set_priority, 39) \
	X(hsa_amd_memory_async_copy_rect, 40) \
	X(hsa_amd_runtime_queue_create_register, 41) \
	X(hsa_amd_memory_lock_to_pool, 42) \
	X(hsa_amd_register_deallocation_callback, 43) \
	X(hsa_amd_deregister_deallocation_callback, 44) \
	X(hsa_amd_signal_value_pointer, 45) \
	X(hsa_amd_svm_attributes_set, 46) \
	X(hsa_amd_svm_attributes_get, 47) \
	X(hsa_amd_svm_prefetch_async, 48) \
	X(hsa_amd_queue_cu_get_mask, 49)

/* FinalizerExtTable: 6 entries, slot i at byte offset 8*i (slots 0-1 hold the version). */
#define HSAT_FINALIZER_EXT_API(X) \
	X(hsa_ext_program_create, 2) \
	X(hsa_ext_program_destroy, 3) \
	X(hsa_ext_program_add_module, 4) \
	X(hsa_ext_program_iterate_modules, 5) \
	X(hsa_ext_program_get_info, 6) \
	X(hsa_ext_program_finalize, 7)

/* ImageExtTable: 13 entries, slot i at byte offset 8*i (slots 0-1 hold the version). */
#define HSAT_IMAGE_EXT_API(X) \
	X(hsa_ext_image_get_capability, 2) \
	X(hsa_ext_image_data_get_info, 3) \
	X(hsa_ext_image_create, 4) \
	X(hsa_ext_image_import, 5) \
	X(hsa_ext_image_export, 6) \
	X(hsa_ext_image_copy, 7) \
	X(hsa_ext_image_clear, 8) \
	X(hsa_ext_image_destroy, 9) \
	X(hsa_ext_sampler_create, 10) \
	X(hsa_ext_sampler_destroy, 11) \
	X(hsa_ext_image_get_capability_with_layout, 12) \
	X(hsa_ext_image_data_get_info_with_layout, 13) \
	X(hsa_ext_image_create_with_layout, 14)

#define HSAT_API_TABLE_SLOT(name, index) __typeof__(name) *name##_fn;

typedef struct CoreApiTable {
	ApiTableVersion version;
	HSAT_CORE_API(HSAT_API_TABLE_SLOT)
} CoreApiTable;

typedef struct AmdExtTable {
	ApiTableVersion version;
	HSAT_AMD_EXT_API(HSAT_API_TABLE_SLOT)
} AmdExtTable;

typedef struct FinalizerExtTable {
	ApiTableVersion version;
	HSAT_FINALIZER_EXT_API(HSAT_API_TABLE_SLOT)
} FinalizerExtTable;

typedef struct ImageExtTable {
	ApiTableVersion version;
	HSAT_IMAGE_EXT_API(HSAT_API_TABLE_SLOT)
} ImageExtTable;

typedef struct HsaApiTable {
	ApiTableVersion version;
	CoreApiTable *core_;
	AmdExtTable *amd_ext_;
	FinalizerExtTable *finalizer_ext_;
	ImageExtTable *image_ext_;
} HsaApiTable;

#define HSAT_CORE_SLOT_AT(name, index) \
	_Static_assert(offsetof(CoreApiTable, name##_fn) == 8 * (index), #name " offset");
#define HSAT_AMD_EXT_SLOT_AT(name, index) \
	_Static_assert(offsetof(AmdExtTable, name##_fn) == 8 * (index), #name " offset");
#define HSAT_FINALIZER_SLOT_AT(name, index) \
	_Static_assert(offsetof(FinalizerExtTable, name##_fn) == 8 * (index), #name " offset");
#define HSAT_IMAGE_SLOT_AT(name, index) \
	_Static_assert(offsetof(ImageExtTable, name##_fn) == 8 * (index), #name " offset");
HSAT_CORE_API(HSAT_CORE_SLOT_AT)
HSAT_AMD_EXT_API(HSAT_AMD_EXT_SLOT_AT)
HSAT_FINALIZER_EXT_API(HSAT_FINALIZER_SLOT_AT)
HSAT_IMAGE_EXT_API(HSAT_IMAGE_SLOT_AT)
_Static_assert(sizeof(CoreApiTable) == 1016, "CoreApiTable size");
_Static_assert(sizeof(AmdExtTable) == 400, "AmdExtTable size");
_Static_assert(sizeof(FinalizerExtTable) == 64, "FinalizerExtTable size");
_Static_assert(sizeof(ImageExtTable) == 120, "ImageExtTable size");
_Static_assert(sizeof(HsaApiTable) == 48, "HsaApiTable size");
_Static_assert(offsetof(HsaApiTable, image_ext_) == 0x28, "HsaApiTable image_ext_ offset");

#endif /* HSAT_API_TABLE_H */
