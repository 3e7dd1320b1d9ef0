/*
 * loader.c - the AMD loader extension (hsa_ven_amd_loader.h, table version 1.03): which
 * executables and code objects are loaded, where, and from what. Tools use it to name code
 * objects (URIs) and to map addresses back to executables.
 *
 * A loaded code object here is an ELF shared object mapped by dlopen; its "storage" is the
 * runtime's copy of the bytes (type MEMORY), and its URI follows ROCr's memory form:
 * memory://<pid>#offset=0x<address>&size=<bytes>.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hsa/hsa_ven_amd_loader.h>

#include "runtime/agents.h"
#include "runtime/executable_internal.h"
#include "runtime/extensions.h"

static struct hsat_loaded_object *object_find_locked(uint64_t handle)
{
	for (struct hsat_executable *e = hsat_executables; e; e = e->next)
		for (struct hsat_loaded_object *o = e->objects; o; o = o->next)
			if ((uint64_t)(uintptr_t)o == handle)
				return o;
	return NULL;
}

/* The loaded object whose mapping contains the address, or NULL. */
static struct hsat_loaded_object *object_at_locked(const void *address)
{
	uintptr_t a = (uintptr_t)address;

	for (struct hsat_executable *e = hsat_executables; e; e = e->next)
		for (struct hsat_loaded_object *o = e->objects; o; o = o->next)
			if (a >= o->load_base && a < o->load_base + o->load_size)
				return o;
	return NULL;
}

/* The executable owning the address: inside a loaded object, or a kernel_object. */
static struct hsat_executable *executable_at_locked(const void *address)
{
	struct hsat_loaded_object *object = object_at_locked(address);

	if (object)
		return object->executable;
	for (struct hsat_executable *e = hsat_executables; e; e = e->next)
		for (struct kernel_symbol *s = e->symbols; s; s = s->next)
			if ((const void *)s == address)
				return e;
	return NULL;
}

/* The executable a device address lies in, after the checks both address queries make. */
static hsa_status_t owner_of_address(const void *device_address, bool result_given,
				     struct hsat_executable **owner)
{
	HSAT_REQUIRE_INIT();
	if (!device_address || !result_given)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&hsat_executables_lock);
	*owner = executable_at_locked(device_address);
	pthread_mutex_unlock(&hsat_executables_lock);
	return *owner ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

static hsa_status_t query_host_address(const void *device_address, const void **host_address)
{
	struct hsat_executable *owner;
	hsa_status_t status = owner_of_address(device_address, host_address != NULL, &owner);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	*host_address = device_address; /* the emulated GPU shares the host's address space */
	return HSA_STATUS_SUCCESS;
}

static void describe(const struct hsat_loaded_object *o, hsa_ven_amd_loader_segment_descriptor_t *d)
{
	d->agent = hsat_agent_handle(&hsat_gpu_agent);
	d->executable.handle = (uint64_t)(uintptr_t)o->executable;
	d->code_object_storage_type = HSA_VEN_AMD_LOADER_CODE_OBJECT_STORAGE_TYPE_MEMORY;
	d->code_object_storage_base = o->bytes;
	d->code_object_storage_size = o->size;
	d->code_object_storage_offset = 0;
	d->segment_base = (const void *)o->load_base;
	d->segment_size = o->load_size;
}

static hsa_status_t query_segment_descriptors(hsa_ven_amd_loader_segment_descriptor_t *descriptors,
					      size_t *count)
{
	size_t n = 0;
	hsa_status_t status = HSA_STATUS_SUCCESS;

	HSAT_REQUIRE_INIT();
	if (!count)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&hsat_executables_lock);
	for (struct hsat_executable *e = hsat_executables; e; e = e->next)
		for (struct hsat_loaded_object *o = e->objects; o; o = o->next)
			n++;
	if (*count == 0) { /* size query */
		*count = n;
	} else if (*count != n || !descriptors) {
		status = HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS;
	} else {
		size_t i = 0;

		for (struct hsat_executable *e = hsat_executables; e; e = e->next)
			for (struct hsat_loaded_object *o = e->objects; o; o = o->next)
				describe(o, &descriptors[i++]);
	}
	pthread_mutex_unlock(&hsat_executables_lock);
	return status;
}

static hsa_status_t query_executable(const void *device_address, hsa_executable_t *executable)
{
	struct hsat_executable *owner;
	hsa_status_t status = owner_of_address(device_address, executable != NULL, &owner);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	executable->handle = (uint64_t)(uintptr_t)owner;
	return HSA_STATUS_SUCCESS;
}

