/* Flattens the schema definition (hsatrace_events_def.c, hsa_api_def.c, hip_api_def.c) into
 * one event list. */
#include "schema/hsatrace_schema.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Built once, never freed: the schema lives as long as the process. */
static struct hsat_event *events;
static size_t n_events;
static pthread_once_t built = PTHREAD_ONCE_INIT;

static const struct hsat_field function_field = {
	"function", HSAT_FT_STRING, "", "the plain HSA function name, e.g. \"hsa_queue_create\""
};
static const struct hsat_field correlation_field = {
	"correlation_id", HSAT_FT_U64, "", "unique per call in the process; links entry, exit and "
	"the activity the call caused"
};
static const struct hsat_field status_field = {
	"status", HSAT_FT_S32, "", "hsa_status_t returned (0 for functions that return no status)"
};
static const struct hsat_field hip_function_field = {
	"function", HSAT_FT_STRING, "", "the plain HIP function name, e.g. \"hipMemcpy\""
};
static const struct hsat_field hip_status_field = {
	"status", HSAT_FT_S32, "", "hipError_t returned (0 for functions that return no status)"
};
static const struct hsat_field hip_correlation_field = {
	"hip_correlation_id", HSAT_FT_U64, "", "the correlation_id of the HIP call this HSA call "
	"was made in (on the same thread, libhsatrace-hip.so loaded), 0 when none"
};
static const struct hsat_field kernel_name_field = {
	"kernel_name", HSAT_FT_STRING, "", "the device function registered for the host "
	"function (__hipRegisterFunction): the mangled kernel name, \"-\" when unknown"
};

static char *xstrdup_printf(const char *fmt, const char *a, const char *b)
{
	size_t len = strlen(fmt) + strlen(a) + strlen(b) + 1;
	char *s = malloc(len);

	if (!s)
		abort();
	snprintf(s, len, fmt, a, b);
	return s;
}

static enum hsat_field_type arg_field_type(enum hsat_arg_kind k)
{
	switch (k) {
	case HSAT_AK_UINT:
		return HSAT_FT_U64;
	case HSAT_AK_SINT:
		return HSAT_FT_S64;
	case HSAT_AK_ENUM:
		return HSAT_FT_S32;
	case HSAT_AK_STRING:
		return HSAT_FT_STRING;
	default:
		return HSAT_FT_U64_HEX;
	}
}

static size_t count_args(const struct hsat_api_fn *fn, int out)
{
	size_t n = 0;

	for (size_t i = 0; i < fn->n_args; i++) {
		enum hsat_arg_kind k = out ? fn->args[i].out_kind : fn->args[i].kind;

		n += (k != HSAT_AK_NONE) + (k == HSAT_AK_STRING)	/* + <name>_truncated */
		     + (k == HSAT_AK_KERNEL) + 2 * (k == HSAT_AK_DIM3);	/* + kernel_name, _y _z */
	}
	return n;
}

const char *hsat_api_provider(enum hsat_category c, int is_exit)
{
	if (c == HSAT_CAT_HOT)
		return is_exit ? HSAT_PROVIDER_HOT_EXIT : HSAT_PROVIDER_HOT_ENTRY;
	return is_exit ? HSAT_PROVIDER_API_EXIT : HSAT_PROVIDER_API_ENTRY;
}

const char *hsat_api_fn_provider(const struct hsat_api_fn *fn, int is_exit)
{
	if (fn->layer != HSAT_LAYER_HIP)
		return hsat_api_provider(fn->category, is_exit);
	if (fn->category == HSAT_CAT_HOT)
		return is_exit ? HSAT_PROVIDER_HIP_HOT_EXIT : HSAT_PROVIDER_HIP_HOT_ENTRY;
	return is_exit ? HSAT_PROVIDER_HIP_EXIT : HSAT_PROVIDER_HIP_ENTRY;
}

