/*
 * workers.c - the worker pool that executes workgroups.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/fork.h"
#include "runtime/workers.h"

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_ready = PTHREAD_COND_INITIALIZER;
static struct hsat_dispatch *jobs; /* dispatches that may still have workgroups */
static bool stopping;
static pthread_t *threads;
static unsigned thread_count;
static unsigned wanted_count; /* compute units asked of hsat_workers_start */
/* In a forked child: the pool's threads stayed in the parent; the next dispatch starts new
 * ones (release/acquire: whoever sees it false also sees their thread_count). */
static _Atomic bool respawn;

/* Scratch memory of the calling thread: group segment and one work-item's private segment. */
static _Thread_local struct scratch {
	void *group;
	size_t group_size;
	void *private_;
	size_t private_size;
} scratch;

static void *scratch_buffer(void **buffer, size_t *capacity, size_t size)
{
	if (size == 0)
		return NULL;
	if (size > *capacity) {
		void *bigger = realloc(*buffer, size);

		if (!bigger)
			return NULL;
		*buffer = bigger;
		*capacity = size;
	}
	return *buffer;
}

void hsat_workers_thread_done(void)
{
	free(scratch.group);
	free(scratch.private_);
	memset(&scratch, 0, sizeof(scratch));
}

/* Each work-item of the workgroup in turn; how many ran. */
static uint64_t run_items(struct hsat_dispatch *d, struct hsat_cpu_workitem *wi,
			  const uint32_t start[3], const uint32_t end[3])
{
	uint64_t items = 0;

	for (uint32_t z = start[2]; z < end[2]; z++) {
		for (uint32_t y = start[1]; y < end[1]; y++) {
			for (uint32_t x = start[0]; x < end[0]; x++) {
				wi->local_id[0] = x;
				wi->local_id[1] = y;
				wi->local_id[2] = z;
				for (int i = 0; i < 3; i++)
					wi->global_id[i] = (uint64_t)wi->group_id[i] *
								   d->workgroup_size[i] +
							   wi->local_id[i];
				d->entry(d->kernarg, wi);
				items++;
			}
		}
	}
	return items;
}

/* The whole workgroup in one call of its native form; how many items that was. */
static uint64_t run_whole_group(struct hsat_dispatch *d, struct hsat_cpu_workitem *wi,
				const uint32_t end[3])
{
	for (int i = 0; i < 3; i++)
		wi->global_id[i] = (uint64_t)wi->group_id[i] * d->workgroup_size[i];
	d->group_entry(d->kernarg, wi);
	return (uint64_t)end[0] * end[1] * end[2];
}

/* HIP's dynamic shared memory follows the kernel's static group segment, 16-byte aligned. */
static void set_dynamic_group_segment(const struct hsat_dispatch *d, struct hsat_cpu_workitem *wi)
{
	uint64_t offset = ((uint64_t)d->group_segment_fixed_size + 15) & ~(uint64_t)15;

	if (offset >= d->group_segment_size)
		return;
	wi->dynamic_group_segment = (char *)wi->group_segment + offset;
	wi->dynamic_group_segment_size = (uint32_t)(d->group_segment_size - offset);
}

static void run_group(struct hsat_dispatch *d, uint64_t group)
{
	struct hsat_cpu_workitem wi;
	uint32_t start[3], end[3];
	uint64_t begin = hsat_now_ns(), items = 0;

	memset(&wi, 0, sizeof(wi));
	wi.dimensions = d->dimensions;
	wi.group_id[0] = (uint32_t)(group % d->groups[0]);
	wi.group_id[1] = (uint32_t)(group / d->groups[0] % d->groups[1]);
	wi.group_id[2] = (uint32_t)(group / (d->groups[0] * d->groups[1]));
	for (int i = 0; i < 3; i++) {
		uint64_t first = (uint64_t)wi.group_id[i] * d->workgroup_size[i];
		uint64_t last = first + d->workgroup_size[i];

		wi.workgroup_size[i] = d->workgroup_size[i];
		wi.grid_size[i] = d->grid_size[i];
		start[i] = 0;
		/* the last workgroup of a dimension may be partial */
		end[i] = (uint32_t)((last > d->grid_size[i] ? d->grid_size[i] : last) - first);
	}
	wi.group_segment = scratch_buffer(&scratch.group, &scratch.group_size,
					  d->group_segment_size);
	if (wi.group_segment) {
		memset(wi.group_segment, 0, d->group_segment_size);
		set_dynamic_group_segment(d, &wi);
	}
	wi.private_segment = scratch_buffer(&scratch.private_, &scratch.private_size,
					    d->private_segment_size);
	if ((d->group_segment_size && !wi.group_segment) ||
	    (d->private_segment_size && !wi.private_segment)) {
		atomic_store(&d->out_of_memory, true); /* skip the items rather than crash */
		return;
	}
	items = d->group_entry ? run_whole_group(d, &wi, end) : run_items(d, &wi, start, end);
	atomic_fetch_add(&d->work_items, items);
	atomic_fetch_add(&d->waves, (items + 63) / 64);
	atomic_fetch_add(&d->busy_ns, hsat_now_ns() - begin);
}

