/*
 * queue.c - queue creation and destruction, the queue registry, read/write index operations,
 * and submission from inside the runtime (intercept writers).
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/agents.h"
#include "runtime/fork.h"
#include "runtime/queue.h"
#include "runtime/signal.h"

#define QUEUE_MAGIC 0x5155455545554521ull
#define PACKET_BYTES 64

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hsat_queue *queues;
static unsigned queue_count;
static _Atomic uint64_t next_queue_id;

struct hsat_queue *hsat_queue_from_public(const hsa_queue_t *public)
{
	struct hsat_queue *found = NULL;

	if (!public)
		return NULL;
	pthread_mutex_lock(&registry_lock);
	for (struct hsat_queue *q = queues; q; q = q->next)
		if (&q->amd.hsa_queue == public)
			found = q;
	pthread_mutex_unlock(&registry_lock);
	return found;
}

/* The hot index operations trust the pointer (as ROCr does) after a cheap sanity check. */
static struct hsat_queue *fast_queue(const hsa_queue_t *public)
{
	struct hsat_queue *queue = (struct hsat_queue *)public;

	return queue && queue->magic == QUEUE_MAGIC ? queue : NULL;
}

static void set_ring_invalid(struct hsat_queue *queue)
{
	char *base = queue->amd.hsa_queue.base_address;

	for (uint32_t i = 0; i < queue->amd.hsa_queue.size; i++)
		*(uint16_t *)(base + (size_t)i * PACKET_BYTES) = HSA_PACKET_TYPE_INVALID
								 << HSA_PACKET_HEADER_TYPE;
}

static bool registry_add(struct hsat_queue *queue)
{
	bool added = false;

	pthread_mutex_lock(&registry_lock);
	if (queue_count < HSAT_QUEUES_MAX) {
		queue->next = queues;
		queues = queue;
		queue_count++;
		added = true;
	}
	pthread_mutex_unlock(&registry_lock);
	return added;
}

static bool registry_remove(struct hsat_queue *queue)
{
	bool removed = false;

	pthread_mutex_lock(&registry_lock);
	for (struct hsat_queue **link = &queues; *link; link = &(*link)->next) {
		if (*link == queue) {
			*link = queue->next;
			queue_count--;
			removed = true;
			break;
		}
	}
	pthread_mutex_unlock(&registry_lock);
	return removed;
}

static void queue_free(struct hsat_queue *queue)
{
	if (!queue)
		return;
	if (queue->doorbell && queue->owns_doorbell) {
		atomic_store(&queue->doorbell->doorbell_of, NULL);
		hsat_signal_delete(queue->doorbell);
	}
	free(queue->amd.hsa_queue.base_address);
	free(queue);
}

static bool start_processor(struct hsat_queue *queue)
{
	if (pthread_create(&queue->processor, NULL, hsat_packet_processor, queue) != 0)
		return false;
	queue->has_processor = true;
	return true;
}

hsa_status_t hsat_queue_create(uint32_t size, hsa_queue_type32_t type, hsat_queue_error_fn callback,
			       void *data, uint32_t private_segment_size,
			       uint32_t group_segment_size, bool with_processor,
			       struct hsat_signal *soft_doorbell, struct hsat_queue **out)
{
	struct hsat_queue *queue;
	uint32_t min_size = soft_doorbell ? 1 : HSAT_QUEUE_MIN_SIZE;
	size_t ring_bytes = (size_t)size * PACKET_BYTES;

