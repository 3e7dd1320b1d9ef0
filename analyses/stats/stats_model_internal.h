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

#endif