/* Takes workgroups until none is left. */
static void run_groups(struct hsat_dispatch *d)
{
	uint64_t group;

	while ((group = atomic_fetch_add(&d->next_group, 1)) < d->group_count) {
		run_group(d, group);
		atomic_fetch_add(&d->done_groups, 1);
	}
}

static struct hsat_dispatch *pick_job_locked(void)
{
	for (struct hsat_dispatch *d = jobs; d; d = d->next)
		if (atomic_load(&d->next_group) < d->group_count)
			return d;
	return NULL;
}

static void *worker_main(void *unused)
{
	(void)unused;
	pthread_mutex_lock(&pool_lock);
	for (;;) {
		struct hsat_dispatch *d = NULL;

		while (!stopping && !(d = pick_job_locked()))
			pthread_cond_wait(&work_ready, &pool_lock);
		if (stopping)
			break;
		d->active_workers++;
		pthread_mutex_unlock(&pool_lock);
		run_groups(d);
		pthread_mutex_lock(&pool_lock);
		d->active_workers--;
		if (d->active_workers == 0 && atomic_load(&d->done_groups) == d->group_count)
			pthread_cond_broadcast(&d->done);
	}
	pthread_mutex_unlock(&pool_lock);
	hsat_workers_thread_done();
	return NULL;
}

/* The packet processor is one compute unit itself: starts count - 1 helpers. */
static void spawn(unsigned count)
{
	for (thread_count = 0; thread_count + 1 < count; thread_count++)
		if (pthread_create(&threads[thread_count], NULL, worker_main, NULL) != 0)
			break;
}

hsa_status_t hsat_workers_start(unsigned count)
{
	threads = calloc(count, sizeof(*threads));
	if (!threads)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	stopping = false;
	wanted_count = count;
	spawn(count);
	return HSA_STATUS_SUCCESS;
}

static void respawn_workers(void)
{
	pthread_mutex_lock(&pool_lock);
	if (atomic_load(&respawn)) {
		spawn(wanted_count);
		hsat_debug("forked child: %u worker threads started", thread_count);
		atomic_store_explicit(&respawn, false, memory_order_release);
	}
	pthread_mutex_unlock(&pool_lock);
}

void hsat_workers_at_fork(enum hsat_fork_phase phase)
{
	hsat_fork_mutex(&pool_lock, phase);
	if (phase != HSAT_FORK_CHILD)
		return;
	pthread_cond_init(&work_ready, NULL); /* it counts the parent's workers as waiters */
	jobs = NULL;                          /* dispatches of the parent's processors */
	thread_count = 0;
	atomic_store(&respawn, threads != NULL);
}

void hsat_workers_stop(void)
{
	pthread_mutex_lock(&pool_lock);
	stopping = true;
	pthread_cond_broadcast(&work_ready);
	pthread_mutex_unlock(&pool_lock);
	for (unsigned i = 0; i < thread_count; i++)
		pthread_join(threads[i], NULL);
	free(threads);
	threads = NULL;
	thread_count = 0;
	atomic_store(&respawn, false);
}

static void unlink_locked(struct hsat_dispatch *d)
{
	for (struct hsat_dispatch **link = &jobs; *link; link = &(*link)->next) {
		if (*link == d) {
			*link = d->next;
			return;
		}
	}
}

void hsat_workers_run(struct hsat_dispatch *d)
{
	d->group_count = 1;
	for (int i = 0; i < 3; i++) {
		d->groups[i] = (d->grid_size[i] + (uint64_t)d->workgroup_size[i] - 1) /
			       d->workgroup_size[i];
		d->group_count *= d->groups[i];
	}
	atomic_store(&d->next_group, 0);
	atomic_store(&d->done_groups, 0);
	d->active_workers = 0;
	if (atomic_load_explicit(&respawn, memory_order_acquire))
		respawn_workers();
	if (d->group_count <= 1 || thread_count == 0) {
		run_groups(d); /* nothing to share: no wake-ups, no locking */
		return;
	}
	pthread_cond_init(&d->done, NULL);
	pthread_mutex_lock(&pool_lock);
	d->next = jobs;
	jobs = d;
	pthread_cond_broadcast(&work_ready);
	pthread_mutex_unlock(&pool_lock);

	run_groups(d);

	pthread_mutex_lock(&pool_lock);
	unlink_locked(d); /* no new worker can join now */
	while (atomic_load(&d->done_groups) < d->group_count || d->active_workers > 0)
		pthread_cond_wait(&d->done, &pool_lock);
	pthread_mutex_unlock(&pool_lock);
	pthread_cond_destroy(&d->done);
}
