/* hip_kernels - kernel names for hipLaunchKernel: the program's module constructor registers
 * each kernel's host function (the stub it passes to hipLaunchKernel) with its device
 * function's mangled name through __hipRegisterFunction, which the tracer interposes. The
 * analyses demangle. Names live as long as the process (the stubs do too). */
#include "tracer/hip/hip_call.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracer/map.h"

static struct hsat_map kernels = HSAT_MAP_INIT;

/* A forked child gets the map unlocked, whichever thread held the lock at the fork; the
 * lazily registered classes' lock too (tracer/lazy_classes.c). */
static void fork_prepare(void)
{
	hsat_lazy_fork_prepare();
	pthread_mutex_lock(&kernels.lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&kernels.lock);
	hsat_lazy_fork_parent();
}

static void fork_child(void)
{
	hsat_map_reinit_lock(&kernels);
	hsat_lazy_fork_child();
}

__attribute__((constructor)) static void hip_kernels_init(void)
{
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}

static void remember(const void *host_function, const char *device_name)
{
	char *name, *old = NULL;

	if (!host_function || !device_name)
		return;
	name = strdup(device_name);
	if (!name)
		return;
	pthread_mutex_lock(&kernels.lock);
	if (hsat_map_put(&kernels, (uint64_t)(uintptr_t)host_function, name, (void **)&old) != 0)
		old = name;	/* out of memory: the kernel stays unnamed */
	pthread_mutex_unlock(&kernels.lock);
	free(old);
}

const char *hsat_hip_kernel_name(const void *host_function)
{
	const char *name;

	pthread_mutex_lock(&kernels.lock);
	name = hsat_map_get(&kernels, (uint64_t)(uintptr_t)host_function);
	pthread_mutex_unlock(&kernels.lock);
	return name;
}

typedef void (*register_fn)(void **modules, const void *host_function, char *device_function,
			    const char *device_name, unsigned int thread_limit, void *tid,
			    void *bid, void *block_dim, void *grid_dim, int *w_size);

/* HIP 5.2's signature (hip/amd_detail/amd_hip_runtime.h, C++ only: the struct pointers are
 * passed through untouched). */
HSAT_HIP_EXPORT void __hipRegisterFunction(void **modules, const void *host_function,
					   char *device_function, const char *device_name,
					   unsigned int thread_limit, void *tid, void *bid,
					   void *block_dim, void *grid_dim, int *w_size)
{
	static register_fn real;
	int saved_errno;

	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "__hipRegisterFunction");
	if (!real) {
		fprintf(stderr, "hsatrace: libhsatrace-hip.so: __hipRegisterFunction not found "
			"(is libamdhip64 loaded?)\n");
		abort();
	}
	real(modules, host_function, device_function, device_name, thread_limit, tid, bid,
	     block_dim, grid_dim, w_size);
	saved_errno = errno;
	remember(host_function, device_name);
	errno = saved_errno;
}
