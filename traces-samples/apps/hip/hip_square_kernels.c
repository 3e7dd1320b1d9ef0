/*
 * hip_square_kernels.c - the CPU build of hip_square.hip's kernel, for the CPU runtime
 * (HSATRACE_CPU_KERNELS=hip_square_kernels.so). It is named by the kernel's mangled name,
 * square(float*, float const*, int), and reads the kernarg as the amdgcn kernel does:
 * the explicit arguments in order at their natural alignment.
 */
#include "runtime/include/hsat_cpu_kernel.h"

struct square_args {
	float *out;
	const float *in;
	int n;
};

HSAT_CPU_KERNEL_FN(_Z6squarePfPKfi, const struct square_args *args, wi)
{
	uint64_t i = wi->global_id[0];

	if (i < (uint64_t)args->n)
		args->out[i] = args->in[i] * args->in[i];
}

/* kernarg as the amdgcn kernel's: 20 bytes of arguments, then the hidden ones */
HSAT_CPU_CODE_OBJECT(HSAT_CPU_KERNEL(_Z6squarePfPKfi, sizeof(struct square_args), 0))
