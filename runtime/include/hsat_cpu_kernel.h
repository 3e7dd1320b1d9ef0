/*
 * hsat_cpu_kernel.h - the code-object ABI of hsatrace's CPU HSA runtime.
 *
 * For the emulated GPU agent, a "code object" is an ELF shared object built from C. It exports
 * one table, `hsat_cpu_code_object`, listing its kernels. The runtime's executable loader
 * dlopen()s the file (or a memfd copy, for code objects given from memory), reads the table,
 * and offers each kernel as an executable symbol named `name` (also found as `name.kd`, the
 * AMD convention). The symbol's KERNEL_OBJECT is an opaque handle that the packet processor
 * resolves back to the descriptor; programs never call it directly.
 *
 * A kernel is called once per work-item:
 *
 *     HSAT_CPU_KERNEL_FN(vector_copy, const struct vector_copy_args *args, wi)
 *     {
 *             uint64_t i = wi->global_id[0];
 *             args->out[i] = args->in[i];
 *     }
 *     HSAT_CPU_CODE_OBJECT(
 *             HSAT_CPU_KERNEL(vector_copy, sizeof(struct vector_copy_args), 0))
 *
 * Work-items of one workgroup run in order on one worker thread and share `group_segment`;
 * there is no intra-workgroup barrier (each item runs to completion).
 *
 * Version 2 (what `hsatrace kernels` writes, docs/kernels.md) adds one hsat_cpu_kernel_info
 * per kernel: a kernel flagged HSAT_CPU_KERNEL_WHOLE_GROUP is called once per workgroup (local
 * id 0, the global id of the group's first item) and runs the group's items itself, as fibers
 * when they synchronize; and the kernel says where it reads each explicit argument, so that
 * the runtime can compare it with an amdgcn code object's metadata. Version 1 objects keep
 * working unchanged.
 */
#ifndef HSAT_CPU_KERNEL_H
#define HSAT_CPU_KERNEL_H

#include <stdint.h>

#define HSAT_CPU_CODE_OBJECT_MAGIC 0x48534154u /* "HSAT" */
#define HSAT_CPU_CODE_OBJECT_VERSION 1u   /* what HSAT_CPU_CODE_OBJECT writes */
#define HSAT_CPU_CODE_OBJECT_VERSION_2 2u /* with hsat_cpu_kernel_info */

/* What a work-item sees: its ids and the dispatch's geometry (HSA spec §2.2 terms). */
struct hsat_cpu_workitem {
	uint32_t local_id[3];     /* work-item id within its workgroup */
	uint32_t group_id[3];     /* workgroup id within the grid */
	uint64_t global_id[3];    /* absolute work-item id: group_id * workgroup_size + local_id */
	uint32_t workgroup_size[3];
	uint32_t grid_size[3];
	uint32_t dimensions;      /* 1..3, from the packet's setup field */
	void *group_segment;      /* group_segment_size bytes, shared by the workgroup's items */
	void *private_segment;    /* private_segment_size bytes, this item's own */
	/* since version 2: the part of the group segment past the kernel's own (static) group
	 * segment size, 16-byte aligned: HIP's dynamic shared memory */
	void *dynamic_group_segment;
	uint32_t dynamic_group_segment_size;
};

typedef void (*hsat_cpu_kernel_fn)(const void *kernarg, const struct hsat_cpu_workitem *wi);

struct hsat_cpu_kernel_descriptor {
	const char *name;             /* symbol name, without ".kd" */
	hsat_cpu_kernel_fn entry;
	uint32_t kernarg_size;        /* bytes; KERNARG_SEGMENT_SIZE */
	uint32_t kernarg_alignment;   /* bytes; KERNARG_SEGMENT_ALIGNMENT (>= 16 as on AMD) */
	uint32_t group_segment_size;  /* bytes of group memory per workgroup */
	uint32_t private_segment_size;/* bytes of private memory per work-item */
};

/* The entry is called once per workgroup and runs all of its work-items. */
#define HSAT_CPU_KERNEL_WHOLE_GROUP 1u

/* Where a kernel reads one explicit argument in the kernarg segment. */
struct hsat_cpu_kernel_arg {
	uint32_t offset;
	uint32_t size;
};

/* Version 2: what the descriptor of the same index does not say. */
struct hsat_cpu_kernel_info {
	uint32_t flags;               /* HSAT_CPU_KERNEL_* */
	uint32_t explicit_arg_count;
	const struct hsat_cpu_kernel_arg *explicit_args;
};

struct hsat_cpu_code_object {
	uint32_t magic;               /* HSAT_CPU_CODE_OBJECT_MAGIC */
	uint32_t version;             /* HSAT_CPU_CODE_OBJECT_VERSION or _VERSION_2 */
	uint32_t kernel_count;
	const struct hsat_cpu_kernel_descriptor *kernels;
	/* version 2 only (not read in version 1): kernel_count entries, or NULL */
	const struct hsat_cpu_kernel_info *info;
};

/* Define a kernel function with the ABI signature; `args_decl` names and types the kernarg. */
#define HSAT_CPU_KERNEL_FN(name, args_decl, wi)                                        \
	static void hsat_kernel_body_##name(args_decl,                                 \
					    const struct hsat_cpu_workitem *wi);      \
	static void hsat_kernel_entry_##name(const void *kernarg,                      \
					     const struct hsat_cpu_workitem *w)        \
	{                                                                              \
		hsat_kernel_body_##name(kernarg, w);                                   \
	}                                                                              \
	static void hsat_kernel_body_##name(args_decl,                                 \
					    const struct hsat_cpu_workitem *wi)

/* One table entry: kernel name, kernarg size, group segment size. */
#define HSAT_CPU_KERNEL(name, kernarg_bytes, group_bytes) \
	{ #name, hsat_kernel_entry_##name, (kernarg_bytes), 16, (group_bytes), 0 }

/* The exported table; one per code object. */
#define HSAT_CPU_CODE_OBJECT(...)                                                      \
	static const struct hsat_cpu_kernel_descriptor hsat_cpu_kernels[] = {          \
		__VA_ARGS__                                                            \
	};                                                                             \
	__attribute__((visibility("default")))                                         \
	const struct hsat_cpu_code_object hsat_cpu_code_object = {                     \
		HSAT_CPU_CODE_OBJECT_MAGIC, HSAT_CPU_CODE_OBJECT_VERSION,              \
		sizeof(hsat_cpu_kernels) / sizeof(hsat_cpu_kernels[0]),                \
		hsat_cpu_kernels, 0                                                    \
	};

#define HSAT_CPU_CODE_OBJECT_SYMBOL "hsat_cpu_code_object"

#endif /* HSAT_CPU_KERNEL_H */
