/*
 * executables.c - code object readers (file and memory), executables, symbols: lookup with
 * and without ".kd", symbol info, iteration, frozen/unfrozen rules, invalid inputs.
 */
#include <stdlib.h>
#include <sys/stat.h>

#include <hsa/hsa_ven_amd_loader.h>

#include "tests/runtime/rt_common.h"

static char path[PATH_MAX];

static void *read_file(size_t *size)
{
	struct stat st;
	int fd = open(path, O_RDONLY);
	char *bytes = NULL;

	if (fd >= 0 && fstat(fd, &st) == 0) {
		bytes = malloc((size_t)st.st_size);
		if (bytes && read(fd, bytes, (size_t)st.st_size) != st.st_size) {
			free(bytes);
			bytes = NULL;
		}
		*size = (size_t)st.st_size;
	}
	if (fd >= 0)
		close(fd);
	return bytes;
}

static hsa_status_t count_symbol(hsa_executable_t exec, hsa_executable_symbol_t symbol, void *data)
{
	char name[64] = { 0 };
	uint32_t length = 0;

	(void)exec;
	hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH, &length);
	if (length < sizeof(name))
		hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_NAME, name);
	if (strcmp(name, "vector_copy") == 0 || strcmp(name, "record_ids") == 0 ||
	    strcmp(name, "append_tag") == 0 || strcmp(name, "group_sum") == 0 ||
	    strcmp(name, "empty") == 0)
		(*(int *)data)++;
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t stop_early(hsa_executable_t exec, hsa_executable_symbol_t symbol, void *data)
{
	(void)exec;
	(void)symbol;
	(*(int *)data)++;
	return HSA_STATUS_INFO_BREAK;
}

static hsa_status_t first_object(hsa_executable_t exec, hsa_loaded_code_object_t object,
				 void *data)
{
	(void)exec;
	*(hsa_loaded_code_object_t *)data = object;
	return HSA_STATUS_SUCCESS;
}

/* The AMD loader extension: loaded code objects, their URIs and ranges, address lookups. */
static void test_loader(hsa_executable_t exec, uint64_t kernel_object)
{
	hsa_ven_amd_loader_1_03_pfn_t loader;
	hsa_loaded_code_object_t object = { 0 };
	hsa_executable_t owner = { 0 };
	uint64_t base = 0, size = 0;
	uint32_t uri_length = 0, kind = 0;
	char uri[256] = { 0 };
	size_t segments = 0;

	is_int(hsa_system_get_major_extension_table(HSA_EXTENSION_AMD_LOADER, 1, sizeof(loader),
						    &loader),
	       HSA_STATUS_SUCCESS, "the AMD loader extension table (1.03)");
	loader.hsa_ven_amd_loader_executable_iterate_loaded_code_objects(exec, first_object,
									  &object);
	loader.hsa_ven_amd_loader_loaded_code_object_get_info(
		object, HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_KIND, &kind);
	loader.hsa_ven_amd_loader_loaded_code_object_get_info(
		object, HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_LOAD_BASE, &base);
	loader.hsa_ven_amd_loader_loaded_code_object_get_info(
		object, HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_LOAD_SIZE, &size);
	ok(object.handle && kind == HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_KIND_AGENT && base &&
		   size,
	   "one agent code object, with its load base and size");
	loader.hsa_ven_amd_loader_loaded_code_object_get_info(
		object, HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_URI_LENGTH, &uri_length);
	if (uri_length < sizeof(uri))
		loader.hsa_ven_amd_loader_loaded_code_object_get_info(
			object, HSA_VEN_AMD_LOADER_LOADED_CODE_OBJECT_INFO_URI, uri);
	ok(strncmp(uri, "memory://", 9) == 0 && strlen(uri) == uri_length,
	   "its URI is ROCr's memory form (%s)", uri);
	loader.hsa_ven_amd_loader_query_executable((const void *)(uintptr_t)(base + size / 2),
						   &owner);
	ok(owner.handle == exec.handle, "an address inside the object maps back to the executable");
	owner.handle = 0;
	loader.hsa_ven_amd_loader_query_executable((const void *)(uintptr_t)kernel_object, &owner);
	ok(owner.handle == exec.handle, "so does a kernel object");
	loader.hsa_ven_amd_loader_query_segment_descriptors(NULL, &segments);
	is_int(segments, 1, "one segment descriptor");
}

