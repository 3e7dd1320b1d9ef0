/* The HSA API functions hsatrace traces: every slot of the ROCr 5.2 core, AMD-extension
 * and image tables, with typed arguments and out-parameters.
 * Derived once from /usr/include/hsa by schema/tools/derive-api.py, then reviewed;
 * edit by hand only for categories or out-parameter corrections. */
#include "schema/hsatrace_schema.h"

static const struct hsat_api_arg hsa_system_get_info_args[] = {
	{ "attribute", "hsa_system_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_system_extension_supported_args[] = {
	{ "extension", "uint16_t extension", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "version_major", "uint16_t version_major", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "version_minor", "uint16_t version_minor", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "result", "bool *result", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_system_get_extension_table_args[] = {
	{ "extension", "uint16_t extension", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "version_major", "uint16_t version_major", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "version_minor", "uint16_t version_minor", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "table", "void *table", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_iterate_agents_args[] = {
	{ "callback", "hsa_status_t (*callback)(hsa_agent_t, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_agent_get_info_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_agent_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_create_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "size", "uint32_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "type", "hsa_queue_type32_t type", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "callback", "void (*callback)(hsa_status_t, hsa_queue_t *, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "private_segment_size", "uint32_t private_segment_size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "group_segment_size", "uint32_t group_segment_size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "queue", "hsa_queue_t **queue", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_soft_queue_create_args[] = {
	{ "region", "hsa_region_t region", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "size", "uint32_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "type", "hsa_queue_type32_t type", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "features", "uint32_t features", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "doorbell_signal", "hsa_signal_t doorbell_signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "queue", "hsa_queue_t **queue", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_queue_destroy_args[] = {
	{ "queue", "hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_inactivate_args[] = {
	{ "queue", "hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_load_read_index_scacquire_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_load_read_index_relaxed_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_load_write_index_scacquire_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_load_write_index_relaxed_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_store_write_index_relaxed_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_store_write_index_screlease_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_cas_write_index_scacq_screl_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "expected", "uint64_t expected", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_cas_write_index_scacquire_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "expected", "uint64_t expected", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_cas_write_index_relaxed_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "expected", "uint64_t expected", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_cas_write_index_screlease_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "expected", "uint64_t expected", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_add_write_index_scacq_screl_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_add_write_index_scacquire_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_add_write_index_relaxed_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_add_write_index_screlease_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_store_read_index_relaxed_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_queue_store_read_index_screlease_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "value", "uint64_t value", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_agent_iterate_regions_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "callback", "hsa_status_t (*callback)(hsa_region_t, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_region_get_info_args[] = {
	{ "region", "hsa_region_t region", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_region_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_agent_get_exception_policies_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "profile", "hsa_profile_t profile", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "mask", "uint16_t *mask", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_agent_extension_supported_args[] = {
	{ "extension", "uint16_t extension", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "version_major", "uint16_t version_major", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "version_minor", "uint16_t version_minor", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "result", "bool *result", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_memory_register_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_memory_deregister_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_memory_allocate_args[] = {
	{ "region", "hsa_region_t region", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "ptr", "void **ptr", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_memory_free_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_memory_copy_args[] = {
	{ "dst", "void *dst", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "src", "const void *src", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_memory_assign_agent_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "access", "hsa_access_permission_t access", HSAT_AK_ENUM, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_create_args[] = {
	{ "initial_value", "hsa_signal_value_t initial_value", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "num_consumers", "uint32_t num_consumers", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "consumers", "const hsa_agent_t *consumers", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "signal", "hsa_signal_t *signal", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_signal_destroy_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_load_relaxed_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_load_scacquire_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_store_relaxed_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_store_screlease_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_wait_relaxed_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "condition", "hsa_signal_condition_t condition", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "compare_value", "hsa_signal_value_t compare_value", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "timeout_hint", "uint64_t timeout_hint", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "wait_state_hint", "hsa_wait_state_t wait_state_hint", HSAT_AK_ENUM, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_wait_scacquire_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "condition", "hsa_signal_condition_t condition", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "compare_value", "hsa_signal_value_t compare_value", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "timeout_hint", "uint64_t timeout_hint", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "wait_state_hint", "hsa_wait_state_t wait_state_hint", HSAT_AK_ENUM, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_and_relaxed_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_and_scacquire_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_and_screlease_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_and_scacq_screl_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_or_relaxed_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_or_scacquire_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_or_screlease_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_or_scacq_screl_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_xor_relaxed_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_xor_scacquire_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_xor_screlease_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_xor_scacq_screl_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_exchange_relaxed_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_exchange_scacquire_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_exchange_screlease_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_exchange_scacq_screl_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_add_relaxed_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_add_scacquire_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_add_screlease_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_add_scacq_screl_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_subtract_relaxed_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_subtract_scacquire_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_subtract_screlease_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_subtract_scacq_screl_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_cas_relaxed_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "expected", "hsa_signal_value_t expected", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_cas_scacquire_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "expected", "hsa_signal_value_t expected", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_cas_screlease_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "expected", "hsa_signal_value_t expected", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_cas_scacq_screl_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "expected", "hsa_signal_value_t expected", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_isa_from_name_args[] = {
	{ "name", "const char *name", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "isa", "hsa_isa_t *isa", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_isa_get_info_args[] = {
	{ "isa", "hsa_isa_t isa", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_isa_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "index", "uint32_t index", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_isa_compatible_args[] = {
	{ "code_object_isa", "hsa_isa_t code_object_isa", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "agent_isa", "hsa_isa_t agent_isa", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "result", "bool *result", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_code_object_serialize_args[] = {
	{ "code_object", "hsa_code_object_t code_object", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "alloc_callback", "hsa_status_t (*alloc_callback)(size_t, hsa_callback_data_t, void **)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "callback_data", "hsa_callback_data_t callback_data", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "options", "const char *options", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "serialized_code_object", "void **serialized_code_object", HSAT_AK_PTR, HSAT_AK_PTR },
	{ "serialized_code_object_size", "size_t *serialized_code_object_size", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_code_object_deserialize_args[] = {
	{ "serialized_code_object", "void *serialized_code_object", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "serialized_code_object_size", "size_t serialized_code_object_size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "options", "const char *options", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "code_object", "hsa_code_object_t *code_object", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_code_object_destroy_args[] = {
	{ "code_object", "hsa_code_object_t code_object", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_code_object_get_info_args[] = {
	{ "code_object", "hsa_code_object_t code_object", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_code_object_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_code_object_get_symbol_args[] = {
	{ "code_object", "hsa_code_object_t code_object", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "symbol_name", "const char *symbol_name", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "symbol", "hsa_code_symbol_t *symbol", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_code_symbol_get_info_args[] = {
	{ "code_symbol", "hsa_code_symbol_t code_symbol", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_code_symbol_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_code_object_iterate_symbols_args[] = {
	{ "code_object", "hsa_code_object_t code_object", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "callback", "hsa_status_t (*callback)(hsa_code_object_t, hsa_code_symbol_t, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_executable_create_args[] = {
	{ "profile", "hsa_profile_t profile", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "executable_state", "hsa_executable_state_t executable_state", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "options", "const char *options", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "executable", "hsa_executable_t *executable", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_executable_destroy_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_executable_load_code_object_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "code_object", "hsa_code_object_t code_object", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "options", "const char *options", HSAT_AK_STRING, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_executable_freeze_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "options", "const char *options", HSAT_AK_STRING, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_executable_get_info_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_executable_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_executable_global_variable_define_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "variable_name", "const char *variable_name", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "address", "void *address", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_executable_agent_global_variable_define_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "variable_name", "const char *variable_name", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "address", "void *address", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_executable_readonly_variable_define_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "variable_name", "const char *variable_name", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "address", "void *address", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_executable_validate_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "result", "uint32_t *result", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_executable_get_symbol_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "module_name", "const char *module_name", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "symbol_name", "const char *symbol_name", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "call_convention", "int32_t call_convention", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "symbol", "hsa_executable_symbol_t *symbol", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_executable_symbol_get_info_args[] = {
	{ "executable_symbol", "hsa_executable_symbol_t executable_symbol", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_executable_symbol_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_executable_iterate_symbols_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "callback", "hsa_status_t (*callback)(hsa_executable_t, hsa_executable_symbol_t, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_status_string_args[] = {
	{ "status", "hsa_status_t status", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "status_string", "const char **status_string", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_extension_get_name_args[] = {
	{ "extension", "uint16_t extension", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "name", "const char **name", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_system_major_extension_supported_args[] = {
	{ "extension", "uint16_t extension", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "version_major", "uint16_t version_major", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "version_minor", "uint16_t *version_minor", HSAT_AK_PTR, HSAT_AK_UINT },
	{ "result", "bool *result", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_system_get_major_extension_table_args[] = {
	{ "extension", "uint16_t extension", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "version_major", "uint16_t version_major", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "table_length", "size_t table_length", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "table", "void *table", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_agent_major_extension_supported_args[] = {
	{ "extension", "uint16_t extension", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "version_major", "uint16_t version_major", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "version_minor", "uint16_t *version_minor", HSAT_AK_PTR, HSAT_AK_UINT },
	{ "result", "bool *result", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_cache_get_info_args[] = {
	{ "cache", "hsa_cache_t cache", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_cache_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_agent_iterate_caches_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "callback", "hsa_status_t (*callback)(hsa_cache_t, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_silent_store_relaxed_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_silent_store_screlease_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_group_create_args[] = {
	{ "num_signals", "uint32_t num_signals", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "signals", "const hsa_signal_t *signals", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "num_consumers", "uint32_t num_consumers", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "consumers", "const hsa_agent_t *consumers", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "signal_group", "hsa_signal_group_t *signal_group", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_signal_group_destroy_args[] = {
	{ "signal_group", "hsa_signal_group_t signal_group", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_signal_group_wait_any_scacquire_args[] = {
	{ "signal_group", "hsa_signal_group_t signal_group", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "conditions", "const hsa_signal_condition_t *conditions", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "compare_values", "const hsa_signal_value_t *compare_values", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "wait_state_hint", "hsa_wait_state_t wait_state_hint", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "signal", "hsa_signal_t *signal", HSAT_AK_PTR, HSAT_AK_HANDLE },
	{ "value", "hsa_signal_value_t *value", HSAT_AK_PTR, HSAT_AK_SINT },
};
static const struct hsat_api_arg hsa_signal_group_wait_any_relaxed_args[] = {
	{ "signal_group", "hsa_signal_group_t signal_group", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "conditions", "const hsa_signal_condition_t *conditions", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "compare_values", "const hsa_signal_value_t *compare_values", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "wait_state_hint", "hsa_wait_state_t wait_state_hint", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "signal", "hsa_signal_t *signal", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_agent_iterate_isas_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "callback", "hsa_status_t (*callback)(hsa_isa_t, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_isa_get_info_alt_args[] = {
	{ "isa", "hsa_isa_t isa", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_isa_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_isa_get_exception_policies_args[] = {
	{ "isa", "hsa_isa_t isa", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "profile", "hsa_profile_t profile", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "mask", "uint16_t *mask", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_isa_get_round_method_args[] = {
	{ "isa", "hsa_isa_t isa", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "fp_type", "hsa_fp_type_t fp_type", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "flush_mode", "hsa_flush_mode_t flush_mode", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "round_method", "hsa_round_method_t *round_method", HSAT_AK_PTR, HSAT_AK_ENUM },
};
static const struct hsat_api_arg hsa_wavefront_get_info_args[] = {
	{ "wavefront", "hsa_wavefront_t wavefront", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_wavefront_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_isa_iterate_wavefronts_args[] = {
	{ "isa", "hsa_isa_t isa", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "callback", "hsa_status_t (*callback)(hsa_wavefront_t, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_code_object_get_symbol_from_name_args[] = {
	{ "code_object", "hsa_code_object_t code_object", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "module_name", "const char *module_name", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "symbol_name", "const char *symbol_name", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "symbol", "hsa_code_symbol_t *symbol", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_code_object_reader_create_from_file_args[] = {
	{ "file", "hsa_file_t file", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "code_object_reader", "hsa_code_object_reader_t *code_object_reader", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_code_object_reader_create_from_memory_args[] = {
	{ "code_object", "const void *code_object", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "code_object_reader", "hsa_code_object_reader_t *code_object_reader", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_code_object_reader_destroy_args[] = {
	{ "code_object_reader", "hsa_code_object_reader_t code_object_reader", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_executable_create_alt_args[] = {
	{ "profile", "hsa_profile_t profile", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "default_float_rounding_mode", "hsa_default_float_rounding_mode_t default_float_rounding_mode", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "options", "const char *options", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "executable", "hsa_executable_t *executable", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_executable_load_program_code_object_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "code_object_reader", "hsa_code_object_reader_t code_object_reader", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "options", "const char *options", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "loaded_code_object", "hsa_loaded_code_object_t *loaded_code_object", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_executable_load_agent_code_object_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "code_object_reader", "hsa_code_object_reader_t code_object_reader", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "options", "const char *options", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "loaded_code_object", "hsa_loaded_code_object_t *loaded_code_object", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_executable_validate_alt_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "options", "const char *options", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "result", "uint32_t *result", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_executable_get_symbol_by_name_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "symbol_name", "const char *symbol_name", HSAT_AK_STRING, HSAT_AK_NONE },
	{ "agent", "const hsa_agent_t *agent", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "symbol", "hsa_executable_symbol_t *symbol", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_executable_iterate_agent_symbols_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "callback", "hsa_status_t (*callback)(hsa_executable_t, hsa_agent_t, hsa_executable_symbol_t, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_executable_iterate_program_symbols_args[] = {
	{ "executable", "hsa_executable_t executable", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "callback", "hsa_status_t (*callback)(hsa_executable_t, hsa_executable_symbol_t, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_coherency_get_type_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "type", "hsa_amd_coherency_type_t *type", HSAT_AK_PTR, HSAT_AK_ENUM },
};
static const struct hsat_api_arg hsa_amd_coherency_set_type_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "type", "hsa_amd_coherency_type_t type", HSAT_AK_ENUM, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_profiling_set_profiler_enabled_args[] = {
	{ "queue", "hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "enable", "int enable", HSAT_AK_SINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_profiling_async_copy_enable_args[] = {
	{ "enable", "bool enable", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_profiling_get_dispatch_time_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "time", "hsa_amd_profiling_dispatch_time_t *time", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_profiling_get_async_copy_time_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "time", "hsa_amd_profiling_async_copy_time_t *time", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_profiling_convert_tick_to_system_domain_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "agent_tick", "uint64_t agent_tick", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "system_tick", "uint64_t *system_tick", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_amd_signal_async_handler_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "cond", "hsa_signal_condition_t cond", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "hsa_signal_value_t value", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "handler", "hsa_amd_signal_handler handler", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "arg", "void *arg", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_async_function_args[] = {
	{ "callback", "void (*callback)(void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "arg", "void *arg", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_signal_wait_any_args[] = {
	{ "signal_count", "uint32_t signal_count", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "signals", "hsa_signal_t *signals", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "conds", "hsa_signal_condition_t *conds", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "values", "hsa_signal_value_t *values", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "timeout_hint", "uint64_t timeout_hint", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "wait_hint", "hsa_wait_state_t wait_hint", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "satisfying_value", "hsa_signal_value_t *satisfying_value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_queue_cu_set_mask_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "num_cu_mask_count", "uint32_t num_cu_mask_count", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "cu_mask", "const uint32_t *cu_mask", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_memory_pool_get_info_args[] = {
	{ "memory_pool", "hsa_amd_memory_pool_t memory_pool", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_amd_memory_pool_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_agent_iterate_memory_pools_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "callback", "hsa_status_t (*callback)(hsa_amd_memory_pool_t, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_memory_pool_allocate_args[] = {
	{ "memory_pool", "hsa_amd_memory_pool_t memory_pool", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "flags", "uint32_t flags", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "ptr", "void **ptr", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_amd_memory_pool_free_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_memory_async_copy_args[] = {
	{ "dst", "void *dst", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "dst_agent", "hsa_agent_t dst_agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "src", "const void *src", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "src_agent", "hsa_agent_t src_agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "num_dep_signals", "uint32_t num_dep_signals", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "dep_signals", "const hsa_signal_t *dep_signals", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "completion_signal", "hsa_signal_t completion_signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_agent_memory_pool_get_info_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "memory_pool", "hsa_amd_memory_pool_t memory_pool", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "attribute", "hsa_amd_agent_memory_pool_info_t attribute", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "value", "void *value", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_agents_allow_access_args[] = {
	{ "num_agents", "uint32_t num_agents", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "agents", "const hsa_agent_t *agents", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "flags", "const uint32_t *flags", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "ptr", "const void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_memory_pool_can_migrate_args[] = {
	{ "src_memory_pool", "hsa_amd_memory_pool_t src_memory_pool", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "dst_memory_pool", "hsa_amd_memory_pool_t dst_memory_pool", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "result", "bool *result", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_amd_memory_migrate_args[] = {
	{ "ptr", "const void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "memory_pool", "hsa_amd_memory_pool_t memory_pool", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "flags", "uint32_t flags", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_memory_lock_args[] = {
	{ "host_ptr", "void *host_ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "agents", "hsa_agent_t *agents", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "num_agent", "int num_agent", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "agent_ptr", "void **agent_ptr", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_amd_memory_unlock_args[] = {
	{ "host_ptr", "void *host_ptr", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_memory_fill_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "value", "uint32_t value", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "count", "size_t count", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_interop_map_buffer_args[] = {
	{ "num_agents", "uint32_t num_agents", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "agents", "hsa_agent_t *agents", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "interop_handle", "int interop_handle", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "flags", "uint32_t flags", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "size", "size_t *size", HSAT_AK_PTR, HSAT_AK_UINT },
	{ "ptr", "void **ptr", HSAT_AK_PTR, HSAT_AK_PTR },
	{ "metadata_size", "size_t *metadata_size", HSAT_AK_PTR, HSAT_AK_UINT },
	{ "metadata", "const void **metadata", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_amd_interop_unmap_buffer_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_image_create_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "image_descriptor", "const hsa_ext_image_descriptor_t *image_descriptor", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "image_layout", "const hsa_amd_image_descriptor_t *image_layout", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "image_data", "const void *image_data", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "access_permission", "hsa_access_permission_t access_permission", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "image", "hsa_ext_image_t *image", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_amd_pointer_info_args[] = {
	{ "ptr", "const void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "info", "hsa_amd_pointer_info_t *info", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "alloc", "void *(*alloc)(size_t)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "num_agents_accessible", "uint32_t *num_agents_accessible", HSAT_AK_PTR, HSAT_AK_UINT },
	{ "accessible", "hsa_agent_t **accessible", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_amd_pointer_info_set_userdata_args[] = {
	{ "ptr", "const void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "userdata", "void *userdata", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_ipc_memory_create_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "len", "size_t len", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "handle", "hsa_amd_ipc_memory_t *handle", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_amd_ipc_memory_attach_args[] = {
	{ "handle", "const hsa_amd_ipc_memory_t *handle", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "len", "size_t len", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "num_agents", "uint32_t num_agents", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "mapping_agents", "const hsa_agent_t *mapping_agents", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "mapped_ptr", "void **mapped_ptr", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_amd_ipc_memory_detach_args[] = {
	{ "mapped_ptr", "void *mapped_ptr", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_signal_create_args[] = {
	{ "initial_value", "hsa_signal_value_t initial_value", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "num_consumers", "uint32_t num_consumers", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "consumers", "const hsa_agent_t *consumers", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "attributes", "uint64_t attributes", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "signal", "hsa_signal_t *signal", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_amd_ipc_signal_create_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "handle", "hsa_amd_ipc_signal_t *handle", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_amd_ipc_signal_attach_args[] = {
	{ "handle", "const hsa_amd_ipc_signal_t *handle", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "signal", "hsa_signal_t *signal", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_amd_register_system_event_handler_args[] = {
	{ "callback", "hsa_amd_system_event_callback_t callback", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_queue_intercept_create_args[] = {
	{ "agent_handle", "hsa_agent_t agent_handle", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "size", "uint32_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "type", "hsa_queue_type32_t type", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "callback", "void (*callback)(hsa_status_t, hsa_queue_t *, void *)", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "data", "void *data", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "private_segment_size", "uint32_t private_segment_size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "group_segment_size", "uint32_t group_segment_size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "queue", "hsa_queue_t **queue", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_amd_queue_intercept_register_args[] = {
	{ "queue", "hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "callback", "hsa_amd_queue_intercept_handler callback", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "user_data", "void *user_data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_queue_set_priority_args[] = {
	{ "queue", "hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "priority", "hsa_amd_queue_priority_t priority", HSAT_AK_ENUM, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_memory_async_copy_rect_args[] = {
	{ "dst", "const hsa_pitched_ptr_t *dst", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "dst_offset", "const hsa_dim3_t *dst_offset", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "src", "const hsa_pitched_ptr_t *src", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "src_offset", "const hsa_dim3_t *src_offset", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "range", "const hsa_dim3_t *range", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "copy_agent", "hsa_agent_t copy_agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "dir", "hsa_amd_copy_direction_t dir", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "num_dep_signals", "uint32_t num_dep_signals", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "dep_signals", "const hsa_signal_t *dep_signals", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "completion_signal", "hsa_signal_t completion_signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_runtime_queue_create_register_args[] = {
	{ "callback", "hsa_amd_runtime_queue_notifier callback", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "user_data", "void *user_data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_memory_lock_to_pool_args[] = {
	{ "host_ptr", "void *host_ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "agents", "hsa_agent_t *agents", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "num_agent", "int num_agent", HSAT_AK_SINT, HSAT_AK_NONE },
	{ "pool", "hsa_amd_memory_pool_t pool", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "flags", "uint32_t flags", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "agent_ptr", "void **agent_ptr", HSAT_AK_PTR, HSAT_AK_PTR },
};
static const struct hsat_api_arg hsa_amd_register_deallocation_callback_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "callback", "hsa_amd_deallocation_callback_t callback", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "user_data", "void *user_data", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_deregister_deallocation_callback_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "callback", "hsa_amd_deallocation_callback_t callback", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_signal_value_pointer_args[] = {
	{ "signal", "hsa_signal_t signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "value_ptr", "volatile hsa_signal_value_t **value_ptr", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_svm_attributes_set_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "attribute_list", "hsa_amd_svm_attribute_pair_t *attribute_list", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "attribute_count", "size_t attribute_count", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_svm_attributes_get_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "attribute_list", "hsa_amd_svm_attribute_pair_t *attribute_list", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "attribute_count", "size_t attribute_count", HSAT_AK_UINT, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_svm_prefetch_async_args[] = {
	{ "ptr", "void *ptr", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "size", "size_t size", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "num_dep_signals", "uint32_t num_dep_signals", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "dep_signals", "const hsa_signal_t *dep_signals", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "completion_signal", "hsa_signal_t completion_signal", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_amd_queue_cu_get_mask_args[] = {
	{ "queue", "const hsa_queue_t *queue", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "num_cu_mask_count", "uint32_t num_cu_mask_count", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "cu_mask", "uint32_t *cu_mask", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_ext_image_get_capability_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "geometry", "hsa_ext_image_geometry_t geometry", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "image_format", "const hsa_ext_image_format_t *image_format", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "capability_mask", "uint32_t *capability_mask", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_ext_image_data_get_info_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "image_descriptor", "const hsa_ext_image_descriptor_t *image_descriptor", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "access_permission", "hsa_access_permission_t access_permission", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "image_data_info", "hsa_ext_image_data_info_t *image_data_info", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_ext_image_create_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "image_descriptor", "const hsa_ext_image_descriptor_t *image_descriptor", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "image_data", "const void *image_data", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "access_permission", "hsa_access_permission_t access_permission", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "image", "hsa_ext_image_t *image", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_ext_image_import_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "src_memory", "const void *src_memory", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "src_row_pitch", "size_t src_row_pitch", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "src_slice_pitch", "size_t src_slice_pitch", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "dst_image", "hsa_ext_image_t dst_image", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "image_region", "const hsa_ext_image_region_t *image_region", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_ext_image_export_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "src_image", "hsa_ext_image_t src_image", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "dst_memory", "void *dst_memory", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "dst_row_pitch", "size_t dst_row_pitch", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "dst_slice_pitch", "size_t dst_slice_pitch", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "image_region", "const hsa_ext_image_region_t *image_region", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_ext_image_copy_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "src_image", "hsa_ext_image_t src_image", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "src_offset", "const hsa_dim3_t *src_offset", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "dst_image", "hsa_ext_image_t dst_image", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "dst_offset", "const hsa_dim3_t *dst_offset", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "range", "const hsa_dim3_t *range", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_ext_image_clear_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "image", "hsa_ext_image_t image", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "data", "const void *data", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "image_region", "const hsa_ext_image_region_t *image_region", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_ext_image_destroy_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "image", "hsa_ext_image_t image", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_ext_sampler_create_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "sampler_descriptor", "const hsa_ext_sampler_descriptor_t *sampler_descriptor", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "sampler", "hsa_ext_sampler_t *sampler", HSAT_AK_PTR, HSAT_AK_HANDLE },
};
static const struct hsat_api_arg hsa_ext_sampler_destroy_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "sampler", "hsa_ext_sampler_t sampler", HSAT_AK_HANDLE, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_ext_image_get_capability_with_layout_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "geometry", "hsa_ext_image_geometry_t geometry", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "image_format", "const hsa_ext_image_format_t *image_format", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "image_data_layout", "hsa_ext_image_data_layout_t image_data_layout", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "capability_mask", "uint32_t *capability_mask", HSAT_AK_PTR, HSAT_AK_UINT },
};
static const struct hsat_api_arg hsa_ext_image_data_get_info_with_layout_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "image_descriptor", "const hsa_ext_image_descriptor_t *image_descriptor", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "access_permission", "hsa_access_permission_t access_permission", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "image_data_layout", "hsa_ext_image_data_layout_t image_data_layout", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "image_data_row_pitch", "size_t image_data_row_pitch", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "image_data_slice_pitch", "size_t image_data_slice_pitch", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "image_data_info", "hsa_ext_image_data_info_t *image_data_info", HSAT_AK_PTR, HSAT_AK_NONE },
};
static const struct hsat_api_arg hsa_ext_image_create_with_layout_args[] = {
	{ "agent", "hsa_agent_t agent", HSAT_AK_HANDLE, HSAT_AK_NONE },
	{ "image_descriptor", "const hsa_ext_image_descriptor_t *image_descriptor", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "image_data", "const void *image_data", HSAT_AK_PTR, HSAT_AK_NONE },
	{ "access_permission", "hsa_access_permission_t access_permission", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "image_data_layout", "hsa_ext_image_data_layout_t image_data_layout", HSAT_AK_ENUM, HSAT_AK_NONE },
	{ "image_data_row_pitch", "size_t image_data_row_pitch", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "image_data_slice_pitch", "size_t image_data_slice_pitch", HSAT_AK_UINT, HSAT_AK_NONE },
	{ "image", "hsa_ext_image_t *image", HSAT_AK_PTR, HSAT_AK_HANDLE },
};

const struct hsat_api_fn hsat_api_fns[] = {
	{ "hsa_init", HSAT_TABLE_CORE, 0x010, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, NULL, 0, HSAT_LAYER_HSA },
	{ "hsa_shut_down", HSAT_TABLE_CORE, 0x018, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, NULL, 0, HSAT_LAYER_HSA },
	{ "hsa_system_get_info", HSAT_TABLE_CORE, 0x020, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_system_get_info_args, 2, HSAT_LAYER_HSA },
	{ "hsa_system_extension_supported", HSAT_TABLE_CORE, 0x028, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_system_extension_supported_args, 4, HSAT_LAYER_HSA },
	{ "hsa_system_get_extension_table", HSAT_TABLE_CORE, 0x030, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_system_get_extension_table_args, 4, HSAT_LAYER_HSA },
	{ "hsa_iterate_agents", HSAT_TABLE_CORE, 0x038, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_iterate_agents_args, 2, HSAT_LAYER_HSA },
	{ "hsa_agent_get_info", HSAT_TABLE_CORE, 0x040, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_agent_get_info_args, 3, HSAT_LAYER_HSA },
	{ "hsa_queue_create", HSAT_TABLE_CORE, 0x048, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_queue_create_args, 8, HSAT_LAYER_HSA },
	{ "hsa_soft_queue_create", HSAT_TABLE_CORE, 0x050, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_soft_queue_create_args, 6, HSAT_LAYER_HSA },
	{ "hsa_queue_destroy", HSAT_TABLE_CORE, 0x058, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_queue_destroy_args, 1, HSAT_LAYER_HSA },
	{ "hsa_queue_inactivate", HSAT_TABLE_CORE, 0x060, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_queue_inactivate_args, 1, HSAT_LAYER_HSA },
	{ "hsa_queue_load_read_index_scacquire", HSAT_TABLE_CORE, 0x068, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_load_read_index_scacquire_args, 1, HSAT_LAYER_HSA },
	{ "hsa_queue_load_read_index_relaxed", HSAT_TABLE_CORE, 0x070, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_load_read_index_relaxed_args, 1, HSAT_LAYER_HSA },
	{ "hsa_queue_load_write_index_scacquire", HSAT_TABLE_CORE, 0x078, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_load_write_index_scacquire_args, 1, HSAT_LAYER_HSA },
	{ "hsa_queue_load_write_index_relaxed", HSAT_TABLE_CORE, 0x080, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_load_write_index_relaxed_args, 1, HSAT_LAYER_HSA },
	{ "hsa_queue_store_write_index_relaxed", HSAT_TABLE_CORE, 0x088, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_queue_store_write_index_relaxed_args, 2, HSAT_LAYER_HSA },
	{ "hsa_queue_store_write_index_screlease", HSAT_TABLE_CORE, 0x090, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_queue_store_write_index_screlease_args, 2, HSAT_LAYER_HSA },
	{ "hsa_queue_cas_write_index_scacq_screl", HSAT_TABLE_CORE, 0x098, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_cas_write_index_scacq_screl_args, 3, HSAT_LAYER_HSA },
	{ "hsa_queue_cas_write_index_scacquire", HSAT_TABLE_CORE, 0x0a0, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_cas_write_index_scacquire_args, 3, HSAT_LAYER_HSA },
	{ "hsa_queue_cas_write_index_relaxed", HSAT_TABLE_CORE, 0x0a8, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_cas_write_index_relaxed_args, 3, HSAT_LAYER_HSA },
	{ "hsa_queue_cas_write_index_screlease", HSAT_TABLE_CORE, 0x0b0, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_cas_write_index_screlease_args, 3, HSAT_LAYER_HSA },
	{ "hsa_queue_add_write_index_scacq_screl", HSAT_TABLE_CORE, 0x0b8, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_add_write_index_scacq_screl_args, 2, HSAT_LAYER_HSA },
	{ "hsa_queue_add_write_index_scacquire", HSAT_TABLE_CORE, 0x0c0, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_add_write_index_scacquire_args, 2, HSAT_LAYER_HSA },
	{ "hsa_queue_add_write_index_relaxed", HSAT_TABLE_CORE, 0x0c8, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_add_write_index_relaxed_args, 2, HSAT_LAYER_HSA },
	{ "hsa_queue_add_write_index_screlease", HSAT_TABLE_CORE, 0x0d0, "uint64_t", HSAT_RET_UINT, HSAT_CAT_HOT, hsa_queue_add_write_index_screlease_args, 2, HSAT_LAYER_HSA },
	{ "hsa_queue_store_read_index_relaxed", HSAT_TABLE_CORE, 0x0d8, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_queue_store_read_index_relaxed_args, 2, HSAT_LAYER_HSA },
	{ "hsa_queue_store_read_index_screlease", HSAT_TABLE_CORE, 0x0e0, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_queue_store_read_index_screlease_args, 2, HSAT_LAYER_HSA },
	{ "hsa_agent_iterate_regions", HSAT_TABLE_CORE, 0x0e8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_agent_iterate_regions_args, 3, HSAT_LAYER_HSA },
	{ "hsa_region_get_info", HSAT_TABLE_CORE, 0x0f0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_region_get_info_args, 3, HSAT_LAYER_HSA },
	{ "hsa_agent_get_exception_policies", HSAT_TABLE_CORE, 0x0f8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_agent_get_exception_policies_args, 3, HSAT_LAYER_HSA },
	{ "hsa_agent_extension_supported", HSAT_TABLE_CORE, 0x100, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_agent_extension_supported_args, 5, HSAT_LAYER_HSA },
	{ "hsa_memory_register", HSAT_TABLE_CORE, 0x108, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_memory_register_args, 2, HSAT_LAYER_HSA },
	{ "hsa_memory_deregister", HSAT_TABLE_CORE, 0x110, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_memory_deregister_args, 2, HSAT_LAYER_HSA },
	{ "hsa_memory_allocate", HSAT_TABLE_CORE, 0x118, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_memory_allocate_args, 3, HSAT_LAYER_HSA },
	{ "hsa_memory_free", HSAT_TABLE_CORE, 0x120, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_memory_free_args, 1, HSAT_LAYER_HSA },
	{ "hsa_memory_copy", HSAT_TABLE_CORE, 0x128, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_memory_copy_args, 3, HSAT_LAYER_HSA },
	{ "hsa_memory_assign_agent", HSAT_TABLE_CORE, 0x130, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_memory_assign_agent_args, 3, HSAT_LAYER_HSA },
	{ "hsa_signal_create", HSAT_TABLE_CORE, 0x138, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_signal_create_args, 4, HSAT_LAYER_HSA },
	{ "hsa_signal_destroy", HSAT_TABLE_CORE, 0x140, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_signal_destroy_args, 1, HSAT_LAYER_HSA },
	{ "hsa_signal_load_relaxed", HSAT_TABLE_CORE, 0x148, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_HOT, hsa_signal_load_relaxed_args, 1, HSAT_LAYER_HSA },
	{ "hsa_signal_load_scacquire", HSAT_TABLE_CORE, 0x150, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_HOT, hsa_signal_load_scacquire_args, 1, HSAT_LAYER_HSA },
	{ "hsa_signal_store_relaxed", HSAT_TABLE_CORE, 0x158, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_store_relaxed_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_store_screlease", HSAT_TABLE_CORE, 0x160, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_store_screlease_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_wait_relaxed", HSAT_TABLE_CORE, 0x168, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_DEFAULT, hsa_signal_wait_relaxed_args, 5, HSAT_LAYER_HSA },
	{ "hsa_signal_wait_scacquire", HSAT_TABLE_CORE, 0x170, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_DEFAULT, hsa_signal_wait_scacquire_args, 5, HSAT_LAYER_HSA },
	{ "hsa_signal_and_relaxed", HSAT_TABLE_CORE, 0x178, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_and_relaxed_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_and_scacquire", HSAT_TABLE_CORE, 0x180, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_and_scacquire_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_and_screlease", HSAT_TABLE_CORE, 0x188, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_and_screlease_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_and_scacq_screl", HSAT_TABLE_CORE, 0x190, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_and_scacq_screl_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_or_relaxed", HSAT_TABLE_CORE, 0x198, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_or_relaxed_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_or_scacquire", HSAT_TABLE_CORE, 0x1a0, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_or_scacquire_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_or_screlease", HSAT_TABLE_CORE, 0x1a8, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_or_screlease_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_or_scacq_screl", HSAT_TABLE_CORE, 0x1b0, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_or_scacq_screl_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_xor_relaxed", HSAT_TABLE_CORE, 0x1b8, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_xor_relaxed_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_xor_scacquire", HSAT_TABLE_CORE, 0x1c0, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_xor_scacquire_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_xor_screlease", HSAT_TABLE_CORE, 0x1c8, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_xor_screlease_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_xor_scacq_screl", HSAT_TABLE_CORE, 0x1d0, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_xor_scacq_screl_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_exchange_relaxed", HSAT_TABLE_CORE, 0x1d8, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_HOT, hsa_signal_exchange_relaxed_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_exchange_scacquire", HSAT_TABLE_CORE, 0x1e0, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_HOT, hsa_signal_exchange_scacquire_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_exchange_screlease", HSAT_TABLE_CORE, 0x1e8, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_HOT, hsa_signal_exchange_screlease_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_exchange_scacq_screl", HSAT_TABLE_CORE, 0x1f0, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_HOT, hsa_signal_exchange_scacq_screl_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_add_relaxed", HSAT_TABLE_CORE, 0x1f8, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_add_relaxed_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_add_scacquire", HSAT_TABLE_CORE, 0x200, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_add_scacquire_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_add_screlease", HSAT_TABLE_CORE, 0x208, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_add_screlease_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_add_scacq_screl", HSAT_TABLE_CORE, 0x210, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_add_scacq_screl_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_subtract_relaxed", HSAT_TABLE_CORE, 0x218, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_subtract_relaxed_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_subtract_scacquire", HSAT_TABLE_CORE, 0x220, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_subtract_scacquire_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_subtract_screlease", HSAT_TABLE_CORE, 0x228, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_subtract_screlease_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_subtract_scacq_screl", HSAT_TABLE_CORE, 0x230, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_subtract_scacq_screl_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_cas_relaxed", HSAT_TABLE_CORE, 0x238, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_HOT, hsa_signal_cas_relaxed_args, 3, HSAT_LAYER_HSA },
	{ "hsa_signal_cas_scacquire", HSAT_TABLE_CORE, 0x240, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_HOT, hsa_signal_cas_scacquire_args, 3, HSAT_LAYER_HSA },
	{ "hsa_signal_cas_screlease", HSAT_TABLE_CORE, 0x248, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_HOT, hsa_signal_cas_screlease_args, 3, HSAT_LAYER_HSA },
	{ "hsa_signal_cas_scacq_screl", HSAT_TABLE_CORE, 0x250, "hsa_signal_value_t", HSAT_RET_SINT, HSAT_CAT_HOT, hsa_signal_cas_scacq_screl_args, 3, HSAT_LAYER_HSA },
	{ "hsa_isa_from_name", HSAT_TABLE_CORE, 0x258, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_isa_from_name_args, 2, HSAT_LAYER_HSA },
	{ "hsa_isa_get_info", HSAT_TABLE_CORE, 0x260, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_isa_get_info_args, 4, HSAT_LAYER_HSA },
	{ "hsa_isa_compatible", HSAT_TABLE_CORE, 0x268, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_isa_compatible_args, 3, HSAT_LAYER_HSA },
	{ "hsa_code_object_serialize", HSAT_TABLE_CORE, 0x270, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_code_object_serialize_args, 6, HSAT_LAYER_HSA },
	{ "hsa_code_object_deserialize", HSAT_TABLE_CORE, 0x278, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_code_object_deserialize_args, 4, HSAT_LAYER_HSA },
	{ "hsa_code_object_destroy", HSAT_TABLE_CORE, 0x280, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_code_object_destroy_args, 1, HSAT_LAYER_HSA },
	{ "hsa_code_object_get_info", HSAT_TABLE_CORE, 0x288, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_code_object_get_info_args, 3, HSAT_LAYER_HSA },
	{ "hsa_code_object_get_symbol", HSAT_TABLE_CORE, 0x290, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_code_object_get_symbol_args, 3, HSAT_LAYER_HSA },
	{ "hsa_code_symbol_get_info", HSAT_TABLE_CORE, 0x298, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_code_symbol_get_info_args, 3, HSAT_LAYER_HSA },
	{ "hsa_code_object_iterate_symbols", HSAT_TABLE_CORE, 0x2a0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_code_object_iterate_symbols_args, 3, HSAT_LAYER_HSA },
	{ "hsa_executable_create", HSAT_TABLE_CORE, 0x2a8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_create_args, 4, HSAT_LAYER_HSA },
	{ "hsa_executable_destroy", HSAT_TABLE_CORE, 0x2b0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_destroy_args, 1, HSAT_LAYER_HSA },
	{ "hsa_executable_load_code_object", HSAT_TABLE_CORE, 0x2b8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_load_code_object_args, 4, HSAT_LAYER_HSA },
	{ "hsa_executable_freeze", HSAT_TABLE_CORE, 0x2c0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_freeze_args, 2, HSAT_LAYER_HSA },
	{ "hsa_executable_get_info", HSAT_TABLE_CORE, 0x2c8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_get_info_args, 3, HSAT_LAYER_HSA },
	{ "hsa_executable_global_variable_define", HSAT_TABLE_CORE, 0x2d0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_global_variable_define_args, 3, HSAT_LAYER_HSA },
	{ "hsa_executable_agent_global_variable_define", HSAT_TABLE_CORE, 0x2d8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_agent_global_variable_define_args, 4, HSAT_LAYER_HSA },
	{ "hsa_executable_readonly_variable_define", HSAT_TABLE_CORE, 0x2e0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_readonly_variable_define_args, 4, HSAT_LAYER_HSA },
	{ "hsa_executable_validate", HSAT_TABLE_CORE, 0x2e8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_validate_args, 2, HSAT_LAYER_HSA },
	{ "hsa_executable_get_symbol", HSAT_TABLE_CORE, 0x2f0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_get_symbol_args, 6, HSAT_LAYER_HSA },
	{ "hsa_executable_symbol_get_info", HSAT_TABLE_CORE, 0x2f8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_symbol_get_info_args, 3, HSAT_LAYER_HSA },
	{ "hsa_executable_iterate_symbols", HSAT_TABLE_CORE, 0x300, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_iterate_symbols_args, 3, HSAT_LAYER_HSA },
	{ "hsa_status_string", HSAT_TABLE_CORE, 0x308, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_status_string_args, 2, HSAT_LAYER_HSA },
	{ "hsa_extension_get_name", HSAT_TABLE_CORE, 0x310, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_extension_get_name_args, 2, HSAT_LAYER_HSA },
	{ "hsa_system_major_extension_supported", HSAT_TABLE_CORE, 0x318, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_system_major_extension_supported_args, 4, HSAT_LAYER_HSA },
	{ "hsa_system_get_major_extension_table", HSAT_TABLE_CORE, 0x320, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_system_get_major_extension_table_args, 4, HSAT_LAYER_HSA },
	{ "hsa_agent_major_extension_supported", HSAT_TABLE_CORE, 0x328, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_agent_major_extension_supported_args, 5, HSAT_LAYER_HSA },
	{ "hsa_cache_get_info", HSAT_TABLE_CORE, 0x330, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_cache_get_info_args, 3, HSAT_LAYER_HSA },
	{ "hsa_agent_iterate_caches", HSAT_TABLE_CORE, 0x338, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_agent_iterate_caches_args, 3, HSAT_LAYER_HSA },
	{ "hsa_signal_silent_store_relaxed", HSAT_TABLE_CORE, 0x340, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_silent_store_relaxed_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_silent_store_screlease", HSAT_TABLE_CORE, 0x348, "void", HSAT_RET_VOID, HSAT_CAT_HOT, hsa_signal_silent_store_screlease_args, 2, HSAT_LAYER_HSA },
	{ "hsa_signal_group_create", HSAT_TABLE_CORE, 0x350, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_signal_group_create_args, 5, HSAT_LAYER_HSA },
	{ "hsa_signal_group_destroy", HSAT_TABLE_CORE, 0x358, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_signal_group_destroy_args, 1, HSAT_LAYER_HSA },
	{ "hsa_signal_group_wait_any_scacquire", HSAT_TABLE_CORE, 0x360, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_signal_group_wait_any_scacquire_args, 6, HSAT_LAYER_HSA },
	{ "hsa_signal_group_wait_any_relaxed", HSAT_TABLE_CORE, 0x368, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_signal_group_wait_any_relaxed_args, 6, HSAT_LAYER_HSA },
	{ "hsa_agent_iterate_isas", HSAT_TABLE_CORE, 0x370, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_agent_iterate_isas_args, 3, HSAT_LAYER_HSA },
	{ "hsa_isa_get_info_alt", HSAT_TABLE_CORE, 0x378, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_isa_get_info_alt_args, 3, HSAT_LAYER_HSA },
	{ "hsa_isa_get_exception_policies", HSAT_TABLE_CORE, 0x380, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_isa_get_exception_policies_args, 3, HSAT_LAYER_HSA },
	{ "hsa_isa_get_round_method", HSAT_TABLE_CORE, 0x388, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_isa_get_round_method_args, 4, HSAT_LAYER_HSA },
	{ "hsa_wavefront_get_info", HSAT_TABLE_CORE, 0x390, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_wavefront_get_info_args, 3, HSAT_LAYER_HSA },
	{ "hsa_isa_iterate_wavefronts", HSAT_TABLE_CORE, 0x398, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_isa_iterate_wavefronts_args, 3, HSAT_LAYER_HSA },
	{ "hsa_code_object_get_symbol_from_name", HSAT_TABLE_CORE, 0x3a0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_code_object_get_symbol_from_name_args, 4, HSAT_LAYER_HSA },
	{ "hsa_code_object_reader_create_from_file", HSAT_TABLE_CORE, 0x3a8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_code_object_reader_create_from_file_args, 2, HSAT_LAYER_HSA },
	{ "hsa_code_object_reader_create_from_memory", HSAT_TABLE_CORE, 0x3b0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_code_object_reader_create_from_memory_args, 3, HSAT_LAYER_HSA },
	{ "hsa_code_object_reader_destroy", HSAT_TABLE_CORE, 0x3b8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_code_object_reader_destroy_args, 1, HSAT_LAYER_HSA },
	{ "hsa_executable_create_alt", HSAT_TABLE_CORE, 0x3c0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_create_alt_args, 4, HSAT_LAYER_HSA },
	{ "hsa_executable_load_program_code_object", HSAT_TABLE_CORE, 0x3c8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_load_program_code_object_args, 4, HSAT_LAYER_HSA },
	{ "hsa_executable_load_agent_code_object", HSAT_TABLE_CORE, 0x3d0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_load_agent_code_object_args, 5, HSAT_LAYER_HSA },
	{ "hsa_executable_validate_alt", HSAT_TABLE_CORE, 0x3d8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_validate_alt_args, 3, HSAT_LAYER_HSA },
	{ "hsa_executable_get_symbol_by_name", HSAT_TABLE_CORE, 0x3e0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_get_symbol_by_name_args, 4, HSAT_LAYER_HSA },
	{ "hsa_executable_iterate_agent_symbols", HSAT_TABLE_CORE, 0x3e8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_iterate_agent_symbols_args, 4, HSAT_LAYER_HSA },
	{ "hsa_executable_iterate_program_symbols", HSAT_TABLE_CORE, 0x3f0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_executable_iterate_program_symbols_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_coherency_get_type", HSAT_TABLE_AMD_EXT, 0x010, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_coherency_get_type_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_coherency_set_type", HSAT_TABLE_AMD_EXT, 0x018, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_coherency_set_type_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_profiling_set_profiler_enabled", HSAT_TABLE_AMD_EXT, 0x020, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_profiling_set_profiler_enabled_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_profiling_async_copy_enable", HSAT_TABLE_AMD_EXT, 0x028, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_profiling_async_copy_enable_args, 1, HSAT_LAYER_HSA },
	{ "hsa_amd_profiling_get_dispatch_time", HSAT_TABLE_AMD_EXT, 0x030, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_profiling_get_dispatch_time_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_profiling_get_async_copy_time", HSAT_TABLE_AMD_EXT, 0x038, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_profiling_get_async_copy_time_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_profiling_convert_tick_to_system_domain", HSAT_TABLE_AMD_EXT, 0x040, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_profiling_convert_tick_to_system_domain_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_signal_async_handler", HSAT_TABLE_AMD_EXT, 0x048, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_signal_async_handler_args, 5, HSAT_LAYER_HSA },
	{ "hsa_amd_async_function", HSAT_TABLE_AMD_EXT, 0x050, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_async_function_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_signal_wait_any", HSAT_TABLE_AMD_EXT, 0x058, "uint32_t", HSAT_RET_UINT, HSAT_CAT_DEFAULT, hsa_amd_signal_wait_any_args, 7, HSAT_LAYER_HSA },
	{ "hsa_amd_queue_cu_set_mask", HSAT_TABLE_AMD_EXT, 0x060, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_queue_cu_set_mask_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_memory_pool_get_info", HSAT_TABLE_AMD_EXT, 0x068, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_memory_pool_get_info_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_agent_iterate_memory_pools", HSAT_TABLE_AMD_EXT, 0x070, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_agent_iterate_memory_pools_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_memory_pool_allocate", HSAT_TABLE_AMD_EXT, 0x078, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_memory_pool_allocate_args, 4, HSAT_LAYER_HSA },
	{ "hsa_amd_memory_pool_free", HSAT_TABLE_AMD_EXT, 0x080, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_memory_pool_free_args, 1, HSAT_LAYER_HSA },
	{ "hsa_amd_memory_async_copy", HSAT_TABLE_AMD_EXT, 0x088, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_memory_async_copy_args, 8, HSAT_LAYER_HSA },
	{ "hsa_amd_agent_memory_pool_get_info", HSAT_TABLE_AMD_EXT, 0x090, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_agent_memory_pool_get_info_args, 4, HSAT_LAYER_HSA },
	{ "hsa_amd_agents_allow_access", HSAT_TABLE_AMD_EXT, 0x098, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_agents_allow_access_args, 4, HSAT_LAYER_HSA },
	{ "hsa_amd_memory_pool_can_migrate", HSAT_TABLE_AMD_EXT, 0x0a0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_memory_pool_can_migrate_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_memory_migrate", HSAT_TABLE_AMD_EXT, 0x0a8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_memory_migrate_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_memory_lock", HSAT_TABLE_AMD_EXT, 0x0b0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_memory_lock_args, 5, HSAT_LAYER_HSA },
	{ "hsa_amd_memory_unlock", HSAT_TABLE_AMD_EXT, 0x0b8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_memory_unlock_args, 1, HSAT_LAYER_HSA },
	{ "hsa_amd_memory_fill", HSAT_TABLE_AMD_EXT, 0x0c0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_memory_fill_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_interop_map_buffer", HSAT_TABLE_AMD_EXT, 0x0c8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_interop_map_buffer_args, 8, HSAT_LAYER_HSA },
	{ "hsa_amd_interop_unmap_buffer", HSAT_TABLE_AMD_EXT, 0x0d0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_interop_unmap_buffer_args, 1, HSAT_LAYER_HSA },
	{ "hsa_amd_image_create", HSAT_TABLE_AMD_EXT, 0x0d8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_image_create_args, 6, HSAT_LAYER_HSA },
	{ "hsa_amd_pointer_info", HSAT_TABLE_AMD_EXT, 0x0e0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_pointer_info_args, 5, HSAT_LAYER_HSA },
	{ "hsa_amd_pointer_info_set_userdata", HSAT_TABLE_AMD_EXT, 0x0e8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_pointer_info_set_userdata_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_ipc_memory_create", HSAT_TABLE_AMD_EXT, 0x0f0, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_ipc_memory_create_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_ipc_memory_attach", HSAT_TABLE_AMD_EXT, 0x0f8, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_ipc_memory_attach_args, 5, HSAT_LAYER_HSA },
	{ "hsa_amd_ipc_memory_detach", HSAT_TABLE_AMD_EXT, 0x100, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_ipc_memory_detach_args, 1, HSAT_LAYER_HSA },
	{ "hsa_amd_signal_create", HSAT_TABLE_AMD_EXT, 0x108, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_signal_create_args, 5, HSAT_LAYER_HSA },
	{ "hsa_amd_ipc_signal_create", HSAT_TABLE_AMD_EXT, 0x110, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_ipc_signal_create_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_ipc_signal_attach", HSAT_TABLE_AMD_EXT, 0x118, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_ipc_signal_attach_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_register_system_event_handler", HSAT_TABLE_AMD_EXT, 0x120, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_register_system_event_handler_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_queue_intercept_create", HSAT_TABLE_AMD_EXT, 0x128, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_queue_intercept_create_args, 8, HSAT_LAYER_HSA },
	{ "hsa_amd_queue_intercept_register", HSAT_TABLE_AMD_EXT, 0x130, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_queue_intercept_register_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_queue_set_priority", HSAT_TABLE_AMD_EXT, 0x138, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_queue_set_priority_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_memory_async_copy_rect", HSAT_TABLE_AMD_EXT, 0x140, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_memory_async_copy_rect_args, 10, HSAT_LAYER_HSA },
	{ "hsa_amd_runtime_queue_create_register", HSAT_TABLE_AMD_EXT, 0x148, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_runtime_queue_create_register_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_memory_lock_to_pool", HSAT_TABLE_AMD_EXT, 0x150, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_memory_lock_to_pool_args, 7, HSAT_LAYER_HSA },
	{ "hsa_amd_register_deallocation_callback", HSAT_TABLE_AMD_EXT, 0x158, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_register_deallocation_callback_args, 3, HSAT_LAYER_HSA },
	{ "hsa_amd_deregister_deallocation_callback", HSAT_TABLE_AMD_EXT, 0x160, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_deregister_deallocation_callback_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_signal_value_pointer", HSAT_TABLE_AMD_EXT, 0x168, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_signal_value_pointer_args, 2, HSAT_LAYER_HSA },
	{ "hsa_amd_svm_attributes_set", HSAT_TABLE_AMD_EXT, 0x170, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_svm_attributes_set_args, 4, HSAT_LAYER_HSA },
	{ "hsa_amd_svm_attributes_get", HSAT_TABLE_AMD_EXT, 0x178, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_svm_attributes_get_args, 4, HSAT_LAYER_HSA },
	{ "hsa_amd_svm_prefetch_async", HSAT_TABLE_AMD_EXT, 0x180, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_svm_prefetch_async_args, 6, HSAT_LAYER_HSA },
	{ "hsa_amd_queue_cu_get_mask", HSAT_TABLE_AMD_EXT, 0x188, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_amd_queue_cu_get_mask_args, 3, HSAT_LAYER_HSA },
	{ "hsa_ext_image_get_capability", HSAT_TABLE_IMAGE, 0x010, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_image_get_capability_args, 4, HSAT_LAYER_HSA },
	{ "hsa_ext_image_data_get_info", HSAT_TABLE_IMAGE, 0x018, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_image_data_get_info_args, 4, HSAT_LAYER_HSA },
	{ "hsa_ext_image_create", HSAT_TABLE_IMAGE, 0x020, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_image_create_args, 5, HSAT_LAYER_HSA },
	{ "hsa_ext_image_import", HSAT_TABLE_IMAGE, 0x028, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_image_import_args, 6, HSAT_LAYER_HSA },
	{ "hsa_ext_image_export", HSAT_TABLE_IMAGE, 0x030, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_image_export_args, 6, HSAT_LAYER_HSA },
	{ "hsa_ext_image_copy", HSAT_TABLE_IMAGE, 0x038, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_image_copy_args, 6, HSAT_LAYER_HSA },
	{ "hsa_ext_image_clear", HSAT_TABLE_IMAGE, 0x040, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_image_clear_args, 4, HSAT_LAYER_HSA },
	{ "hsa_ext_image_destroy", HSAT_TABLE_IMAGE, 0x048, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_image_destroy_args, 2, HSAT_LAYER_HSA },
	{ "hsa_ext_sampler_create", HSAT_TABLE_IMAGE, 0x050, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_sampler_create_args, 3, HSAT_LAYER_HSA },
	{ "hsa_ext_sampler_destroy", HSAT_TABLE_IMAGE, 0x058, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_sampler_destroy_args, 2, HSAT_LAYER_HSA },
	{ "hsa_ext_image_get_capability_with_layout", HSAT_TABLE_IMAGE, 0x060, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_image_get_capability_with_layout_args, 5, HSAT_LAYER_HSA },
	{ "hsa_ext_image_data_get_info_with_layout", HSAT_TABLE_IMAGE, 0x068, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_image_data_get_info_with_layout_args, 7, HSAT_LAYER_HSA },
	{ "hsa_ext_image_create_with_layout", HSAT_TABLE_IMAGE, 0x070, "hsa_status_t", HSAT_RET_STATUS, HSAT_CAT_DEFAULT, hsa_ext_image_create_with_layout_args, 8, HSAT_LAYER_HSA },
};

const size_t hsat_api_fn_count = sizeof(hsat_api_fns) / sizeof(hsat_api_fns[0]);
