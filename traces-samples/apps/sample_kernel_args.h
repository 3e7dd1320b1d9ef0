/*
 * sample_kernel_args.h - the kernel-argument (kernarg) layouts shared by the sample programs
 * and their kernels. A kernel built for a real GPU with the same argument list has the same
 * layout (pointers and integers at their natural alignment).
 */
#ifndef SAMPLE_KERNEL_ARGS_H
#define SAMPLE_KERNEL_ARGS_H

#include <stdint.h>

/* vector_copy: out[i] = in[i] for i < count. */
struct vector_copy_args {
	const uint32_t *in;
	uint32_t *out;
	uint64_t count;
};

/* matmul_rows: c[r][j] = sum_k a[r][k] * b[k][j] for rows r = row_offset + global_id[1]. */
struct matmul_rows_args {
	const float *a;
	const float *b;
	float *c;
	uint32_t n;
	uint32_t row_offset;
};

/* row_sums: sums[r] = sum_j c[r][j] for r = global_id[0]. */
struct row_sums_args {
	const float *c;
	float *sums;
	uint32_t n;
	uint32_t pad;
};

/* add_value: data[i] += value for i < count. */
struct add_value_args {
	uint32_t *data;
	uint64_t count;
	uint32_t value;
	uint32_t pad;
};

/* noop: no arguments read; the kernarg block still has a nonzero size. */
struct noop_args {
	uint64_t unused;
};

#endif /* SAMPLE_KERNEL_ARGS_H */
