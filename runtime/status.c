/*
 * status.c - hsa_status_string.
 */
#include "runtime/runtime.h"
#include <hsa/hsa_ext_finalize.h>
#include <hsa/hsa_ext_image.h>

static const struct {
	hsa_status_t status;
	const char *text;
} messages[] = {
	{ HSA_STATUS_SUCCESS, "HSA_STATUS_SUCCESS: the function has been executed successfully." },
	{ HSA_STATUS_INFO_BREAK, "HSA_STATUS_INFO_BREAK: a traversal over a list of elements has been interrupted by the application before completing." },
	{ HSA_STATUS_ERROR, "HSA_STATUS_ERROR: a generic error has occurred (or the function is not implemented by the hsatrace CPU runtime)." },
	{ HSA_STATUS_ERROR_INVALID_ARGUMENT, "HSA_STATUS_ERROR_INVALID_ARGUMENT: one of the actual arguments does not meet a precondition stated in the documentation of the corresponding formal argument." },
	{ HSA_STATUS_ERROR_INVALID_QUEUE_CREATION, "HSA_STATUS_ERROR_INVALID_QUEUE_CREATION: the requested queue creation is not valid." },
	{ HSA_STATUS_ERROR_INVALID_ALLOCATION, "HSA_STATUS_ERROR_INVALID_ALLOCATION: the requested allocation is not valid." },
	{ HSA_STATUS_ERROR_INVALID_AGENT, "HSA_STATUS_ERROR_INVALID_AGENT: the agent is invalid." },
	{ HSA_STATUS_ERROR_INVALID_REGION, "HSA_STATUS_ERROR_INVALID_REGION: the memory region is invalid." },
	{ HSA_STATUS_ERROR_INVALID_SIGNAL, "HSA_STATUS_ERROR_INVALID_SIGNAL: the signal is invalid." },
	{ HSA_STATUS_ERROR_INVALID_QUEUE, "HSA_STATUS_ERROR_INVALID_QUEUE: the queue is invalid." },
	{ HSA_STATUS_ERROR_OUT_OF_RESOURCES, "HSA_STATUS_ERROR_OUT_OF_RESOURCES: the runtime failed to allocate the necessary resources." },
	{ HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, "HSA_STATUS_ERROR_INVALID_PACKET_FORMAT: the AQL packet is malformed." },
	{ HSA_STATUS_ERROR_RESOURCE_FREE, "HSA_STATUS_ERROR_RESOURCE_FREE: an error has been detected while releasing a resource." },
	{ HSA_STATUS_ERROR_NOT_INITIALIZED, "HSA_STATUS_ERROR_NOT_INITIALIZED: an API other than hsa_init has been invoked while the reference count of the HSA runtime is zero." },
	{ HSA_STATUS_ERROR_REFCOUNT_OVERFLOW, "HSA_STATUS_ERROR_REFCOUNT_OVERFLOW: the maximum reference count for the object has been reached." },
	{ HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, "HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS: the arguments passed to a function are not compatible." },
	{ HSA_STATUS_ERROR_INVALID_INDEX, "HSA_STATUS_ERROR_INVALID_INDEX: the index is invalid." },
	{ HSA_STATUS_ERROR_INVALID_ISA, "HSA_STATUS_ERROR_INVALID_ISA: the instruction set architecture is invalid." },
	{ HSA_STATUS_ERROR_INVALID_ISA_NAME, "HSA_STATUS_ERROR_INVALID_ISA_NAME: the instruction set architecture name is invalid." },
	{ HSA_STATUS_ERROR_INVALID_CODE_OBJECT, "HSA_STATUS_ERROR_INVALID_CODE_OBJECT: the code object is invalid." },
	{ HSA_STATUS_ERROR_INVALID_EXECUTABLE, "HSA_STATUS_ERROR_INVALID_EXECUTABLE: the executable is invalid." },
	{ HSA_STATUS_ERROR_FROZEN_EXECUTABLE, "HSA_STATUS_ERROR_FROZEN_EXECUTABLE: the executable is frozen." },
	{ HSA_STATUS_ERROR_INVALID_SYMBOL_NAME, "HSA_STATUS_ERROR_INVALID_SYMBOL_NAME: there is no symbol with the given name." },
	{ HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED, "HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED: the variable is already defined." },
	{ HSA_STATUS_ERROR_VARIABLE_UNDEFINED, "HSA_STATUS_ERROR_VARIABLE_UNDEFINED: the variable is undefined." },
	{ HSA_STATUS_ERROR_EXCEPTION, "HSA_STATUS_ERROR_EXCEPTION: an HSAIL operation resulted in a hardware exception." },
	{ HSA_STATUS_ERROR_INVALID_CODE_SYMBOL, "HSA_STATUS_ERROR_INVALID_CODE_SYMBOL: the code object symbol is invalid." },
	{ HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL, "HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL: the executable symbol is invalid." },
	{ HSA_STATUS_ERROR_INVALID_FILE, "HSA_STATUS_ERROR_INVALID_FILE: the file descriptor is invalid." },
	{ HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER, "HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER: the code object reader is invalid." },
	{ HSA_STATUS_ERROR_INVALID_CACHE, "HSA_STATUS_ERROR_INVALID_CACHE: the cache is invalid." },
	{ HSA_STATUS_ERROR_INVALID_WAVEFRONT, "HSA_STATUS_ERROR_INVALID_WAVEFRONT: the wavefront is invalid." },
	{ HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP, "HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP: the signal group is invalid." },
	{ HSA_STATUS_ERROR_INVALID_RUNTIME_STATE, "HSA_STATUS_ERROR_INVALID_RUNTIME_STATE: the HSA runtime is not in the configuration state." },
	{ HSA_STATUS_ERROR_FATAL, "HSA_STATUS_ERROR_FATAL: the queue received an error that may require process termination." },
	{ (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL, "HSA_STATUS_ERROR_INVALID_MEMORY_POOL: the memory pool is invalid." },
	{ (hsa_status_t)HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION, "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: the agent attempted to access memory beyond the largest legal address." },
	{ (hsa_status_t)HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION, "HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION: the agent executed an illegal instruction." },
	{ (hsa_status_t)HSA_STATUS_ERROR_MEMORY_FAULT, "HSA_STATUS_ERROR_MEMORY_FAULT: the agent attempted to access an inaccessible address." },
	{ (hsa_status_t)HSA_STATUS_CU_MASK_REDUCED, "HSA_STATUS_CU_MASK_REDUCED: the CU mask was successfully set but the mask attempted to enable a CU which was disabled for the process." },
};

hsa_status_t impl_hsa_status_string(hsa_status_t status, const char **string)
{
	/* As the HSA spec and ROCr (IS_OPEN): not before hsa_init. */
	HSAT_REQUIRE_INIT();
	if (!string)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	for (size_t i = 0; i < sizeof(messages) / sizeof(messages[0]); i++) {
		if (messages[i].status == status) {
			*string = messages[i].text;
			return HSA_STATUS_SUCCESS;
		}
	}
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