/*
 * Truncated copies of a real code object (a crash, a partial download): loading each is
 * INVALID_CODE_OBJECT. Before the image was checked, dlopen mapped segments past the end of
 * the copy and the first touch killed the program with SIGBUS.
 */
static void test_truncated_objects(hsa_agent_t gpu)
{
	size_t size, cuts[4];
	void *bytes = read_file(&size);
	int refused = 0;

	cuts[0] = 64;		/* the ELF header only */
	cuts[1] = size / 4;
	cuts[2] = size / 2;
	cuts[3] = size - 1;
	for (int i = 0; i < 4; i++) {
		hsa_code_object_reader_t cut_reader;
		hsa_executable_t cut_exec;

		if (hsa_code_object_reader_create_from_memory(bytes, cuts[i], &cut_reader) !=
		    HSA_STATUS_SUCCESS)
			continue;
		hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
					  NULL, &cut_exec);
		if (hsa_executable_load_agent_code_object(cut_exec, gpu, cut_reader, NULL, NULL) ==
		    HSA_STATUS_ERROR_INVALID_CODE_OBJECT)
			refused++;
		hsa_executable_destroy(cut_exec);
		hsa_code_object_reader_destroy(cut_reader);
	}
	is_int(refused, 4, "a code object cut at 64 bytes, 1/4, 1/2 and one byte short: "
	       "INVALID_CODE_OBJECT, no SIGBUS");
	free(bytes);
}

