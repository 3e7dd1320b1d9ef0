/*
 * registry.c - the kernel table of a CPU build (hsat_cpu_code_object, version 2), filled by
 * the kernels' static initializers (hip/hip_runtime.h) while the object is loaded, before the
 * runtime reads it. Each kernel is named by its function's dynamic symbol: the mangled name,
 * the same as the amdgcn kernel's (g++ and clang share the Itanium ABI).
 */
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/include/hsat_device.h"

/* A source with no kernel still gives a valid (empty) table, not a missing one. */
static const struct hsat_cpu_kernel_descriptor no_kernels[1];
static const struct hsat_cpu_kernel_info no_info[1];

__attribute__((visibility("default"))) struct hsat_cpu_code_object hsat_cpu_code_object = {
	HSAT_CPU_CODE_OBJECT_MAGIC, HSAT_CPU_CODE_OBJECT_VERSION_2, 0, no_kernels, no_info
};

static struct hsat_cpu_kernel_descriptor *descriptors;
static struct hsat_cpu_kernel_info *infos;
static uint32_t count, capacity;

static bool known(const char *name)
{
	for (uint32_t i = 0; i < count; i++)
		if (strcmp(descriptors[i].name, name) == 0)
			return true;
	return false;
}

static bool grow(void)
{
	uint32_t wanted = capacity ? capacity * 2 : 16;
	struct hsat_cpu_kernel_descriptor *d = realloc(descriptors, wanted * sizeof(*d));
	struct hsat_cpu_kernel_info *i;

	if (!d)
		return false;
	descriptors = d;
	i = realloc(infos, wanted * sizeof(*i));
	if (!i)
		return false;
	infos = i;
	capacity = wanted;
	return true;
}

void hsat_device_register(const void *function, hsat_cpu_kernel_fn group_entry,
			  uint32_t kernarg_size, uint32_t arg_count,
			  const struct hsat_cpu_kernel_arg *args)
{
	Dl_info where;

	if (!dladdr(function, &where) || !where.dli_sname || where.dli_saddr != function) {
		fprintf(stderr, "hsatrace kernels: a kernel at %p has no exported name (static, or "
				"in an anonymous namespace?): no CPU build of it is offered\n",
			function);
		return;
	}
	if (known(where.dli_sname))
		return;
	if (count == capacity && !grow()) {
		fprintf(stderr, "hsatrace kernels: out of memory: kernel %s is not offered\n",
			where.dli_sname);
		return;
	}
	descriptors[count] = (struct hsat_cpu_kernel_descriptor){
		where.dli_sname, group_entry, kernarg_size, 16, 0, 0
	};
	infos[count] = (struct hsat_cpu_kernel_info){ HSAT_CPU_KERNEL_WHOLE_GROUP, arg_count, args };
	count++;
	hsat_cpu_code_object.kernel_count = count;
	hsat_cpu_code_object.kernels = descriptors;
	hsat_cpu_code_object.info = infos;
}
