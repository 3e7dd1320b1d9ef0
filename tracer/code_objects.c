/*
 * Code objects and kernel symbols. Loads are reported when they succeed; a frozen
 * executable's kernels are reported once (kernel_symbol) and remembered, so packets can carry
 * the kernel's name; destroying the executable reports the unloads.
 */
#include "tracer/hooks.h"
#include "tracer/map.h"
#include "tracer/tracer.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

struct loaded {
	uint64_t agent, reader, loaded_code_object;
};

struct executable {
	size_t n, cap;
	struct loaded *loads;
};

static struct hsat_map kernel_names = HSAT_MAP_INIT;	/* kernel_object -> char * */
static struct hsat_map executables = HSAT_MAP_INIT;	/* executable -> struct executable */

void hsat_kernel_name(uint64_t kernel_object, char *buf, size_t len)
{
	const char *name;

	buf[0] = '\0';
	pthread_mutex_lock(&kernel_names.lock);
	name = hsat_map_get(&kernel_names, kernel_object);
	if (name)
		snprintf(buf, len, "%s", name);
	pthread_mutex_unlock(&kernel_names.lock);
}

static void free_executable(void *p)
{
	struct executable *x = p;

	if (x)
		free(x->loads);
	free(x);
}

static void remember_load(hsa_executable_t executable, const struct loaded *l)
{
	struct executable *x;
	void *old;

	pthread_mutex_lock(&executables.lock);
	x = hsat_map_get(&executables, executable.handle);
	if (!x) {
		x = calloc(1, sizeof(*x));
		if (x && hsat_map_put(&executables, executable.handle, x, &old)) {
			free(x);
			x = NULL;
		}
	}
	if (x && x->n == x->cap) {
		size_t cap = x->cap ? 2 * x->cap : 4;
		struct loaded *grown = realloc(x->loads, cap * sizeof(*grown));

		if (grown) {
			x->loads = grown;
			x->cap = cap;
		}
	}
	if (x && x->n < x->cap)
		x->loads[x->n++] = *l;
	pthread_mutex_unlock(&executables.lock);
}

static void report_load(uint64_t cid, hsa_executable_t executable, uint64_t agent,
			uint64_t reader, uint64_t lco)
{
	struct loaded l = { agent, reader, lco };
	struct hsat_ev_hsa_activity__code_object_load e = {
		.executable = executable.handle,
		.agent_handle = agent,
		.code_object_reader = reader,
		.loaded_code_object = lco,
		.correlation_id = cid,
	};

	hsat_enter_tracer();
	remember_load(executable, &l);
	lttng_ust_tracepoint(hsa_activity, code_object_load, &e);
	hsat_leave_tracer();
}

hsa_status_t hsat_hook_hsa_executable_load_agent_code_object(
	struct hsat_call *call, hsa_executable_t executable, hsa_agent_t agent,
	hsa_code_object_reader_t code_object_reader, const char *options,
	hsa_loaded_code_object_t *loaded_code_object)
{
	hsa_status_t st = hsat_real_core.hsa_executable_load_agent_code_object_fn(
		executable, agent, code_object_reader, options, loaded_code_object);

	if (st == HSA_STATUS_SUCCESS)
		report_load(call->cid, executable, agent.handle, code_object_reader.handle,
			    loaded_code_object ? loaded_code_object->handle : 0);
	return st;
}

hsa_status_t hsat_hook_hsa_executable_load_program_code_object(
	struct hsat_call *call, hsa_executable_t executable,
	hsa_code_object_reader_t code_object_reader, const char *options,
	hsa_loaded_code_object_t *loaded_code_object)
{
	hsa_status_t st = hsat_real_core.hsa_executable_load_program_code_object_fn(
		executable, code_object_reader, options, loaded_code_object);

	if (st == HSA_STATUS_SUCCESS)
		report_load(call->cid, executable, 0, code_object_reader.handle,
			    loaded_code_object ? loaded_code_object->handle : 0);
	return st;
}

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
hsa_status_t hsat_hook_hsa_executable_load_code_object(struct hsat_call *call,
						       hsa_executable_t executable,
						       hsa_agent_t agent,
						       hsa_code_object_t code_object,
						       const char *options)
{
	hsa_status_t st = hsat_real_core.hsa_executable_load_code_object_fn(executable, agent,
									    code_object, options);

	if (st == HSA_STATUS_SUCCESS)
		report_load(call->cid, executable, agent.handle, 0, 0);
	return st;
}

/* "name.kd" -> demangled "name" when the C++ runtime is in the process, else "name". */
static char *display_name(const char *mangled)
{
	typedef char *(*demangle_fn)(const char *, char *, size_t *, int *);
	static demangle_fn demangle;
	static int looked_up;
	size_t len = strlen(mangled);
	char *base, *pretty;
	int status = -1;

	if (len > 3 && !strcmp(mangled + len - 3, ".kd"))
		len -= 3;
	base = strndup(mangled, len);
	if (!base)
		return NULL;
	if (!looked_up) {
		demangle = (demangle_fn)dlsym(RTLD_DEFAULT, "__cxa_demangle");
		looked_up = 1;
	}
	if (!demangle || strncmp(base, "_Z", 2))
		return base;
	pretty = demangle(base, NULL, NULL, &status);
	if (status || !pretty) {
		free(pretty);
		return base;
	}
	free(base);
	return pretty;
}

