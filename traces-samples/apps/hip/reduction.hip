/*
 * reduction.hip - sums, minimum and maximum of an array: each workgroup reduces its part in
 * dynamic shared memory (extern __shared__, sized at launch) with __syncthreads between the
 * halving steps, then one work-item adds the group's result to the totals with atomics
 * (atomicAdd on unsigned long long and float, atomicMin and atomicMax on int). Checked
 * against the same reductions on the CPU.
 */
#include "hip_check.h"

#include <limits.h>
#include <math.h>

#define COUNT 100003
#define BLOCK 256

struct totals {
	unsigned long long sum;
	float float_sum;
	int min, max;
};

__device__ static int value_at(const int *in, int i, int n, int otherwise)
{
	return i < n ? in[i] : otherwise;
}

__global__ void reduce(const int *in, int n, struct totals *out)
{
	extern __shared__ long long partial[];
	unsigned int t = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;

	partial[t] = value_at(in, (int)i, n, 0);
	__syncthreads();
	for (unsigned int half = blockDim.x / 2; half > 0; half /= 2) {
		if (t < half)
			partial[t] += partial[t + half];
		__syncthreads();
	}
	if (t == 0) {
		atomicAdd(&out->sum, (unsigned long long)partial[0]);
		atomicAdd(&out->float_sum, (float)partial[0]);
	}
	if (i < (unsigned int)n) {
		atomicMin(&out->min, in[i]);
		atomicMax(&out->max, in[i]);
	}
}

int main(void)
{
	static int in[COUNT];
	struct totals start = { 0, 0.0f, INT_MAX, INT_MIN }, got, want = start;
	int *din = NULL;
	struct totals *dout = NULL;
	double float_want = 0;

	for (int i = 0; i < COUNT; i++) {
		in[i] = (int)((i * 7919u) % 2001u) - 1000;
		want.sum += (unsigned long long)(long long)in[i];
		float_want += in[i];
		want.min = in[i] < want.min ? in[i] : want.min;
		want.max = in[i] > want.max ? in[i] : want.max;
	}
	HIP_OK(hipMalloc((void **)&din, sizeof(in)));
	HIP_OK(hipMalloc((void **)&dout, sizeof(*dout)));
	HIP_OK(hipMemcpy(din, in, sizeof(in), hipMemcpyHostToDevice));
	HIP_OK(hipMemcpy(dout, &start, sizeof(start), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(reduce, dim3((COUNT + BLOCK - 1) / BLOCK), dim3(BLOCK),
			   BLOCK * sizeof(long long), 0, din, COUNT, dout);
	HIP_OK(hipGetLastError());
	HIP_OK(hipMemcpy(&got, dout, sizeof(got), hipMemcpyDeviceToHost));
	hip_check(got.sum == want.sum, "atomicAdd: the sum of %d values is %lld (the CPU's: %lld)",
		  COUNT, (long long)got.sum, (long long)want.sum);
	hip_check(fabs(got.float_sum - float_want) <= 1e-3 * fabs(float_want) + 1,
		  "atomicAdd(float): %g (the CPU's: %g)", got.float_sum, float_want);
	hip_check(got.min == want.min, "atomicMin: %d (the CPU's: %d)", got.min, want.min);
	hip_check(got.max == want.max, "atomicMax: %d (the CPU's: %d)", got.max, want.max);
	HIP_OK(hipFree(din));
	HIP_OK(hipFree(dout));
	return hip_check_exit_status();
}
