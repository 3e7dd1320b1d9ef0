/*
 * hip_streams_kernels.c - the CPU build of hip_streams.hip's kernel, for the CPU runtime
 * (HSATRACE_CPU_KERNELS=hip_streams_kernels.so). It is named by the kernel's mangled name,
 * churn(unsigned int*, unsigned int const*, unsigned int, unsigned int), and reads the
 * kernarg as the amdgcn kernel does: the explicit arguments in order at their natural
 * alignment.
 */
#include "runtime/include/hsat_cpu_kernel.h"

struct churn_args {
	unsigned *out;
	const unsigned *in;
	unsigned n;
	unsigned rounds;
};

HSAT_CPU_KERNEL_FN(_Z5churnPjPKjjj, const struct churn_args *args, wi)
{
	uint64_t i = wi->global_id[0];

	if (i < args->n) {
		unsigned x = args->in[i];

		for (unsigned r = 0; r < args->rounds; r++)
			x = x * 1664525u + 1013904223u;
		args->out[i] = x;
	}
}

/* kernarg as the amdgcn kernel's: 24 bytes of arguments, then the hidden ones */
HSAT_CPU_CODE_OBJECT(HSAT_CPU_KERNEL(_Z5churnPjPKjjj, sizeof(struct churn_args), 0))
