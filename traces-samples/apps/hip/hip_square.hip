/*
 * hip_square.hip - a HIP program with a kernel of its own, square(). On the CPU runtime the
 * kernel runs from its CPU build (hip_square_kernels.c, listed in HSATRACE_CPU_KERNELS);
 * without one, its dispatch fails and ROCclr stops the program.
 */
#include "hip_check.h"

#define COUNT 1000

__global__ void square(float *out, const float *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = in[i] * in[i];
}

int main(void)
{
	float host_in[COUNT], host_out[COUNT];
	float *in = NULL, *out = NULL;
	int wrong = 0;

	for (int i = 0; i < COUNT; i++) {
		host_in[i] = (float)i * 0.5f;
		host_out[i] = -1;
	}
	HIP_OK(hipMalloc((void **)&in, sizeof(host_in)));
	HIP_OK(hipMalloc((void **)&out, sizeof(host_out)));
	HIP_OK(hipMemcpy(in, host_in, sizeof(host_in), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(square, dim3((COUNT + 255) / 256), dim3(256), 0, 0, out, in, COUNT);
	HIP_OK(hipGetLastError());
	HIP_OK(hipMemcpy(host_out, out, sizeof(host_out), hipMemcpyDeviceToHost));
	for (int i = 0; i < COUNT; i++)
		wrong += host_out[i] != host_in[i] * host_in[i];
	hip_check(wrong == 0, "square() squared %d values (%d wrong)", COUNT, wrong);
	HIP_OK(hipFree(in));
	HIP_OK(hipFree(out));
	return hip_check_exit_status();
}
