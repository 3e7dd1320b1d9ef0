/*
 * agents.h - the two agents and their memory pools (regions).
 *
 * The CPU agent is the host. The emulated GPU is a kernel agent whose compute units are the
 * worker threads (HSATRACE_CPU_WORKERS, default: online CPUs). Every pool is host memory.
 * Handles are pointers to these static structs, checked against the known set.
 */
#ifndef HSAT_AGENTS_H
#define HSAT_AGENTS_H

#include "runtime/runtime.h"

enum hsat_pool_kind {
	HSAT_POOL_SYSTEM_FINE,   /* CPU: fine-grained system memory */
	HSAT_POOL_SYSTEM_COARSE, /* CPU: coarse-grained system memory */
	HSAT_POOL_KERNARG,       /* CPU: fine-grained, kernarg-capable */
	HSAT_POOL_DEVICE,        /* GPU: its "device local" coarse-grained memory */
	HSAT_POOL_GROUP,         /* GPU: the group segment (LDS), sized, never allocated from */
	HSAT_POOL_COUNT
};

struct hsat_pool {
	uint32_t magic;
	enum hsat_pool_kind kind;
	struct hsat_agent *owner;
};

struct hsat_agent {
	uint32_t magic;
	hsa_device_type_t type;
	uint32_t node;
	const char *name;
};

extern struct hsat_agent hsat_cpu_agent, hsat_gpu_agent;
extern struct hsat_pool hsat_pools[HSAT_POOL_COUNT];

void hsat_agents_init(void);
unsigned hsat_worker_count(void);

/* NULL when the handle is not one of ours. */
struct hsat_agent *hsat_agent_from_handle(hsa_agent_t agent);
struct hsat_pool *hsat_pool_from_handle(uint64_t handle);

/*
 * What an agent query checks first, in this order: the runtime is initialized, the handle is
 * one of ours, the argument it cannot do without (a callback, a result pointer) is given.
 * HSA_STATUS_SUCCESS with *agent set, or the status the query returns.
 */
hsa_status_t hsat_agent_checked(hsa_agent_t handle, bool argument_given,
				struct hsat_agent **agent);

static inline hsa_agent_t hsat_agent_handle(struct hsat_agent *agent)
{
	return (hsa_agent_t){ (uint64_t)(uintptr_t)agent };
}

#endif /* HSAT_AGENTS_H */
