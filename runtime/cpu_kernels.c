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

/* dlopen of the file at `path`. A bare name (app.kernels.so) is a file of the working
 * directory, as for every other FILE argument, not a library for dlopen to search its paths
 * for: it is opened as ./NAME. Lazy binding: a build by hsatrace kernels keeps the program's
 * host functions, which call HIP but are never called themselves. */
static void *open_file(const char *path)
{
	char relative[4096];

	if (!strchr(path, '/')) {
		snprintf(relative, sizeof(relative), "./%s", path); /* a file name: < 256 bytes */
		path = relative;
	}
	return dlopen(path, RTLD_LAZY | RTLD_LOCAL);
}

/* The file's kernel table, or NULL (and why, on stderr). The handle is kept on success. */
static const struct hsat_cpu_code_object *open_table(const char *path)
{
	void *library = open_file(path);
	const struct hsat_cpu_code_object *table;

	if (!library) {
		fprintf(stderr, "hsatrace CPU runtime: HSATRACE_CPU_KERNELS: cannot load %s: %s\n",
			path, dlerror());
		return NULL;
	}
	table = dlsym(library, HSAT_CPU_CODE_OBJECT_SYMBOL);
	if (!table || table->magic != HSAT_CPU_CODE_OBJECT_MAGIC ||
	    (table->version != HSAT_CPU_CODE_OBJECT_VERSION &&
	     table->version != HSAT_CPU_CODE_OBJECT_VERSION_2) ||
	    !table->kernels) {
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

const struct hsat_cpu_kernel_descriptor *
hsat_cpu_kernels_find(const char *name, const struct hsat_cpu_kernel_info **info)
{
	pthread_once(&load_once, load_files);
	*info = NULL;
	for (size_t t = 0; name && t < table_count; t++)
		for (uint32_t k = 0; k < tables[t]->kernel_count; k++) {
			const struct hsat_cpu_kernel_descriptor *kernel = &tables[t]->kernels[k];

			if (!kernel->name || !kernel->entry || strcmp(kernel->name, name) != 0)
				continue;
			if (tables[t]->version >= HSAT_CPU_CODE_OBJECT_VERSION_2 && tables[t]->info)
				*info = &tables[t]->info[k];
			return kernel;
		}
	return NULL;
}

/* Where the explicit arguments end, in bytes. */
static uint64_t explicit_end(const struct hsat_cpu_kernel_info *info)
{
	uint64_t end = 0;

	for (uint32_t i = 0; info->explicit_args && i < info->explicit_arg_count; i++) {
		uint64_t arg_end = (uint64_t)info->explicit_args[i].offset + info->explicit_args[i].size;

		if (arg_end > end)
			end = arg_end;
	}
	return end;
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
		"fails (HSA_STATUS_ERROR_INVALID_CODE_OBJECT): build one from its source with "
		"'hsatrace kernels FILE.hip -o FILE.kernels.so' (or write one named %s, "
		"hsat_cpu_kernel.h) and list it in HSATRACE_CPU_KERNELS\n",
		plain ? plain : name, plain ? " (" : "", plain ? name : "", plain ? ")" : "", name);
	free(plain);
}

/* What differs between the CPU build's explicit arguments and the metadata's, in why (empty
 * when nothing does). */
static void args_difference(const struct hsat_cpu_kernel_info *info,
			    const struct hsat_amdgcn_args *args, char *why, size_t size)
{
	*why = '\0';
	if (info->explicit_arg_count != args->count) {
		snprintf(why, size, "its CPU build takes %u explicit arguments, the code object's "
				    "metadata lists %u", info->explicit_arg_count, args->count);
		return;
	}
	for (uint32_t i = 0; i < args->count; i++) {
		const struct hsat_cpu_kernel_arg *cpu = &info->explicit_args[i], *gpu = &args->args[i];

		if (cpu->offset != gpu->offset || cpu->size != gpu->size) {
			snprintf(why, size, "its CPU build reads argument %u at offset %u (%u bytes), "
					    "the code object's metadata puts it at %u (%u bytes)",
				 i + 1, cpu->offset, cpu->size, gpu->offset, gpu->size);
			return;
		}
	}
}

bool hsat_cpu_kernels_args_match(const char *name, const struct hsat_cpu_kernel_info *info,
				 const struct hsat_amdgcn_args *args, uint32_t kernarg_size)
{
	char why[256] = "";
	char *plain;

	if (!info)
		return true;
	if (args && args->known && (info->explicit_args || !info->explicit_arg_count))
		args_difference(info, args, why, sizeof(why));
	else if (explicit_end(info) > kernarg_size)
		snprintf(why, sizeof(why), "its CPU build reads %llu bytes of explicit arguments "
					   "but the code object's kernarg segment has %u",
			 (unsigned long long)explicit_end(info), kernarg_size);
	if (!*why)
		return true;
	plain = demangle(name);
	fprintf(stderr,
		"hsatrace CPU runtime: kernel %s (%s): %s: the CPU build is not of this kernel's "
		"source, it is not used (rebuild it: hsatrace kernels FILE.hip -o FILE.kernels.so)\n",
		plain ? plain : name, name, why);
	free(plain);
	return false;
}
