#include "analyses/report/timeline.h"
#include "analyses/common/api_event.h"
#include "analyses/common/vec.h"
#include "schema/hsatrace_schema.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct timeline_open {
	size_t lane;
	int64_t begin_ns;
	uint32_t name, depth;
};

/* Grows *items (of *alloc elements of size) to hold one more; 0 or -1. */
void timeline_init(struct timeline *tl, size_t max_items)
{
	memset(tl, 0, sizeof(*tl));
	tl->max_items = max_items < 2 ? 2 : max_items;
	keymap_init(&tl->lane_index);
	keymap_init(&tl->counter_index);
	keymap_init(&tl->name_index);
	keymap_init(&tl->open_calls);
}

void timeline_release(struct timeline *tl)
{
	for (size_t i = 0; i < tl->nlanes; i++)
		free(tl->lanes[i].items);
	for (size_t i = 0; i < tl->ncounters; i++)
		free(tl->counters[i].points);
	for (size_t i = 0; i < tl->nnames; i++)
		free(tl->names[i]);
	free(tl->lanes);
	free(tl->counters);
	free(tl->names);
	free(tl->open);
	free(tl->free_open);
	keymap_release(&tl->lane_index);
	keymap_release(&tl->counter_index);
	keymap_release(&tl->name_index);
	keymap_release(&tl->open_calls);
	memset(tl, 0, sizeof(*tl));
}

static void see_time(struct timeline *tl, int64_t t)
{
	if (!tl->have_time || t < tl->first_ns)
		tl->first_ns = t;
	if (!tl->have_time || t > tl->last_ns)
		tl->last_ns = t;
	tl->have_time = 1;
}

static int intern(struct timeline *tl, const char *name, uint32_t *out)
{
	size_t *slot;
	int added = keymap_get_or_add(&tl->name_index, name, strlen(name), &slot);

	if (added < 0)
		return -1;
	if (added == 1) {
		if (array_reserve((void **)&tl->names, &tl->names_alloc, tl->nnames + 1,
				  sizeof(*tl->names)) ||
		    !(tl->names[tl->nnames] = strdup(name))) {
			keymap_remove(&tl->name_index, name, strlen(name));
			return -1;
		}
		*slot = tl->nnames++;
	}
	*out = (uint32_t)*slot;
	return 0;
}

static int lane_for(struct timeline *tl, enum timeline_lane_kind kind, int64_t vpid,
		    int64_t id, const char *label, size_t *out)
{
	int64_t key[3] = { kind, vpid, id };
	size_t *slot;
	int added = keymap_get_or_add(&tl->lane_index, key, sizeof(key), &slot);
	struct timeline_lane *lane;

	if (added < 0)
		return -1;
	if (added == 1) {
		if (array_reserve((void **)&tl->lanes, &tl->lanes_alloc, tl->nlanes + 1, sizeof(*lane))) {
			keymap_remove(&tl->lane_index, key, sizeof(key));
			return -1;
		}
		lane = &tl->lanes[tl->nlanes];
		memset(lane, 0, sizeof(*lane));
		lane->kind = kind;
		lane->vpid = vpid;
		lane->id = id;
		snprintf(lane->label, sizeof(lane->label), "%s", label);
		*slot = tl->nlanes++;
	}
	*out = *slot;
	return 0;
}

static struct timeline_item merge_items(const struct timeline_item *a,
					const struct timeline_item *b)
{
	struct timeline_item m = *a;

	if (b->begin_ns < m.begin_ns)
		m.begin_ns = b->begin_ns;
	if (b->end_ns > m.end_ns)
		m.end_ns = b->end_ns;
	m.count = a->count + b->count;
	m.busy_ns = a->busy_ns + b->busy_ns;
	m.bytes = a->bytes + b->bytes;
	m.errors = a->errors + b->errors;
	m.name = a->name == b->name ? a->name : TIMELINE_MIXED;
	m.main_name = a->busy_ns >= b->busy_ns ? a->main_name : b->main_name;
	m.depth = a->depth < b->depth ? a->depth : b->depth;
	return m;
}

static void see_duration(struct timeline_lane *lane, const struct timeline_item *item)
{
	if (item->end_ns - item->begin_ns > lane->max_duration_ns)
		lane->max_duration_ns = item->end_ns - item->begin_ns;
}

/* Merges neighbouring items pairwise: the lane keeps half as many. */
static void lane_halve(struct timeline_lane *lane)
{
	size_t n = 0;

	for (size_t i = 0; i + 1 < lane->count; i += 2) {
		lane->items[n] = merge_items(&lane->items[i], &lane->items[i + 1]);
		see_duration(lane, &lane->items[n++]);
	}
	if (lane->count % 2)
		lane->items[n++] = lane->items[lane->count - 1];
	lane->count = n;
}

