/*
 * memory.c - regions and AMD memory pools, allocations, host-memory locking, copies, fill and
 * pointer info. Every pool is host memory; a registry of live allocations (trees keyed by
 * address range) validates frees and answers hsa_amd_pointer_info. Locked host memory has an
 * agent address of its own (aperture.h), as on a discrete GPU.
 */
#include <pthread.h>
#include <search.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/agents.h"
#include "runtime/aperture.h"
#include "runtime/fork.h"
#include "runtime/memory.h"
#include "runtime/workers.h"

#define POOL_MAGIC 0x504f4f4cu /* "POOL" */
#define GRANULE 4096u

struct hsat_pool hsat_pools[HSAT_POOL_COUNT] = {
	[HSAT_POOL_SYSTEM_FINE] = { POOL_MAGIC, HSAT_POOL_SYSTEM_FINE, &hsat_cpu_agent },
	[HSAT_POOL_SYSTEM_COARSE] = { POOL_MAGIC, HSAT_POOL_SYSTEM_COARSE, &hsat_cpu_agent },
	[HSAT_POOL_KERNARG] = { POOL_MAGIC, HSAT_POOL_KERNARG, &hsat_cpu_agent },
	[HSAT_POOL_DEVICE] = { POOL_MAGIC, HSAT_POOL_DEVICE, &hsat_gpu_agent },
	[HSAT_POOL_GROUP] = { POOL_MAGIC, HSAT_POOL_GROUP, &hsat_gpu_agent },
};

struct dealloc_callback {
	hsa_amd_deallocation_callback_t callback;
	void *user_data;
	struct dealloc_callback *next;
};

struct allocation {
	char *base;
	size_t size;
	hsa_amd_pointer_type_t type; /* HSA (pool memory) or LOCKED (host memory) */
	struct hsat_pool *pool;
	void *user_data;
	struct dealloc_callback *callbacks; /* called when the allocation is freed */
	unsigned extra_locks; /* LOCKED: further locks of ranges inside it, as ROCr counts them */
	char *agent_base;     /* LOCKED: the agent address of base (aperture.h); else base */
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

void hsat_memory_at_fork(enum hsat_fork_phase phase)
{
	hsat_fork_mutex(&registry_lock, phase);
}
/* tsearch trees of struct allocation: pool allocations, and locked host ranges apart. A lock
 * the program never undid outlives the memory it covered once its owner frees it; malloc
 * may then hand those bytes to a pool allocation, which must not be refused for it. */
static void *allocations, *locks;

static void **registry_of(hsa_amd_pointer_type_t type)
{
	return type == HSA_EXT_POINTER_TYPE_LOCKED ? &locks : &allocations;
}

struct hsat_pool *hsat_pool_from_handle(uint64_t handle)
{
	for (int i = 0; i < HSAT_POOL_COUNT; i++)
		if (handle == (uint64_t)(uintptr_t)&hsat_pools[i])
			return &hsat_pools[i];
	return NULL;
}

/* Ranges compare equal when they overlap, so a lookup of one byte finds its allocation. */
static int compare_ranges(const void *a, const void *b)
{
	const struct allocation *x = a, *y = b;

	if (x->base + (x->size ? x->size : 1) <= y->base)
		return -1;
	if (y->base + (y->size ? y->size : 1) <= x->base)
		return 1;
	return 0;
}

static struct allocation *registry_find_in_locked(void **tree, const void *ptr)
{
	struct allocation key = { (char *)ptr, 1, 0, NULL, NULL, NULL, 0, NULL };
	void *node = tfind(&key, tree, compare_ranges);

	return node ? *(struct allocation **)node : NULL;
}

/* The pool allocation holding ptr, else the locked range holding it, else NULL. */
static struct allocation *registry_find_locked(const void *ptr)
{
	struct allocation *entry = registry_find_in_locked(&allocations, ptr);

