/*
 * vector_add.hip - c = a + b on the GPU, checked against the same sum on the CPU. On the CPU
 * runtime the kernel runs from its CPU build: hsatrace kernels vector_add.hip -o
 * vector_add.kernels.so, listed in HSATRACE_CPU_KERNELS (docs/kernels.md).
 */
#include "hip_check.h"

#define COUNT 100000

__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		c[i] = a[i] + b[i];
}

int main(void)
{
	static float a[COUNT], b[COUNT], c[COUNT];
	float *da = NULL, *db = NULL, *dc = NULL;
	int wrong = 0;

	for (int i = 0; i < COUNT; i++) {
		a[i] = (float)i;
		b[i] = 0.25f * (float)(COUNT - i);
		c[i] = -1;
	}
	HIP_OK(hipMalloc((void **)&da, sizeof(a)));
	HIP_OK(hipMalloc((void **)&db, sizeof(b)));
	HIP_OK(hipMalloc((void **)&dc, sizeof(c)));
	HIP_OK(hipMemcpy(da, a, sizeof(a), hipMemcpyHostToDevice));
	HIP_OK(hipMemcpy(db, b, sizeof(b), hipMemcpyHostToDevice));
	vector_add<<<(COUNT + 255) / 256, 256>>>(da, db, dc, COUNT);
	HIP_OK(hipGetLastError());
	HIP_OK(hipMemcpy(c, dc, sizeof(c), hipMemcpyDeviceToHost));
	for (int i = 0; i < COUNT; i++)
		wrong += c[i] != a[i] + b[i];
	hip_check(wrong == 0, "vector_add() added %d pairs (%d differ from the CPU's sums)", COUNT,
		  wrong);
	HIP_OK(hipFree(da));
	HIP_OK(hipFree(db));
	HIP_OK(hipFree(dc));
	return hip_check_exit_status();
}
