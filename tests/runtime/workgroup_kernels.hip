/*
 * workgroup_kernels.hip - HIP kernels for tests/runtime/workgroups.c, built by `hsatrace
 * kernels` (not by hipcc: the test dispatches their CPU build through HSA directly).
 * Each kernel counts what it saw, so that the test can tell a working barrier, dynamic
 * shared memory or atomic from a broken one.
 */
#include <hip/hip_runtime.h>

/* What barrier_rounds saw: a wrong value read after a barrier counts as an error. */
struct round_counts {
	unsigned int errors;
	unsigned int visits;
};

/* rounds times: write my slot, barrier, read my neighbour's (written this round only if the
 * barrier held everyone until all had written), barrier. */
__global__ void barrier_rounds(struct round_counts *out, int rounds)
{
	__shared__ unsigned int slot[1024];
	unsigned int size = blockDim.x * blockDim.y * blockDim.z;
	unsigned int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
	unsigned int errors = 0;

	for (int r = 0; r < rounds; r++) {
		slot[t] = (unsigned int)r * 4096u + t;
		__syncthreads();
		unsigned int n = (t + 1) % size;
		errors += slot[n] != (unsigned int)r * 4096u + n;
		__syncthreads();
	}
	atomicAdd(&out->errors, errors);
	atomicAdd(&out->visits, (unsigned int)rounds);
}

/* Fills count words of dynamic shared memory, barrier, item 0 sums them into out[group]. */
__global__ void dynamic_sum(unsigned long long *out, unsigned int count)
{
	extern __shared__ unsigned int words[];

	for (unsigned int i = threadIdx.x; i < count; i += blockDim.x)
		words[i] = i;
	__syncthreads();
	if (threadIdx.x == 0) {
		unsigned long long sum = 0;

		for (unsigned int i = 0; i < count; i++)
			sum += words[i];
		out[blockIdx.x] = sum;
	}
}

/* Every atomic, from every item of every group. */
struct atomic_counts {
	int add_int;
	unsigned int add_unsigned;
	unsigned long long add_64;
	float add_float;
	int sub_int;
	int min_int;
	int max_int;
	unsigned int or_bits;
	unsigned int and_bits;
	unsigned int xor_bits;
	unsigned int cas_count;
	unsigned int exch_seen;
};

__global__ void all_atomics(struct atomic_counts *c)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned int old;

	atomicAdd(&c->add_int, 2);
	atomicAdd(&c->add_unsigned, 3u);
	atomicAdd(&c->add_64, 1ull << 33);
	atomicAdd(&c->add_float, 0.5f);
	atomicSub(&c->sub_int, 1);
	atomicMin(&c->min_int, -(int)i);
	atomicMax(&c->max_int, (int)i);
	atomicOr(&c->or_bits, 1u << (i % 32));
	atomicAnd(&c->and_bits, ~(1u << (i % 16)));
	atomicXor(&c->xor_bits, 1u);
	do
		old = c->cas_count;
	while (atomicCAS(&c->cas_count, old, old + 1) != old);
	atomicExch(&c->exch_seen, 1u);
}

/* By value, with padding: the kernarg offsets of the amdgcn ABI. */
struct scale_params {
	char tag;
	double factor;
	int n;
};

__device__ static double scaled(double value, struct scale_params p)
{
	return value * p.factor + (double)p.tag;
}

template <typename T> __global__ void scale(T *data, struct scale_params p, short bias)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < p.n)
		data[i] = (T)(scaled((double)data[i], p) + bias);
}

/* Host code is compiled, never run: these launches instantiate the templates. */
void instantiate_scales(float *f, double *d)
{
	struct scale_params p = { 1, 2.0, 3 };

	scale<<<1, 1>>>(f, p, (short)0);
	scale<double><<<1, 1>>>(d, p, (short)0);
}

/* printf from every item, after a barrier (so from fibers). */
__global__ void say(int tag)
{
	__syncthreads();
	printf("tag %d: item %u of group %u\n", tag, threadIdx.x, blockIdx.x);
}

/* Item 0 leaves before the barrier the others reach: not uniform. */
__global__ void uneven(unsigned int *reached)
{
	if (threadIdx.x == 0)
		return;
	__syncthreads();
	atomicAdd(reached, 1u);
}
