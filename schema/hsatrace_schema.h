/*
 * The hsatrace event schema: the single source of truth for every provider, event and field
 * that libhsatrace.so emits through LTTng-UST.
 *
 * The definition is two C tables in schema/:
 *   - hsatrace_events_def.c: the providers and the activity/meta events, written by hand;
 *   - hsa_api_def.c: every traced HSA API function with its typed arguments and
 *     out-parameters (derived once from the ROCr 5.2 headers, reviewed, committed).
 * This library flattens both into one list of events (API functions become
 * `hsa_api_entry:<function>` / `hsa_api_exit:<function>`, hot ones `hsa_hot_entry:<function>` /
 * `hsa_hot_exit:<function>`, so that one trailing-wildcard pattern selects the entries or the
 * exits of a category). The tracer's LTTng-UST provider headers, its API
 * wrappers and docs/schema.md are generated from it at build time (hsatrace-schemagen), and the
 * XML-view generator, unify and stats link it (make variables HSAT_SCHEMA_LIB and
 * HSAT_SCHEMA_CFLAGS) to enumerate what a trace can contain.
 *
 * Everything returned points into static storage owned by the library: never free it.
 * All functions are thread-safe.
 */
#ifndef HSATRACE_SCHEMA_H
#define HSATRACE_SCHEMA_H

#include <stddef.h>
#include <stdint.h>

/* Carried in every trace as hsa_meta:trace_info.schema_version ("MAJOR.MINOR").
 * MINOR grows when events or fields are added; MAJOR when anything is renamed or removed. */
#define HSAT_SCHEMA_VERSION_MAJOR 2
#define HSAT_SCHEMA_VERSION_MINOR 3
#define HSAT_SCHEMA_VERSION "2.3"

/* The providers of API events: the event name is the plain HSA function name. */
#define HSAT_PROVIDER_API_ENTRY "hsa_api_entry"
#define HSAT_PROVIDER_API_EXIT "hsa_api_exit"
#define HSAT_PROVIDER_HOT_ENTRY "hsa_hot_entry"
#define HSAT_PROVIDER_HOT_EXIT "hsa_hot_exit"
/* The HIP layer's (libhsatrace-hip.so): the event name is the plain HIP function name. */
#define HSAT_PROVIDER_HIP_ENTRY "hip_api_entry"
#define HSAT_PROVIDER_HIP_EXIT "hip_api_exit"
#define HSAT_PROVIDER_HIP_HOT_ENTRY "hip_hot_entry"
#define HSAT_PROVIDER_HIP_HOT_EXIT "hip_hot_exit"

/* String fields are never empty in a trace: an absent value is written as this. babeltrace2
 * 2.0 (Debian 12) shows an empty string field with the value of an earlier event's field
 * (fixed upstream, review.lttng.org/c/babeltrace/+/4528), so "" cannot be read back. */
#define HSAT_SCHEMA_NO_STRING "-"

/* The hsa_status_t values that report a failure, as inclusive ranges: the AMD extension's
 * errors numbered 40..43 (hsa_ext_amd.h) and everything from HSA_STATUS_ERROR (0x1000) up
 * (core, image and finalizer errors). Every other value is a success: HSA_STATUS_SUCCESS,
 * HSA_STATUS_INFO_BREAK (an iteration stopped on purpose), HSA_STATUS_CU_MASK_REDUCED (44).
 * Stats count failures with it and the generated views draw them from the same ranges. */
struct hsat_status_range {
	int64_t first;
	int64_t last;
};
static const struct hsat_status_range hsat_error_status_ranges[] = {
	{ 40, 43 },
	{ 0x1000, INT32_MAX },
};
#define HSAT_ERROR_STATUS_RANGE_COUNT \
	(sizeof(hsat_error_status_ranges) / sizeof(hsat_error_status_ranges[0]))

