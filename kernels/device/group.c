/*
 * group.c - one workgroup of a CPU-built kernel: its work-items, and __syncthreads.
 *
 * A worker thread runs one workgroup at a time. Item 0 runs first, as a fiber. If it ends
 * without reaching a barrier, the other items run as plain calls on the worker's stack (no
 * switch at all: a barrier is reached by every item of a group or by none). If it reaches
 * one, every item gets a fiber and the thread resumes them in turn, round after round: each
 * runs until its next barrier or its end, so a round is one barrier for every item still
 * running (items that ended no longer count, as waves that ended on a GPU).
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels/device/fiber.h"
#include "kernels/include/hsat_device.h"

#define MAX_ITEMS 1024

__thread const struct hsat_item *hsat_device_item;

struct fiber_item {
	struct hsat_fiber fiber;
	struct hsat_item item;
	bool done;
};

/* The running workgroup (one per thread). */
struct group {
	void (*run_item)(void *args);
	void *args;
	void *dynamic_shared;
	uint32_t dynamic_shared_size;
	struct fiber_item *running; /* NULL: items run as plain calls */
	void *scheduler_sp;
	bool barrier_reached;
	uint32_t live;
};

static __thread struct group *current;
static __thread struct fiber_item *fibers; /* MAX_ITEMS, with their stacks, kept */
static pthread_key_t fibers_key;
static pthread_once_t fibers_key_once = PTHREAD_ONCE_INIT;

static void fibers_free(void *array)
{
	struct fiber_item *items = array;

	for (int i = 0; i < MAX_ITEMS; i++)
		hsat_fiber_release(&items[i].fiber);
	free(items);
}

static void fibers_key_create(void)
{
	pthread_key_create(&fibers_key, fibers_free);
}

/* This thread's fibers; NULL when out of memory. Their stacks go when the thread ends. */
static struct fiber_item *thread_fibers(void)
{
	if (fibers)
		return fibers;
	pthread_once(&fibers_key_once, fibers_key_create);
	fibers = calloc(MAX_ITEMS, sizeof(*fibers));
	if (fibers)
		pthread_setspecific(fibers_key, fibers);
	return fibers;
}

static void item_ids(struct hsat_item *item, const uint32_t extent[3], uint32_t index)
{
	item->thread_idx.x = index % extent[0];
	item->thread_idx.y = index / extent[0] % extent[1];
	item->thread_idx.z = index / (extent[0] * extent[1]);
}

/* Where a fiber starts: its item, then back to the scheduler for good. */
static void fiber_main(void)
{
	struct group *g = current;
	struct fiber_item *self = g->running;

	g->run_item(g->args);
	self->done = true;
	g->live--;
	hsat_fiber_switch(&self->fiber.sp, g->scheduler_sp);
}

static void resume(struct group *g, struct fiber_item *f)
{
	g->running = f;
	hsat_device_item = &f->item;
	hsat_fiber_switch(&g->scheduler_sp, f->fiber.sp);
	g->running = NULL;
}

static bool start(struct group *g, struct fiber_item *f, const struct hsat_item *model,
		  const uint32_t extent[3], uint32_t index)
{
	f->item = *model;
	item_ids(&f->item, extent, index);
	f->done = false;
	/* stacks are 128 KiB apart: without a shift every fiber's frames would fall into the
	 * same cache sets (bench/kernels measures the difference) */
	f->fiber.color = (index % 61) * 80;
	if (!hsat_fiber_prepare(&f->fiber, fiber_main))
		return false;
	g->live++;
	return true;
}

static void out_of_memory(void)
{
	static bool said;

	if (!said)
		fprintf(stderr, "hsatrace kernels: no memory for the fibers of a workgroup that "
				"synchronizes: its items did not all run\n");
	said = true;
}

/* Every item as a fiber, round after round, until all have ended. Item 0 is at its first
 * barrier already. */
