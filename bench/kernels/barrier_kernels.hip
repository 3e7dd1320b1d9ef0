/*
 * barrier_kernels.hip - kernels for bench/kernels/barrier_bench.c, built by hsatrace kernels:
 * the same small body with 0, 1 or `barriers` __syncthreads per work-item.
 */
#include <hip/hip_runtime.h>

__global__ void body_only(float *x)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	x[i] = x[i] * 0.5f + 1.0f;
}

__global__ void with_barriers(float *x, int barriers)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	for (int b = 0; b < barriers; b++) {
		x[i] = x[i] * 0.5f + 1.0f;
		__syncthreads();
	}
}
