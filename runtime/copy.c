/*
 * copy.c - hsa_amd_memory_async_copy on a copy-engine thread (the SDMA engine's stand-in).
 *
 * Copies run in submission order. Each waits for its dependency signals to reach 0, copies,
 * and decrements its completion signal; with async-copy profiling on, the begin/end times
 * go into the completion signal for hsa_amd_profiling_get_async_copy_time.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/agents.h"
#include "runtime/async.h"
#include "runtime/fork.h"
#include "runtime/profiling.h"
#include "runtime/signal.h"

struct copy {
	void *dst;
	const void *src;
	size_t size;          /* linear copy: bytes; rect copy: 0 */
	hsa_pitched_ptr_t rect_dst, rect_src;
	hsa_dim3_t range;     /* rect copy: x in bytes, y rows, z slices */
	uint32_t dep_count;
	hsa_signal_t *deps;
	hsa_signal_t completion;
	struct copy *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready = PTHREAD_COND_INITIALIZER;
static struct copy *head, *tail;
static bool running;
static _Atomic bool stopping;
static pthread_t thread;

static void wait_dependencies(const struct copy *c)
{
	for (uint32_t i = 0; i < c->dep_count; i++) {
		struct hsat_signal *dep = hsat_signal_from_handle(c->deps[i]);

		while (dep && !stopping &&
		       hsat_signal_wait(dep, HSA_SIGNAL_CONDITION_LT, 1, 100000000ull,
					HSA_WAIT_STATE_BLOCKED) >= 1)
			dep = hsat_signal_from_handle(c->deps[i]);
	}
}

/* rect_dst/rect_src bases already point at the offsets' first byte */
static void copy_rect(const struct copy *c)
{
	for (uint32_t z = 0; z < c->range.z; z++)
		for (uint32_t y = 0; y < c->range.y; y++)
			memmove((char *)c->rect_dst.base + z * c->rect_dst.slice + y * c->rect_dst.pitch,
				(const char *)c->rect_src.base + z * c->rect_src.slice +
					y * c->rect_src.pitch,
				c->range.x);
}

static void execute(struct copy *c)
{
	struct hsat_signal *completion;
	uint64_t begin;

	wait_dependencies(c);
	begin = hsat_now_ns();
	if (c->size || !c->range.x)
		memmove(c->dst, c->src, c->size);
	else
		copy_rect(c);
	completion = hsat_signal_from_handle(c->completion);
	if (completion) {
		if (hsat_profiling_async_copy_enabled()) {
			hsat_signal_set_times(completion, begin, hsat_now_ns());
		}
		hsat_signal_subtract(completion, 1);
	}
}

static void *engine_main(void *unused)
{
	(void)unused;
	pthread_mutex_lock(&lock);
	for (;;) {
		struct copy *c;

		while (!stopping && !head)
			pthread_cond_wait(&ready, &lock);
		if (stopping)
			break;
		c = head;
		head = c->next;
		if (!head)
			tail = NULL;
		pthread_mutex_unlock(&lock);
		execute(c);
		free(c->deps);
		free(c);
		pthread_mutex_lock(&lock);
	}
	pthread_mutex_unlock(&lock);
	return NULL;
}

void hsat_copy_engine_stop(void)
{
	bool was_running;

	pthread_mutex_lock(&lock);
	was_running = running;
	stopping = true;
	pthread_cond_broadcast(&ready);
	pthread_mutex_unlock(&lock);
	if (was_running)
		pthread_join(thread, NULL);
	pthread_mutex_lock(&lock);
	running = false;
	while (head) {
		struct copy *next = head->next;

		free(head->deps);
		free(head);
		head = next;
	}
	tail = NULL;
	pthread_mutex_unlock(&lock);
}

/* A forked child: the engine stayed in the parent; the next copy starts one, which then runs
 * the queued ones too. */
void hsat_copy_engine_at_fork(enum hsat_fork_phase phase)
{
	hsat_fork_mutex(&lock, phase);
	if (phase != HSAT_FORK_CHILD)
		return;
	pthread_cond_init(&ready, NULL); /* it counts the parent's engine as a waiter */
	running = false;
}

