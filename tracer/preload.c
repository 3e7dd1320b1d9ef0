/*
 * LD_PRELOAD mode. ROCr loads HSA_TOOLS_LIB tools during the first hsa_init, after it found a
 * GPU; so when preloaded, the constructor puts this library in HSA_TOOLS_LIB (the runtime's
 * dlopen then returns this same copy and OnLoad patches the table), and the exported hsa_init
 * and hsa_shut_down interpose the runtime's, so an hsa_init that fails before any tool is
 * loaded is still recorded with its status. While the interposed call runs, the thread is
 * marked as inside the tracer, so the table wrapper of the same call does not trace it again.
 */
#include "tracer/tracer.h"
#include "tracer/call.h"
#include "hsatrace/tp_hsa_api_entry.h"
#include "hsatrace/tp_hsa_api_exit.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

typedef hsa_status_t (*status_fn)(void);

static status_fn real_init, real_shut_down;
/* Their indexes in the lazily registered classes (tracer/lazy_classes.h). */
static size_t init_fn, shut_down_fn;

static void *next_symbol(const char *name)
{
	void *sym = dlvsym(RTLD_NEXT, name, "ROCR_1");

	return sym ? sym : dlsym(RTLD_NEXT, name);
}

static const char *own_path(void)
{
	Dl_info info;

	return dladdr((void *)own_path, &info) ? info.dli_fname : NULL;
}

/* Adds this library to HSA_TOOLS_LIB (space-separated, as ROCr parses it) unless present. */
static void arrange_tool_loading(void)
{
	const char *self = own_path(), *tools = getenv("HSA_TOOLS_LIB"), *base;
	char *value;
	size_t len;

	if (!self)
		return;
	base = strrchr(self, '/') ? strrchr(self, '/') + 1 : self;
	if (tools && (strstr(tools, self) || strstr(tools, base)))
		return;
	if (!tools || !*tools) {
		setenv("HSA_TOOLS_LIB", self, 1);
		return;
	}
	len = strlen(self) + strlen(tools) + 2;
	value = malloc(len);
	if (!value)
		return;
	snprintf(value, len, "%s %s", self, tools);
	setenv("HSA_TOOLS_LIB", value, 1);
	free(value);
}

static int preloaded(void)
{
	const char *preload = getenv("LD_PRELOAD"), *self = own_path(), *base;

	if (!preload || !self)
		return 0;
	base = strrchr(self, '/') ? strrchr(self, '/') + 1 : self;
	return strstr(preload, base) != NULL;
}

__attribute__((constructor)) static void preload_init(void)
{
	init_fn = hsat_lazy_find("hsa_init");
	shut_down_fn = hsat_lazy_find("hsa_shut_down");
	if (!preloaded())
		return;
	hsat_set_attach_mode("preload");
	arrange_tool_loading();
	real_init = (status_fn)next_symbol("hsa_init");
	real_shut_down = (status_fn)next_symbol("hsa_shut_down");
}

/* Traces one exported call, hiding it from the table wrapper it goes through. */
static hsa_status_t traced(status_fn *real, const char *name, int is_init)
{
	struct hsat_ev_hsa_api_entry__hsa_init entry = { 0 };
	struct hsat_ev_hsa_api_exit__hsa_init exit_ev = { 0 };
	hsa_status_t st;
	int saved_errno;

	if (!*real)
		*real = (status_fn)next_symbol(name);
	if (!*real)
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (hsat_tls.in_tracer)
		return (*real)();
	if ((is_init ? init_fn : shut_down_fn) < hsat_lazy_fn_count)
		hsat_classes_ensure(is_init ? init_fn : shut_down_fn);
	hsat_emit_trace_info();
	entry.correlation_id = exit_ev.correlation_id = hsat_new_correlation_id();
	entry.hip_correlation_id = hsat_tls.hip_cid;
	if (is_init)
		lttng_ust_tracepoint(hsa_api_entry, hsa_init, &entry);
	else
		lttng_ust_tracepoint(hsa_api_entry, hsa_shut_down,
				     (const struct hsat_ev_hsa_api_entry__hsa_shut_down *)&entry);
	hsat_enter_tracer();
	st = (*real)();
	saved_errno = errno;
	exit_ev.status = (int32_t)st;
	if (is_init)
		lttng_ust_tracepoint(hsa_api_exit, hsa_init, &exit_ev);
	else
		lttng_ust_tracepoint(hsa_api_exit, hsa_shut_down,
				     (const struct hsat_ev_hsa_api_exit__hsa_shut_down *)&exit_ev);
	hsat_leave_tracer();
	errno = saved_errno;
	return st;
}

_Static_assert(sizeof(struct hsat_ev_hsa_api_entry__hsa_init) ==
	       sizeof(struct hsat_ev_hsa_api_entry__hsa_shut_down), "same fields");
_Static_assert(sizeof(struct hsat_ev_hsa_api_exit__hsa_init) ==
	       sizeof(struct hsat_ev_hsa_api_exit__hsa_shut_down), "same fields");

__attribute__((visibility("default"))) hsa_status_t hsa_init(void)
{
	return traced(&real_init, "hsa_init", 1);
}

__attribute__((visibility("default"))) hsa_status_t hsa_shut_down(void)
{
	return traced(&real_shut_down, "hsa_shut_down", 0);
}
