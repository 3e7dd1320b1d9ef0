/*
 * copy.c - hsa_amd_memory_async_copy on copy-engine threads (the SDMA engines' stand-ins).
 *
 * As ROCr gives a GPU agent one SDMA queue per direction (host to device, device to host,
 * device to device), there are three engines, each a thread started at its first copy: a
 * copy that waits for a kernel (a stream's copy back) holds up only the copies of its own
 * direction, so two HIP streams' copies in and out overlap each other's kernels. An engine
 * runs its copies in submission order. Each waits for its dependency signals to reach 0,
 * copies, and decrements its completion signal; with async-copy profiling on, the begin/end
 * times go into the completion signal for hsa_amd_profiling_get_async_copy_time.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/agents.h"
#include "runtime/aperture.h"
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

enum engine_kind { ENGINE_HOST_TO_DEVICE, ENGINE_DEVICE_TO_HOST, ENGINE_DEVICE_TO_DEVICE,
		   ENGINE_COUNT };

struct engine {
	pthread_cond_t ready;
	struct copy *head, *tail;
	bool running;
	pthread_t thread;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; /* every engine's queue and state */
static struct engine engines[ENGINE_COUNT] = {
	{ PTHREAD_COND_INITIALIZER, NULL, NULL, false, 0 },
	{ PTHREAD_COND_INITIALIZER, NULL, NULL, false, 0 },
	{ PTHREAD_COND_INITIALIZER, NULL, NULL, false, 0 },
};
static _Atomic bool stopping;

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

static void *engine_main(void *arg)
{
	struct engine *e = arg;

	pthread_mutex_lock(&lock);
	for (;;) {
		struct copy *c;

		while (!stopping && !e->head)
			pthread_cond_wait(&e->ready, &lock);
		if (stopping)
			break;
		c = e->head;
		e->head = c->next;
		if (!e->head)
			e->tail = NULL;
		pthread_mutex_unlock(&lock);
		execute(c);
		free(c->deps);
		free(c);
		pthread_mutex_lock(&lock);
	}
	pthread_mutex_unlock(&lock);
	return NULL;
}

/* Under the lock: drops the copies an engine had not started. */
static void discard_queued_locked(struct engine *e)
{
	while (e->head) {
		struct copy *next = e->head->next;

		free(e->head->deps);
		free(e->head);
		e->head = next;
	}
	e->tail = NULL;
}

void hsat_copy_engine_stop(void)
{
	bool was_running[ENGINE_COUNT];

	pthread_mutex_lock(&lock);
	stopping = true;
	for (int i = 0; i < ENGINE_COUNT; i++) {
		was_running[i] = engines[i].running;
		pthread_cond_broadcast(&engines[i].ready);
	}
	pthread_mutex_unlock(&lock);
	for (int i = 0; i < ENGINE_COUNT; i++)
		if (was_running[i])
			pthread_join(engines[i].thread, NULL);
	pthread_mutex_lock(&lock);
	for (int i = 0; i < ENGINE_COUNT; i++) {
		engines[i].running = false;
		discard_queued_locked(&engines[i]);
	}
	stopping = false; /* a later hsa_init's copies start the engines again */
	pthread_mutex_unlock(&lock);
}

/* A forked child: the engines stayed in the parent; an engine's next copy starts one, which
 * then runs its queued ones too. */
void hsat_copy_engine_at_fork(enum hsat_fork_phase phase)
{
	hsat_fork_mutex(&lock, phase);
	if (phase != HSAT_FORK_CHILD)
		return;
	for (int i = 0; i < ENGINE_COUNT; i++) {
		/* it counts the parent's engine as a waiter */
		pthread_cond_init(&engines[i].ready, NULL);
		engines[i].running = false;
	}
}

static hsa_status_t enqueue(struct engine *e, struct copy *c)
{
	hsa_status_t status = HSA_STATUS_SUCCESS;

	pthread_mutex_lock(&lock);
	if (stopping) { /* a copy racing the last hsa_shut_down: no engine may start now */
		status = HSA_STATUS_ERROR_NOT_INITIALIZED;
	} else if (!e->running) {
		if (pthread_create(&e->thread, NULL, engine_main, e) == 0)
			e->running = true;
		else
			status = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	if (status == HSA_STATUS_SUCCESS) {
		if (e->tail)
			e->tail->next = c;
		else
			e->head = c;
		e->tail = c;
		pthread_cond_signal(&e->ready);
	}
	pthread_mutex_unlock(&lock);
	return status;
}

/* ROCr's choice of SDMA queue: host to device, device to host, else device to device. */
static struct engine *engine_between(const struct hsat_agent *src, const struct hsat_agent *dst)
{
	if (src == &hsat_cpu_agent && dst == &hsat_gpu_agent)
		return &engines[ENGINE_HOST_TO_DEVICE];
	if (src == &hsat_gpu_agent && dst == &hsat_cpu_agent)
		return &engines[ENGINE_DEVICE_TO_HOST];
	return &engines[ENGINE_DEVICE_TO_DEVICE];
}

static struct engine *engine_for_direction(hsa_amd_copy_direction_t dir)
{
	if (dir == hsaHostToDevice)
		return &engines[ENGINE_HOST_TO_DEVICE];
	if (dir == hsaDeviceToHost)
		return &engines[ENGINE_DEVICE_TO_HOST];
	return &engines[ENGINE_DEVICE_TO_DEVICE];
}

/* Checks the signals and queues the copy on the engine; frees it on failure. */
static hsa_status_t submit(struct engine *e, struct copy *c, uint32_t num_dep_signals,
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
		status = enqueue(e, c);
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
	struct hsat_agent *to = hsat_agent_from_handle(dst_agent);
	struct hsat_agent *from = hsat_agent_from_handle(src_agent);
	struct copy *c;

	HSAT_REQUIRE_INIT();
	if (!to || !from)
		return HSA_STATUS_ERROR_INVALID_AGENT;
	/* agent addresses of locked memory are translated now: ROCclr unlocks after completion */
	dst = hsat_aperture_host(dst, size);
	src = hsat_aperture_host(src, size);
	if (!dst || !src)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	c = calloc(1, sizeof(*c));
	if (!c)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	c->dst = dst;
	c->src = src;
	c->size = size;
	return submit(engine_between(from, to), c, num_dep_signals, dep_signals, completion_signal);
}

/* The host address of a rect's first byte, its whole extent translated out of the aperture. */
static void *rect_host(const hsa_pitched_ptr_t *p, const hsa_dim3_t *offset,
		       const hsa_dim3_t *range)
{
	char *first = (char *)p->base + (size_t)offset->z * p->slice +
		      (size_t)offset->y * p->pitch + offset->x;
	size_t extent = (size_t)(range->z - 1) * p->slice + (size_t)(range->y - 1) * p->pitch +
			range->x;

	return hsat_aperture_host(first, extent);
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
	c->rect_dst.base = rect_host(dst, dst_offset, range);
	c->rect_src.base = rect_host(src, src_offset, range);
	c->range = *range;
	if (!c->rect_dst.base || !c->rect_src.base) {
		free(c);
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
	return submit(engine_for_direction(dir), c, num_dep_signals, dep_signals,
		      completion_signal);
}