/* Appends an interval; a full lane first merges its neighbours pairwise. */
static int lane_add(struct timeline *tl, struct timeline_lane *lane,
		    const struct timeline_item *item)
{
	if (lane->count >= tl->max_items) {
		lane_halve(lane);
		tl->merged = 1;
	}
	if (array_reserve((void **)&lane->items, &lane->alloc, lane->count + 1, sizeof(*item)))
		return -1;
	lane->items[lane->count++] = *item;
	lane->intervals += item->count;
	see_duration(lane, item);
	if (item->depth > lane->max_depth)
		lane->max_depth = item->depth;
	return 0;
}

/* ---- API calls ---------------------------------------------------------------------- */

static int api_entry(struct timeline *tl, const struct trace_event *ev)
{
	int64_t vpid = 0, vtid = 0, key[2];
	uint64_t corr;
	const char *function = trace_event_get_str(ev, "function");
	const char *procname = trace_event_get_str(ev, "procname");
	char label[96], fallback[128];
	size_t lane, *slot;
	struct timeline_open *o;
	int added;

	if (!trace_event_get_u64(ev, "correlation_id", &corr))
		return 0;
	trace_event_get_i64(ev, "vpid", &vpid);
	trace_event_get_i64(ev, "vtid", &vtid);
	snprintf(label, sizeof(label), "%s %lld/%lld", procname ? procname : "thread",
		 (long long)vpid, (long long)vtid);
	if (lane_for(tl, LANE_THREAD, vpid, vtid, label, &lane))
		return -1;
	key[0] = vpid;
	key[1] = (int64_t)corr;
	added = keymap_get_or_add(&tl->open_calls, key, sizeof(key), &slot);
	if (added < 0)
		return -1;
	if (added == 1) {
		if (tl->nfree) {
			*slot = tl->free_open[--tl->nfree];
		} else {
			if (array_reserve((void **)&tl->open, &tl->open_alloc, tl->nopen + 1, sizeof(*o)))
				return -1;
			*slot = tl->nopen++;
		}
	}
	o = &tl->open[*slot];
	o->lane = lane;
	o->begin_ns = ev->ts_ns;
	o->depth = tl->lanes[lane].open_calls++;
	return intern(tl, api_event_function(ev->name, function, fallback, sizeof(fallback)),
		      &o->name);
}

static int api_exit(struct timeline *tl, const struct trace_event *ev)
{
	int64_t vpid = 0, status = 0, key[2];
	uint64_t corr;
	size_t *slot;
	struct timeline_open *o;
	struct timeline_lane *lane;
	struct timeline_item item;

	if (!trace_event_get_u64(ev, "correlation_id", &corr))
		return 0;
	trace_event_get_i64(ev, "vpid", &vpid);
	key[0] = vpid;
	key[1] = (int64_t)corr;
	slot = keymap_find(&tl->open_calls, key, sizeof(key));
	if (!slot)
		return 0;
	if (array_reserve((void **)&tl->free_open, &tl->free_alloc, tl->nfree + 1,
			  sizeof(size_t)))
		return -1;
	tl->free_open[tl->nfree++] = *slot;
	o = &tl->open[*slot];
	keymap_remove(&tl->open_calls, key, sizeof(key));
	lane = &tl->lanes[o->lane];
	if (lane->open_calls)
		lane->open_calls--;
	trace_event_get_i64(ev, "status", &status);
	item = (struct timeline_item){ .begin_ns = o->begin_ns, .end_ns = ev->ts_ns, .count = 1,
				       .busy_ns = (uint64_t)(ev->ts_ns - o->begin_ns),
				       .status = status,
				       .errors = api_event_layer(ev->name) == API_LAYER_HIP ?
						 hsat_hip_status_is_error(status) :
						 hsat_status_is_error(status),
				       .name = o->name, .main_name = o->name, .depth = o->depth };
	return lane_add(tl, lane, &item);
}

/* ---- counters ----------------------------------------------------------------------- */

/*
 * A counter's lane label. Hardware counters have one value per dispatch: one lane per counter
 * name, whether from hsa_activity:counter (scope "dispatch") or, in a unified trace, from
 * hsa_gpu:kernel_counter (every counter pass). Others have one lane per name, scope and id.
 */