	return entry ? entry : registry_find_in_locked(&locks, ptr);
}

static hsa_status_t registry_add(void *base, size_t size, hsa_amd_pointer_type_t type,
				 struct hsat_pool *pool, void *agent_base)
{
	struct allocation *entry = calloc(1, sizeof(*entry));
	hsa_status_t status = HSA_STATUS_SUCCESS;
	void *node;

	if (!entry)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	*entry = (struct allocation){ base, size, type, pool, NULL, NULL, 0, agent_base };
	pthread_mutex_lock(&registry_lock);
	node = tsearch(entry, registry_of(type), compare_ranges);
	if (!node || *(struct allocation **)node != entry) {
		free(entry);
		status = node ? HSA_STATUS_ERROR_INVALID_ARGUMENT : HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	pthread_mutex_unlock(&registry_lock);
	return status;
}

static void free_callbacks(struct dealloc_callback *list)
{
	while (list) {
		struct dealloc_callback *next = list->next;

		free(list);
		list = next;
	}
}

/* Removes the allocation starting exactly at base; false when there is none of that type.
 * Its deallocation callbacks run first, outside the lock (they may call the runtime). */
static bool registry_remove(void *base, hsa_amd_pointer_type_t type)
{
	struct allocation *entry;

	pthread_mutex_lock(&registry_lock);
	entry = registry_find_in_locked(registry_of(type), base);
	if (entry && entry->base == (char *)base)
		tdelete(entry, registry_of(type), compare_ranges);
	else
		entry = NULL;
	pthread_mutex_unlock(&registry_lock);
	if (!entry)
		return false;
	for (struct dealloc_callback *c = entry->callbacks; c; c = c->next)
		c->callback(base, c->user_data);
	free_callbacks(entry->callbacks);
	if (type == HSA_EXT_POINTER_TYPE_HSA)
		free(entry->base);
	else
		hsat_aperture_unmap(entry->agent_base);
	free(entry);
	return true;
}

static void free_allocation(void *node)
{
	struct allocation *entry = node;

	free_callbacks(entry->callbacks);
	if (entry->type == HSA_EXT_POINTER_TYPE_HSA)
		free(entry->base);
	free(entry);
}

void hsat_memory_release_all(void)
{
	pthread_mutex_lock(&registry_lock);
	tdestroy(allocations, free_allocation);
	tdestroy(locks, free_allocation);
	allocations = locks = NULL;
	pthread_mutex_unlock(&registry_lock);
	hsat_aperture_unmap_all();
}

bool hsat_memory_is_valid_range(const void *ptr, size_t size)
{
	/* Host memory is always reachable by the emulated GPU: only NULL is refused. */
	return ptr != NULL || size == 0;
}

/* --- pools and regions ------------------------------------------------------------------ */

static size_t system_memory_size(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);