static hsa_status_t enqueue(struct copy *c)
{
	hsa_status_t status = HSA_STATUS_SUCCESS;

	pthread_mutex_lock(&lock);
	if (!running) {
		stopping = false;
		if (pthread_create(&thread, NULL, engine_main, NULL) == 0)
			running = true;
		else
			status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	if (status == HSA_STATUS_SUCCESS) {
		if (tail)
			tail->next = c;
		else
			head = c;
		tail = c;
		pthread_cond_signal(&ready);
	}
	pthread_mutex_unlock(&lock);
	return status;
}

/* Checks the signals and queues the copy; frees it on failure. */
static hsa_status_t submit(struct copy *c, uint32_t num_dep_signals,
			   const hsa_signal_t *dep_signals, hsa_signal_t completion_signal)
{
	hsa_status_t status = HSA_STATUS_SUCCESS;

	if ((num_dep_signals > 0 && !dep_signals) || completion_signal.handle == 0)
		status = HSA_STATUS_ERROR_INVALID_ARGUMENT;
	else if (!hsat_signal_from_handle(completion_signal))
		status = HSA_STATUS_ERROR_INVALID_SIGNAL;
	for (uint32_t i = 0; status == HSA_STATUS_SUCCESS && i < num_dep_signals; i++)
		if (!hsat_signal_from_handle(dep_signals[i]))
			status = HSA_STATUS_ERROR_INVALID_SIGNAL;
	if (status == HSA_STATUS_SUCCESS && num_dep_signals) {
		c->deps = calloc(num_dep_signals, sizeof(*c->deps));
		if (c->deps)
			memcpy(c->deps, dep_signals, num_dep_signals * sizeof(*c->deps));
		else
			status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	c->dep_count = num_dep_signals;
	c->completion = completion_signal;
	if (status == HSA_STATUS_SUCCESS)
		status = enqueue(c);
	if (status != HSA_STATUS_SUCCESS) {
		free(c->deps);
		free(c);
	}
	return status;
}

hsa_status_t impl_hsa_amd_memory_async_copy(void *dst, hsa_agent_t dst_agent, const void *src,
					    hsa_agent_t src_agent, size_t size,
					    uint32_t num_dep_signals,
					    const hsa_signal_t *dep_signals,
					    hsa_signal_t completion_signal)
{
	struct copy *c;

	HSAT_REQUIRE_INIT();
	if (!hsat_agent_from_handle(dst_agent) || !hsat_agent_from_handle(src_agent))
		return HSA_STATUS_ERROR_INVALID_AGENT;
	if (!dst || !src)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	c = calloc(1, sizeof(*c));
	if (!c)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	c->dst = dst;
	c->src = src;
	c->size = size;
	return submit(c, num_dep_signals, dep_signals, completion_signal);
}

hsa_status_t impl_hsa_amd_memory_async_copy_rect(const hsa_pitched_ptr_t *dst,
						 const hsa_dim3_t *dst_offset,
						 const hsa_pitched_ptr_t *src,
						 const hsa_dim3_t *src_offset, const hsa_dim3_t *range,
						 hsa_agent_t copy_agent, hsa_amd_copy_direction_t dir,
						 uint32_t num_dep_signals,
						 const hsa_signal_t *dep_signals,
						 hsa_signal_t completion_signal)
{
	struct copy *c;

	HSAT_REQUIRE_INIT();
	(void)dir; /* every direction is a host memmove here */
	if (!hsat_agent_from_handle(copy_agent))
		return HSA_STATUS_ERROR_INVALID_AGENT;
	if (!dst || !src || !dst_offset || !src_offset || !range || !dst->base || !src->base ||
	    range->x == 0 || range->y == 0 || range->z == 0 ||
	    (range->y > 1 && (dst->pitch < range->x || src->pitch < range->x)) ||
	    (range->z > 1 && (dst->slice < dst->pitch * range->y ||
			      src->slice < src->pitch * range->y)))
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	c = calloc(1, sizeof(*c));
	if (!c)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	c->rect_dst = *dst;
	c->rect_src = *src;
	c->rect_dst.base = (char *)dst->base + dst_offset->z * dst->slice +
			   dst_offset->y * dst->pitch + dst_offset->x;
	c->rect_src.base = (char *)src->base + src_offset->z * src->slice +
			   src_offset->y * src->pitch + src_offset->x;
	c->range = *range;
	return submit(c, num_dep_signals, dep_signals, completion_signal);
}