static inline int hsat_status_is_error(int64_t status)
{
	for (size_t i = 0; i < HSAT_ERROR_STATUS_RANGE_COUNT; i++)
		if (status >= hsat_error_status_ranges[i].first &&
		    status <= hsat_error_status_ranges[i].last)
			return 1;
	return 0;
}

/* hipError_t values that report a failure: every one but hipSuccess (0) and hipErrorNotReady
 * (600, what hipStreamQuery/hipEventQuery answer for work still running). */
static inline int hsat_hip_status_is_error(int64_t status)
{
	return status != 0 && status != 600;
}

/* How a field is written into the CTF trace. */
enum hsat_field_type {
	HSAT_FT_U64_HEX,	/* uint64_t, displayed base 16: handles, pointers, addresses */
	HSAT_FT_U64,		/* uint64_t: sizes, counts, ids, times */
	HSAT_FT_S64,		/* int64_t: signal values, signed quantities */
	HSAT_FT_S32,		/* int32_t: hsa_status_t, enums */
	HSAT_FT_STRING,		/* NUL-terminated UTF-8 string */
};

/* Default providers are what `hsatrace record` enables; hot ones are opt-in by pattern. */
enum hsat_category {
	HSAT_CAT_DEFAULT,
	HSAT_CAT_HOT,
};

struct hsat_field {
	const char *name;
	enum hsat_field_type type;
	const char *unit;	/* "ns", "bytes", "count", ... or "" when dimensionless */
	const char *doc;	/* one line: what the value means */
};

/* --- The API-function definition (hsa_api_def.c) --- */

/* Which HsaApiTable sub-table holds a function. */
enum hsat_api_table {
	HSAT_TABLE_CORE,
	HSAT_TABLE_AMD_EXT,
	HSAT_TABLE_IMAGE,
	HSAT_TABLE_HIP,		/* not in a table: a HIP function, interposed by name */
};

/* Which API a function belongs to. */
enum hsat_api_layer {
	HSAT_LAYER_HSA,		/* the HSA runtime (hsa_api_def.c) */
	HSAT_LAYER_HIP,		/* HIP, libamdhip64 (hip_api_def.c) */
};

/* How an argument (or the value an out-parameter points to) is recorded. */
enum hsat_arg_kind {
	HSAT_AK_NONE,		/* not recorded (struct by value, void *, array) */
	HSAT_AK_HANDLE,		/* struct { uint64_t handle; } -> u64 hex */
	HSAT_AK_PTR,		/* pointer or function pointer -> u64 hex */
	HSAT_AK_UINT,		/* unsigned integer or bool -> u64 */
	HSAT_AK_SINT,		/* signed integer -> s64 */
	HSAT_AK_ENUM,		/* enum -> s32 */
	HSAT_AK_STRING,		/* const char * input string -> its text (first
				   HSAT_STRING_ARG_MAX - 1 bytes, read safely) and
				   <name>_truncated (1 when cut) */
	HSAT_AK_DIM3,		/* HIP dim3 by value -> <name>_x, <name>_y, <name>_z (u64) */
	HSAT_AK_KERNEL,		/* a HIP kernel's host function address -> u64 hex, and
				   kernel_name: the device function registered for it */
	HSAT_AK_MS_NS,		/* out only: float milliseconds -> <name>_ns (u64 ns) */
};

/* The bytes of a string argument recorded, its terminating NUL included. */
#define HSAT_STRING_ARG_MAX 256

/* How the return value is recorded in the exit event. */
enum hsat_ret_kind {
	HSAT_RET_STATUS,	/* hsa_status_t -> `status` */
	HSAT_RET_VOID,		/* `status` is 0 */
	HSAT_RET_UINT,		/* `status` is 0, `retval` u64 */
	HSAT_RET_SINT,		/* `status` is 0, `retval` s64 */
	HSAT_RET_NONE,		/* a value not recorded (a struct): `status` is 0 */
};

