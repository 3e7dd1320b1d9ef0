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
 * offset 8*i. The X-macro lists (generated from the schema) give the slot order; the
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

/* The core, AMD-extension and image slot lists, X(name, index), are generated from the schema
 * (schema/hsa_api_def.c, `hsatrace-schemagen slot-lists`): one declaration of the 186 traced
 * slots for the runtime and the tracer. The finalizer table is not traced, so it is listed here. */
#include "hsatrace/api_slots.h"

/* FinalizerExtTable: 6 entries, slot i at byte offset 8*i (slots 0-1 hold the version). */
#define HSAT_FINALIZER_EXT_API(X) \
	X(hsa_ext_program_create, 2) \
	X(hsa_ext_program_destroy, 3) \
	X(hsa_ext_program_add_module, 4) \
	X(hsa_ext_program_iterate_modules, 5) \
	X(hsa_ext_program_get_info, 6) \
	X(hsa_ext_program_finalize, 7)

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
