/* Shared between stats_model.c (accumulating) and stats_finish.c (sorting, queues). */
#ifndef HSAT_STATS_MODEL_INTERNAL_H
#define HSAT_STATS_MODEL_INTERNAL_H

#include "analyses/stats/stats_model.h"

#define HSA_PACKET_TYPE_KERNEL_DISPATCH 2

struct stats_submit {
	size_t queue_row;
	uint64_t packet_index;
	int64_t ts_ns;
	int is_kernel;
};

void stats_vec_init(struct stats_vec *v, size_t size);
/* Appends a zeroed element; NULL when out of memory. */
void *stats_vec_push(struct stats_vec *v);
void *stats_vec_at(const struct stats_vec *v, size_t i);

#endif