struct hsat_api_arg {
	const char *name;
	const char *decl;		/* the C parameter declaration, e.g. "hsa_queue_t **queue" */
	enum hsat_arg_kind kind;	/* how the argument itself is recorded at entry */
	enum hsat_arg_kind out_kind;	/* != NONE: an out-parameter; the value it points to is
					   recorded at exit, only on success and when non-NULL */
};

struct hsat_api_fn {
	const char *name;		/* plain HSA or HIP name, e.g. "hsa_queue_create" */
	enum hsat_api_table table;
	unsigned slot_offset;		/* byte offset of `<name>_fn` in its ROCr 5.2 table
					   (0 for HIP functions) */
	const char *ret_type;		/* C return type */
	enum hsat_ret_kind ret_kind;
	enum hsat_category category;
	const struct hsat_api_arg *args;
	size_t n_args;
	enum hsat_api_layer layer;
};

/* The HSA table functions (hsa_api_def.c), in table order. */
extern const struct hsat_api_fn hsat_api_fns[];
extern const size_t hsat_api_fn_count;
/* The HIP functions (hip_api_def.c, generated by schema/tools/derive-hip-api.py). */
extern const struct hsat_api_fn hsat_hip_fns[];
extern const size_t hsat_hip_fn_count;

/* --- The flattened schema --- */

struct hsat_provider {
	const char *name;		/* e.g. "hsa_api_entry" */
	enum hsat_category category;
	int synthesized;		/* 1: written by `hsatrace unify`, not by the tracer */
	const char *doc;
};

/* A hand-written event of the definition (hsatrace_events_def.c). */
struct hsat_event_def {
	const char *provider;
	const char *name;
	const char *doc;
	const struct hsat_field *fields;
	size_t n_fields;
};

extern const struct hsat_provider hsat_providers[];
extern const size_t hsat_provider_count;
extern const struct hsat_event_def hsat_event_defs[];
extern const size_t hsat_event_def_count;

struct hsat_event {
	const char *provider;
	const char *name;		/* event name within the provider, e.g. "queue_create";
					   for API events the function, e.g. "hsa_queue_create" */
	const char *full_name;		/* "provider:name" as LTTng writes it */
	enum hsat_category category;
	const char *doc;
	const struct hsat_field *fields;
	size_t n_fields;
	const struct hsat_api_fn *api_fn;	/* the HSA function for API events, else NULL */
	int is_exit;				/* API events: 1 for an exit, 0 for an entry */
};

size_t hsat_schema_provider_count(void);
const struct hsat_provider *hsat_schema_provider(size_t i);
const struct hsat_provider *hsat_schema_find_provider(const char *name);

/* Every event, activity/meta events first, then HSA API entry/exit pairs in table order,
 * then the HIP ones. */
size_t hsat_schema_event_count(void);
const struct hsat_event *hsat_schema_event(size_t i);
/* Find by "provider:name" (as in a CTF event class name). NULL when unknown. */
const struct hsat_event *hsat_schema_find_event(const char *full_name);
const struct hsat_field *hsat_event_find_field(const struct hsat_event *ev, const char *name);

/* Names for documentation and code generation. */
const char *hsat_field_type_name(enum hsat_field_type t);	/* "u64-hex", "u64", ... */
const char *hsat_field_type_c(enum hsat_field_type t);		/* "uint64_t", ..., "const char *" */
const char *hsat_field_type_ctf(enum hsat_field_type t);	/* CTF 1.8 type description */
const char *hsat_category_name(enum hsat_category c);		/* "default" or "hot" */
/* The provider of an HSA function's entry or exit events, e.g. HSAT_PROVIDER_API_ENTRY. */
const char *hsat_api_provider(enum hsat_category c, int is_exit);
/* The provider of any function's entry or exit events (HSA or HIP). */
const char *hsat_api_fn_provider(const struct hsat_api_fn *fn, int is_exit);
const char *hsat_api_table_name(enum hsat_api_table t);		/* "core", "amd_ext", "image" */

#endif
