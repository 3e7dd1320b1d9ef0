/* vector_copy_kernels.c - the code object of vector_copy for hsatrace's CPU runtime. */
#include "runtime/include/hsat_cpu_kernel.h"
#include "traces-samples/apps/sample_kernel_args.h"

HSAT_CPU_KERNEL_FN(vector_copy, const struct vector_copy_args *args, wi)
{
	uint64_t i = wi->global_id[0];

	if (i < args->count)
		args->out[i] = args->in[i];
}

HSAT_CPU_CODE_OBJECT(HSAT_CPU_KERNEL(vector_copy, sizeof(struct vector_copy_args), 0))
