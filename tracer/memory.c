/* Allocations and frees: mem_alloc/mem_free, and bytes allocated per pool (counter). */
#include "tracer/hooks.h"
#include "tracer/map.h"
#include "tracer/tracer.h"

#include <stdlib.h>

struct allocation {
	uint64_t pool;
	uint64_t size;
};

static struct hsat_map allocations = HSAT_MAP_INIT;	/* address -> allocation */
static struct hsat_map pool_bytes = HSAT_MAP_INIT;	/* pool -> int64_t * (guarded by
							   allocations.lock) */

/* Caller holds allocations.lock. */
static int64_t add_pool_bytes(uint64_t pool, int64_t delta)
{
	int64_t *total = hsat_map_get(&pool_bytes, pool);
	void *old;

	if (!total) {
		total = calloc(1, sizeof(*total));
		if (!total || hsat_map_put(&pool_bytes, pool, total, &old)) {
			free(total);
			return 0;
		}
	}
	*total += delta;
	return *total;
}

static void record_alloc(uint64_t cid, uint64_t pool, void *ptr, size_t size)
{
	struct hsat_ev_hsa_activity__mem_alloc e = {
		.pool = pool, .ptr = (uint64_t)(uintptr_t)ptr, .size = size, .correlation_id = cid
	};
	struct allocation *a = malloc(sizeof(*a));
	void *old = NULL;
	int64_t total;

	hsat_enter_tracer();
	pthread_mutex_lock(&allocations.lock);
	if (a) {
		a->pool = pool;
		a->size = size;
		if (hsat_map_put(&allocations, (uint64_t)(uintptr_t)ptr, a, &old)) {
			free(a);
			old = NULL;
		}
	}
	total = add_pool_bytes(pool, (int64_t)size);
	pthread_mutex_unlock(&allocations.lock);
	free(old);
	lttng_ust_tracepoint(hsa_activity, mem_alloc, &e);
	hsat_emit_counter("bytes_allocated", "pool", pool, total, "bytes");
	hsat_leave_tracer();
}

/* Takes the allocation out before the real free: the address may be reused right after. */
static struct allocation *take(void *ptr)
{
	struct allocation *a;

	pthread_mutex_lock(&allocations.lock);
	a = hsat_map_remove(&allocations, (uint64_t)(uintptr_t)ptr);
	pthread_mutex_unlock(&allocations.lock);
	return a;
}

static void record_free(uint64_t cid, void *ptr, struct allocation *a, hsa_status_t st)
{
	struct hsat_ev_hsa_activity__mem_free e = {
		.ptr = (uint64_t)(uintptr_t)ptr, .correlation_id = cid
	};
	void *old = NULL;
	int64_t total = 0;

	hsat_enter_tracer();
	pthread_mutex_lock(&allocations.lock);
	if (a && st != HSA_STATUS_SUCCESS &&
	    hsat_map_put(&allocations, (uint64_t)(uintptr_t)ptr, a, &old) == 0)
		a = NULL;	/* the free failed: the allocation is still alive */
	else if (a)
		total = add_pool_bytes(a->pool, -(int64_t)a->size);
	pthread_mutex_unlock(&allocations.lock);
	free(old);
	if (st == HSA_STATUS_SUCCESS) {
		if (a) {
			e.pool = a->pool;
			e.size = a->size;
		}
		lttng_ust_tracepoint(hsa_activity, mem_free, &e);
		if (a)
			hsat_emit_counter("bytes_allocated", "pool", a->pool, total, "bytes");
	}
	free(a);
	hsat_leave_tracer();
}

hsa_status_t hsat_hook_hsa_amd_memory_pool_allocate(struct hsat_call *call,
						    hsa_amd_memory_pool_t memory_pool, size_t size,
						    uint32_t flags, void **ptr)
{
	hsa_status_t st = hsat_real_amd_ext.hsa_amd_memory_pool_allocate_fn(memory_pool, size,
									    flags, ptr);

	if (st == HSA_STATUS_SUCCESS && ptr)
		record_alloc(call->cid, memory_pool.handle, *ptr, size);
	return st;
}

hsa_status_t hsat_hook_hsa_memory_allocate(struct hsat_call *call, hsa_region_t region,
					   size_t size, void **ptr)
{
	hsa_status_t st = hsat_real_core.hsa_memory_allocate_fn(region, size, ptr);

	if (st == HSA_STATUS_SUCCESS && ptr)
		record_alloc(call->cid, region.handle, *ptr, size);
	return st;
}

hsa_status_t hsat_hook_hsa_amd_memory_pool_free(struct hsat_call *call, void *ptr)
{
	struct allocation *a = take(ptr);
	hsa_status_t st = hsat_real_amd_ext.hsa_amd_memory_pool_free_fn(ptr);

	record_free(call->cid, ptr, a, st);
	return st;
}

hsa_status_t hsat_hook_hsa_memory_free(struct hsat_call *call, void *ptr)
{
	struct allocation *a = take(ptr);
	hsa_status_t st = hsat_real_core.hsa_memory_free_fn(ptr);

	record_free(call->cid, ptr, a, st);
	return st;
}

void hsat_memory_forget(void)
{
	pthread_mutex_lock(&allocations.lock);
	hsat_map_clear(&allocations, free);
	hsat_map_clear(&pool_bytes, free);
	pthread_mutex_unlock(&allocations.lock);
}

__attribute__((constructor)) static void memory_init(void)
{
	hsat_lock_register(&allocations.lock);
}