int main(void)
{
	hsa_agent_t gpu = { 0 }, cpu = { 0 };
	struct rt rt;
	hsa_code_object_reader_t reader;
	hsa_executable_t exec;
	hsa_executable_symbol_t symbol, symbol_kd;
	hsa_executable_state_t state;
	uint64_t object = 1;
	uint32_t kernarg_size = 0, group_size = 0, align = 0;
	hsa_symbol_kind_t kind;
	size_t size = 0;
	void *bytes;
	int count = 0;
	char junk[256] = "this is not an ELF code object";

	plan(40);
	is_int(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
					 NULL, &exec),
	       HSA_STATUS_ERROR_NOT_INITIALIZED, "before hsa_init: NOT_INITIALIZED");
	hsa_init();
	hsa_iterate_agents(rt_find_agent, &rt);
	gpu = rt.gpu;
	cpu = rt.cpu;
	rt_sibling_path("test_kernels.so", path, sizeof(path));
	bytes = read_file(&size);
	ok(bytes != NULL, "test code object read");

	is_int(hsa_code_object_reader_create_from_memory(bytes, size, &reader), HSA_STATUS_SUCCESS,
	       "reader from memory");
	free(bytes); /* the reader keeps its own copy */
	hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, NULL,
				  &exec);
	is_int(hsa_executable_load_agent_code_object(exec, cpu, reader, NULL, NULL),
	       HSA_STATUS_ERROR_INVALID_AGENT, "loading for the CPU agent is refused");
	is_int(hsa_executable_load_agent_code_object(exec, gpu, reader, NULL, NULL),
	       HSA_STATUS_SUCCESS, "loaded for the GPU agent");
	is_int(hsa_executable_get_symbol_by_name(exec, "vector_copy", &gpu, &symbol),
	       HSA_STATUS_SUCCESS, "symbol found before freeze");
	hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object);
	is_int(object, 0, "but its kernel object is 0 until the executable is frozen");
	is_int(hsa_executable_freeze(exec, NULL), HSA_STATUS_SUCCESS, "freeze");
	is_int(hsa_executable_freeze(exec, NULL), HSA_STATUS_ERROR_FROZEN_EXECUTABLE,
	       "freezing twice is refused");
	is_int(hsa_executable_load_agent_code_object(exec, gpu, reader, NULL, NULL),
	       HSA_STATUS_ERROR_FROZEN_EXECUTABLE, "loading into a frozen executable is refused");
	hsa_executable_get_info(exec, HSA_EXECUTABLE_INFO_STATE, &state);
	is_int(state, HSA_EXECUTABLE_STATE_FROZEN, "state is FROZEN");

	hsa_executable_get_symbol_by_name(exec, "vector_copy", &gpu, &symbol);
	is_int(hsa_executable_get_symbol_by_name(exec, "vector_copy.kd", &gpu, &symbol_kd),
	       HSA_STATUS_SUCCESS, "the .kd name finds the same kernel");
	ok(symbol.handle == symbol_kd.handle, "same symbol handle");
	is_int(hsa_executable_get_symbol_by_name(exec, "vector_cop", &gpu, &symbol_kd),
	       HSA_STATUS_ERROR_INVALID_SYMBOL_NAME, "a prefix is not a match");
	hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind);
	is_int(kind, HSA_SYMBOL_KIND_KERNEL, "TYPE is KERNEL");
	hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object);
	ok(object != 0 && object % 64 == 0, "KERNEL_OBJECT is set once frozen, 64-byte aligned");
	is_int(((const uint32_t *)(uintptr_t)object)[2], 2 * sizeof(void *),
	       "it addresses an AMD-style descriptor: kernarg_size at offset 8");
	hsa_executable_symbol_get_info(symbol,
				       HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
				       &kernarg_size);
	is_int(kernarg_size, 2 * sizeof(void *), "KERNARG_SEGMENT_SIZE from the descriptor");
	hsa_executable_symbol_get_info(symbol,
				       HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT,
				       &align);
	is_int(align, 16, "KERNARG_SEGMENT_ALIGNMENT is 16");
	hsa_executable_get_symbol_by_name(exec, "group_sum", &gpu, &symbol);
	hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
				       &group_size);
	is_int(group_size, sizeof(uint32_t), "GROUP_SEGMENT_SIZE from the descriptor");
	is_int(hsa_executable_symbol_get_info(symbol,
					      HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &object),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "variable attributes do not apply to kernels");

	test_loader(exec, object);
	is_int(hsa_executable_iterate_symbols(exec, count_symbol, &count), HSA_STATUS_SUCCESS,
	       "iterate symbols");
	is_int(count, 5, "all 5 kernels iterated, with their names");
	count = 0;
	is_int(hsa_executable_iterate_symbols(exec, stop_early, &count), HSA_STATUS_INFO_BREAK,
	       "a callback's status ends the iteration and is returned");

	is_int(hsa_code_object_reader_create_from_memory(junk, sizeof(junk), &reader),
	       HSA_STATUS_SUCCESS, "a reader accepts any bytes");
	{
		hsa_executable_t other;

		hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
					  NULL, &other);
		is_int(hsa_executable_load_agent_code_object(other, gpu, reader, NULL, NULL),
		       HSA_STATUS_ERROR_INVALID_CODE_OBJECT, "loading junk is INVALID_CODE_OBJECT");
		hsa_executable_destroy(other);
	}
	hsa_code_object_reader_destroy(reader);
	test_truncated_objects(gpu);
	{
		hsa_code_object_t code_object;
		hsa_executable_t old_style;
		hsa_executable_symbol_t found;

		bytes = read_file(&size);
		is_int(hsa_code_object_deserialize(bytes, size, NULL, &code_object),
		       HSA_STATUS_SUCCESS, "HSA 1.0 path: code object deserialized");
		free(bytes);
		hsa_executable_create(HSA_PROFILE_FULL, HSA_EXECUTABLE_STATE_UNFROZEN, NULL,
				      &old_style);
		is_int(hsa_executable_load_code_object(old_style, gpu, code_object, NULL),
		       HSA_STATUS_SUCCESS, "and loaded with hsa_executable_load_code_object");
		hsa_executable_freeze(old_style, NULL);
		is_int(hsa_executable_get_symbol_by_name(old_style, "empty.kd", &gpu, &found),
		       HSA_STATUS_SUCCESS, "its kernels are found");
		is_int(hsa_code_object_destroy(code_object), HSA_STATUS_SUCCESS,
		       "code object destroyed");
		is_int(hsa_code_object_destroy(code_object), HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
		       "destroying it twice: INVALID_CODE_OBJECT");
		hsa_executable_destroy(old_style);
	}
	is_int(hsa_executable_destroy(exec), HSA_STATUS_SUCCESS, "destroy");
	is_int(hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind),
	       HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL,
	       "a symbol of a destroyed executable is refused");
	hsa_shut_down();
	return exit_status();
}
