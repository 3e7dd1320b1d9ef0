/*
 * agents.c - the CPU agent and the emulated GPU kernel agent: hsa_iterate_agents,
 * hsa_agent_get_info (core and AMD attributes), ISAs, caches, extension support.
 */
#include <string.h>
#include <unistd.h>

#include "runtime/agents.h"
#include "runtime/queue_limits.h"

#define AGENT_MAGIC 0x41474e54u /* "AGNT" */
#define ISA_MAGIC 0x49534121u
#define WAVEFRONT_SIZE 64u
#define WORKGROUP_MAX 1024u
/* A real ISA, so that ROCclr (HIP, OpenCL) accepts the device: gfx906 (Vega 20) has the same
 * 64-wide wavefronts. "Any" xnack and sramecc: code built for plain gfx906 matches. */
#define GPU_ISA_NAME "amdgcn-amd-amdhsa--gfx906"
#define WAVES_PER_CU (WORKGROUP_MAX / WAVEFRONT_SIZE) /* one workgroup at a time per worker */

struct hsat_agent hsat_cpu_agent = { AGENT_MAGIC, HSA_DEVICE_TYPE_CPU, 0,
				     "hsatrace CPU host" };
struct hsat_agent hsat_gpu_agent = { AGENT_MAGIC, HSA_DEVICE_TYPE_GPU, 1,
				     "hsatrace-cpu-gpu" };

static struct isa {
	uint32_t magic;
	const char *name;
} gpu_isa = { ISA_MAGIC, GPU_ISA_NAME };

static unsigned worker_count = 1;

void hsat_agents_init(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	worker_count = hsat_env_unsigned("HSATRACE_CPU_WORKERS", cpus > 0 ? (unsigned)cpus : 1,
					 1, 256);
}

unsigned hsat_worker_count(void)
{
	return worker_count;
}

struct hsat_agent *hsat_agent_from_handle(hsa_agent_t agent)
{
	if (agent.handle == (uint64_t)(uintptr_t)&hsat_cpu_agent)
		return &hsat_cpu_agent;
	if (agent.handle == (uint64_t)(uintptr_t)&hsat_gpu_agent)
		return &hsat_gpu_agent;
	return NULL;
}

