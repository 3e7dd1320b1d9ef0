/*
 * executable.c - code object readers, executables, loading through dlopen of a memfd copy,
 * and symbol queries.
 */
#include <dlfcn.h>
#include <link.h>
#include <errno.h>
#include <pthread.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime/agents.h"
#include "runtime/amdgcn_object.h"
#include "runtime/blit_kernels.h"
#include "runtime/cpu_kernels.h"
#include "runtime/elf_check.h"
#include "runtime/executable.h"
#include "runtime/executable_internal.h"
#include "runtime/fork.h"

/* One lock for all of it: loading is rare, lookups are short. */
pthread_mutex_t hsat_executables_lock = PTHREAD_MUTEX_INITIALIZER;

void hsat_executables_at_fork(enum hsat_fork_phase phase)
{
	hsat_fork_mutex(&hsat_executables_lock, phase);
}
struct hsat_executable *hsat_executables;
static struct reader *readers;
static void *symbol_set; /* tsearch set of live struct kernel_symbol pointers */

static int compare_pointers(const void *a, const void *b)
{
	return (a > b) - (a < b);
}

static struct reader *reader_find_locked(uint64_t handle)
{
	for (struct reader *r = readers; r; r = r->next)
		if ((uint64_t)(uintptr_t)r == handle)
			return r;
	return NULL;
}

struct hsat_executable *hsat_executable_find_locked(uint64_t handle)
{
	for (struct hsat_executable *e = hsat_executables; e; e = e->next)
		if ((uint64_t)(uintptr_t)e == handle)
			return e;
	return NULL;
}

static struct kernel_symbol *symbol_find_locked(uint64_t handle)
{
	void *key = (void *)(uintptr_t)handle;
	void *node = handle ? tfind(key, &symbol_set, compare_pointers) : NULL;

	return node ? *(struct kernel_symbol **)node : NULL;
}

bool hsat_kernel_resolve(uint64_t kernel_object, struct hsat_cpu_kernel_descriptor *kernel,
			 uint32_t *flags)
{
	struct kernel_symbol *symbol;
	bool found = false;

	pthread_mutex_lock(&hsat_executables_lock);
	symbol = symbol_find_locked(kernel_object);
	if (symbol && symbol->executable->frozen) {
		*kernel = *symbol->kernel;
		*flags = symbol->flags;
		found = true;
	}
	pthread_mutex_unlock(&hsat_executables_lock);
	return found;
}

/* --- readers ---------------------------------------------------------------------------- */

