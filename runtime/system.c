/*
 * system.c - hsa_init / hsa_shut_down with reference counting, system information and
 * extension queries.
 *
 * As in ROCr 5.2.3 (Runtime::Acquire/Load/Unload): the first hsa_init builds the agents and
 * starts the compute units, then loads the HSA_TOOLS_LIB tools (agents exist by then); nested
 * calls only count. The last hsa_shut_down calls the tools' OnUnload, restores the API table,
 * stops every thread, frees every object, and finally dlcloses the tools.
 */
#include <pthread.h>
#include <string.h>

#include "runtime/agents.h"
#include "runtime/async.h"
#include "runtime/counters.h"
#include "runtime/executable.h"
#include "runtime/extensions.h"
#include "runtime/fork.h"
#include "runtime/memory.h"
#include "runtime/queue.h"
#include "runtime/signal.h"
#include "runtime/tools.h"
#include "runtime/workers.h"

static pthread_once_t lock_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t init_lock; /* recursive: tools may call hsa_init from OnLoad */
static _Atomic uint32_t refcount;

static void init_lock_create(void)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&init_lock, &attr);
	pthread_mutexattr_destroy(&attr);
}

void hsat_runtime_at_fork_child(void)
{
	init_lock_create();
}

bool hsat_initialized(void)
{
	return atomic_load_explicit(&refcount, memory_order_acquire) > 0;
}

static hsa_status_t start(void)
{
	hsat_agents_init();
	return hsat_workers_start(hsat_worker_count());
}

static void stop(void)
{
	hsat_queues_destroy_all(); /* processors first: they use the workers */
	hsat_copy_engine_stop();
	hsat_async_stop();
	hsat_workers_stop();
	hsat_counters_release_all();
	hsat_executables_release_all();
	hsat_memory_release_all();
	hsat_signal_groups_release_all();
	hsat_signals_release_all();
}

hsa_status_t impl_hsa_init(void)
{
	hsa_status_t status = HSA_STATUS_SUCCESS;

	pthread_once(&lock_once, init_lock_create);
	hsat_fork_handlers_register();
	pthread_mutex_lock(&init_lock);
	if (atomic_load(&refcount) == UINT32_MAX) {
		status = HSA_STATUS_ERROR_REFCOUNT_OVERFLOW;
	} else if (atomic_load(&refcount) > 0) {
		atomic_fetch_add(&refcount, 1);
	} else if (start() != HSA_STATUS_SUCCESS) {
		status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	} else {
		atomic_store(&refcount, 1);
		hsat_tools_load();
	}
	pthread_mutex_unlock(&init_lock);
	return status;
}

hsa_status_t impl_hsa_shut_down(void)
{
	hsa_status_t status = HSA_STATUS_SUCCESS;

	pthread_once(&lock_once, init_lock_create);
	pthread_mutex_lock(&init_lock);
	if (atomic_load(&refcount) == 0) {
		status = HSA_STATUS_ERROR_NOT_INITIALIZED;
	} else if (atomic_load(&refcount) > 1) {
		atomic_fetch_sub(&refcount, 1);
	} else {
		hsat_tools_unload();
		hsat_api_table_reset();
		stop();
		atomic_store(&refcount, 0);
		hsat_tools_close();
	}
	pthread_mutex_unlock(&init_lock);
	return status;
}

static void extension_mask(uint8_t mask[128])
{
	static const uint16_t supported[] = { HSA_EXTENSION_AMD_PROFILER,
					      HSA_EXTENSION_AMD_LOADER,
					      HSA_EXTENSION_AMD_AQLPROFILE };

	memset(mask, 0, 128);
	for (size_t i = 0; i < sizeof(supported) / sizeof(supported[0]); i++)
		if (hsat_extension_available(supported[i]))
			mask[supported[i] / 8] |= (uint8_t)(1u << (supported[i] % 8));
}