hsa_status_t hsat_agent_checked(hsa_agent_t handle, bool argument_given,
				struct hsat_agent **agent)
{
	HSAT_REQUIRE_INIT();
	*agent = hsat_agent_from_handle(handle);
	if (!*agent)
		return HSA_STATUS_ERROR_INVALID_AGENT;
	return argument_given ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

hsa_status_t impl_hsa_iterate_agents(hsa_status_t (*callback)(hsa_agent_t agent, void *data),
				     void *data)
{
	hsa_status_t status;

	HSAT_REQUIRE_INIT();
	if (!callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	status = callback(hsat_agent_handle(&hsat_cpu_agent), data);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	return callback(hsat_agent_handle(&hsat_gpu_agent), data);
}

static void copy_name(void *value, const char *name, size_t size)
{
	memset(value, 0, size);
	strncpy(value, name, size - 1);
}

/* L1 data, L2, L3 (and no L4) of the host, which both agents run on; 0 where unknown. */
static void host_cache_sizes(uint32_t sizes[4])
{
	const int names[3] = { _SC_LEVEL1_DCACHE_SIZE, _SC_LEVEL2_CACHE_SIZE,
			       _SC_LEVEL3_CACHE_SIZE };

	for (int i = 0; i < 3; i++) {
		long size = sysconf(names[i]);

		sizes[i] = size > 0 && size <= (long)UINT32_MAX ? (uint32_t)size : 0;
	}
	sizes[3] = 0;
}

/* HDP (host data path) flush registers: writes there flush the PCIe write path on a GPU.
 * Host memory needs no flush; these are words the emulated GPU never reads, so writing to
 * them is harmless. */
static uint32_t hdp_mem_flush_cntl, hdp_reg_flush_cntl;

/* Core attributes; false when the attribute is unknown. */
/* The dispatch and queue limits: zero on the CPU agent, which runs no kernels. */
static bool core_limit_info(const struct hsat_agent *agent, hsa_agent_info_t attribute,
			    void *value)
{
	bool gpu = agent->type == HSA_DEVICE_TYPE_GPU;

	switch (attribute) {
	case HSA_AGENT_INFO_WAVEFRONT_SIZE:
		*(uint32_t *)value = gpu ? WAVEFRONT_SIZE : 0;
		return true;
	case HSA_AGENT_INFO_WORKGROUP_MAX_DIM: {
		uint16_t dims[3] = { WORKGROUP_MAX, WORKGROUP_MAX, WORKGROUP_MAX };

		if (!gpu)
			memset(dims, 0, sizeof(dims));
		memcpy(value, dims, sizeof(dims));
		return true;
	}
	case HSA_AGENT_INFO_WORKGROUP_MAX_SIZE:
		*(uint32_t *)value = gpu ? WORKGROUP_MAX : 0;
		return true;
	case HSA_AGENT_INFO_GRID_MAX_DIM: {
		hsa_dim3_t dims = { UINT32_MAX, UINT32_MAX, UINT32_MAX };

		if (!gpu)
			memset(&dims, 0, sizeof(dims));
		*(hsa_dim3_t *)value = dims;
		return true;
	}
	case HSA_AGENT_INFO_GRID_MAX_SIZE:
		*(uint32_t *)value = gpu ? UINT32_MAX : 0;
		return true;
	case HSA_AGENT_INFO_FBARRIER_MAX_SIZE:
		*(uint32_t *)value = gpu ? 32 : 0;
		return true;
	case HSA_AGENT_INFO_QUEUES_MAX:
		*(uint32_t *)value = gpu ? HSAT_QUEUES_MAX : 0;
		return true;
	case HSA_AGENT_INFO_QUEUE_MIN_SIZE:
		*(uint32_t *)value = gpu ? HSAT_QUEUE_MIN_SIZE : 0;
		return true;
	case HSA_AGENT_INFO_QUEUE_MAX_SIZE:
		*(uint32_t *)value = gpu ? HSAT_QUEUE_MAX_SIZE : 0;
		return true;
	case HSA_AGENT_INFO_QUEUE_TYPE:
		*(hsa_queue_type32_t *)value = HSA_QUEUE_TYPE_MULTI;
		return true;
	default:
		return false;
	}
}

static bool core_info(const struct hsat_agent *agent, hsa_agent_info_t attribute, void *value)
{
	bool gpu = agent->type == HSA_DEVICE_TYPE_GPU;

	switch (attribute) {
	case HSA_AGENT_INFO_NAME:
		copy_name(value, agent->name, 64);
		return true;
	case HSA_AGENT_INFO_VENDOR_NAME:
		copy_name(value, "hsatrace", 64);
		return true;
	case HSA_AGENT_INFO_FEATURE:
		*(hsa_agent_feature_t *)value = gpu ? HSA_AGENT_FEATURE_KERNEL_DISPATCH : 0;
		return true;
	case HSA_AGENT_INFO_MACHINE_MODEL:
		*(hsa_machine_model_t *)value = HSA_MACHINE_MODEL_LARGE;
		return true;
	case HSA_AGENT_INFO_PROFILE:
		*(hsa_profile_t *)value = HSA_PROFILE_BASE;
		return true;
	case HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE:
	case HSA_AGENT_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES:
		*(hsa_default_float_rounding_mode_t *)value = HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR;
		return true;
	case HSA_AGENT_INFO_FAST_F16_OPERATION:
		*(bool *)value = false;
		return true;
	case HSA_AGENT_INFO_NODE:
		*(uint32_t *)value = agent->node;
		return true;
	case HSA_AGENT_INFO_DEVICE:
		*(hsa_device_type_t *)value = agent->type;
		return true;
	case HSA_AGENT_INFO_CACHE_SIZE:
		host_cache_sizes(value);
		return true;
	case HSA_AGENT_INFO_ISA:
		((hsa_isa_t *)value)->handle = gpu ? (uint64_t)(uintptr_t)&gpu_isa : 0;
		return true;
	case HSA_AGENT_INFO_EXTENSIONS:
		memset(value, 0, 128);
		if (gpu) /* the AMD profiler extension (bit 0x200) */
			((uint8_t *)value)[HSA_EXTENSION_AMD_PROFILER / 8] |=
				1u << (HSA_EXTENSION_AMD_PROFILER % 8);
		return true;
	case HSA_AGENT_INFO_VERSION_MAJOR:
	case HSA_AGENT_INFO_VERSION_MINOR:
		*(uint16_t *)value = 1;
		return true;
	default:
		return core_limit_info(agent, attribute, value);
	}
}

/* AMD attributes; false when the attribute is unknown. */
/* The AMD attributes that are a uint32_t. */
static bool amd_u32_info(const struct hsat_agent *agent, hsa_amd_agent_info_t attribute,
			 uint32_t *value)
{
	bool gpu = agent->type == HSA_DEVICE_TYPE_GPU;

	switch (attribute) {
	case HSA_AMD_AGENT_INFO_CHIP_ID:
		*value = gpu ? 0x4853 : 0;
		return true;
	case HSA_AMD_AGENT_INFO_CACHELINE_SIZE:
	case HSA_AMD_AGENT_INFO_MEMORY_WIDTH:
		*value = 64;
		return true;
	case HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT:
		/* Both agents run on the same threads: the workers are the GPU's CUs. */
		*value = worker_count;
		return true;
	case HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY:
		*value = 1000;
		return true;
	case HSA_AMD_AGENT_INFO_DRIVER_NODE_ID:
		*value = agent->node;
		return true;
	case HSA_AMD_AGENT_INFO_MAX_ADDRESS_WATCH_POINTS:
	case HSA_AMD_AGENT_INFO_BDFID:
	case HSA_AMD_AGENT_INFO_DOMAIN:
	case HSA_AMD_AGENT_INFO_ASIC_REVISION:
	case HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY:
		*value = 0;
		return true;
	case HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU:
		*value = gpu ? WAVES_PER_CU : 0;
		return true;
	case HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU:
	case HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES:
	case HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE:
		*value = gpu ? 1 : 0;
		return true;
	case HSA_AMD_AGENT_INFO_COOPERATIVE_COMPUTE_UNIT_COUNT:
		*value = gpu ? worker_count : 0;
		return true;
	default:
		return false;
	}
}

static bool amd_info(const struct hsat_agent *agent, hsa_amd_agent_info_t attribute, void *value)
{
	bool gpu = agent->type == HSA_DEVICE_TYPE_GPU;

	switch (attribute) {
	case HSA_AMD_AGENT_INFO_PRODUCT_NAME:
		copy_name(value, gpu ? "hsatrace CPU runtime emulated GPU" : "hsatrace CPU host",
			  64);
		return true;
	case HSA_AMD_AGENT_INFO_HDP_FLUSH:
		if (!gpu)
			return false; /* as ROCr: only kernel agents have HDP registers */
		*(hsa_amd_hdp_flush_t *)value =
			(hsa_amd_hdp_flush_t){ &hdp_mem_flush_cntl, &hdp_reg_flush_cntl };
		return true;
	case HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES:
	case HSA_AMD_AGENT_INFO_SVM_DIRECT_HOST_ACCESS:
		*(bool *)value = attribute == HSA_AMD_AGENT_INFO_SVM_DIRECT_HOST_ACCESS;
		return true;
	case HSA_AMD_AGENT_INFO_UUID:
		copy_name(value, gpu ? "GPU-hsatrace-cpu" : "CPU-XX", 21);
		return true;
	default:
		return amd_u32_info(agent, attribute, value);
	}
}

hsa_status_t impl_hsa_agent_get_info(hsa_agent_t handle, hsa_agent_info_t attribute, void *value)
{
	struct hsat_agent *agent;
	hsa_status_t status = hsat_agent_checked(handle, value != NULL, &agent);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	if (core_info(agent, attribute, value))
		return HSA_STATUS_SUCCESS;
	if (amd_info(agent, (hsa_amd_agent_info_t)attribute, value))
		return HSA_STATUS_SUCCESS;
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

hsa_status_t impl_hsa_agent_iterate_isas(hsa_agent_t handle,
					 hsa_status_t (*callback)(hsa_isa_t isa, void *data),
					 void *data)
{
	struct hsat_agent *agent;
	hsa_status_t status = hsat_agent_checked(handle, callback != NULL, &agent);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	if (agent->type != HSA_DEVICE_TYPE_GPU)
		return HSA_STATUS_SUCCESS;
	return callback((hsa_isa_t){ (uint64_t)(uintptr_t)&gpu_isa }, data);
}

hsa_status_t impl_hsa_isa_from_name(const char *name, hsa_isa_t *isa)
{
	HSAT_REQUIRE_INIT();
	if (!name || !isa)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (strcmp(name, GPU_ISA_NAME) != 0)
		return HSA_STATUS_ERROR_INVALID_ISA_NAME;
	isa->handle = (uint64_t)(uintptr_t)&gpu_isa;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_isa_get_info_alt(hsa_isa_t isa, hsa_isa_info_t attribute, void *value)
{
	HSAT_REQUIRE_INIT();
	if (isa.handle != (uint64_t)(uintptr_t)&gpu_isa)
		return HSA_STATUS_ERROR_INVALID_ISA;
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	switch (attribute) {
	case HSA_ISA_INFO_NAME_LENGTH:
		*(uint32_t *)value = (uint32_t)strlen(gpu_isa.name);
		return HSA_STATUS_SUCCESS;
	case HSA_ISA_INFO_NAME:
		memcpy(value, gpu_isa.name, strlen(gpu_isa.name));
		return HSA_STATUS_SUCCESS;
	case HSA_ISA_INFO_MACHINE_MODELS:
		((bool *)value)[HSA_MACHINE_MODEL_SMALL] = false;
		((bool *)value)[HSA_MACHINE_MODEL_LARGE] = true;
		return HSA_STATUS_SUCCESS;
	case HSA_ISA_INFO_PROFILES:
		((bool *)value)[HSA_PROFILE_BASE] = true;
		((bool *)value)[HSA_PROFILE_FULL] = false;
		return HSA_STATUS_SUCCESS;
	case HSA_ISA_INFO_DEFAULT_FLOAT_ROUNDING_MODES:
	case HSA_ISA_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES:
		((bool *)value)[HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT] = false;
		((bool *)value)[HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO] = false;
		((bool *)value)[HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR] = true;
		return HSA_STATUS_SUCCESS;
	case HSA_ISA_INFO_WORKGROUP_MAX_DIM: {
		uint16_t dims[3] = { WORKGROUP_MAX, WORKGROUP_MAX, WORKGROUP_MAX };

		memcpy(value, dims, sizeof(dims));
		return HSA_STATUS_SUCCESS;
	}
	case HSA_ISA_INFO_WORKGROUP_MAX_SIZE:
	case HSA_ISA_INFO_GRID_MAX_SIZE:
		*(uint32_t *)value = attribute == HSA_ISA_INFO_GRID_MAX_SIZE ? UINT32_MAX
									      : WORKGROUP_MAX;
		return HSA_STATUS_SUCCESS;
	case HSA_ISA_INFO_GRID_MAX_DIM:
		*(hsa_dim3_t *)value = (hsa_dim3_t){ UINT32_MAX, UINT32_MAX, UINT32_MAX };
		return HSA_STATUS_SUCCESS;
	case HSA_ISA_INFO_FBARRIER_MAX_SIZE:
		*(uint32_t *)value = 32;
		return HSA_STATUS_SUCCESS;
	default:
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
}

hsa_status_t impl_hsa_agent_iterate_caches(hsa_agent_t handle,
					   hsa_status_t (*callback)(hsa_cache_t cache, void *data),
					   void *data)
{
	struct hsat_agent *agent;

	(void)data; /* no caches are modelled */
	return hsat_agent_checked(handle, callback != NULL, &agent);
}

hsa_status_t impl_hsa_agent_extension_supported(uint16_t extension, hsa_agent_t handle,
						uint16_t version_major, uint16_t version_minor,
						bool *result)
{
	struct hsat_agent *agent;
	hsa_status_t status = hsat_agent_checked(handle, result != NULL, &agent);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	*result = agent->type == HSA_DEVICE_TYPE_GPU && extension == HSA_EXTENSION_AMD_PROFILER &&
		  version_major == 1 && version_minor == 0;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_agent_major_extension_supported(uint16_t extension, hsa_agent_t handle,
						      uint16_t version_major,
						      uint16_t *version_minor, bool *result)
{
	struct hsat_agent *agent;
	hsa_status_t status = hsat_agent_checked(handle, result && version_minor, &agent);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	*result = agent->type == HSA_DEVICE_TYPE_GPU && extension == HSA_EXTENSION_AMD_PROFILER &&
		  version_major == 1;
	*version_minor = 0;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_agent_get_exception_policies(hsa_agent_t handle, hsa_profile_t profile,
						   uint16_t *mask)
{
	HSAT_REQUIRE_INIT();
	if (!hsat_agent_from_handle(handle))
		return HSA_STATUS_ERROR_INVALID_AGENT;
	if (!mask || (profile != HSA_PROFILE_BASE && profile != HSA_PROFILE_FULL))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*mask = 0;
	return HSA_STATUS_SUCCESS;
}

/* --- wavefronts and the deprecated ISA queries -------------------------------------------- */

static const uint32_t wavefront_size = WAVEFRONT_SIZE;

hsa_status_t impl_hsa_isa_iterate_wavefronts(hsa_isa_t isa,
					     hsa_status_t (*callback)(hsa_wavefront_t, void *),
					     void *data)
{
	HSAT_REQUIRE_INIT();
	if (isa.handle != (uint64_t)(uintptr_t)&gpu_isa)
		return HSA_STATUS_ERROR_INVALID_ISA;
	if (!callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return callback((hsa_wavefront_t){ (uint64_t)(uintptr_t)&wavefront_size }, data);
}

hsa_status_t impl_hsa_wavefront_get_info(hsa_wavefront_t wavefront,
					 hsa_wavefront_info_t attribute, void *value)
{
	HSAT_REQUIRE_INIT();
	if (wavefront.handle != (uint64_t)(uintptr_t)&wavefront_size)
		return HSA_STATUS_ERROR_INVALID_WAVEFRONT;
	if (!value || attribute != HSA_WAVEFRONT_INFO_SIZE)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*(uint32_t *)value = wavefront_size;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_isa_get_info(hsa_isa_t isa, hsa_isa_info_t attribute, uint32_t index,
				   void *value)
{
	if (index != 0)
		return HSA_STATUS_ERROR_INVALID_INDEX;
	if (attribute == HSA_ISA_INFO_CALL_CONVENTION_COUNT) {
		HSAT_REQUIRE_INIT();
		if (isa.handle != (uint64_t)(uintptr_t)&gpu_isa)
			return HSA_STATUS_ERROR_INVALID_ISA;
		if (!value)
			return HSA_STATUS_ERROR_INVALID_ARGUMENT;
		*(uint32_t *)value = 1;
		return HSA_STATUS_SUCCESS;
	}
	if (attribute == HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONT_SIZE ||
	    attribute == HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONTS_PER_COMPUTE_UNIT) {
		HSAT_REQUIRE_INIT();
		if (isa.handle != (uint64_t)(uintptr_t)&gpu_isa)
			return HSA_STATUS_ERROR_INVALID_ISA;
		if (!value)
			return HSA_STATUS_ERROR_INVALID_ARGUMENT;
		*(uint32_t *)value =
			attribute == HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONT_SIZE ? WAVEFRONT_SIZE : 1;
		return HSA_STATUS_SUCCESS;
	}
	return impl_hsa_isa_get_info_alt(isa, attribute, value);
}

hsa_status_t impl_hsa_isa_compatible(hsa_isa_t code_object_isa, hsa_isa_t agent_isa, bool *result)
{
	HSAT_REQUIRE_INIT();
	if (code_object_isa.handle != (uint64_t)(uintptr_t)&gpu_isa ||
	    agent_isa.handle != (uint64_t)(uintptr_t)&gpu_isa)
		return HSA_STATUS_ERROR_INVALID_ISA;
	if (!result)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*result = true;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_isa_get_exception_policies(hsa_isa_t isa, hsa_profile_t profile,
						 uint16_t *mask)
{
	HSAT_REQUIRE_INIT();
	if (isa.handle != (uint64_t)(uintptr_t)&gpu_isa)
		return HSA_STATUS_ERROR_INVALID_ISA;
	if (!mask || (profile != HSA_PROFILE_BASE && profile != HSA_PROFILE_FULL))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*mask = 0;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_cache_get_info(hsa_cache_t cache, hsa_cache_info_t attribute, void *value)
{
	HSAT_REQUIRE_INIT();
	(void)cache;
	(void)attribute;
	(void)value;
	return HSA_STATUS_ERROR_INVALID_CACHE; /* no agent lists a cache */
}

hsa_status_t impl_hsa_isa_get_round_method(hsa_isa_t isa, hsa_fp_type_t fp_type,
					   hsa_flush_mode_t flush_mode,
					   hsa_round_method_t *round_method)
{
	HSAT_REQUIRE_INIT();
	if (isa.handle != (uint64_t)(uintptr_t)&gpu_isa)
		return HSA_STATUS_ERROR_INVALID_ISA;
	if (!round_method ||
	    (fp_type != HSA_FP_TYPE_16 && fp_type != HSA_FP_TYPE_32 && fp_type != HSA_FP_TYPE_64) ||
	    (flush_mode != HSA_FLUSH_MODE_FTZ && flush_mode != HSA_FLUSH_MODE_NON_FTZ))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*round_method = HSA_ROUND_METHOD_SINGLE; /* the host FPU: one rounding mode */
	return HSA_STATUS_SUCCESS;
}