static void remember_name(uint64_t kernel_object, const char *name)
{
	char *copy = strdup(name);
	void *old = NULL;

	if (!copy)
		return;
	pthread_mutex_lock(&kernel_names.lock);
	if (hsat_map_put(&kernel_names, kernel_object, copy, &old)) {
		free(copy);
		old = NULL;
	}
	pthread_mutex_unlock(&kernel_names.lock);
	free(old);
}

static uint32_t symbol_u32(hsa_executable_symbol_t s, hsa_executable_symbol_info_t attr)
{
	uint32_t v = 0;

	hsat_real_core.hsa_executable_symbol_get_info_fn(s, attr, &v);
	return v;
}

static hsa_status_t on_symbol(hsa_executable_t executable, hsa_executable_symbol_t symbol,
			      void *data)
{
	struct hsat_ev_hsa_activity__kernel_symbol e = { 0 };
	hsa_symbol_kind_t kind = HSA_SYMBOL_KIND_VARIABLE;
	hsa_agent_t agent = { 0 };
	uint32_t len;
	char *mangled, *pretty;

	(void)data;
	if (hsat_real_core.hsa_executable_symbol_get_info_fn(symbol, HSA_EXECUTABLE_SYMBOL_INFO_TYPE,
							     &kind) ||
	    kind != HSA_SYMBOL_KIND_KERNEL)
		return HSA_STATUS_SUCCESS;
	len = symbol_u32(symbol, HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH);
	mangled = calloc(1, (size_t)len + 1);
	if (!mangled)
		return HSA_STATUS_SUCCESS;
	/* NAME is not NUL-terminated: the buffer is one byte longer and zeroed. */
	hsat_real_core.hsa_executable_symbol_get_info_fn(symbol, HSA_EXECUTABLE_SYMBOL_INFO_NAME,
							 mangled);
	hsat_real_core.hsa_executable_symbol_get_info_fn(
		symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &e.kernel_object);
	hsat_real_core.hsa_executable_symbol_get_info_fn(symbol, HSA_EXECUTABLE_SYMBOL_INFO_AGENT,
							 &agent);
	pretty = display_name(mangled);
	e.kernel_name = pretty ? pretty : mangled;
	e.mangled_name = mangled;
	e.executable = executable.handle;
	e.agent_handle = agent.handle;
	e.kernarg_segment_size =
		symbol_u32(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE);
	e.group_segment_size =
		symbol_u32(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE);
	e.private_segment_size =
		symbol_u32(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE);
	remember_name(e.kernel_object, e.kernel_name);
	lttng_ust_tracepoint(hsa_activity, kernel_symbol, &e);
	free(pretty);
	free(mangled);
	return HSA_STATUS_SUCCESS;
}

hsa_status_t hsat_hook_hsa_executable_freeze(struct hsat_call *call, hsa_executable_t executable,
					     const char *options)
{
	hsa_status_t st = hsat_real_core.hsa_executable_freeze_fn(executable, options);

	(void)call;
	if (st != HSA_STATUS_SUCCESS || !hsat_real_core.hsa_executable_iterate_symbols_fn)
		return st;
	hsat_enter_tracer();
	hsat_real_core.hsa_executable_iterate_symbols_fn(executable, on_symbol, NULL);
	hsat_leave_tracer();
	return st;
}

hsa_status_t hsat_hook_hsa_executable_destroy(struct hsat_call *call,
					      hsa_executable_t executable)
{
	hsa_status_t st = hsat_real_core.hsa_executable_destroy_fn(executable);
	struct executable *x;

	if (st != HSA_STATUS_SUCCESS)
		return st;
	hsat_enter_tracer();
	pthread_mutex_lock(&executables.lock);
	x = hsat_map_remove(&executables, executable.handle);
	pthread_mutex_unlock(&executables.lock);
	for (size_t i = 0; x && i < x->n; i++) {
		struct hsat_ev_hsa_activity__code_object_unload e = {
			.executable = executable.handle,
			.agent_handle = x->loads[i].agent,
			.code_object_reader = x->loads[i].reader,
			.loaded_code_object = x->loads[i].loaded_code_object,
			.correlation_id = call->cid,
		};

		lttng_ust_tracepoint(hsa_activity, code_object_unload, &e);
	}
	free_executable(x);
	hsat_leave_tracer();
	return st;
}

void hsat_code_objects_forget(void)
{
	pthread_mutex_lock(&kernel_names.lock);
	hsat_map_clear(&kernel_names, free);
	pthread_mutex_unlock(&kernel_names.lock);
	pthread_mutex_lock(&executables.lock);
	hsat_map_clear(&executables, free_executable);
	pthread_mutex_unlock(&executables.lock);
}

__attribute__((constructor)) static void code_objects_init(void)
{
	hsat_lock_register(&kernel_names.lock);
	hsat_lock_register(&executables.lock);
}