	return pages > 0 && page > 0 ? (size_t)pages * (size_t)page : (size_t)1 << 32;
}

static uint32_t pool_global_flags(const struct hsat_pool *pool)
{
	switch (pool->kind) {
	case HSAT_POOL_GROUP:
		return 0; /* not a global segment: no global flags */
	case HSAT_POOL_SYSTEM_FINE:
		return HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED;
	case HSAT_POOL_KERNARG:
		return HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED |
		       HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT;
	default:
		return HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED;
	}
}

hsa_status_t impl_hsa_amd_memory_pool_get_info(hsa_amd_memory_pool_t handle,
					       hsa_amd_memory_pool_info_t attribute, void *value)
{
	struct hsat_pool *pool;
	bool group;

	HSAT_REQUIRE_INIT();
	pool = hsat_pool_from_handle(handle.handle);
	if (!pool)
		return (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	group = pool->kind == HSAT_POOL_GROUP;
	switch (attribute) {
	case HSA_AMD_MEMORY_POOL_INFO_SEGMENT:
		*(hsa_amd_segment_t *)value = group ? HSA_AMD_SEGMENT_GROUP : HSA_AMD_SEGMENT_GLOBAL;
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS:
		*(uint32_t *)value = pool_global_flags(pool);
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_MEMORY_POOL_INFO_SIZE:
		*(size_t *)value = group ? HSAT_GROUP_SEGMENT_MAX : system_memory_size();
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE:
		*(size_t *)value = group ? 0 : system_memory_size();
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED:
		*(bool *)value = !group;
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE:
	case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT:
		*(size_t *)value = group ? 0 : GRANULE;
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL:
		*(bool *)value = pool->owner == &hsat_cpu_agent;
		return HSA_STATUS_SUCCESS;
	default:
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
}

hsa_status_t impl_hsa_region_get_info(hsa_region_t region, hsa_region_info_t attribute,
				      void *value)
{
	struct hsat_pool *pool;
	bool group;

	HSAT_REQUIRE_INIT();
	pool = hsat_pool_from_handle(region.handle);
	if (!pool)
		return HSA_STATUS_ERROR_INVALID_REGION;
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	group = pool->kind == HSAT_POOL_GROUP;
	switch ((int)attribute) {
	case HSA_REGION_INFO_SEGMENT:
		*(hsa_region_segment_t *)value = pool->kind == HSAT_POOL_GROUP
							 ? HSA_REGION_SEGMENT_GROUP
							 : HSA_REGION_SEGMENT_GLOBAL;
		return HSA_STATUS_SUCCESS;
	case HSA_REGION_INFO_GLOBAL_FLAGS:
		/* the region flags have the same values as the pool flags */
		*(uint32_t *)value = pool_global_flags(pool);
		return HSA_STATUS_SUCCESS;
	case HSA_REGION_INFO_SIZE:
		*(size_t *)value = group ? HSAT_GROUP_SEGMENT_MAX : system_memory_size();
		return HSA_STATUS_SUCCESS;
	case HSA_REGION_INFO_ALLOC_MAX_SIZE:
		*(size_t *)value = group ? 0 : system_memory_size();
		return HSA_STATUS_SUCCESS;
	case HSA_REGION_INFO_ALLOC_MAX_PRIVATE_WORKGROUP_SIZE:
		*(uint32_t *)value = 0;
		return HSA_STATUS_SUCCESS;
	case HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED:
		*(bool *)value = !group;
		return HSA_STATUS_SUCCESS;
	case HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE:
	case HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT:
		*(size_t *)value = group ? 0 : GRANULE;
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_REGION_INFO_HOST_ACCESSIBLE:
		*(bool *)value = true;
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_REGION_INFO_BASE:
		*(void **)value = NULL;
		return HSA_STATUS_SUCCESS;
	default:
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
}

typedef hsa_status_t (*visit_fn)(uint64_t handle, void *callback, void *data);

static hsa_status_t visit_pools(struct hsat_agent *agent, bool with_system, visit_fn visit,
				void *callback, void *data)
{
	for (int i = 0; i < HSAT_POOL_COUNT; i++) {
		struct hsat_pool *pool = &hsat_pools[i];
		hsa_status_t status;

		if (pool->owner != agent && !(with_system && pool->owner == &hsat_cpu_agent))
			continue;
		status = visit((uint64_t)(uintptr_t)pool, callback, data);
		if (status != HSA_STATUS_SUCCESS)
			return status;
	}
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t visit_region(uint64_t handle, void *callback, void *data)
{
	return ((hsa_status_t(*)(hsa_region_t, void *))callback)((hsa_region_t){ handle }, data);
}

static hsa_status_t visit_pool(uint64_t handle, void *callback, void *data)
{
	return ((hsa_status_t(*)(hsa_amd_memory_pool_t, void *))callback)(
		(hsa_amd_memory_pool_t){ handle }, data);
}

hsa_status_t impl_hsa_agent_iterate_regions(hsa_agent_t handle,
					    hsa_status_t (*callback)(hsa_region_t, void *),
					    void *data)
{
	struct hsat_agent *agent;
	hsa_status_t status = hsat_agent_checked(handle, callback != NULL, &agent);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	/* As in ROCr, a kernel agent also lists the system regions (kernarg lives there). */
	return visit_pools(agent, true, visit_region, (void *)callback, data);
}

hsa_status_t impl_hsa_amd_agent_iterate_memory_pools(
	hsa_agent_t handle, hsa_status_t (*callback)(hsa_amd_memory_pool_t, void *), void *data)
{
	struct hsat_agent *agent;
	hsa_status_t status = hsat_agent_checked(handle, callback != NULL, &agent);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	return visit_pools(agent, false, visit_pool, (void *)callback, data);
}

/* As ROCr: an agent's own pools and system memory by default, the device pool on request,
 * the group segment only from inside a dispatch. */
static hsa_amd_memory_pool_access_t pool_access(const struct hsat_agent *agent,
						const struct hsat_pool *pool)
{
	if (pool->owner == agent || pool->owner == &hsat_cpu_agent)
		return HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT;
	return pool->kind == HSAT_POOL_GROUP ? HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED
					     : HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT;
}

hsa_status_t impl_hsa_amd_agent_memory_pool_get_info(hsa_agent_t agent_handle,
						     hsa_amd_memory_pool_t pool_handle,
						     hsa_amd_agent_memory_pool_info_t attribute,
						     void *value)
{
	struct hsat_agent *agent;
	struct hsat_pool *pool;

	HSAT_REQUIRE_INIT();
	agent = hsat_agent_from_handle(agent_handle);
	if (!agent)
		return HSA_STATUS_ERROR_INVALID_AGENT;
	pool = hsat_pool_from_handle(pool_handle.handle);
	if (!pool)
		return (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
	if (!value)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	switch (attribute) {
	case HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS:
		*(hsa_amd_memory_pool_access_t *)value = pool_access(agent, pool);
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS:
		*(uint32_t *)value = pool->owner == agent ? 0 : 1;
		return HSA_STATUS_SUCCESS;
	case HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO: {
		hsa_amd_memory_pool_link_info_t *link = value;

		if (pool->owner == agent)
			return HSA_STATUS_SUCCESS;
		memset(link, 0, sizeof(*link));
		link->link_type = HSA_AMD_LINK_INFO_TYPE_PCIE;
		link->numa_distance = 20;
		return HSA_STATUS_SUCCESS;
	}
	default:
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
}

/* --- allocation ------------------------------------------------------------------------- */

static hsa_status_t allocate(struct hsat_pool *pool, size_t size, void **ptr)
{
	size_t rounded;
	void *base;
	hsa_status_t status;

	if (size == 0 || !ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (pool->kind == HSAT_POOL_GROUP) /* group memory exists only inside a dispatch */
		return HSA_STATUS_ERROR_INVALID_ALLOCATION;
	if (size > system_memory_size())
		return HSA_STATUS_ERROR_INVALID_ALLOCATION;
	rounded = (size + GRANULE - 1) / GRANULE * GRANULE;
	base = aligned_alloc(GRANULE, rounded);
	if (!base)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	status = registry_add(base, size, HSA_EXT_POINTER_TYPE_HSA, pool, base);
	if (status != HSA_STATUS_SUCCESS) {
		free(base);
		return status;
	}
	*ptr = base;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t handle, size_t size,
					       uint32_t flags, void **ptr)
{
	struct hsat_pool *pool;

	HSAT_REQUIRE_INIT();
	pool = hsat_pool_from_handle(handle.handle);
	if (!pool)
		return (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
	(void)flags;
	return allocate(pool, size, ptr);
}

hsa_status_t impl_hsa_amd_memory_pool_free(void *ptr)
{
	HSAT_REQUIRE_INIT();
	if (!ptr)
		return HSA_STATUS_SUCCESS; /* like free(NULL) */
	return registry_remove(ptr, HSA_EXT_POINTER_TYPE_HSA) ? HSA_STATUS_SUCCESS
							       : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

hsa_status_t impl_hsa_memory_allocate(hsa_region_t region, size_t size, void **ptr)
{
	struct hsat_pool *pool;

	HSAT_REQUIRE_INIT();
	pool = hsat_pool_from_handle(region.handle);
	if (!pool)
		return HSA_STATUS_ERROR_INVALID_REGION;
	return allocate(pool, size, ptr);
}

hsa_status_t impl_hsa_memory_free(void *ptr)
{
	return impl_hsa_amd_memory_pool_free(ptr);
}

hsa_status_t impl_hsa_amd_agents_allow_access(uint32_t num_agents, const hsa_agent_t *agents,
					      const uint32_t *flags, const void *ptr)
{
	struct allocation *entry;

	HSAT_REQUIRE_INIT();
	if (num_agents == 0 || !agents || flags || !ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	for (uint32_t i = 0; i < num_agents; i++)
		if (!hsat_agent_from_handle(agents[i]))
			return HSA_STATUS_ERROR_INVALID_AGENT;
	pthread_mutex_lock(&registry_lock);
	entry = registry_find_locked(ptr);
	pthread_mutex_unlock(&registry_lock);
	/* Everything is host memory: access is always possible once the pointer is known. */
	return entry ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

hsa_status_t impl_hsa_amd_memory_pool_can_migrate(hsa_amd_memory_pool_t src,
						  hsa_amd_memory_pool_t dst, bool *result)
{
	HSAT_REQUIRE_INIT();
	if (!hsat_pool_from_handle(src.handle) || !hsat_pool_from_handle(dst.handle))
		return (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
	if (!result)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*result = false;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_memory_register(void *ptr, size_t size)
{
	HSAT_REQUIRE_INIT();
	if (!ptr || size == 0)	/* the HSA spec: INVALID_ARGUMENT for a NULL or empty range */
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return HSA_STATUS_SUCCESS; /* host memory needs no registration here */
}

hsa_status_t impl_hsa_memory_deregister(void *ptr, size_t size)
{
	HSAT_REQUIRE_INIT();
	(void)size;	/* the HSA spec: ignored */
	if (!ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_memory_assign_agent(void *ptr, hsa_agent_t agent,
					  hsa_access_permission_t access)
{
	HSAT_REQUIRE_INIT();
	(void)access;
	if (!ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return hsat_agent_from_handle(agent) ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_AGENT;
}

hsa_status_t impl_hsa_memory_copy(void *dst, const void *src, size_t size)
{
	HSAT_REQUIRE_INIT();
	if (size == 0)
		return HSA_STATUS_SUCCESS;
	dst = hsat_aperture_host(dst, size);
	src = hsat_aperture_host(src, size);
	if (!dst || !src)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	memmove(dst, src, size);
	return HSA_STATUS_SUCCESS;
}

/* --- locking, fill, pointer info --------------------------------------------------------- */

/* A range inside one that is already locked is locked once more (ROCclr locks the same pages
 * for each transfer that uses them); true when it was, with its agent address. */
static bool lock_again(void *host_ptr, size_t size, void **agent_ptr)
{
	struct allocation *entry;
	bool inside;

	pthread_mutex_lock(&registry_lock);
	entry = registry_find_in_locked(&locks, host_ptr);
	inside = entry && entry->type == HSA_EXT_POINTER_TYPE_LOCKED &&
		 size <= entry->size - (size_t)((char *)host_ptr - entry->base);
	if (inside) {
		entry->extra_locks++;
		*agent_ptr = entry->agent_base + ((char *)host_ptr - entry->base);
	}
	pthread_mutex_unlock(&registry_lock);
	return inside;
}

/* Undoes one lock_again() of the locked range holding host_ptr; false when it has none. */
static bool unlock_extra(void *host_ptr)
{
	struct allocation *entry;
	bool counted;

	pthread_mutex_lock(&registry_lock);
	entry = registry_find_in_locked(&locks, host_ptr);
	counted = entry && entry->type == HSA_EXT_POINTER_TYPE_LOCKED && entry->extra_locks > 0;
	if (counted)
		entry->extra_locks--;
	pthread_mutex_unlock(&registry_lock);
	return counted;
}

static hsa_status_t lock_host(void *host_ptr, size_t size, const hsa_agent_t *agents,
			      int num_agent, void **agent_ptr)
{
	hsa_status_t status;
	void *agent = NULL;

	if (!host_ptr || size == 0 || !agent_ptr || num_agent < 0 || (num_agent > 0) != (agents != NULL))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	for (int i = 0; i < num_agent; i++)
		if (!hsat_agent_from_handle(agents[i]))
			return HSA_STATUS_ERROR_INVALID_AGENT;
	if (lock_again(host_ptr, size, agent_ptr))
		return HSA_STATUS_SUCCESS;
	/* the emulated GPU sees the range at an agent address of its own, as a discrete GPU */
	status = hsat_aperture_map(host_ptr, size, &agent);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	status = registry_add(host_ptr, size, HSA_EXT_POINTER_TYPE_LOCKED,
			      &hsat_pools[HSAT_POOL_SYSTEM_FINE], agent);
	if (status == HSA_STATUS_SUCCESS)
		*agent_ptr = agent;
	else
		hsat_aperture_unmap(agent);
	return status;
}

hsa_status_t impl_hsa_amd_memory_lock(void *host_ptr, size_t size, hsa_agent_t *agents,
				      int num_agent, void **agent_ptr)
{
	HSAT_REQUIRE_INIT();
	return lock_host(host_ptr, size, agents, num_agent, agent_ptr);
}

hsa_status_t impl_hsa_amd_memory_lock_to_pool(void *host_ptr, size_t size, hsa_agent_t *agents,
					      int num_agent, hsa_amd_memory_pool_t pool,
					      uint32_t flags, void **agent_ptr)
{
	HSAT_REQUIRE_INIT();
	(void)flags;
	if (!hsat_pool_from_handle(pool.handle))
		return (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL;
	return lock_host(host_ptr, size, agents, num_agent, agent_ptr);
}

hsa_status_t impl_hsa_amd_memory_unlock(void *host_ptr)
{
	HSAT_REQUIRE_INIT();
	if (!host_ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	return unlock_extra(host_ptr) || registry_remove(host_ptr, HSA_EXT_POINTER_TYPE_LOCKED)
		       ? HSA_STATUS_SUCCESS
		       : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

hsa_status_t impl_hsa_amd_memory_fill(void *ptr, uint32_t value, size_t count)
{
	uint32_t *words;

	HSAT_REQUIRE_INIT();
	if (count == 0)
		return HSA_STATUS_SUCCESS;
	if (!ptr || ((uintptr_t)ptr & 3) || count > SIZE_MAX / 4)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	words = hsat_aperture_host(ptr, count * 4);
	if (!words)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	for (size_t i = 0; i < count; i++)
		words[i] = value;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_amd_pointer_info(const void *ptr, hsa_amd_pointer_info_t *info,
				       void *(*alloc)(size_t), uint32_t *num_agents_accessible,
				       hsa_agent_t **accessible)
{
	struct allocation found = { 0 };
	struct allocation *entry;
	const void *host;

	HSAT_REQUIRE_INIT();
	if (!ptr || !info || info->size < offsetof(hsa_amd_pointer_info_t, agentOwner))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if ((num_agents_accessible || accessible) && (!alloc || !num_agents_accessible ||
						      !accessible))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	host = hsat_aperture_host(ptr, 1); /* an agent address of locked memory: its host range */
	pthread_mutex_lock(&registry_lock);
	entry = host ? registry_find_locked(host) : NULL;
	if (entry)
		found = *entry;
	pthread_mutex_unlock(&registry_lock);

	info->size = info->size < sizeof(*info) ? info->size : (uint32_t)sizeof(*info);
	info->type = entry ? found.type : HSA_EXT_POINTER_TYPE_UNKNOWN;
	info->agentBaseAddress = found.agent_base;
	info->hostBaseAddress = found.base;
	info->sizeInBytes = found.size;
	info->userData = found.user_data;
	if (info->size >= offsetof(hsa_amd_pointer_info_t, global_flags)) {
		info->agentOwner = entry ? hsat_agent_handle(found.pool->owner)
					 : (hsa_agent_t){ 0 };
	}
	if (info->size >= sizeof(*info))
		info->global_flags = entry ? pool_global_flags(found.pool) : 0;
	if (num_agents_accessible) {
		uint32_t count = entry ? 2 : 0;

		*accessible = count ? alloc(count * sizeof(hsa_agent_t)) : NULL;
		if (count && !*accessible)
			return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
		if (count) {
			(*accessible)[0] = hsat_agent_handle(&hsat_cpu_agent);
			(*accessible)[1] = hsat_agent_handle(&hsat_gpu_agent);
		}
		*num_agents_accessible = count;
	}
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_amd_pointer_info_set_userdata(const void *ptr, void *userdata)
{
	struct allocation *entry;
	hsa_status_t status = HSA_STATUS_ERROR_INVALID_ARGUMENT;

	HSAT_REQUIRE_INIT();
	if (!ptr)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&registry_lock);
	entry = registry_find_locked(ptr);
	if (entry && entry->base == (const char *)ptr) {
		entry->user_data = userdata;
		status = HSA_STATUS_SUCCESS;
	}
	pthread_mutex_unlock(&registry_lock);
	return status;
}

hsa_status_t impl_hsa_amd_coherency_get_type(hsa_agent_t agent, hsa_amd_coherency_type_t *type)
{
	HSAT_REQUIRE_INIT();
	if (!hsat_agent_from_handle(agent))
		return HSA_STATUS_ERROR_INVALID_AGENT;
	if (!type)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*type = HSA_AMD_COHERENCY_TYPE_COHERENT;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_amd_coherency_set_type(hsa_agent_t agent, hsa_amd_coherency_type_t type)
{
	HSAT_REQUIRE_INIT();
	if (!hsat_agent_from_handle(agent))
		return HSA_STATUS_ERROR_INVALID_AGENT;
	/* host memory is always coherent: only that type can be set */
	return type == HSA_AMD_COHERENCY_TYPE_COHERENT ? HSA_STATUS_SUCCESS
						       : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

hsa_status_t impl_hsa_amd_register_deallocation_callback(void *ptr,
							 hsa_amd_deallocation_callback_t callback,
							 void *user_data)
{
	struct dealloc_callback *entry;
	struct allocation *allocation;
	bool registered = false;

	HSAT_REQUIRE_INIT();
	if (!ptr || !callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	entry = calloc(1, sizeof(*entry));
	if (!entry)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	entry->callback = callback;
	entry->user_data = user_data;
	pthread_mutex_lock(&registry_lock);
	allocation = registry_find_locked(ptr);
	if (allocation && allocation->base == (char *)ptr &&
	    allocation->type == HSA_EXT_POINTER_TYPE_HSA) {
		entry->next = allocation->callbacks;
		allocation->callbacks = entry;
		registered = true;
	}
	pthread_mutex_unlock(&registry_lock);
	if (!registered) /* not the base of an allocation */
		free(entry);
	return registered ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_ALLOCATION;
}

hsa_status_t impl_hsa_amd_deregister_deallocation_callback(void *ptr,
							   hsa_amd_deallocation_callback_t callback)
{
	struct allocation *allocation;
	struct dealloc_callback *found = NULL;

	HSAT_REQUIRE_INIT();
	if (!ptr || !callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_lock(&registry_lock);
	allocation = registry_find_locked(ptr);
	if (allocation && allocation->base == (char *)ptr) {
		for (struct dealloc_callback **link = &allocation->callbacks; *link;
		     link = &(*link)->next) {
			if ((*link)->callback == callback) {
				found = *link;
				*link = found->next;
				break;
			}
		}
	}
	pthread_mutex_unlock(&registry_lock);
	free(found);
	return found ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
