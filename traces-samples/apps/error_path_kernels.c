/* error_path_kernels.c - the code object of error_path for hsatrace's CPU runtime. */
#include "runtime/include/hsat_cpu_kernel.h"
#include "traces-samples/apps/sample_kernel_args.h"

HSAT_CPU_KERNEL_FN(noop, const struct noop_args *args, wi)
{
	(void)args;
	(void)wi;
}

HSAT_CPU_CODE_OBJECT(HSAT_CPU_KERNEL(noop, sizeof(struct noop_args), 0))