/* Handles collected under the lock; callbacks run without it (they may call back in). */
static hsa_status_t iterate_loaded_code_objects(
	hsa_executable_t handle,
	hsa_status_t (*callback)(hsa_executable_t, hsa_loaded_code_object_t, void *), void *data)
{
	struct hsat_executable *executable;
	hsa_loaded_code_object_t objects[64];
	size_t n = 0;
	hsa_status_t status = HSA_STATUS_SUCCESS;

	HSAT_REQUIRE_INIT();
	if (!callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&hsat_executables_lock);
	executable = hsat_executable_find_locked(handle.handle);
	if (executable)
		for (struct hsat_loaded_object *o = executable->objects; o && n < 64; o = o->next)
			objects[n++].handle = (uint64_t)(uintptr_t)o;
	pthread_mutex_unlock(&hsat_executables_lock);
	if (!executable)
		return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	for (size_t i = n; status == HSA_STATUS_SUCCESS && i > 0; i--) /* in load order */
		status = callback(handle, objects[i - 1], data);
	return status;
}

static int format_uri(const struct hsat_loaded_object *o, char *buffer, size_t size)
{
	return snprintf(buffer, size, "memory://%ld#offset=0x%lx&size=%zu", (long)getpid(),
			(unsigned long)(uintptr_t)o->bytes, o->size);
}

static hsa_status_t object_info(const struct hsat_loaded_object *o,
				hsa_ven_amd_loader_loaded_code_object_info_t attribute,
				void *value)
{
	switch ((int)attribute) {
	case HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_EXECUTABLE:
		((hsa_executable_t *)value)->handle = (uint64_t)(uintptr_t)o->executable;
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_KIND:
		*(uint32_t *)value = HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_KIND_AGENT;
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_AGENT:
		*(hsa_agent_t *)value = hsat_agent_handle(&hsat_gpu_agent);
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_CODE_OBJECT_STORAGE_TYPE:
		*(uint32_t *)value = HSA_VEN_AMD_LOADER_CODE_OBJECT_STORAGE_TYPE_MEMORY;
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_CODE_OBJECT_STORAGE_MEMORY_BASE:
		*(uint64_t *)value = (uint64_t)(uintptr_t)o->bytes;
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_CODE_OBJECT_STORAGE_MEMORY_SIZE:
		*(uint64_t *)value = o->size;
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_LOAD_DELTA:
		/* shared objects are linked at address 0: the delta is the load base */
		*(int64_t *)value = (int64_t)o->load_base;
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_LOAD_BASE:
		*(uint64_t *)value = o->load_base;
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_LOAD_SIZE:
		*(uint64_t *)value = o->load_size;
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_URI_LENGTH:
		*(uint32_t *)value = (uint32_t)format_uri(o, NULL, 0);
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_URI: {
		char uri[128];
		int length = format_uri(o, uri, sizeof(uri));

		memcpy(value, uri, (size_t)length); /* not NUL-terminated, like the NAME attributes */
		return HSA_STATUS_SUCCESS;
	}
	default: /* FILE storage does not apply */
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
}

static hsa_status_t loaded_code_object_get_info(hsa_loaded_code_object_t handle,
						hsa_ven_amd_loader_loaded_code_object_info_t attribute,
						void *value)
{
	struct hsat_loaded_object *object;
	hsa_status_t status;

	HSAT_REQUIRE_INIT();
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&hsat_executables_lock);
	object = object_find_locked(handle.handle);
	status = object ? object_info(object, attribute, value) : HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
	pthread_mutex_unlock(&hsat_executables_lock);
	return status;
}

static hsa_status_t reader_from_file_slice(hsa_file_t file, size_t offset, size_t size,
					   hsa_code_object_reader_t *reader)
{
	char *bytes;
	size_t done = 0;
	hsa_status_t status;

	HSAT_REQUIRE_INIT();
	if (!reader || size == 0)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	bytes = malloc(size);
	if (!bytes)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	while (done < size) {
		ssize_t n = pread(file, bytes + done, size - done, (off_t)(offset + done));

		if (n <= 0) {
			free(bytes);
			return HSA_STATUS_ERROR_INVALID_FILE;
		}
		done += (size_t)n;
	}
	status = impl_hsa_code_object_reader_create_from_memory(bytes, size, reader);
	free(bytes);
	return status;
}

static hsa_status_t iterate_executables(hsa_status_t (*callback)(hsa_executable_t, void *),
					void *data)
{
	hsa_executable_t handles[256];
	size_t n = 0;
	hsa_status_t status = HSA_STATUS_SUCCESS;

	HSAT_REQUIRE_INIT();
	if (!callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&hsat_executables_lock);
	for (struct hsat_executable *e = hsat_executables; e && n < 256; e = e->next)
		handles[n++].handle = (uint64_t)(uintptr_t)e;
	pthread_mutex_unlock(&hsat_executables_lock);
	for (size_t i = n; status == HSA_STATUS_SUCCESS && i > 0; i--) /* in creation order */
		status = callback(handles[i - 1], data);
	return status;
}

size_t hsat_loader_table_size(void)
{
	return sizeof(hsa_ven_amd_loader_1_03_pfn_t);
}

void hsat_loader_table(void *out)
{
	hsa_ven_amd_loader_1_03_pfn_t table = {
		query_host_address,          query_segment_descriptors,   query_executable,
		iterate_loaded_code_objects, loaded_code_object_get_info, reader_from_file_slice,
		iterate_executables,
	};

	memcpy(out, &table, sizeof(table));
}
