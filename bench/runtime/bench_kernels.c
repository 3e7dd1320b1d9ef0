/* bench_kernels.c - the runtime benchmark's code object: one kernel that does nothing. */
#include "runtime/include/hsat_cpu_kernel.h"

struct empty_args {
	uint64_t unused;
};

HSAT_CPU_KERNEL_FN(empty, const struct empty_args *args, wi)
{
	(void)args;
	(void)wi;
}

HSAT_CPU_CODE_OBJECT(HSAT_CPU_KERNEL(empty, sizeof(struct empty_args), 0))
