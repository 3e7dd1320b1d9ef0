/*
 * timeline - what the report draws: lanes of time intervals (threads' API calls, GPU queues'
 * kernels, copies) and counter series, each kept to a bounded size.
 *
 *   struct timeline tl;
 *   timeline_init(&tl, max_items);         // max drawn items per lane (and points per counter)
 *   timeline_add_event(&tl, ev);           // for each event, in time order: API calls, counters
 *   timeline_add_gpu(&tl, model);          // after stats_model_finish: kernels and copies
 *   ... tl.lanes[i], tl.counters[i] ...
 *   timeline_release(&tl);
 *
 * Bounding: a lane that would hold more than max_items intervals merges neighbours pairwise
 * (an item then stands for `count` intervals, from the first begin to the last end); a counter
 * series merges neighbouring points keeping the larger value. So memory and page size stay
 * proportional to max_items whatever the trace size, and the page says what was merged.
 * timeline_fit() then bounds the whole (items of every drawn lane and counter) to a budget.
 */
#ifndef HSAT_REPORT_TIMELINE_H
#define HSAT_REPORT_TIMELINE_H

#include <stddef.h>
#include <stdint.h>

#include "analyses/stats/keymap.h"
#include "analyses/stats/stats_model.h"
#include "analyses/common/trace_event.h"

enum timeline_lane_kind { LANE_THREAD, LANE_QUEUE, LANE_COPIES };

struct timeline_item {
	int64_t begin_ns, end_ns;
	uint64_t count;      /* intervals this item stands for (1 unless merged) */
	uint64_t busy_ns;    /* their durations added up (end - begin unless merged) */
	uint64_t bytes;      /* copies: bytes moved, added up when merged */
	uint64_t correlation_id; /* kernels and copies: of the first interval */
	int64_t status;      /* API calls: the exit status (of the first interval), 0 when none */
	uint32_t errors;     /* API calls: how many of the intervals returned an error status */
	uint32_t name;       /* index in timeline.names, or TIMELINE_MIXED */
	uint32_t main_name;  /* merged: the main name of its busier half, recursively (roughly the
			      * name of most of its busy time); else name */
	uint32_t depth;      /* nesting depth of an API call in its thread */
};

#define TIMELINE_MIXED UINT32_MAX

struct timeline_lane {
	enum timeline_lane_kind kind;
	int64_t vpid, id;    /* id: vtid, queue_id, or 0 for copies */
	char label[96];
	struct timeline_item *items;
	size_t count, alloc;
	uint64_t intervals;  /* all intervals seen, merged or not */
	int64_t max_duration_ns; /* of its items: how far back a view must look for bars */
	uint32_t max_depth;
	uint32_t open_calls; /* API calls open right now (nesting) */
};

struct timeline_point {
	int64_t ts_ns;
	double value;
};

struct timeline_counter {
	char label[128];     /* "name (scope id)" */
	struct timeline_point *points;
	size_t count, alloc;
	uint64_t samples;
	double min, max;
};

struct timeline {
	size_t max_items;
	struct timeline_lane *lanes;
	size_t nlanes, lanes_alloc;
	struct timeline_counter *counters;
	size_t ncounters, counters_alloc;
	char **names;
	size_t nnames, names_alloc;
	struct keymap lane_index, counter_index, name_index;
	struct keymap open_calls;  /* (vpid, correlation_id) → packed (lane, entry slot) */
	struct timeline_open *open;
	size_t nopen, open_alloc;
	size_t *free_open;         /* reusable slots of open[] */
	size_t nfree, free_alloc;
	int64_t first_ns, last_ns;
	int have_time;
	int merged;                /* some lane or counter was aggregated */
};

void timeline_init(struct timeline *tl, size_t max_items);
void timeline_release(struct timeline *tl);

/* Returns 0, or -1 when out of memory. */
int timeline_add_event(struct timeline *tl, const struct trace_event *ev);
int timeline_add_gpu(struct timeline *tl, const struct stats_model *model);

/* Lanes in display order: threads by (pid, tid), then queues by (pid, queue), then copies;
 * each lane's items by begin time; counters by label. */
void timeline_sort(struct timeline *tl);

/*
 * Bounds what the page carries: the items of the first max_lanes lanes plus the points of
 * the first max_lanes counters add up to at most budget (never below 2 per lane or counter),
 * by merging the fullest lane or counter pairwise until they fit. Call after timeline_sort;
 * items stay sorted. Sets tl->merged when it merged anything.
 */
void timeline_fit(struct timeline *tl, size_t max_lanes, size_t budget);

#endif
