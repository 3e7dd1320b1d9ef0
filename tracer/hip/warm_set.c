/* The HIP functions nearly every HIP program calls (devices, memory, copies, launches,
 * errors), whose classes the first registration takes together (tracer/lazy_classes.h). */
#include "tracer/lazy_classes.h"

const char *const hsat_lazy_warm[] = {
	"hipGetDeviceCount",
	"hipGetDevice",
	"hipSetDevice",
	"hipGetDeviceProperties",
	"hipMalloc",
	"hipFree",
	"hipMemcpy",
	"hipLaunchKernel",
	"hipDeviceSynchronize",
	"hipGetLastError",
	NULL
};