static int counter_label(const struct trace_event *ev, int is_kernel_counter, char *label,
			 size_t size)
{
	const char *name = trace_event_get_str(ev, is_kernel_counter ? "counter" : "name");
	const char *scope = is_kernel_counter ? "dispatch" : trace_event_get_str(ev, "scope");
	uint64_t id = 0;

	if (!name)
		return -1;
	trace_event_get_u64(ev, "id", &id);
	if (scope && strcmp(scope, "dispatch") == 0)
		snprintf(label, size, "%s (per dispatch)", name);
	/* Pools and agents are identified by handles, shown in hex as everywhere else. */
	else if (scope && (strcmp(scope, "pool") == 0 || strcmp(scope, "agent") == 0))
		snprintf(label, size, "%s (%s 0x%llx)", name, scope, (unsigned long long)id);
	else
		snprintf(label, size, "%s (%s %llu)", name, scope ? scope : "?",
			 (unsigned long long)id);
	return 0;
}

/* Merges neighbouring points pairwise, keeping the larger value of each pair: peaks stay
 * visible. */
static void counter_halve(struct timeline_counter *c)
{
	size_t n = 0;

	for (size_t i = 0; i + 1 < c->count; i += 2, n++) {
		c->points[n].ts_ns = c->points[i].ts_ns;
		c->points[n].value = c->points[i].value > c->points[i + 1].value ?
					     c->points[i].value :
					     c->points[i + 1].value;
	}
	if (c->count % 2)
		c->points[n++] = c->points[c->count - 1];
	c->count = n;
}

static int counter_sample(struct timeline *tl, const struct trace_event *ev,
			  int is_kernel_counter)
{
	double value;
	char label[128];
	size_t *slot;
	struct timeline_counter *c;
	int added;

	if (counter_label(ev, is_kernel_counter, label, sizeof(label)) != 0 ||
	    !trace_event_get_double(ev, "value", &value))
		return 0;
	added = keymap_get_or_add(&tl->counter_index, label, strlen(label), &slot);
	if (added < 0)
		return -1;
	if (added == 1) {
		if (array_reserve((void **)&tl->counters, &tl->counters_alloc, tl->ncounters + 1,
				  sizeof(*c))) {
			keymap_remove(&tl->counter_index, label, strlen(label));
			return -1;
		}
		c = &tl->counters[tl->ncounters];
		memset(c, 0, sizeof(*c));
		snprintf(c->label, sizeof(c->label), "%s", label);
		*slot = tl->ncounters++;
	}
	c = &tl->counters[*slot];
	if (c->count >= tl->max_items) {
		counter_halve(c);
		tl->merged = 1;
	}
	if (array_reserve((void **)&c->points, &c->alloc, c->count + 1, sizeof(*c->points)))
		return -1;
	c->points[c->count++] = (struct timeline_point){ ev->ts_ns, value };
	if (c->samples == 0 || value < c->min)
		c->min = value;
	if (c->samples == 0 || value > c->max)
		c->max = value;
	c->samples++;
	return 0;
}

int timeline_add_event(struct timeline *tl, const struct trace_event *ev)
{
	const char *n = ev->name;

	if (!ev->has_ts)
		return 0;
	see_time(tl, ev->ts_ns);
	switch (api_event_classify(n, NULL, NULL)) {
	case API_EVENT_ENTRY:
		return api_entry(tl, ev);
	case API_EVENT_EXIT:
		return api_exit(tl, ev);
	case API_EVENT_NONE:
		break;
	}
	if (api_event_is_api(n))
		return 0;
	if (strcmp(n, "hsa_activity:counter") == 0)
		return counter_sample(tl, ev, 0);
	if (strcmp(n, "hsa_gpu:kernel_counter") == 0)
		return counter_sample(tl, ev, 1);
	return 0;
}

/* ---- GPU activity, from the finished statistics ------------------------------------- */

static int compare_by_begin(const void *a, const void *b)
{
	const struct stats_gpu_item *x = *(const struct stats_gpu_item *const *)a;
	const struct stats_gpu_item *y = *(const struct stats_gpu_item *const *)b;

	if (x->begin_ns != y->begin_ns)
		return x->begin_ns < y->begin_ns ? -1 : 1;
	return (x->end_ns > y->end_ns) - (x->end_ns < y->end_ns);
}