hsa_status_t impl_hsa_system_get_info(hsa_system_info_t attribute, void *value)
{
	HSAT_REQUIRE_INIT();
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	switch ((int)attribute) {
	case HSA_SYSTEM_INFO_VERSION_MAJOR:
	case HSA_SYSTEM_INFO_VERSION_MINOR:
		*(uint16_t *)value = 1;
		return HSA_STATUS_SUCCESS;
	case HSA_SYSTEM_INFO_TIMESTAMP:
		*(uint64_t *)value = hsat_now_ns();
		return HSA_STATUS_SUCCESS;
	case HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY:
		*(uint64_t *)value = HSAT_TIMESTAMP_FREQUENCY;
		return HSA_STATUS_SUCCESS;
	case HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT:
		*(uint64_t *)value = UINT64_MAX;
		return HSA_STATUS_SUCCESS;
	case HSA_SYSTEM_INFO_ENDIANNESS:
		*(hsa_endianness_t *)value = HSA_ENDIANNESS_LITTLE;
		return HSA_STATUS_SUCCESS;
	case HSA_SYSTEM_INFO_MACHINE_MODEL:
		*(hsa_machine_model_t *)value = HSA_MACHINE_MODEL_LARGE;
		return HSA_STATUS_SUCCESS;
	case HSA_SYSTEM_INFO_EXTENSIONS:
		extension_mask(value);
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_SYSTEM_INFO_BUILD_VERSION:
		*(const char **)value = "hsatrace-cpu-runtime 1.0 (ROCr 5.2.3 ABI)";
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED:
	case HSA_AMD_SYSTEM_INFO_SVM_ACCESSIBLE_BY_DEFAULT:
		*(bool *)value = true;
		return HSA_STATUS_SUCCESS;
	default:
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
}

hsa_status_t impl_hsa_extension_get_name(uint16_t extension, const char **name)
{
	HSAT_REQUIRE_INIT();
	if (!name)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	switch (extension) {
	case HSA_EXTENSION_FINALIZER: *name = "HSA_EXTENSION_FINALIZER"; break;
	case HSA_EXTENSION_IMAGES: *name = "HSA_EXTENSION_IMAGES"; break;
	case HSA_EXTENSION_PERFORMANCE_COUNTERS: *name = "HSA_EXTENSION_PERFORMANCE_COUNTERS"; break;
	case HSA_EXTENSION_PROFILING_EVENTS: *name = "HSA_EXTENSION_PROFILING_EVENTS"; break;
	case HSA_EXTENSION_AMD_PROFILER: *name = "HSA_EXTENSION_AMD_PROFILER"; break;
	case HSA_EXTENSION_AMD_LOADER: *name = "HSA_EXTENSION_AMD_LOADER"; break;
	case HSA_EXTENSION_AMD_AQLPROFILE: *name = "HSA_EXTENSION_AMD_AQLPROFILE"; break;
	default: return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_system_major_extension_supported(uint16_t extension, uint16_t version_major,
						       uint16_t *version_minor, bool *result)
{
	const char *name;

	HSAT_REQUIRE_INIT();
	/* An extension the HSA headers do not define is an invalid argument, not "unsupported". */
	if (!version_minor || !result ||
	    impl_hsa_extension_get_name(extension, &name) != HSA_STATUS_SUCCESS)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*result = hsat_extension_available(extension) &&
		  version_major == hsat_extension_major(extension);
	*version_minor = *result ? hsat_extension_minor(extension) : 0;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_system_extension_supported(uint16_t extension, uint16_t version_major,
						 uint16_t version_minor, bool *result)
{
	uint16_t minor = 0;
	hsa_status_t status;

	if (!result)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	status = impl_hsa_system_major_extension_supported(extension, version_major, &minor, result);
	if (status == HSA_STATUS_SUCCESS)
		*result = *result && version_minor <= minor;
	return status;
}

hsa_status_t impl_hsa_system_get_major_extension_table(uint16_t extension, uint16_t version_major,
						       size_t table_length, void *table)
{
	HSAT_REQUIRE_INIT();
	if (!table || table_length == 0)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (!hsat_extension_available(extension) ||
	    version_major != hsat_extension_major(extension))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return hsat_extension_fill_table(extension, table_length, table);
}

hsa_status_t impl_hsa_system_get_extension_table(uint16_t extension, uint16_t version_major,
						 uint16_t version_minor, void *table)
{
	(void)version_minor;
	return impl_hsa_system_get_major_extension_table(extension, version_major,
							 hsat_extension_table_size(extension),
							 table);
}

hsa_status_t impl_hsa_amd_register_system_event_handler(hsa_amd_system_event_callback_t callback,
							void *data)
{
	HSAT_REQUIRE_INIT();
	(void)data;
	/* Accepted: the CPU agents raise no memory-fault or hardware-exception events, so the
	 * handler is never called. */
	return callback ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
