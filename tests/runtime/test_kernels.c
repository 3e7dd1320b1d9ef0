/*
 * test_kernels.c - the code object the runtime tests load (hsat_cpu_kernel.h ABI).
 */
#include <stdatomic.h>
#include <stdint.h>

#include "runtime/include/hsat_cpu_kernel.h"

struct copy_args {
	const uint32_t *in;
	uint32_t *out;
};

HSAT_CPU_KERNEL_FN(vector_copy, const struct copy_args *args, wi)
{
	uint64_t i = wi->global_id[0];

	args->out[i] = args->in[i];
}

/* Writes each work-item's ids, to check the grid/workgroup decomposition. */
struct ids_args {
	uint32_t *ids; /* 4 words per item: flat global id, group flat id, local flat id, dims */
};

HSAT_CPU_KERNEL_FN(record_ids, const struct ids_args *args, wi)
{
	uint64_t gx = wi->global_id[0], gy = wi->global_id[1], gz = wi->global_id[2];
	uint64_t flat = (gz * wi->grid_size[1] + gy) * wi->grid_size[0] + gx;
	uint32_t *out = args->ids + flat * 4;
	uint32_t groups_x = (wi->grid_size[0] + wi->workgroup_size[0] - 1) / wi->workgroup_size[0];
	uint32_t groups_y = (wi->grid_size[1] + wi->workgroup_size[1] - 1) / wi->workgroup_size[1];

	out[0] = (uint32_t)flat + 1;
	out[1] = (wi->group_id[2] * groups_y + wi->group_id[1]) * groups_x + wi->group_id[0];
	out[2] = (wi->local_id[2] * wi->workgroup_size[1] + wi->local_id[1]) *
			 wi->workgroup_size[0] +
		 wi->local_id[0];
	out[3] = wi->dimensions;
}

/* Appends its tag to a shared log: packet order checks. */
struct log_args {
	_Atomic uint32_t *length;
	uint32_t *entries;
	uint32_t tag;
	uint32_t spin_us; /* busy time, so later packets would overtake if allowed */
};

HSAT_CPU_KERNEL_FN(append_tag, const struct log_args *args, wi)
{
	(void)wi;
	for (volatile uint32_t i = 0; i < args->spin_us * 100u; i++)
		;
	args->entries[atomic_fetch_add(args->length, 1)] = args->tag;
}

/* Sums a workgroup's items through the group segment, one total per workgroup. */
struct group_sum_args {
	const uint32_t *in;
	uint32_t *sums;
};

HSAT_CPU_KERNEL_FN(group_sum, const struct group_sum_args *args, wi)
{
	uint32_t *acc = wi->group_segment;

	*acc += args->in[wi->global_id[0]];
	if (wi->local_id[0] == wi->workgroup_size[0] - 1 ||
	    wi->global_id[0] == wi->grid_size[0] - 1)
		args->sums[wi->group_id[0]] = *acc;
}

HSAT_CPU_KERNEL_FN(empty, const void *args, wi)
{
	(void)args;
	(void)wi;
}

HSAT_CPU_CODE_OBJECT(
	HSAT_CPU_KERNEL(vector_copy, sizeof(struct copy_args), 0),
	HSAT_CPU_KERNEL(record_ids, sizeof(struct ids_args), 0),
	HSAT_CPU_KERNEL(append_tag, sizeof(struct log_args), 0),
	HSAT_CPU_KERNEL(group_sum, sizeof(struct group_sum_args), sizeof(uint32_t)),
	HSAT_CPU_KERNEL(empty, 0, 0))