static int add_gpu_items(struct timeline *tl, const struct stats_model *model,
			 const struct vec *items, int copies)
{
	const struct stats_gpu_item **order = calloc(items->count + 1, sizeof(*order));
	size_t n = 0;
	int ret = -1;

	if (!order)
		return -1;
	for (size_t i = 0; i < items->count; i++) {
		const struct stats_gpu_item *it = STATS_ROW(items, struct stats_gpu_item, i);

		if (it->complete)
			order[n++] = it;
	}
	qsort(order, n, sizeof(*order), compare_by_begin);
	for (size_t i = 0; i < n; i++) {
		const struct stats_gpu_item *it = order[i];
		const char *name = copies ?
			STATS_ROW(&model->copies, struct stats_copy_row, it->row)->direction :
			STATS_ROW(&model->kernels, struct stats_kernel_row, it->row)->name;
		char label[96];
		size_t lane;
		struct timeline_item item = { .begin_ns = it->begin_ns, .end_ns = it->end_ns,
					      .count = 1,
					      .busy_ns = (uint64_t)(it->end_ns - it->begin_ns),
					      .bytes = copies ? it->bytes : 0,
					      .correlation_id = it->correlation_id };

		if (copies)
			snprintf(label, sizeof(label), "pid %lld copies", (long long)it->vpid);
		else
			snprintf(label, sizeof(label), "pid %lld queue %llu", (long long)it->vpid,
				 (unsigned long long)it->queue_id);
		if (lane_for(tl, copies ? LANE_COPIES : LANE_QUEUE, it->vpid,
			     copies ? 0 : (int64_t)it->queue_id, label, &lane) ||
		    intern(tl, name, &item.name))
			goto cleanup;
		item.main_name = item.name;
		if (lane_add(tl, &tl->lanes[lane], &item))
			goto cleanup;
		see_time(tl, it->begin_ns);
		see_time(tl, it->end_ns);
	}
	ret = 0;
cleanup:
	free(order);
	return ret;
}

int timeline_add_gpu(struct timeline *tl, const struct stats_model *model)
{
	if (!model->kernel_items || !model->copy_items)
		return 0;
	if (add_gpu_items(tl, model, model->kernel_items, 0) ||
	    add_gpu_items(tl, model, model->copy_items, 1))
		return -1;
	return 0;
}

/* ---- order -------------------------------------------------------------------------- */

static int compare_lanes(const void *a, const void *b)
{
	const struct timeline_lane *x = a, *y = b;

	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->vpid != y->vpid)
		return x->vpid < y->vpid ? -1 : 1;
	return (x->id > y->id) - (x->id < y->id);
}

static int compare_counters(const void *a, const void *b)
{
	return strcmp(((const struct timeline_counter *)a)->label,
		      ((const struct timeline_counter *)b)->label);
}

static int compare_items(const void *a, const void *b)
{
	const struct timeline_item *x = a, *y = b;

	if (x->begin_ns != y->begin_ns)
		return x->begin_ns < y->begin_ns ? -1 : 1;
	return (x->end_ns > y->end_ns) - (x->end_ns < y->end_ns);
}

void timeline_sort(struct timeline *tl)
{
	if (tl->nlanes)
		qsort(tl->lanes, tl->nlanes, sizeof(*tl->lanes), compare_lanes);
	if (tl->ncounters)
		qsort(tl->counters, tl->ncounters, sizeof(*tl->counters), compare_counters);
	/* API calls arrive in exit order (an inner call before its caller). */
	for (size_t i = 0; i < tl->nlanes; i++)
		if (tl->lanes[i].count)
			qsort(tl->lanes[i].items, tl->lanes[i].count, sizeof(struct timeline_item),
			      compare_items);
}

/* ---- the page's budget -------------------------------------------------------------- */

void timeline_fit(struct timeline *tl, size_t max_lanes, size_t budget)
{
	size_t nlanes = tl->nlanes < max_lanes ? tl->nlanes : max_lanes;
	size_t ncounters = tl->ncounters < max_lanes ? tl->ncounters : max_lanes;
	size_t total = 0;

	for (size_t i = 0; i < nlanes; i++)
		total += tl->lanes[i].count;
	for (size_t i = 0; i < ncounters; i++)
		total += tl->counters[i].count;
	while (total > budget) {
		struct timeline_lane *lane = NULL;
		struct timeline_counter *counter = NULL;
		size_t most = 2, before;

		for (size_t i = 0; i < nlanes; i++)
			if (tl->lanes[i].count > most)
				lane = &tl->lanes[i], most = lane->count;
		for (size_t i = 0; i < ncounters; i++)
			if (tl->counters[i].count > most)
				counter = &tl->counters[i], lane = NULL, most = counter->count;
		if (!lane && !counter)
			break; /* every lane is down to 2 items */
		before = lane ? lane->count : counter->count;
		if (lane)
			lane_halve(lane);
		else
			counter_halve(counter);
		total -= before - (lane ? lane->count : counter->count);
		tl->merged = 1;
	}
}