static struct hsat_field derived_field(const char *name, const char *suffix,
				       enum hsat_field_type type, const char *unit,
				       const char *doc)
{
	struct hsat_field f = { xstrdup_printf("%s%s", name, suffix), type, unit, doc };

	return f;
}

/* The fields of one argument (or of the value it points to, at exit); returns how many. */
static size_t arg_fields(struct hsat_field *f, const struct hsat_api_arg *a, int is_exit)
{
	enum hsat_arg_kind kind = is_exit ? a->out_kind : a->kind;
	static const char *const xyz[] = { "_x", "_y", "_z" };

	switch (kind) {
	case HSAT_AK_NONE:
		return 0;
	case HSAT_AK_DIM3:
		for (int i = 0; i < 3; i++)
			f[i] = derived_field(a->name, xyz[i], HSAT_FT_U64, "",
					     xstrdup_printf("argument `%s`, %s", a->decl, xyz[i] + 1));
		return 3;
	case HSAT_AK_MS_NS:
		f[0] = derived_field(a->name, "_ns", HSAT_FT_U64, "ns",
				     xstrdup_printf("on success, the milliseconds stored through "
						    "`%s`%s", a->decl, ", in ns (0 otherwise)"));
		return 1;
	default:
		break;
	}
	f[0].name = a->name;
	f[0].type = arg_field_type(kind);
	f[0].unit = "";
	f[0].doc = is_exit ? xstrdup_printf("on success, the value stored through `%s`%s",
					    a->decl, " (0 otherwise)")
			   : xstrdup_printf("argument `%s`%s", a->decl,
					    kind == HSAT_AK_STRING ? ": its text, at most 255 bytes" : "");
	if (kind == HSAT_AK_KERNEL) {
		f[1] = kernel_name_field;
		return 2;
	}
	if (kind != HSAT_AK_STRING)
		return 1;
	f[1] = derived_field(a->name, "_truncated", HSAT_FT_U64, "",
			     xstrdup_printf("1 when `%s` was longer than the recorded text%s",
					    a->name, ""));
	return 2;
}

static void build_api_event(struct hsat_event *ev, const struct hsat_api_fn *fn, int is_exit)
{
	int hip = fn->layer == HSAT_LAYER_HIP;
	int has_hip_cid = !hip && !is_exit;
	size_t n = 2 + count_args(fn, is_exit) + (is_exit ? 1 : 0) + has_hip_cid;
	int has_retval = is_exit && (fn->ret_kind == HSAT_RET_UINT || fn->ret_kind == HSAT_RET_SINT);
	struct hsat_field *f = calloc(n + has_retval, sizeof(*f));
	size_t k = 0;

	if (!f)
		abort();
	f[k++] = hip ? hip_function_field : function_field;
	f[k++] = correlation_field;
	if (has_hip_cid)
		f[k++] = hip_correlation_field;
	if (is_exit)
		f[k++] = hip ? hip_status_field : status_field;
	if (has_retval) {
		f[k].name = "retval";
		f[k].type = fn->ret_kind == HSAT_RET_UINT ? HSAT_FT_U64 : HSAT_FT_S64;
		f[k].unit = "";
		f[k].doc = "the value the function returned";
		k++;
	}
	for (size_t i = 0; i < fn->n_args; i++)
		k += arg_fields(&f[k], &fn->args[i], is_exit);
	ev->provider = hsat_api_fn_provider(fn, is_exit);
	ev->name = fn->name;
	ev->full_name = xstrdup_printf("%s:%s", ev->provider, ev->name);
	ev->category = fn->category;
	ev->doc = is_exit ? "return of the call: status and out-parameters"
			  : "call of the function: its arguments";
	ev->fields = f;
	ev->n_fields = k;
	ev->api_fn = fn;
	ev->is_exit = is_exit;
}