static void run_as_fibers(struct group *g, struct fiber_item *f, const struct hsat_item *model,
			  const uint32_t extent[3], uint32_t count)
{
	for (uint32_t i = 1; i < count; i++)
		if (!start(g, &f[i], model, extent, i)) {
			out_of_memory();
			count = i;
			break;
		}
	for (uint32_t i = 1; i < count; i++)
		resume(g, &f[i]);
	while (g->live > 0)
		for (uint32_t i = 0; i < count; i++)
			if (!f[i].done)
				resume(g, &f[i]);
}

static void run_plain(struct group *g, struct hsat_item *item, const uint32_t extent[3],
		      uint32_t count)
{
	for (uint32_t i = 1; i < count; i++) {
		item_ids(item, extent, i);
		hsat_device_item = item;
		g->run_item(g->args);
	}
}

/* The items of the group: the last group of a dimension may be partial. */
static uint32_t group_extent(const struct hsat_cpu_workitem *wi, uint32_t extent[3])
{
	for (int d = 0; d < 3; d++) {
		uint64_t first = (uint64_t)wi->group_id[d] * wi->workgroup_size[d];
		uint64_t left = wi->grid_size[d] > first ? wi->grid_size[d] - first : 0;

		extent[d] = (uint32_t)(left < wi->workgroup_size[d] ? left : wi->workgroup_size[d]);
	}
	return extent[0] * extent[1] * extent[2];
}

static void model_item(const struct hsat_cpu_workitem *wi, struct hsat_item *model)
{
	uint32_t *dims[] = { &model->block_idx.x, &model->block_idx.y, &model->block_idx.z };
	uint32_t *sizes[] = { &model->block_dim.x, &model->block_dim.y, &model->block_dim.z };
	uint32_t *grid[] = { &model->grid_dim.x, &model->grid_dim.y, &model->grid_dim.z };

	for (int d = 0; d < 3; d++) {
		*dims[d] = wi->group_id[d];
		*sizes[d] = wi->workgroup_size[d];
		*grid[d] = (uint32_t)(((uint64_t)wi->grid_size[d] + wi->workgroup_size[d] - 1) /
				      wi->workgroup_size[d]);
	}
}

void hsat_device_run_group(const struct hsat_cpu_workitem *wi, void (*run_item)(void *args),
			   void *args)
{
	struct group g = { run_item, args, wi->dynamic_group_segment,
			   wi->dynamic_group_segment_size, NULL, NULL, false, 0 };
	struct fiber_item *f = thread_fibers();
	struct hsat_item model = { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
	uint32_t extent[3], count = group_extent(wi, extent);

	if (count == 0 || count > MAX_ITEMS)
		return;
	model_item(wi, &model);
	current = &g;
	if (!f || !start(&g, &f[0], &model, extent, 0)) {
		out_of_memory();
		current = NULL;
		return;
	}
	resume(&g, &f[0]);
	if (g.barrier_reached)
		run_as_fibers(&g, f, &model, extent, count);
	else
		run_plain(&g, &model, extent, count);
	current = NULL;
	hsat_device_item = NULL;
}

/* A barrier outside the fibers: item 0 of the group did not reach one. */
static void non_uniform_barrier(void)
{
	static bool said;
	const struct hsat_item *item = hsat_device_item;

	if (!said && item)
		fprintf(stderr,
			"hsatrace kernels: __syncthreads() reached by work-item (%u,%u,%u) of "
			"workgroup (%u,%u,%u) but not by work-item 0 of that workgroup: a barrier "
			"must be reached by all items of a group or by none; this one does not wait\n",
			item->thread_idx.x, item->thread_idx.y, item->thread_idx.z,
			item->block_idx.x, item->block_idx.y, item->block_idx.z);
	said = true;
}

void hsat_device_syncthreads(void)
{
	struct group *g = current;
	struct fiber_item *self = g ? g->running : NULL;

	if (!self) {
		if (g)
			non_uniform_barrier();
		return;
	}
	g->barrier_reached = true;
	hsat_fiber_switch(&self->fiber.sp, g->scheduler_sp);
}

void *hsat_device_dynamic_shared(void)
{
	return current ? current->dynamic_shared : NULL;
}

uint32_t hsat_device_dynamic_shared_size(void)
{
	return current ? current->dynamic_shared_size : 0;
}
