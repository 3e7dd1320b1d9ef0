/* matmul_pipeline_kernels.c - the code object of matmul_pipeline for hsatrace's CPU runtime. */
#include "runtime/include/hsat_cpu_kernel.h"
#include "traces-samples/apps/sample_kernel_args.h"

/* One work-item computes one element of a band of rows of c = a * b (n x n, row-major). */
HSAT_CPU_KERNEL_FN(matmul_rows, const struct matmul_rows_args *args, wi)
{
	uint64_t col = wi->global_id[0];
	uint64_t row = args->row_offset + wi->global_id[1];
	uint32_t n = args->n;
	float sum = 0.0f;
	uint32_t k;

	if (col >= n || row >= n)
		return;
	for (k = 0; k < n; k++)
		sum += args->a[row * n + k] * args->b[(uint64_t)k * n + col];
	args->c[row * n + col] = sum;
}

/* One work-item sums one row of c. */
HSAT_CPU_KERNEL_FN(row_sums, const struct row_sums_args *args, wi)
{
	uint64_t row = wi->global_id[0];
	uint32_t n = args->n;
	float sum = 0.0f;
	uint32_t j;

	if (row >= n)
		return;
	for (j = 0; j < n; j++)
		sum += args->c[row * n + j];
	args->sums[row] = sum;
}

HSAT_CPU_CODE_OBJECT(HSAT_CPU_KERNEL(matmul_rows, sizeof(struct matmul_rows_args), 0),
		     HSAT_CPU_KERNEL(row_sums, sizeof(struct row_sums_args), 0))
