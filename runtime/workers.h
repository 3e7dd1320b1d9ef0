/*
 * workers.h - the worker pool: the emulated GPU's compute units.
 *
 * A dispatch is split into workgroups; the submitting packet processor and the workers
 * take workgroups from a shared counter until none is left. Work-items of one workgroup run
 * in order on one thread (hsat_cpu_kernel.h).
 */
#ifndef HSAT_WORKERS_H
#define HSAT_WORKERS_H

#include <pthread.h>

#include "runtime/include/hsat_cpu_kernel.h"
#include "runtime/runtime.h"

#define HSAT_GROUP_SEGMENT_MAX (64u * 1024)      /* as a GPU's LDS */
#define HSAT_PRIVATE_SEGMENT_MAX (1024u * 1024)  /* per work-item */

struct hsat_dispatch {
	/* input */
	hsat_cpu_kernel_fn entry;
	/* NULL, or a native kernel's whole-workgroup form (blit_kernels.h): called once per
	 * workgroup instead of entry once per work-item, with local id 0 and the global id of the
	 * workgroup's first item; then entry is not called. */
	hsat_cpu_kernel_fn group_entry;
	const void *kernarg;
	uint32_t dimensions;
	uint32_t workgroup_size[3];
	uint32_t grid_size[3];
	uint32_t group_segment_size;
	uint32_t group_segment_fixed_size; /* the kernel's own; the rest is dynamic (HIP) */
	uint32_t private_segment_size;
	/* bookkeeping */
	uint64_t groups[3];
	uint64_t group_count;
	_Atomic uint64_t next_group;
	_Atomic uint64_t done_groups;
	unsigned active_workers;      /* under the pool lock */
	pthread_cond_t done;
	struct hsat_dispatch *next;
	/* measurements (counters) */
	_Atomic uint64_t busy_ns;      /* summed over threads */
	_Atomic uint64_t work_items;
	_Atomic uint64_t waves;        /* 64 work-items per wave, per workgroup */
	_Atomic bool out_of_memory;    /* a thread could not get its segment memory */
};

hsa_status_t hsat_workers_start(unsigned count);
void hsat_workers_stop(void);

/* Runs the dispatch to completion; the calling thread takes part. */
void hsat_workers_run(struct hsat_dispatch *dispatch);

/* Frees the calling thread's scratch memory (call before a processor thread exits). */
void hsat_workers_thread_done(void);

#endif /* HSAT_WORKERS_H */
