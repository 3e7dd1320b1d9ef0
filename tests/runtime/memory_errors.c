/*
 * memory_errors.c - agents, regions and pools, allocation, pointer info, lock/unlock, fill,
 * hsa_memory_copy; and the error path: NOT_INITIALIZED, invalid handles and NULL pointers get
 * the status the HSA spec names, unimplemented entries return an error status.
 */
#include <hsa/hsa_ext_finalize.h>
#include <hsa/hsa_ext_image.h>
#include <stdlib.h>

#include "tests/runtime/rt_common.h"

static hsa_status_t find_kernarg_region(hsa_region_t region, void *data)
{
	uint32_t flags = 0;

	hsa_region_get_info(region, HSA_REGION_INFO_GLOBAL_FLAGS, &flags);
	if (flags & HSA_REGION_GLOBAL_FLAG_KERNARG)
		*(hsa_region_t *)data = region;
	return HSA_STATUS_SUCCESS;
}

static void test_agents(struct rt *rt)
{
	char name[64] = { 0 };
	hsa_agent_feature_t feature = 0;
	uint32_t cus = 0, wavefront = 0, queue_max = 0;
	bool profiler = false;

	hsa_agent_get_info(rt->gpu, HSA_AGENT_INFO_NAME, name);
	ok(strstr(name, "hsatrace") != NULL, "GPU agent's name says it is the CPU runtime (%s)", name);
	hsa_agent_get_info(rt->gpu, HSA_AGENT_INFO_FEATURE, &feature);
	ok(feature & HSA_AGENT_FEATURE_KERNEL_DISPATCH, "GPU agent has KERNEL_DISPATCH");
	hsa_agent_get_info(rt->gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT, &cus);
	is_int(cus, 3, "compute units = HSATRACE_CPU_WORKERS");
	hsa_agent_get_info(rt->gpu, HSA_AGENT_INFO_WAVEFRONT_SIZE, &wavefront);
	is_int(wavefront, 64, "wavefront size 64");
	hsa_agent_get_info(rt->gpu, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &queue_max);
	ok(queue_max >= 4096 && (queue_max & (queue_max - 1)) == 0, "queue max size %u", queue_max);
	hsa_system_extension_supported(HSA_EXTENSION_AMD_PROFILER, 1, 0, &profiler);
	ok(profiler, "the AMD profiler extension is supported");
}

static void test_memory(struct rt *rt)
{
	hsa_region_t kernarg = { 0 };
	void *p = NULL, *locked = NULL;
	uint32_t *words;
	hsa_amd_pointer_info_t info;
	uint32_t accessible_count = 0;
	hsa_agent_t *accessible = NULL;
	char host[4096], copy[64];
	int bad = 0;

	hsa_agent_iterate_regions(rt->gpu, find_kernarg_region, &kernarg);
	ok(kernarg.handle != 0, "the GPU agent's regions include a kernarg region");
	is_int(hsa_memory_allocate(kernarg, 100, &p), HSA_STATUS_SUCCESS, "hsa_memory_allocate");
	is_int(hsa_memory_free(p), HSA_STATUS_SUCCESS, "hsa_memory_free");
	is_int(hsa_amd_memory_pool_allocate(rt->fine_pool, 4096 * 3, 0, &p), HSA_STATUS_SUCCESS,
	       "pool allocate");
	is_int(hsa_amd_agents_allow_access(1, &rt->gpu, NULL, p), HSA_STATUS_SUCCESS,
	       "allow access for the GPU agent");
	memset(&info, 0, sizeof(info));
	info.size = sizeof(info);
	is_int(hsa_amd_pointer_info((char *)p + 5000, &info, malloc, &accessible_count, &accessible),
	       HSA_STATUS_SUCCESS, "pointer info on an interior pointer");
	ok(info.type == HSA_EXT_POINTER_TYPE_HSA && info.hostBaseAddress == p &&
		   info.sizeInBytes == 4096 * 3 && accessible_count == 2,
	   "pointer info: HSA allocation, its base and size, accessible by both agents");
	free(accessible);
	words = p;
	is_int(hsa_amd_memory_fill(words, 0xabcdef01u, 3000), HSA_STATUS_SUCCESS, "fill");
	for (int i = 0; i < 3000; i++)
		bad += words[i] != 0xabcdef01u;
	is_int(bad, 0, "fill wrote every word");
	is_int(hsa_memory_copy(copy, words, sizeof(copy)), HSA_STATUS_SUCCESS, "hsa_memory_copy");
	ok(memcmp(copy, words, sizeof(copy)) == 0, "copied");
	is_int(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS, "pool free");
	is_int(hsa_amd_memory_pool_free(p), HSA_STATUS_ERROR_INVALID_ARGUMENT,
	       "freeing twice is refused");
	is_int(hsa_amd_memory_lock(host, sizeof(host), &rt->gpu, 1, &locked), HSA_STATUS_SUCCESS,
	       "lock host memory");
	memset(&info, 0, sizeof(info));
	info.size = sizeof(info);
	hsa_amd_pointer_info(host, &info, NULL, NULL, NULL);
	ok(locked != NULL && locked != (void *)host && info.type == HSA_EXT_POINTER_TYPE_LOCKED &&
		   info.hostBaseAddress == host && info.agentBaseAddress == locked,
	   "locked memory has an agent address of its own, type LOCKED");
	is_int(hsa_amd_memory_unlock(host), HSA_STATUS_SUCCESS, "unlock");
	hsa_amd_pointer_info(host, &info, NULL, NULL, NULL);
	is_int(info.type, HSA_EXT_POINTER_TYPE_UNKNOWN, "unlocked memory is unknown again");
}