	if (size < min_size || size > HSAT_QUEUE_MAX_SIZE || (size & (size - 1)))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (type == HSA_QUEUE_TYPE_COOPERATIVE) /* a valid type this agent does not offer */
		return HSA_STATUS_ERROR_INVALID_QUEUE_CREATION;
	if (type != HSA_QUEUE_TYPE_MULTI && type != HSA_QUEUE_TYPE_SINGLE)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	queue = aligned_alloc(AMD_QUEUE_ALIGN_BYTES, sizeof(*queue));
	if (!queue)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	memset(queue, 0, sizeof(*queue));
	queue->amd.hsa_queue.base_address =
		aligned_alloc(4096, ring_bytes < 4096 ? 4096 : ring_bytes);
	queue->owns_doorbell = soft_doorbell == NULL;
	queue->doorbell = soft_doorbell ? soft_doorbell : hsat_signal_new(0);
	if (!queue->amd.hsa_queue.base_address || !queue->doorbell) {
		queue_free(queue);
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	queue->amd.hsa_queue.type = type;
	queue->amd.hsa_queue.features = HSA_QUEUE_FEATURE_KERNEL_DISPATCH;
	queue->amd.hsa_queue.size = size;
	queue->amd.hsa_queue.doorbell_signal = hsat_signal_handle(queue->doorbell);
	queue->amd.hsa_queue.id = atomic_fetch_add(&next_queue_id, 1);
	queue->amd.queue_properties = AMD_QUEUE_PROPERTIES_IS_PTR64;
	queue->amd.max_cu_id = hsat_worker_count() - 1;
	queue->magic = QUEUE_MAGIC;
	queue->callback = callback;
	queue->callback_data = data;
	queue->report_as = &queue->amd.hsa_queue;
	queue->private_segment_size = private_segment_size;
	queue->group_segment_size = group_segment_size;
	set_ring_invalid(queue);
	if (!registry_add(queue)) {
		queue_free(queue);
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	if (queue->owns_doorbell)
		atomic_store_explicit(&queue->doorbell->doorbell_of, queue, memory_order_release);
	if (with_processor && !start_processor(queue)) {
		registry_remove(queue);
		queue_free(queue);
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	*out = queue;
	return HSA_STATUS_SUCCESS;
}

void hsat_queue_destroy(struct hsat_queue *queue)
{
	if (!queue)
		return;
	registry_remove(queue);
	if (queue->owns_doorbell)
		atomic_store(&queue->doorbell->doorbell_of, NULL);
	if (queue->has_processor) {
		atomic_store(&queue->stopping, true);
		hsat_signal_poke(queue->doorbell);
		pthread_join(queue->processor, NULL);
	}
	hsat_intercept_release(queue->intercept);
	queue->magic = 0;
	queue_free(queue);
}

void hsat_queues_destroy_all(void)
{
	for (;;) {
		struct hsat_queue *queue;

		pthread_mutex_lock(&registry_lock);
		queue = queues;
		/* intercept queues first: each destroys its inner queue itself */
		for (struct hsat_queue *q = queues; q; q = q->next) {
			if (q->intercept) {
				queue = q;
				break;
			}
		}
		pthread_mutex_unlock(&registry_lock);
		if (!queue)
			break;
		hsat_queue_destroy(queue);
	}
}

void hsat_queues_at_fork(enum hsat_fork_phase phase)
{
	hsat_fork_mutex(&registry_lock, phase);
	if (phase != HSAT_FORK_CHILD)
		return;
	for (struct hsat_queue *q = queues; q; q = q->next) {
		if (q->intercept)
			hsat_intercept_at_fork_child(q->intercept);
		if (q->has_processor) { /* the next doorbell starts the child's own */
			q->has_processor = false;
			atomic_store(&q->respawn, true);
		}
	}
}

void hsat_queue_doorbell_rung(struct hsat_queue *queue)
{
	if (atomic_load_explicit(&queue->respawn, memory_order_relaxed) &&
	    atomic_exchange(&queue->respawn, false)) {
		hsat_debug("forked child: queue %lu gets a packet processor",
			   (unsigned long)queue->amd.hsa_queue.id);
		if (!start_processor(queue))
			atomic_store(&queue->respawn, true); /* try again at the next doorbell */
	}
	if (queue->intercept)
		hsat_intercept_process(queue);
}

hsa_status_t hsat_queue_checked(const hsa_queue_t *public, struct hsat_queue **queue)
{
	HSAT_REQUIRE_INIT();
	if (!public)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*queue = hsat_queue_from_public(public);
	return *queue ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_QUEUE;
}

hsa_status_t hsat_queue_agent_checked(hsa_agent_t handle, bool out_given)
{
	struct hsat_agent *agent;
	hsa_status_t status = hsat_agent_checked(handle, out_given, &agent);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	return agent->type == HSA_DEVICE_TYPE_GPU ? HSA_STATUS_SUCCESS
						  : HSA_STATUS_ERROR_INVALID_QUEUE_CREATION;
}

hsa_status_t impl_hsa_queue_create(hsa_agent_t agent_handle, uint32_t size, hsa_queue_type32_t type,
				   void (*callback)(hsa_status_t, hsa_queue_t *, void *),
				   void *data, uint32_t private_segment_size,
				   uint32_t group_segment_size, hsa_queue_t **out)
{
	struct hsat_queue *queue;
	hsa_status_t status = hsat_queue_agent_checked(agent_handle, out != NULL);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	status = hsat_queue_create(size, type, callback, data, private_segment_size,
				   group_segment_size, true, NULL, &queue);
	if (status == HSA_STATUS_SUCCESS)
		*out = &queue->amd.hsa_queue;
	return status;
}

/* A queue whose packets the application processes itself (HSA spec 2.5): the runtime only
 * provides the ring and the indices; the doorbell is the application's signal. */
hsa_status_t impl_hsa_soft_queue_create(hsa_region_t region, uint32_t size, hsa_queue_type32_t type,
					uint32_t features, hsa_signal_t doorbell_signal,
					hsa_queue_t **out)
{
	struct hsat_signal *doorbell;
	struct hsat_queue *queue;
	hsa_status_t status;

	HSAT_REQUIRE_INIT();
	if (!out || doorbell_signal.handle == 0 || type == HSA_QUEUE_TYPE_COOPERATIVE)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (!hsat_pool_from_handle(region.handle))
		return HSA_STATUS_ERROR_INVALID_REGION;
	doorbell = hsat_signal_from_handle(doorbell_signal);
	if (!doorbell)
		return HSA_STATUS_ERROR_INVALID_SIGNAL;
	status = hsat_queue_create(size, type, NULL, NULL, 0, 0, false, doorbell, &queue);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	queue->amd.hsa_queue.features = features;
	*out = &queue->amd.hsa_queue;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_queue_destroy(hsa_queue_t *public)
{
	struct hsat_queue *queue;
	hsa_status_t status = hsat_queue_checked(public, &queue);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	hsat_queue_destroy(queue);
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_queue_inactivate(hsa_queue_t *public)
{
	struct hsat_queue *queue;
	hsa_status_t status = hsat_queue_checked(public, &queue);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	atomic_store(&queue->inactive, true);
	return HSA_STATUS_SUCCESS;
}

/* --- index operations (all sequentially consistent) ------------------------------------ */

#define LOAD_INDEX(which, suffix)                                                         \
	uint64_t impl_hsa_queue_load_##which##_index_##suffix(const hsa_queue_t *public) \
	{                                                                                 \
		struct hsat_queue *queue = fast_queue(public);                            \
		return queue ? __atomic_load_n(&queue->amd.which##_dispatch_id,           \
					       __ATOMIC_SEQ_CST)                          \
			     : 0;                                                         \
	}
LOAD_INDEX(read, relaxed)
LOAD_INDEX(read, scacquire)
LOAD_INDEX(write, relaxed)
LOAD_INDEX(write, scacquire)

#define STORE_INDEX(which, suffix)                                                           \
	void impl_hsa_queue_store_##which##_index_##suffix(const hsa_queue_t *public,        \
							   uint64_t value)                   \
	{                                                                                    \
		struct hsat_queue *queue = fast_queue(public);                               \
		if (queue)                                                                   \
			__atomic_store_n(&queue->amd.which##_dispatch_id, value,             \
					 __ATOMIC_SEQ_CST);                                  \
	}
STORE_INDEX(read, relaxed)
STORE_INDEX(read, screlease)
STORE_INDEX(write, relaxed)
STORE_INDEX(write, screlease)

#define ADD_WRITE_INDEX(suffix)                                                              \
	uint64_t impl_hsa_queue_add_write_index_##suffix(const hsa_queue_t *public,          \
							 uint64_t value)                     \
	{                                                                                    \
		struct hsat_queue *queue = fast_queue(public);                               \
		return queue ? __atomic_fetch_add(&queue->amd.write_dispatch_id, value,      \
						  __ATOMIC_SEQ_CST)                          \
			     : 0;                                                            \
	}
ADD_WRITE_INDEX(relaxed)
ADD_WRITE_INDEX(scacquire)
ADD_WRITE_INDEX(screlease)
ADD_WRITE_INDEX(scacq_screl)

#define CAS_WRITE_INDEX(suffix)                                                               \
	uint64_t impl_hsa_queue_cas_write_index_##suffix(const hsa_queue_t *public,           \
							 uint64_t expected, uint64_t value)   \
	{                                                                                     \
		struct hsat_queue *queue = fast_queue(public);                                \
		uint64_t old = expected;                                                      \
		if (!queue)                                                                   \
			return 0;                                                             \
		__atomic_compare_exchange_n(&queue->amd.write_dispatch_id, &old, value, false, \
					    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);               \
		return old;                                                                   \
	}
CAS_WRITE_INDEX(relaxed)
CAS_WRITE_INDEX(scacquire)
CAS_WRITE_INDEX(screlease)
CAS_WRITE_INDEX(scacq_screl)

void hsat_queue_submit(struct hsat_queue *queue, const void *packets, uint64_t count)
{
	const char *bytes = packets;

	for (uint64_t i = 0; i < count; i++) {
		uint64_t index = __atomic_fetch_add(&queue->amd.write_dispatch_id, 1,
						    __ATOMIC_SEQ_CST);
		char *slot;

		/* wait for room: the slot must have been consumed */
		while (index - hsat_queue_read_index(queue) >= queue->amd.hsa_queue.size)
			sched_yield();
		slot = (char *)queue->amd.hsa_queue.base_address +
		       (index & (queue->amd.hsa_queue.size - 1)) * PACKET_BYTES;
		memcpy(slot + 2, bytes + i * PACKET_BYTES + 2, PACKET_BYTES - 2);
		/* the header last, so the processor never sees a half-written packet */
		atomic_store_explicit((_Atomic uint16_t *)slot,
				      *(const uint16_t *)(bytes + i * PACKET_BYTES),
				      memory_order_release);
		hsat_signal_store(queue->doorbell, (int64_t)index);
	}
}

/* --- CU masks and priorities: recorded and reported back; the worker pool is shared by all
 * queues, so neither changes where or when a queue's workgroups run. ----------------------- */

hsa_status_t impl_hsa_amd_queue_cu_set_mask(const hsa_queue_t *public, uint32_t num_cu_mask_count,
					    const uint32_t *cu_mask)
{
	struct hsat_queue *queue;

	HSAT_REQUIRE_INIT();
	queue = hsat_queue_from_public(public);
	if (!queue)
		return HSA_STATUS_ERROR_INVALID_QUEUE;
	if (num_cu_mask_count % 32 || (num_cu_mask_count && !cu_mask))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	memset(queue->cu_mask, 0, sizeof(queue->cu_mask));
	for (uint32_t i = 0; i < num_cu_mask_count / 32 && i < HSAT_CU_MASK_WORDS; i++)
		queue->cu_mask[i] = cu_mask[i];
	queue->cu_mask_set = num_cu_mask_count != 0;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_amd_queue_cu_get_mask(const hsa_queue_t *public, uint32_t num_cu_mask_count,
					    uint32_t *cu_mask)
{
	struct hsat_queue *queue;
	unsigned cus = hsat_worker_count();

	HSAT_REQUIRE_INIT();
	queue = hsat_queue_from_public(public);
	if (!queue)
		return HSA_STATUS_ERROR_INVALID_QUEUE;
	if (num_cu_mask_count == 0 || num_cu_mask_count % 32 || !cu_mask)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	for (uint32_t i = 0; i < num_cu_mask_count / 32; i++) {
		uint32_t all = cus >= 32 * (i + 1) ? UINT32_MAX
			       : cus > 32 * i      ? (1u << (cus - 32 * i)) - 1
						   : 0;

		cu_mask[i] = queue->cu_mask_set && i < HSAT_CU_MASK_WORDS ? queue->cu_mask[i] & all
									   : all;
	}
	return HSA_STATUS_SUCCESS;
}

hsa_status_t impl_hsa_amd_queue_set_priority(hsa_queue_t *public,
					     hsa_amd_queue_priority_t priority)
{
	struct hsat_queue *queue;

	HSAT_REQUIRE_INIT();
	queue = hsat_queue_from_public(public);
	if (!queue)
		return HSA_STATUS_ERROR_INVALID_QUEUE;
	if (priority != HSA_AMD_QUEUE_PRIORITY_LOW && priority != HSA_AMD_QUEUE_PRIORITY_NORMAL &&
	    priority != HSA_AMD_QUEUE_PRIORITY_HIGH)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	queue->priority = priority;
	return HSA_STATUS_SUCCESS;
}