static void build(void)
{
	size_t k = 0;

	n_events = hsat_event_def_count + 2 * (hsat_api_fn_count + hsat_hip_fn_count);
	events = calloc(n_events, sizeof(*events));
	if (!events)
		abort();
	for (size_t i = 0; i < hsat_event_def_count; i++, k++) {
		const struct hsat_event_def *d = &hsat_event_defs[i];
		const struct hsat_provider *p = hsat_schema_find_provider(d->provider);

		events[k].provider = d->provider;
		events[k].name = d->name;
		events[k].full_name = xstrdup_printf("%s:%s", d->provider, d->name);
		events[k].category = p ? p->category : HSAT_CAT_DEFAULT;
		events[k].doc = d->doc;
		events[k].fields = d->fields;
		events[k].n_fields = d->n_fields;
	}
	for (size_t i = 0; i < hsat_api_fn_count; i++) {
		build_api_event(&events[k++], &hsat_api_fns[i], 0);
		build_api_event(&events[k++], &hsat_api_fns[i], 1);
	}
	for (size_t i = 0; i < hsat_hip_fn_count; i++) {
		build_api_event(&events[k++], &hsat_hip_fns[i], 0);
		build_api_event(&events[k++], &hsat_hip_fns[i], 1);
	}
}

size_t hsat_schema_provider_count(void)
{
	return hsat_provider_count;
}

const struct hsat_provider *hsat_schema_provider(size_t i)
{
	return i < hsat_provider_count ? &hsat_providers[i] : NULL;
}

const struct hsat_provider *hsat_schema_find_provider(const char *name)
{
	for (size_t i = 0; name && i < hsat_provider_count; i++)
		if (!strcmp(hsat_providers[i].name, name))
			return &hsat_providers[i];
	return NULL;
}

size_t hsat_schema_event_count(void)
{
	pthread_once(&built, build);
	return n_events;
}

const struct hsat_event *hsat_schema_event(size_t i)
{
	pthread_once(&built, build);
	return i < n_events ? &events[i] : NULL;
}

const struct hsat_event *hsat_schema_find_event(const char *full_name)
{
	pthread_once(&built, build);
	for (size_t i = 0; full_name && i < n_events; i++)
		if (!strcmp(events[i].full_name, full_name))
			return &events[i];
	return NULL;
}

const struct hsat_field *hsat_event_find_field(const struct hsat_event *ev, const char *name)
{
	for (size_t i = 0; ev && name && i < ev->n_fields; i++)
		if (!strcmp(ev->fields[i].name, name))
			return &ev->fields[i];
	return NULL;
}

const char *hsat_field_type_name(enum hsat_field_type t)
{
	static const char *const names[] = { "u64-hex", "u64", "s64", "s32", "string" };

	return (unsigned)t < sizeof(names) / sizeof(names[0]) ? names[t] : "?";
}

const char *hsat_field_type_c(enum hsat_field_type t)
{
	static const char *const names[] = { "uint64_t", "uint64_t", "int64_t", "int32_t",
					     "const char *" };

	return (unsigned)t < sizeof(names) / sizeof(names[0]) ? names[t] : "?";
}

const char *hsat_field_type_ctf(enum hsat_field_type t)
{
	static const char *const names[] = {
		"integer { size = 64; signed = false; base = 16; }",
		"integer { size = 64; signed = false; base = 10; }",
		"integer { size = 64; signed = true; base = 10; }",
		"integer { size = 32; signed = true; base = 10; }",
		"string { encoding = UTF8; }",
	};

	return (unsigned)t < sizeof(names) / sizeof(names[0]) ? names[t] : "?";
}

const char *hsat_category_name(enum hsat_category c)
{
	return c == HSAT_CAT_HOT ? "hot" : "default";
}

const char *hsat_api_table_name(enum hsat_api_table t)
{
	static const char *const names[] = { "core", "amd_ext", "image", "hip" };

	return (unsigned)t < sizeof(names) / sizeof(names[0]) ? names[t] : "?";
}