static _Atomic int dealloc_calls;
static void *_Atomic dealloc_ptr;

static void on_dealloc(void *ptr, void *user_data)
{
	atomic_store(&dealloc_ptr, ptr);
	atomic_fetch_add(&dealloc_calls, *(int *)user_data);
}

static hsa_status_t first_wavefront(hsa_wavefront_t wavefront, void *data)
{
	*(hsa_wavefront_t *)data = wavefront;
	return HSA_STATUS_SUCCESS;
}

static void test_extras(struct rt *rt)
{
	void *p = NULL;
	int one = 1;
	hsa_queue_t *queue = NULL;
	uint32_t mask[1] = { 0x5 }, got[1] = { 0 }, size = 0;
	hsa_isa_t isa = { 0 };
	hsa_wavefront_t wavefront = { 0 };

	hsa_amd_memory_pool_allocate(rt->fine_pool, 64, 0, &p);
	is_int(hsa_amd_register_deallocation_callback(p, on_dealloc, &one), HSA_STATUS_SUCCESS,
	       "deallocation callback registered");
	hsa_amd_memory_pool_free(p);
	ok(atomic_load(&dealloc_calls) == 1 && atomic_load(&dealloc_ptr) == p,
	   "it ran once when the allocation was freed, with its pointer");
	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue);
	is_int(hsa_amd_queue_cu_set_mask(queue, 32, mask), HSA_STATUS_SUCCESS, "CU mask set");
	hsa_amd_queue_cu_get_mask(queue, 32, got);
	is_int(got[0], 0x5, "and read back (within the 3 compute units)");
	is_int(hsa_amd_queue_cu_set_mask(queue, 31, mask), HSA_STATUS_ERROR_INVALID_ARGUMENT,
	       "a mask length not a multiple of 32 is refused");
	hsa_queue_destroy(queue);
	hsa_agent_get_info(rt->gpu, HSA_AGENT_INFO_ISA, &isa);
	hsa_isa_iterate_wavefronts(isa, first_wavefront, &wavefront);
	hsa_wavefront_get_info(wavefront, HSA_WAVEFRONT_INFO_SIZE, &size);
	is_int(size, 64, "the ISA's wavefront is 64 wide");
}

