/* sleep_kernels.c - bench/model's code object: a kernel that sleeps and uses no CPU. */
#include <time.h>

#include "runtime/include/hsat_cpu_kernel.h"

struct sleep_args {
	uint64_t ns;	/* how long the work-item sleeps */
};

HSAT_CPU_KERNEL_FN(sleep_ns, const struct sleep_args *args, wi)
{
	struct timespec ts = { (time_t)(args->ns / 1000000000u), (long)(args->ns % 1000000000u) };

	(void)wi;
	while (nanosleep(&ts, &ts) != 0)
		;
}

HSAT_CPU_CODE_OBJECT(HSAT_CPU_KERNEL(sleep_ns, sizeof(struct sleep_args), 0))
