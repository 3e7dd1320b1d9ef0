/*
 * hip_device.hip - HIP's view of the device: enumeration, properties and attributes.
 *
 *   hip_device COMPUTE_UNITS   checks every property against what the CPU runtime reports
 *                              (COMPUTE_UNITS = its HSATRACE_CPU_WORKERS)
 *   hip_device --count         prints "devices N status NAME" and nothing else
 */
#include <stdlib.h>
#include <string.h>

#include "hip_check.h"

static int count_only(void)
{
	int count = -1;
	hipError_t status = hipGetDeviceCount(&count);

	printf("devices %d status %s\n", status == hipSuccess ? count : 0, hipGetErrorName(status));
	return 0;
}

static void check_properties(const hipDeviceProp_t *p, int compute_units)
{
	hip_check(strcmp(p->name, "hsatrace CPU runtime emulated GPU") == 0, "name is the product name (%s)",
		  p->name);
	hip_check(strncmp(p->gcnArchName, "gfx906", 6) == 0, "gcnArchName is gfx906 (%s)",
		  p->gcnArchName);
	hip_check(p->gcnArch == 906, "gcnArch is 906 (%d)", p->gcnArch);
	hip_check(p->multiProcessorCount == compute_units, "multiProcessorCount is %d (%d)",
		  compute_units, p->multiProcessorCount);
	hip_check(p->warpSize == 64, "warpSize is 64 (%d)", p->warpSize);
	hip_check(p->maxThreadsPerBlock == 1024, "maxThreadsPerBlock is 1024 (%d)",
		  p->maxThreadsPerBlock);
	hip_check(p->maxThreadsDim[0] == 1024 && p->maxThreadsDim[1] == 1024 &&
			  p->maxThreadsDim[2] == 1024,
		  "maxThreadsDim is 1024 x 1024 x 1024");
	hip_check(p->sharedMemPerBlock == 64 * 1024, "sharedMemPerBlock is 64 KiB (%zu)",
		  p->sharedMemPerBlock);
	hip_check(p->clockRate == 1000 * 1000, "clockRate is 1 GHz in kHz (%d)", p->clockRate);
	hip_check(p->totalGlobalMem > 0, "totalGlobalMem is not zero (%zu)", p->totalGlobalMem);
	hip_check(p->maxThreadsPerMultiProcessor == 1024,
		  "maxThreadsPerMultiProcessor is one workgroup of 1024 (%d)",
		  p->maxThreadsPerMultiProcessor);
	hip_check(p->major == 9 && p->minor == 0, "compute capability 9.0 (%d.%d)", p->major,
		  p->minor);
}

static void check_attributes(int compute_units)
{
	int value = -1;

	HIP_OK(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, 0));
	hip_check(value == 64, "attribute WarpSize is 64 (%d)", value);
	HIP_OK(hipDeviceGetAttribute(&value, hipDeviceAttributeMultiprocessorCount, 0));
	hip_check(value == compute_units, "attribute MultiprocessorCount is %d (%d)",
		  compute_units, value);
	HIP_OK(hipDeviceGetAttribute(&value, hipDeviceAttributeMaxThreadsPerBlock, 0));
	hip_check(value == 1024, "attribute MaxThreadsPerBlock is 1024 (%d)", value);
}

int main(int argc, char **argv)
{
	hipDeviceProp_t props;
	int count = -1, device = -1, compute_units;
	size_t free_bytes = 0, total_bytes = 0;

	if (argc == 2 && strcmp(argv[1], "--count") == 0)
		return count_only();
	if (argc != 2 || (compute_units = atoi(argv[1])) <= 0) {
		fprintf(stderr, "usage: %s COMPUTE_UNITS | --count\n", argv[0]);
		return 2;
	}
	HIP_OK(hipGetDeviceCount(&count));
	hip_check(count == 1, "one device (%d)", count);
	HIP_OK(hipSetDevice(0));
	HIP_OK(hipGetDevice(&device));
	hip_check(device == 0, "the current device is 0 (%d)", device);
	HIP_FAILS(hipSetDevice(1), hipErrorInvalidDevice);
	HIP_OK(hipGetDeviceProperties(&props, 0));
	check_properties(&props, compute_units);
	check_attributes(compute_units);
	HIP_OK(hipMemGetInfo(&free_bytes, &total_bytes));
	hip_check(total_bytes > 0 && free_bytes <= total_bytes, "free <= total memory (%zu <= %zu)",
		  free_bytes, total_bytes);
	HIP_OK(hipDeviceSynchronize());
	return hip_check_exit_status();
}
