/*
 * intercept.c - the tool-only intercept queues (hsa_amd_queue_intercept_create/_register),
 * with ROCr's semantics.
 *
 * The program writes packets into the proxy queue and rings its doorbell. The doorbell store
 * runs, synchronously in the writing thread, the registered handlers on each new packet: the
 * handler registered last runs first, and its writer passes packets to the next handler, the
 * first one's writer to the real queue underneath (which has the packet processor). The
 * writer has no context argument, so the chain position lives in thread-local state.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/queue.h"
#include "runtime/signal.h"

#define PACKET_BYTES 64
#define MAX_HANDLERS 16

struct handler {
	hsa_amd_queue_intercept_handler callback;
	void *data;
};

struct hsat_intercept {
	struct hsat_queue *inner;
	pthread_mutex_t lock;         /* one doorbell processing at a time */
	struct handler handlers[MAX_HANDLERS];
	_Atomic uint32_t handler_count;
	uint64_t next_index;          /* next proxy slot to consume */
};

struct cursor {
	struct hsat_intercept *intercept;
	uint32_t level;               /* handlers still to run below the current one */
	uint64_t user_index;
};

static _Thread_local struct cursor cursor;

/* The intercept queues this thread is processing (a handler may ring another queue). */
#define MAX_NESTING 8
static _Thread_local struct hsat_intercept *processing[MAX_NESTING];
static _Thread_local unsigned processing_depth;

static bool processing_here(const struct hsat_intercept *intercept)
{
	for (unsigned i = 0; i < processing_depth; i++)
		if (processing[i] == intercept)
			return true;
	return false;
}

static void writer(const void *packets, uint64_t count)
{
	struct hsat_intercept *intercept = cursor.intercept;
	uint32_t level = cursor.level;

	if (!intercept || !packets)
		return;
	if (level == 0) {
		hsat_queue_submit(intercept->inner, packets, count);
		return;
	}
	cursor.level = level - 1;
	intercept->handlers[level - 1].callback(packets, count, cursor.user_index,
						intercept->handlers[level - 1].data, writer);
	cursor.level = level;
}

void hsat_intercept_process(struct hsat_queue *proxy)
{
	struct hsat_intercept *intercept = proxy->intercept;
	char *ring = proxy->amd.hsa_queue.base_address;
	uint64_t mask = proxy->amd.hsa_queue.size - 1;
	struct cursor saved = cursor;

	/* A handler rang this queue's doorbell: the loop below picks the packet up. */
	if (processing_here(intercept) || processing_depth == MAX_NESTING)
		return;
	pthread_mutex_lock(&intercept->lock);
	processing[processing_depth++] = intercept;
	for (;;) {
		char *slot = ring + (intercept->next_index & mask) * PACKET_BYTES;
		uint16_t header = atomic_load_explicit((_Atomic uint16_t *)slot,
						       memory_order_acquire);
		char packet[PACKET_BYTES];

		if (((header >> HSA_PACKET_HEADER_TYPE) & 0xff) == HSA_PACKET_TYPE_INVALID)
			break;
		memcpy(packet, slot, PACKET_BYTES);
		cursor.intercept = intercept;
		cursor.user_index = intercept->next_index;
		cursor.level = atomic_load(&intercept->handler_count);
		writer(packet, 1);
		cursor.intercept = NULL;
		atomic_store_explicit((_Atomic uint16_t *)slot,
				      HSA_PACKET_TYPE_INVALID << HSA_PACKET_HEADER_TYPE,
				      memory_order_release);
		intercept->next_index++;
		hsat_queue_set_read_index(proxy, intercept->next_index);
	}
	processing_depth--;
	cursor = saved;
	pthread_mutex_unlock(&intercept->lock);
}

void hsat_intercept_release(struct hsat_intercept *intercept)
{
	if (!intercept)
		return;
	hsat_queue_destroy(intercept->inner);
	pthread_mutex_destroy(&intercept->lock);
	free(intercept);
}

void hsat_intercept_set_profiling(struct hsat_queue *proxy, bool enable)
{
	atomic_store(&proxy->intercept->inner->profiling, enable);
}

hsa_status_t impl_hsa_amd_queue_intercept_create(
	hsa_agent_t agent_handle, uint32_t size, hsa_queue_type32_t type,
	void (*callback)(hsa_status_t status, hsa_queue_t *source, void *data), void *data,
	uint32_t private_segment_size, uint32_t group_segment_size, hsa_queue_t **out)
{
	struct hsat_intercept *intercept;
	struct hsat_queue *proxy = NULL;
	hsa_status_t status = hsat_queue_agent_checked(agent_handle, out != NULL);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	intercept = calloc(1, sizeof(*intercept));
	if (!intercept)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	pthread_mutex_init(&intercept->lock, NULL);
	status = hsat_queue_create(size, type, callback, data, private_segment_size,
				   group_segment_size, true, NULL, &intercept->inner);
	if (status != HSA_STATUS_SUCCESS)
		goto error;
	status = hsat_queue_create(size, type, callback, data, private_segment_size,
				   group_segment_size, false, NULL, &proxy);
	if (status != HSA_STATUS_SUCCESS)
		goto error;
	intercept->inner->report_as = &proxy->amd.hsa_queue;
	proxy->intercept = intercept;
	*out = &proxy->amd.hsa_queue;
	return HSA_STATUS_SUCCESS;
error:
	hsat_intercept_release(intercept);
	return status;
}

hsa_status_t impl_hsa_amd_queue_intercept_register(hsa_queue_t *public,
						   hsa_amd_queue_intercept_handler callback,
						   void *user_data)
{
	struct hsat_queue *queue;
	struct hsat_intercept *intercept;
	hsa_status_t status = HSA_STATUS_SUCCESS;
	uint32_t count;

	HSAT_REQUIRE_INIT();
	queue = hsat_queue_from_public(public);
	if (!queue || !queue->intercept)
		return HSA_STATUS_ERROR_INVALID_QUEUE;
	if (!callback)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	intercept = queue->intercept;
	pthread_mutex_lock(&intercept->lock);
	count = atomic_load(&intercept->handler_count);
	if (count == MAX_HANDLERS) {
		status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	} else {
		intercept->handlers[count].callback = callback;
		intercept->handlers[count].data = user_data;
		atomic_store(&intercept->handler_count, count + 1);
	}
	pthread_mutex_unlock(&intercept->lock);
	return status;
}

hsa_status_t impl_hsa_amd_runtime_queue_create_register(hsa_amd_runtime_queue_notifier callback,
							void *user_data)
{
	HSAT_REQUIRE_INIT();
	(void)user_data;
	/* Valid, and without effect: this runtime never creates queues of its own. */
	return callback ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

/* A forked child: a handler of the parent's may have been holding the lock. */
void hsat_intercept_at_fork_child(struct hsat_intercept *intercept)
{
	pthread_mutex_init(&intercept->lock, NULL);
}
