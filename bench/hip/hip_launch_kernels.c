/*
 * hip_launch_kernels.c - the CPU build of hip_launch.hip's empty kernel, empty_kernel()
 * (HSATRACE_CPU_KERNELS=hip_launch_kernels.so). It takes no arguments and does nothing.
 */
#include "runtime/include/hsat_cpu_kernel.h"

HSAT_CPU_KERNEL_FN(_Z12empty_kernelv, const void *args, wi)
{
	(void)args;
	(void)wi;
}

HSAT_CPU_CODE_OBJECT(HSAT_CPU_KERNEL(_Z12empty_kernelv, 0, 0))
