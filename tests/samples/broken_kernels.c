/*
 * broken_kernels.c - a code object with the samples' kernel names whose results are each
 * wrong in one element: the samples must notice it and fail (their checks are not vacuous).
 */
#include "runtime/include/hsat_cpu_kernel.h"
#include "traces-samples/apps/sample_kernel_args.h"

HSAT_CPU_KERNEL_FN(vector_copy, const struct vector_copy_args *args, wi)
{
	uint64_t i = wi->global_id[0];

	if (i < args->count)
		args->out[i] = args->in[i] + (i == args->count / 2);
}

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
	if (row == n - 1 && col == n - 1)
		sum += 1.0f;
	args->c[row * n + col] = sum;
}

HSAT_CPU_KERNEL_FN(row_sums, const struct row_sums_args *args, wi)
{
	uint64_t row = wi->global_id[0];
	uint32_t j;
	float sum = 0.0f;

	if (row >= args->n)
		return;
	for (j = 0; j < args->n; j++)
		sum += args->c[row * args->n + j];
	args->sums[row] = sum;
}

HSAT_CPU_KERNEL_FN(add_value, const struct add_value_args *args, wi)
{
	uint64_t i = wi->global_id[0];

	if (i < args->count)
		args->data[i] += args->value + (i == 0);
}

HSAT_CPU_CODE_OBJECT(HSAT_CPU_KERNEL(vector_copy, sizeof(struct vector_copy_args), 0),
		     HSAT_CPU_KERNEL(matmul_rows, sizeof(struct matmul_rows_args), 0),
		     HSAT_CPU_KERNEL(row_sums, sizeof(struct row_sums_args), 0),
		     HSAT_CPU_KERNEL(add_value, sizeof(struct add_value_args), 0))
