/* multi_thread_kernels.c - the code object of multi_thread for hsatrace's CPU runtime. */
#include "runtime/include/hsat_cpu_kernel.h"
#include "traces-samples/apps/sample_kernel_args.h"

HSAT_CPU_KERNEL_FN(add_value, const struct add_value_args *args, wi)
{
	uint64_t i = wi->global_id[0];

	if (i < args->count)
		args->data[i] += args->value;
}

HSAT_CPU_CODE_OBJECT(HSAT_CPU_KERNEL(add_value, sizeof(struct add_value_args), 0))
