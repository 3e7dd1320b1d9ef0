/* cpu_kernels.c - see cpu_kernels.h. */
#include "runtime/cpu_kernels.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILES 64

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const struct hsat_cpu_code_object *tables[MAX_FILES];
static size_t table_count;

/* The file's kernel table, or NULL (and why, on stderr). The handle is kept on success. */
static const struct hsat_cpu_code_object *open_table(const char *path)
{
	void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	const struct hsat_cpu_code_object *table;

	if (!library) {
		fprintf(stderr, "hsatrace CPU runtime: HSATRACE_CPU_KERNELS: cannot load %s: %s\n",
			path, dlerror());
		return NULL;
	}
	table = dlsym(library, HSAT_CPU_CODE_OBJECT_SYMBOL);
	if (!table || table->magic != HSAT_CPU_CODE_OBJECT_MAGIC ||
	    table->version != HSAT_CPU_CODE_OBJECT_VERSION || !table->kernels) {
		fprintf(stderr,
			"hsatrace CPU runtime: HSATRACE_CPU_KERNELS: %s has no %s table "
			"(runtime/include/hsat_cpu_kernel.h)\n",
			path, HSAT_CPU_CODE_OBJECT_SYMBOL);
		dlclose(library);
		return NULL;
	}
	return table;
}

static void load_files(void)
{
	const char *list = getenv("HSATRACE_CPU_KERNELS");
	char *copy = list && *list ? strdup(list) : NULL, *saved = NULL;

	for (char *path = copy ? strtok_r(copy, ":", &saved) : NULL; path;
	     path = strtok_r(NULL, ":", &saved)) {
		const struct hsat_cpu_code_object *table;

		if (table_count == MAX_FILES) {
			fprintf(stderr, "hsatrace CPU runtime: HSATRACE_CPU_KERNELS: more than %d "
					"files, %s and the rest are ignored\n",
				MAX_FILES, path);
			break;
		}
		table = open_table(path);
		if (table)
			tables[table_count++] = table;
	}
	free(copy);
}

const struct hsat_cpu_kernel_descriptor *hsat_cpu_kernels_find(const char *name)
{
	pthread_once(&load_once, load_files);
	for (size_t t = 0; name && t < table_count; t++)
		for (uint32_t k = 0; k < tables[t]->kernel_count; k++) {
			const struct hsat_cpu_kernel_descriptor *kernel = &tables[t]->kernels[k];

			if (kernel->name && kernel->entry && strcmp(kernel->name, name) == 0)
				return kernel;
		}
	return NULL;
}

/* libstdc++'s demangler when the program has it (HIP programs do); the runtime is C and
 * does not link it. The result is malloc()ed, or NULL. */
static char *demangle(const char *name)
{
	typedef char *(*demangle_fn)(const char *, char *, size_t *, int *);
	demangle_fn cxa_demangle = (demangle_fn)dlsym(RTLD_DEFAULT, "__cxa_demangle");
	int status = -1;
	char *plain = cxa_demangle ? cxa_demangle(name, NULL, NULL, &status) : NULL;

	if (status != 0) {
		free(plain);
		return NULL;
	}
	return plain;
}

void hsat_cpu_kernels_report_missing(const char *name)
{
	char *plain = demangle(name);

	fprintf(stderr,
		"hsatrace CPU runtime: kernel %s%s%s%s has no CPU implementation, its dispatch "
		"fails (HSA_STATUS_ERROR_INVALID_CODE_OBJECT): build one named %s in a CPU code "
		"object (hsat_cpu_kernel.h) and list it in HSATRACE_CPU_KERNELS\n",
		plain ? plain : name, plain ? " (" : "", plain ? name : "", plain ? ")" : "", name);
	free(plain);
}
