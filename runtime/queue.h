/*
 * queue.h - AQL queues. As in ROCr, the hsa_queue_t handed to programs is the first member of
 * an amd_queue_t (amd_hsa_queue.h), whose write_dispatch_id/read_dispatch_id are the queue's
 * write and read indices (accessed with __atomic builtins: the header makes them volatile).
 * The amd_queue_t is the first member of struct hsat_queue. A packet processor thread per queue consumes packets in order (packets.c);
 * an intercept queue (intercept.c) instead runs tool handlers at the doorbell and forwards
 * packets to an ordinary queue it owns.
 */
#ifndef HSAT_QUEUE_H
#define HSAT_QUEUE_H

#include <hsa/amd_hsa_queue.h>
#include <pthread.h>

#include "runtime/queue_limits.h"
#include "runtime/runtime.h"

#define HSAT_CU_MASK_WORDS 8 /* 256 compute units, the most HSATRACE_CPU_WORKERS allows */

struct hsat_signal;
struct hsat_intercept;

typedef void (*hsat_queue_error_fn)(hsa_status_t status, hsa_queue_t *source, void *data);

struct hsat_queue {
	amd_queue_t amd;             /* amd.hsa_queue is what the program sees; must stay first */
	uint64_t magic;
	struct hsat_signal *doorbell;
	hsat_queue_error_fn callback;
	void *callback_data;
	hsa_queue_t *report_as;      /* the queue named in error callbacks (the proxy, if any) */
	uint32_t private_segment_size;
	uint32_t group_segment_size;
	_Atomic bool profiling;
	_Atomic bool stopping;
	_Atomic bool inactive;
	_Atomic bool respawn;        /* forked child: the processor stayed in the parent */
	bool has_processor;
	bool owns_doorbell;
	bool cu_mask_set;
	uint32_t cu_mask[HSAT_CU_MASK_WORDS];
	hsa_amd_queue_priority_t priority;
	pthread_t processor;
	struct hsat_intercept *intercept; /* set for an intercept queue */
	struct hsat_queue *next;          /* registry of live queues */
};

/* NULL unless queue is a live queue of this runtime. */
struct hsat_queue *hsat_queue_from_public(const hsa_queue_t *queue);

/*
 * What a call on a queue checks first: the runtime is initialized, the queue is given
 * (HSA_STATUS_ERROR_INVALID_ARGUMENT) and is one of ours (HSA_STATUS_ERROR_INVALID_QUEUE).
 * HSA_STATUS_SUCCESS with *queue set, or the status the call returns.
 */
hsa_status_t hsat_queue_checked(const hsa_queue_t *public, struct hsat_queue **queue);

/* The checks a queue creation (hsa_queue_create, hsa_amd_queue_intercept_create) makes first:
 * the agent is valid and out_given (hsat_agent_checked), and it is a GPU
 * (HSA_STATUS_ERROR_INVALID_QUEUE_CREATION otherwise). */
hsa_status_t hsat_queue_agent_checked(hsa_agent_t agent, bool out_given);

/* Creates a queue; with_processor=false for the proxy side of an intercept queue and for soft
 * queues, which also bring their own doorbell (soft_doorbell, not owned; NULL otherwise). */
hsa_status_t hsat_queue_create(uint32_t size, hsa_queue_type32_t type, hsat_queue_error_fn callback,
			       void *data, uint32_t private_segment_size,
			       uint32_t group_segment_size, bool with_processor,
			       struct hsat_signal *soft_doorbell, struct hsat_queue **out);
void hsat_queue_destroy(struct hsat_queue *queue);
void hsat_queues_destroy_all(void);

/* Called by the doorbell signal after each store (runs intercept handlers; in a forked
 * child, starts the processor of a queue inherited from the parent). */
void hsat_queue_doorbell_rung(struct hsat_queue *queue);

/* packets.c: the processor thread body. */
void *hsat_packet_processor(void *queue);

/* intercept.c */
void hsat_intercept_process(struct hsat_queue *proxy);
void hsat_intercept_release(struct hsat_intercept *intercept);
void hsat_intercept_set_profiling(struct hsat_queue *proxy, bool enable);
void hsat_intercept_at_fork_child(struct hsat_intercept *intercept);

/* Writes packets into an ordinary queue (reserving slots, waiting for room) and rings it. */
void hsat_queue_submit(struct hsat_queue *queue, const void *packets, uint64_t count);

static inline uint64_t hsat_queue_read_index(const struct hsat_queue *queue)
{
	return __atomic_load_n(&queue->amd.read_dispatch_id, __ATOMIC_SEQ_CST);
}

static inline void hsat_queue_set_read_index(struct hsat_queue *queue, uint64_t index)
{
	__atomic_store_n(&queue->amd.read_dispatch_id, index, __ATOMIC_SEQ_CST);
}

#endif /* HSAT_QUEUE_H */