static void test_invalid(struct rt *rt)
{
	hsa_agent_t bogus_agent = { 0x42 };
	hsa_queue_t *queue = NULL, fake_queue;
	hsa_amd_memory_pool_t bogus_pool = { 0x42 };
	void *p;
	uint32_t value;
	const char *text = NULL;

	is_int(hsa_agent_get_info(bogus_agent, HSA_AGENT_INFO_NAME, &value),
	       HSA_STATUS_ERROR_INVALID_AGENT, "agent_get_info on a bogus agent");
	is_int(hsa_agent_get_info(rt->gpu, HSA_AGENT_INFO_NAME, NULL),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "agent_get_info with a NULL value");
	is_int(hsa_agent_get_info(rt->gpu, (hsa_agent_info_t)0x7777, &value),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "agent_get_info with an unknown attribute");
	is_int(hsa_queue_create(bogus_agent, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue),
	       HSA_STATUS_ERROR_INVALID_AGENT, "queue_create on a bogus agent");
	is_int(hsa_queue_create(rt->cpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue),
	       HSA_STATUS_ERROR_INVALID_QUEUE_CREATION, "queue_create on the CPU agent");
	is_int(hsa_queue_create(rt->gpu, 100, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "queue_create with a size not a power of two");
	is_int(hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, NULL),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "queue_create with a NULL result");
	is_int(hsa_queue_create(rt->gpu, 64, (hsa_queue_type32_t)77, NULL, NULL, 0, 0, &queue),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "queue_create with an unknown queue type");
	is_int(hsa_queue_destroy(NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT, "queue_destroy(NULL)");
	memset(&fake_queue, 0, sizeof(fake_queue));
	is_int(hsa_queue_destroy(&fake_queue), HSA_STATUS_ERROR_INVALID_QUEUE,
	       "queue_destroy on something that is not a queue");
	is_int(hsa_amd_memory_pool_allocate(bogus_pool, 64, 0, &p),
	       HSA_STATUS_ERROR_INVALID_MEMORY_POOL, "allocate from a bogus pool");
	is_int(hsa_amd_memory_pool_allocate(rt->fine_pool, 0, 0, &p),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "allocate 0 bytes");
	is_int(hsa_executable_destroy((hsa_executable_t){ 0x42 }),
	       HSA_STATUS_ERROR_INVALID_EXECUTABLE, "destroy a bogus executable");
	is_int(hsa_code_object_reader_create_from_file(-1, (hsa_code_object_reader_t *)&value),
	       HSA_STATUS_ERROR_INVALID_FILE, "reader from a bad file descriptor");
	is_int(hsa_status_string((hsa_status_t)0x7777, &text), HSA_STATUS_ERROR_INVALID_ARGUMENT,
	       "status string of an unknown status");
	/* What the HSA spec names INVALID_ARGUMENT. */
	is_int(hsa_memory_register(&value, 0), HSA_STATUS_ERROR_INVALID_ARGUMENT,
	       "memory_register of 0 bytes");
	is_int(hsa_memory_register(NULL, 64), HSA_STATUS_ERROR_INVALID_ARGUMENT,
	       "memory_register of NULL");
	is_int(hsa_memory_register(&value, sizeof(value)), HSA_STATUS_SUCCESS,
	       "memory_register of a variable");
	is_int(hsa_memory_deregister(&value, sizeof(value)), HSA_STATUS_SUCCESS,
	       "and its deregister");
	{
		bool supported = true;
		uint16_t minor;

		is_int(hsa_system_extension_supported(0x7777, 1, 0, &supported),
		       HSA_STATUS_ERROR_INVALID_ARGUMENT, "extension_supported of an unknown extension");
		is_int(hsa_system_major_extension_supported(0x7777, 1, &minor, &supported),
		       HSA_STATUS_ERROR_INVALID_ARGUMENT,
		       "major_extension_supported of an unknown extension");
		is_int(hsa_system_extension_supported(HSA_EXTENSION_IMAGES, 1, 0, &supported),
		       HSA_STATUS_SUCCESS, "extension_supported of a known extension");
	}
	/* not implemented: an error status, never a crash or a silent success */
	is_int(hsa_ext_image_create(rt->gpu, NULL, NULL, HSA_ACCESS_PERMISSION_RW, NULL),
	       HSA_STATUS_ERROR, "hsa_ext_image_create is not implemented: HSA_STATUS_ERROR");
	is_int(hsa_ext_program_create(HSA_MACHINE_MODEL_LARGE, HSA_PROFILE_FULL,
				      HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, NULL, NULL),
	       HSA_STATUS_ERROR, "hsa_ext_program_create is not implemented: HSA_STATUS_ERROR");
	is_int(hsa_amd_ipc_memory_create(NULL, 0, NULL), HSA_STATUS_ERROR,
	       "hsa_amd_ipc_memory_create is not implemented: HSA_STATUS_ERROR");
}

int main(void)
{
	struct rt rt;
	const char *text = NULL;
	hsa_agent_t none = { 0 };

	plan(61);
	setenv("HSATRACE_CPU_WORKERS", "3", 1);
	is_int(hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED, "shut_down before init");
	is_int(hsa_iterate_agents(rt_find_agent, &rt), HSA_STATUS_ERROR_NOT_INITIALIZED,
	       "iterate_agents before init");
	is_int(hsa_status_string(HSA_STATUS_ERROR_NOT_INITIALIZED, &text),
	       HSA_STATUS_ERROR_NOT_INITIALIZED, "status_string before init: NOT_INITIALIZED "
	       "(HSA spec, ROCr)");
	ok(text == NULL, "and nothing stored");
	if (!ok(rt_setup(&rt), "runtime initialised"))
		return exit_status();
	test_agents(&rt);
	test_memory(&rt);
	test_extras(&rt);
	test_invalid(&rt);
	hsa_executable_destroy(rt.executable);
	is_int(hsa_shut_down(), HSA_STATUS_SUCCESS, "hsa_shut_down");
	is_int(hsa_agent_get_info(none, HSA_AGENT_INFO_NAME, &text), HSA_STATUS_ERROR_NOT_INITIALIZED,
	       "after the last shut_down: NOT_INITIALIZED again");
	return exit_status();
}