static hsa_status_t reader_add(void *bytes, size_t size, hsa_code_object_reader_t *handle)
{
	struct reader *reader = calloc(1, sizeof(*reader));

	if (!reader) {
		free(bytes);
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	reader->bytes = bytes;
	reader->size = size;
	pthread_mutex_lock(&hsat_executables_lock);
	reader->next = readers;
	readers = reader;
	pthread_mutex_unlock(&hsat_executables_lock);
	handle->handle = (uint64_t)(uintptr_t)reader;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_code_object_reader_create_from_memory(const void *code_object, size_t size,
							    hsa_code_object_reader_t *handle)
{
	void *copy;

	HSAT_REQUIRE_INIT();
	if (!code_object || size == 0 || !handle)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	copy = malloc(size);
	if (!copy)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	memcpy(copy, code_object, size);
	return reader_add(copy, size, handle);
}

hsa_status_t impl_hsa_code_object_reader_create_from_file(hsa_file_t file,
							  hsa_code_object_reader_t *handle)
{
	struct stat st;
	char *bytes;
	size_t done = 0;

	HSAT_REQUIRE_INIT();
	if (!handle)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (fstat(file, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0)
		return HSA_STATUS_ERROR_INVALID_FILE;
	bytes = malloc((size_t)st.st_size);
	if (!bytes)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	while (done < (size_t)st.st_size) {
		ssize_t n = pread(file, bytes + done, (size_t)st.st_size - done, (off_t)done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			free(bytes);
			return HSA_STATUS_ERROR_INVALID_FILE;
		}
		done += (size_t)n;
	}
	return reader_add(bytes, done, handle);
}

hsa_status_t impl_hsa_code_object_reader_destroy(hsa_code_object_reader_t handle)
{
	struct reader *found = NULL;

	HSAT_REQUIRE_INIT();
	pthread_mutex_lock(&hsat_executables_lock);
	for (struct reader **link = &readers; *link; link = &(*link)->next) {
		if ((uint64_t)(uintptr_t)*link == handle.handle) {
			found = *link;
			*link = found->next;
			break;
		}
	}
	pthread_mutex_unlock(&hsat_executables_lock);
	if (!found)
		return HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER;
	free(found->bytes);
	free(found);
	return HSA_STATUS_SUCCESS;
}

/* --- executables ------------------------------------------------------------------------ */

hsa_status_t impl_hsa_executable_create_alt(hsa_profile_t profile,
					    hsa_default_float_rounding_mode_t rounding,
					    const char *options, hsa_executable_t *handle)
{
	struct hsat_executable *executable;

	HSAT_REQUIRE_INIT();
	(void)options;
	if (!handle || (profile != HSA_PROFILE_BASE && profile != HSA_PROFILE_FULL) ||
	    rounding > HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	executable = calloc(1, sizeof(*executable));
	if (!executable)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	executable->profile = profile;
	executable->rounding = rounding;
	pthread_mutex_lock(&hsat_executables_lock);
	executable->next = hsat_executables;
	hsat_executables = executable;
	pthread_mutex_unlock(&hsat_executables_lock);
	handle->handle = (uint64_t)(uintptr_t)executable;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_executable_create(hsa_profile_t profile,
					hsa_executable_state_t state, const char *options,
					hsa_executable_t *handle)
{
	if (state != HSA_EXECUTABLE_STATE_UNFROZEN)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return impl_hsa_executable_create_alt(profile, HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR,
					      options, handle);
}

static void native_kernels_free(struct hsat_cpu_kernel_descriptor *kernels, uint32_t count)
{
	for (uint32_t i = 0; kernels && i < count; i++)
		free((char *)kernels[i].name);
	free(kernels);
}

static void loaded_object_free(struct hsat_loaded_object *object)
{
	if (!object)
		return;
	if (object->library)
		dlclose(object->library);
	if (object->fd >= 0)
		close(object->fd);
	native_kernels_free(object->native_kernels, object->native_table.kernel_count);
	free(object->native_info);
	free(object->bytes);
	free(object);
}

static void executable_free(struct hsat_executable *executable)
{
	while (executable->symbols) {
		struct kernel_symbol *next = executable->symbols->next;

		tdelete(executable->symbols, &symbol_set, compare_pointers);
		free(executable->symbols);
		executable->symbols = next;
	}
	while (executable->objects) {
		struct hsat_loaded_object *next = executable->objects->next;

		loaded_object_free(executable->objects);
		executable->objects = next;
	}
	free(executable);
}

hsa_status_t impl_hsa_executable_destroy(hsa_executable_t handle)
{
	struct hsat_executable *found = NULL;

	HSAT_REQUIRE_INIT();
	pthread_mutex_lock(&hsat_executables_lock);
	for (struct hsat_executable **link = &hsat_executables; *link; link = &(*link)->next) {
		if ((uint64_t)(uintptr_t)*link == handle.handle) {
			found = *link;
			*link = found->next;
			executable_free(found);
			break;
		}
	}
	pthread_mutex_unlock(&hsat_executables_lock);
	return found ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_EXECUTABLE;
}

void hsat_executables_release_all(void)
{
	pthread_mutex_lock(&hsat_executables_lock);
	while (hsat_executables) {
		struct hsat_executable *next = hsat_executables->next;

		executable_free(hsat_executables);
		hsat_executables = next;
	}
	while (readers) {
		struct reader *next = readers->next;

		free(readers->bytes);
		free(readers);
		readers = next;
	}
	pthread_mutex_unlock(&hsat_executables_lock);
}

/* dlopen()s a private copy of the bytes: every load is its own instance of the object.
 * The memfd stays open while the object is loaded: glibc recognises loaded objects by path,
 * and a reused descriptor number would otherwise make "/proc/self/fd/N" name an older
 * object. */
static void *open_copy(const void *bytes, size_t size, int *fd_out)
{
	char path[64];
	void *library = NULL;
	size_t done = 0;
	int fd = memfd_create("hsat-code-object", MFD_CLOEXEC);

	if (fd < 0)
		return NULL;
	while (done < size) {
		ssize_t n = write(fd, (const char *)bytes + done, size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			goto cleanup;
		done += (size_t)n;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	/* lazy: a build by hsatrace kernels keeps host functions that call HIP, never called */
	library = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
	if (!library)
		hsat_debug("failed to load code object: %s", dlerror());
cleanup:
	if (library)
		*fd_out = fd;
	else
		close(fd);
	return library;
}

/* The address range the object's PT_LOAD segments occupy. */
static int match_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct hsat_loaded_object *object = data;
	uintptr_t end = 0;

	(void)size;
	if (info->dlpi_addr != object->load_base || !info->dlpi_name ||
	    !strstr(info->dlpi_name, "/proc/self/fd/"))
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && ph->p_vaddr + ph->p_memsz > end)
			end = ph->p_vaddr + ph->p_memsz;
	}
	object->load_size = end;
	return 1;
}

static void find_load_range(struct hsat_loaded_object *object)
{
	struct link_map *map = NULL;

	if (dlinfo(object->library, RTLD_DI_LINKMAP, &map) != 0 || !map)
		return;
	object->load_base = map->l_addr;
	dl_iterate_phdr(match_object, object);
}

static const struct hsat_cpu_code_object *code_object_table(void *library)
{
	const struct hsat_cpu_code_object *table = dlsym(library, HSAT_CPU_CODE_OBJECT_SYMBOL);

	if (!table || table->magic != HSAT_CPU_CODE_OBJECT_MAGIC ||
	    (table->version != HSAT_CPU_CODE_OBJECT_VERSION &&
	     table->version != HSAT_CPU_CODE_OBJECT_VERSION_2) ||
	    !table->kernels)
		return NULL;
	for (uint32_t i = 0; i < table->kernel_count; i++)
		if (!table->kernels[i].name || !table->kernels[i].entry)
			return NULL;
	return table;
}

/* Adds one symbol per kernel; false (and nothing added) when out of memory. */
static bool add_symbols_locked(struct hsat_executable *executable,
			       const struct hsat_cpu_code_object *table,
			       const struct hsat_amdgcn_object *amdgcn)
{
	struct kernel_symbol *added = NULL;

	for (uint32_t i = 0; i < table->kernel_count; i++) {
		struct kernel_symbol *symbol = aligned_alloc(64, sizeof(*symbol));

		if (symbol)
			memset(symbol, 0, sizeof(*symbol));
		if (!symbol || !tsearch(symbol, &symbol_set, compare_pointers)) {
			free(symbol);
			goto error;
		}
		symbol->executable = executable;
		symbol->kernel = &table->kernels[i];
		if (table->version >= HSAT_CPU_CODE_OBJECT_VERSION_2 && table->info)
			symbol->flags = table->info[i].flags;
		symbol->descriptor.group_segment_fixed_size = table->kernels[i].group_segment_size;
		symbol->descriptor.private_segment_fixed_size = table->kernels[i].private_segment_size;
		symbol->descriptor.kernarg_size = table->kernels[i].kernarg_size;
		if (amdgcn) /* the real descriptor, for tools that read past the sizes */
			memcpy(&symbol->descriptor, amdgcn->kernels[i].descriptor,
			       sizeof(symbol->descriptor));
		symbol->next = added;
		added = symbol;
	}
	while (added) {
		struct kernel_symbol *next = added->next;

		added->next = executable->symbols;
		executable->symbols = added;
		added = next;
	}
	return true;
error:
	while (added) {
		struct kernel_symbol *next = added->next;

		tdelete(added, &symbol_set, compare_pointers);
		free(added);
		added = next;
	}
	return false;
}

static uint32_t descriptor_word(const uint8_t *descriptor, size_t offset)
{
	uint32_t value;

	memcpy(&value, descriptor + offset, sizeof(value));
	return value;
}

/* A program's own kernel runs its CPU build (cpu_kernels.h), if there is one that reads its
 * explicit arguments where the code object's metadata has them, with the segment sizes that
 * build needs where they are larger. */
static void use_cpu_build(struct hsat_cpu_kernel_descriptor *k, struct hsat_cpu_kernel_info *info,
			  const struct hsat_amdgcn_args *args)
{
	const struct hsat_cpu_kernel_info *cpu_info = NULL;
	const struct hsat_cpu_kernel_descriptor *cpu = hsat_cpu_kernels_find(k->name, &cpu_info);

	if (!cpu || !hsat_cpu_kernels_args_match(k->name, cpu_info, args, k->kernarg_size))
		return;
	k->entry = cpu->entry;
	if (cpu_info)
		info->flags = cpu_info->flags;
	if (cpu->group_segment_size > k->group_segment_size)
		k->group_segment_size = cpu->group_segment_size;
	if (cpu->private_segment_size > k->private_segment_size)
		k->private_segment_size = cpu->private_segment_size;
}

/* One native kernel per amdgcn kernel: its sizes from the descriptor (group, private and
 * kernarg segment sizes at 0, 4, 8), its entry from blit_kernels, else from a CPU build
 * (NULL when there is none: the dispatch is refused). */
static hsa_status_t native_kernels_create(struct hsat_loaded_object *object,
					  const struct hsat_amdgcn_object *amdgcn)
{
	size_t count = amdgcn->kernel_count;

	object->native_kernels = calloc(count ? count : 1, sizeof(*object->native_kernels));
	object->native_info = calloc(count ? count : 1, sizeof(*object->native_info));
	if (!object->native_kernels || !object->native_info)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	for (size_t i = 0; i < count; i++) {
		struct hsat_cpu_kernel_descriptor *k = &object->native_kernels[i];
		const uint8_t *descriptor = amdgcn->kernels[i].descriptor;

		k->name = strdup(amdgcn->kernels[i].name);
		if (!k->name)
			return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
		object->native_table.kernel_count = (uint32_t)i + 1;
		k->entry = hsat_blit_kernel_find(k->name);
		k->group_segment_size = descriptor_word(descriptor, 0);
		k->private_segment_size = descriptor_word(descriptor, 4);
		k->kernarg_size = descriptor_word(descriptor, 8);
		k->kernarg_alignment = 16;
		if (!k->entry)
			use_cpu_build(k, &object->native_info[i], &amdgcn->kernels[i].args);
	}
	object->native_table.magic = HSAT_CPU_CODE_OBJECT_MAGIC;
	object->native_table.version = HSAT_CPU_CODE_OBJECT_VERSION_2;
	object->native_table.kernel_count = (uint32_t)count;
	object->native_table.kernels = object->native_kernels;
	object->native_table.info = object->native_info;
	return HSA_STATUS_SUCCESS;
}

/* An amdgcn object is read, not mapped: its "load range" is the runtime's copy of it. */
static hsa_status_t open_amdgcn(struct hsat_loaded_object *object,
				struct hsat_amdgcn_object **amdgcn)
{
	*amdgcn = hsat_amdgcn_object_create(object->bytes, object->size);
	if (!*amdgcn)
		return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
	object->load_base = (uintptr_t)object->bytes;
	object->load_size = object->size;
	return native_kernels_create(object, *amdgcn);
}

/* A host shared object of C kernels (hsat_cpu_kernel.h), mapped by dlopen. */
static hsa_status_t open_host_object(struct hsat_loaded_object *object,
				     const struct hsat_cpu_code_object **table)
{
	/* A truncated image would be mapped past its end by dlopen: SIGBUS on first touch. */
	if (!hsat_elf_image_complete(object->bytes, object->size))
		return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
	object->library = open_copy(object->bytes, object->size, &object->fd);
	*table = object->library ? code_object_table(object->library) : NULL;
	if (!*table)
		return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
	find_load_range(object);
	return HSA_STATUS_SUCCESS;
}

/* The loaded object for a reader's bytes, with its kernel table; NULL and a status if not. */
static struct hsat_loaded_object *loaded_object_create(const struct reader *reader,
						       struct hsat_executable *executable,
						       hsa_status_t *status)
{
	struct hsat_loaded_object *object = calloc(1, sizeof(*object));
	struct hsat_amdgcn_object *amdgcn = NULL;
	const struct hsat_cpu_code_object *table = NULL;

	*status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	if (!object)
		return NULL;
	object->fd = -1;
	object->bytes = malloc(reader->size);
	if (!object->bytes)
		goto error;
	memcpy(object->bytes, reader->bytes, reader->size);
	object->size = reader->size;
	object->executable = executable;
	if (hsat_amdgcn_is_object(object->bytes, object->size)) {
		*status = open_amdgcn(object, &amdgcn);
		table = &object->native_table;
	} else {
		*status = open_host_object(object, &table);
	}
	if (*status != HSA_STATUS_SUCCESS)
		goto error;
	if (!add_symbols_locked(executable, table, amdgcn)) {
		*status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
		goto error;
	}
	hsat_amdgcn_object_destroy(amdgcn);
	return object;
error:
	hsat_amdgcn_object_destroy(amdgcn);
	loaded_object_free(object);
	return NULL;
}

hsa_status_t impl_hsa_executable_load_agent_code_object(hsa_executable_t executable_handle,
							hsa_agent_t agent,
							hsa_code_object_reader_t reader_handle,
							const char *options,
							hsa_loaded_code_object_t *loaded)
{
	struct hsat_executable *executable;
	struct reader *reader;
	struct hsat_loaded_object *object;
	hsa_status_t status = HSA_STATUS_SUCCESS;

	HSAT_REQUIRE_INIT();
	(void)options;
	if (hsat_agent_from_handle(agent) != &hsat_gpu_agent)
		return HSA_STATUS_ERROR_INVALID_AGENT;
	pthread_mutex_lock(&hsat_executables_lock);
	executable = hsat_executable_find_locked(executable_handle.handle);
	reader = reader_find_locked(reader_handle.handle);
	if (!executable) {
		status = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
		goto cleanup;
	}
	if (!reader) {
		status = HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER;
		goto cleanup;
	}
	if (executable->frozen) {
		status = HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
		goto cleanup;
	}
	object = loaded_object_create(reader, executable, &status);
	if (!object)
		goto cleanup;
	object->next = executable->objects;
	executable->objects = object;
	if (loaded)
		loaded->handle = (uint64_t)(uintptr_t)object;
cleanup:
	pthread_mutex_unlock(&hsat_executables_lock);
	return status;
}

hsa_status_t impl_hsa_executable_load_program_code_object(hsa_executable_t executable,
							  hsa_code_object_reader_t reader,
							  const char *options,
							  hsa_loaded_code_object_t *loaded)
{
	/* the only code objects here are agent code objects of the emulated GPU */
	return impl_hsa_executable_load_agent_code_object(
		executable, hsat_agent_handle(&hsat_gpu_agent), reader, options, loaded);
}

hsa_status_t impl_hsa_executable_freeze(hsa_executable_t handle, const char *options)
{
	struct hsat_executable *executable;
	hsa_status_t status = HSA_STATUS_SUCCESS;

	HSAT_REQUIRE_INIT();
	(void)options;
	pthread_mutex_lock(&hsat_executables_lock);
	executable = hsat_executable_find_locked(handle.handle);
	if (!executable)
		status = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	else if (executable->frozen)
		status = HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
	else
		executable->frozen = true;
	pthread_mutex_unlock(&hsat_executables_lock);
	return status;
}

hsa_status_t impl_hsa_executable_validate(hsa_executable_t handle, uint32_t *result)
{
	bool found;

	HSAT_REQUIRE_INIT();
	if (!result)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&hsat_executables_lock);
	found = hsat_executable_find_locked(handle.handle) != NULL;
	pthread_mutex_unlock(&hsat_executables_lock);
	if (!found)
		return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	*result = 0;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_executable_validate_alt(hsa_executable_t handle, const char *options,
					      uint32_t *result)
{
	(void)options;
	return impl_hsa_executable_validate(handle, result);
}

hsa_status_t impl_hsa_executable_get_info(hsa_executable_t handle,
					  hsa_executable_info_t attribute, void *value)
{
	struct hsat_executable *executable;
	hsa_status_t status = HSA_STATUS_SUCCESS;

	HSAT_REQUIRE_INIT();
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&hsat_executables_lock);
	executable = hsat_executable_find_locked(handle.handle);
	if (!executable)
		status = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	else if (attribute == HSA_EXECUTABLE_INFO_PROFILE)
		*(hsa_profile_t *)value = executable->profile;
	else if (attribute == HSA_EXECUTABLE_INFO_STATE)
		*(hsa_executable_state_t *)value = executable->frozen
							   ? HSA_EXECUTABLE_STATE_FROZEN
							   : HSA_EXECUTABLE_STATE_UNFROZEN;
	else if (attribute == HSA_EXECUTABLE_INFO_DEFAULT_FLOAT_ROUNDING_MODE)
		*(hsa_default_float_rounding_mode_t *)value = executable->rounding;
	else
		status = HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_unlock(&hsat_executables_lock);
	return status;
}

/* --- symbols ---------------------------------------------------------------------------- */

/* "name" and "name.kd" both name the kernel "name". */
static bool name_matches(const char *kernel, const char *wanted)
{
	size_t length = strlen(kernel);

	if (strncmp(kernel, wanted, length) != 0)
		return false;
	return wanted[length] == '\0' || strcmp(wanted + length, ".kd") == 0;
}

hsa_status_t impl_hsa_executable_get_symbol_by_name(hsa_executable_t handle, const char *name,
						    const hsa_agent_t *agent,
						    hsa_executable_symbol_t *symbol)
{
	struct hsat_executable *executable;
	hsa_status_t status = HSA_STATUS_ERROR_INVALID_SYMBOL_NAME;

	HSAT_REQUIRE_INIT();
	if (!name || !symbol)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (agent && !hsat_agent_from_handle(*agent))
		return HSA_STATUS_ERROR_INVALID_AGENT;
	pthread_mutex_lock(&hsat_executables_lock);
	executable = hsat_executable_find_locked(handle.handle);
	if (!executable) {
		status = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
		goto cleanup;
	}
	if (agent && hsat_agent_from_handle(*agent) != &hsat_gpu_agent)
		goto cleanup; /* no symbol of the CPU agent */
	for (struct kernel_symbol *s = executable->symbols; s; s = s->next) {
		if (name_matches(s->kernel->name, name)) {
			symbol->handle = (uint64_t)(uintptr_t)s;
			status = HSA_STATUS_SUCCESS;
			break;
		}
	}
cleanup:
	pthread_mutex_unlock(&hsat_executables_lock);
	return status;
}

hsa_status_t impl_hsa_executable_get_symbol(hsa_executable_t executable, const char *module_name,
					    const char *symbol_name, hsa_agent_t agent,
					    int32_t call_convention, hsa_executable_symbol_t *symbol)
{
	(void)module_name;
	(void)call_convention;
	return impl_hsa_executable_get_symbol_by_name(executable, symbol_name, &agent, symbol);
}

static hsa_status_t symbol_info(const struct kernel_symbol *symbol,
				hsa_executable_symbol_info_t attribute, void *value)
{
	const struct hsat_cpu_kernel_descriptor *k = symbol->kernel;

	switch ((int)attribute) {
	case HSA_EXECUTABLE_SYMBOL_INFO_TYPE:
		*(hsa_symbol_kind_t *)value = HSA_SYMBOL_KIND_KERNEL;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH:
		*(uint32_t *)value = (uint32_t)strlen(k->name);
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_NAME:
		memcpy(value, k->name, strlen(k->name)); /* not NUL-terminated, per the spec */
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME_LENGTH:
		*(uint32_t *)value = 0;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME:
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_AGENT:
		*(hsa_agent_t *)value = hsat_agent_handle(&hsat_gpu_agent);
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_LINKAGE:
		*(hsa_symbol_linkage_t *)value = HSA_SYMBOL_LINKAGE_PROGRAM;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_IS_DEFINITION:
		*(bool *)value = true;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT:
		*(uint64_t *)value = symbol->executable->frozen ? (uint64_t)(uintptr_t)symbol : 0;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE:
		*(uint32_t *)value = k->kernarg_size;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT:
		*(uint32_t *)value = k->kernarg_alignment < 16 ? 16 : k->kernarg_alignment;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE:
		*(uint32_t *)value = k->group_segment_size;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE:
		*(uint32_t *)value = k->private_segment_size;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK:
		*(bool *)value = false;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_CALL_CONVENTION:
		*(uint32_t *)value = 0;
		return HSA_STATUS_SUCCESS;
	default: /* variable and indirect-function attributes do not apply to kernels */
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
}

hsa_status_t impl_hsa_executable_symbol_get_info(hsa_executable_symbol_t handle,
						 hsa_executable_symbol_info_t attribute,
						 void *value)
{
	struct kernel_symbol *symbol;
	hsa_status_t status;

	HSAT_REQUIRE_INIT();
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&hsat_executables_lock);
	symbol = symbol_find_locked(handle.handle);
	status = symbol ? symbol_info(symbol, attribute, value)
			: HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL;
	pthread_mutex_unlock(&hsat_executables_lock);
	return status;
}

/* Collects the symbol handles under the lock, then calls back without it (callbacks may
 * call into the runtime). */
static hsa_status_t symbols_snapshot(hsa_executable_t handle, hsa_executable_symbol_t **out,
				     size_t *count)
{
	struct hsat_executable *executable;
	hsa_status_t status = HSA_STATUS_SUCCESS;
	size_t n = 0;

	*out = NULL;
	*count = 0;
	pthread_mutex_lock(&hsat_executables_lock);
	executable = hsat_executable_find_locked(handle.handle);
	if (!executable) {
		status = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
		goto cleanup;
	}
	for (struct kernel_symbol *s = executable->symbols; s; s = s->next)
		n++;
	*out = calloc(n ? n : 1, sizeof(**out));
	if (!*out) {
		status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
		goto cleanup;
	}
	for (struct kernel_symbol *s = executable->symbols; s; s = s->next)
		(*out)[(*count)++].handle = (uint64_t)(uintptr_t)s;
cleanup:
	pthread_mutex_unlock(&hsat_executables_lock);
	return status;
}

/* Which callback an iterate call gives the executable's symbols to (neither: none). */
struct symbol_visit {
	hsa_status_t (*plain)(hsa_executable_t, hsa_executable_symbol_t, void *);
	hsa_status_t (*per_agent)(hsa_executable_t, hsa_agent_t, hsa_executable_symbol_t, void *);
	hsa_agent_t agent;
	void *data;
};

/*
 * Gives each symbol of a snapshot of the executable's to the visit's callback, until one
 * returns other than HSA_STATUS_SUCCESS; the snapshot is taken under the lock, the callbacks
 * run without it (they may call back into the runtime).
 */
static hsa_status_t visit_symbols(hsa_executable_t executable, const struct symbol_visit *visit)
{
	hsa_executable_symbol_t *symbols;
	size_t count;
	hsa_status_t status = symbols_snapshot(executable, &symbols, &count);

	for (size_t i = 0; status == HSA_STATUS_SUCCESS && i < count; i++) {
		if (visit->per_agent)
			status = visit->per_agent(executable, visit->agent, symbols[i], visit->data);
		else if (visit->plain)
			status = visit->plain(executable, symbols[i], visit->data);
	}
	free(symbols);
	return status;
}

hsa_status_t impl_hsa_executable_iterate_symbols(
	hsa_executable_t executable,
	hsa_status_t (*callback)(hsa_executable_t, hsa_executable_symbol_t, void *), void *data)
{
	HSAT_REQUIRE_INIT();
	if (!callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return visit_symbols(executable, &(struct symbol_visit){ .plain = callback, .data = data });
}

hsa_status_t impl_hsa_executable_iterate_agent_symbols(
	hsa_executable_t executable, hsa_agent_t agent,
	hsa_status_t (*callback)(hsa_executable_t, hsa_agent_t, hsa_executable_symbol_t, void *),
	void *data)
{
	struct hsat_agent *known;
	hsa_status_t status = hsat_agent_checked(agent, callback != NULL, &known);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	/* the kernels are the GPU agent's symbols: the CPU agent has none */
	return visit_symbols(executable, &(struct symbol_visit){
		.per_agent = known == &hsat_gpu_agent ? callback : NULL,
		.agent = agent,
		.data = data,
	});
}

hsa_status_t impl_hsa_executable_iterate_program_symbols(
	hsa_executable_t executable,
	hsa_status_t (*callback)(hsa_executable_t, hsa_executable_symbol_t, void *), void *data)
{
	HSAT_REQUIRE_INIT();
	if (!callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	/* kernels are agent symbols: there are no program symbols (the executable is checked) */
	return visit_symbols(executable, &(struct symbol_visit){ .data = data });
}

/* --- HSA 1.0 code objects: a deserialized code object is a reader under another name ------ */

hsa_status_t impl_hsa_code_object_deserialize(void *serialized, size_t size, const char *options,
					      hsa_code_object_t *code_object)
{
	hsa_code_object_reader_t reader;
	hsa_status_t status;

	(void)options;
	if (!code_object)
		return hsat_initialized() ? HSA_STATUS_ERROR_INVALID_ARGUMENT
					  : HSA_STATUS_ERROR_NOT_INITIALIZED;
	status = impl_hsa_code_object_reader_create_from_memory(serialized, size, &reader);
	if (status == HSA_STATUS_SUCCESS)
		code_object->handle = reader.handle;
	return status;
}

hsa_status_t impl_hsa_code_object_destroy(hsa_code_object_t code_object)
{
	hsa_status_t status =
		impl_hsa_code_object_reader_destroy((hsa_code_object_reader_t){ code_object.handle });

	return status == HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER
		       ? HSA_STATUS_ERROR_INVALID_CODE_OBJECT
		       : status;
}

hsa_status_t impl_hsa_executable_load_code_object(hsa_executable_t executable, hsa_agent_t agent,
						  hsa_code_object_t code_object, const char *options)
{
	hsa_status_t status = impl_hsa_executable_load_agent_code_object(
		executable, agent, (hsa_code_object_reader_t){ code_object.handle }, options, NULL);

	return status == HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER
		       ? HSA_STATUS_ERROR_INVALID_CODE_OBJECT
		       : status;
}
