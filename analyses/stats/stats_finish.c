/* stats_model_finish: GPU totals from the chosen source, queue occupancy, stable sorting. */
#include "analyses/stats/stats_model_internal.h"

#include "analyses/common/demangle.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct completion {
	size_t queue_row;
	uint64_t packet_index;
	int64_t begin_ns, end_ns;
};

struct edge {
	int64_t ts_ns;
	int delta;
};

static uint64_t duration(const struct stats_gpu_item *it)
{
	return it->end_ns > it->begin_ns ? (uint64_t)(it->end_ns - it->begin_ns) : 0;
}

/* The identity of a GPU activity; vpid 0 means "unknown" (an event without the context). */
static void item_key(const struct stats_gpu_item *it, int with_vpid, uint64_t key[4])
{
	key[0] = with_vpid ? (uint64_t)it->vpid : UINT64_MAX;
	key[1] = it->queue_id;
	key[2] = it->packet_index;
	key[3] = it->correlation_id;
}

/*
 * Every *_exec record, plus the hsa_gpu begin/end pairs that no *_exec record describes:
 * unify synthesizes hsa_gpu events from the *_exec records, so a unified trace holding both
 * must not count an activity twice. An hsa_gpu event without vpid matches on the rest.
 */
static int merge_items(const struct vec *exec, const struct vec *gpu,
		       struct vec *out)
{
	struct keymap seen;
	uint64_t key[4];
	size_t *slot;
	int ret = -1;

	keymap_init(&seen);
	for (size_t i = 0; i < exec->count; i++) {
		const struct stats_gpu_item *it = vec_at(exec, i);
		struct stats_gpu_item *copy = vec_push(out);

		if (!copy)
			goto cleanup;
		*copy = *it;
		for (int with_vpid = 0; with_vpid < 2; with_vpid++) {
			item_key(it, with_vpid, key);
			if (keymap_get_or_add(&seen, key, sizeof(key), &slot) < 0)
				goto cleanup;
		}
	}
	for (size_t i = 0; i < gpu->count; i++) {
		const struct stats_gpu_item *it = vec_at(gpu, i);
		struct stats_gpu_item *copy;

		item_key(it, it->vpid != 0, key);
		if (keymap_find(&seen, key, sizeof(key)))
			continue;
		copy = vec_push(out);
		if (!copy)
			goto cleanup;
		*copy = *it;
	}
	ret = 0;
cleanup:
	keymap_release(&seen);
	return ret;
}

/* The items to count: one source alone as it is, or both merged into *all. */
static const struct vec *merged(const struct vec *exec, const struct vec *gpu,
				      struct vec *all)
{
	if (!gpu->count)
		return exec;
	if (!exec->count)
		return gpu;
	return merge_items(exec, gpu, all) ? NULL : all;
}

static void total_kernels(struct stats_model *m)
{
	for (size_t i = 0; i < m->kernel_items->count; i++) {
		const struct stats_gpu_item *it = vec_at(m->kernel_items, i);
		struct stats_kernel_row *row;
		uint64_t d = duration(it);

		if (!it->complete)
			continue;
		row = STATS_ROW(&m->kernels, struct stats_kernel_row, it->row);
		if (row->launches == 0 || d < row->min_ns)
			row->min_ns = d;
		if (row->launches == 0 || d > row->max_ns)
			row->max_ns = d;
		row->launches++;
		row->total_ns += d;
	}
}

static void total_copies(struct stats_model *m)
{
	for (size_t i = 0; i < m->copy_items->count; i++) {
		const struct stats_gpu_item *it = vec_at(m->copy_items, i);
		struct stats_copy_row *row;

		if (!it->complete)
			continue;
		row = STATS_ROW(&m->copies, struct stats_copy_row, it->row);
		row->count++;
		row->bytes += it->bytes;
		row->total_ns += duration(it);
	}
}

/* ---- queue occupancy ---------------------------------------------------------------- */

static int compare_completion(const void *a, const void *b)
{
	const struct completion *x = a, *y = b;

	if (x->queue_row != y->queue_row)
		return x->queue_row < y->queue_row ? -1 : 1;
	if (x->packet_index != y->packet_index)
		return x->packet_index < y->packet_index ? -1 : 1;
	return (x->end_ns > y->end_ns) - (x->end_ns < y->end_ns);
}

static int compare_submit(const void *a, const void *b)
{
	const struct stats_submit *x = a, *y = b;

	if (x->queue_row != y->queue_row)
		return x->queue_row < y->queue_row ? -1 : 1;
	if (x->packet_index != y->packet_index)
		return x->packet_index < y->packet_index ? -1 : 1;
	return (x->ts_ns > y->ts_ns) - (x->ts_ns < y->ts_ns);
}

/* Completions at the same time come first: a slot freed at t is free for a packet at t. */
static int compare_edge(const void *a, const void *b)
{
	const struct edge *x = a, *y = b;

	if (x->ts_ns != y->ts_ns)
		return x->ts_ns < y->ts_ns ? -1 : 1;
	return x->delta - y->delta;
}

/* First completion of the queue with packet_index >= index (or > when strictly). */
static const struct completion *lower_bound(const struct completion *c, size_t n, size_t queue,
					    uint64_t index, int strictly)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int before = c[mid].queue_row < queue ||
			     (c[mid].queue_row == queue &&
			      (strictly ? c[mid].packet_index <= index : c[mid].packet_index < index));

		if (before)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && c[lo].queue_row == queue ? &c[lo] : NULL;
}

/*
 * When does a submitted packet leave the queue? A kernel dispatch at its GPU end; a packet
 * without its own completion record (a barrier) when the next kernel of the queue starts,
 * since the packet processor does not launch past an unresolved barrier. A kernel whose
 * completion is missing stays in flight until the end.
 */
static int64_t retire_time(const struct stats_submit *s, const struct completion *c, size_t n)
{
	const struct completion *k = lower_bound(c, n, s->queue_row, s->packet_index, !s->is_kernel);
	int64_t t;

	if (s->is_kernel)
		t = k && k->packet_index == s->packet_index ? k->end_ns : INT64_MAX;
	else
		t = k ? k->begin_ns : s->ts_ns;
	return t < s->ts_ns ? s->ts_ns : t;
}

static uint64_t max_in_flight(const struct stats_submit *s, size_t count,
			      const struct completion *c, size_t n, struct edge *edges)
{
	int64_t level = 0, peak = 0;

	for (size_t i = 0; i < count; i++) {
		edges[2 * i].ts_ns = s[i].ts_ns;
		edges[2 * i].delta = 1;
		edges[2 * i + 1].ts_ns = retire_time(&s[i], c, n);
		edges[2 * i + 1].delta = -1;
	}
	qsort(edges, 2 * count, sizeof(*edges), compare_edge);
	for (size_t i = 0; i < 2 * count; i++) {
		level += edges[i].delta;
		if (level > peak)
			peak = level;
	}
	return (uint64_t)peak;
}

static int queue_occupancy(struct stats_model *m)
{
	struct completion *done = calloc(m->kernel_items->count + 1, sizeof(*done));
	struct edge *edges = calloc(2 * m->submits.count + 1, sizeof(*edges));
	struct stats_submit *subs = m->submits.items;
	size_t n = 0;
	int ret = -1;

	if (!done || !edges)
		goto cleanup;
	for (size_t i = 0; i < m->kernel_items->count; i++) {
		const struct stats_gpu_item *it = vec_at(m->kernel_items, i);
		int64_t key[2] = { it->vpid, (int64_t)it->queue_id };
		size_t *row = keymap_find(&m->queue_index, key, sizeof(key));

		if (!row || !it->complete)
			continue;
		done[n++] = (struct completion){ *row, it->packet_index, it->begin_ns, it->end_ns };
	}
	qsort(done, n, sizeof(*done), compare_completion);
	if (m->submits.count)
		qsort(subs, m->submits.count, sizeof(*subs), compare_submit);
	for (size_t i = 0, j; i < m->submits.count; i = j) {
		for (j = i; j < m->submits.count && subs[j].queue_row == subs[i].queue_row; j++)
			;
		STATS_ROW(&m->queues, struct stats_queue_row, subs[i].queue_row)->max_in_flight =
			max_in_flight(&subs[i], j - i, done, n, edges);
	}
	ret = 0;
cleanup:
	free(done);
	free(edges);
	return ret;
}

/* ---- stable ordering ---------------------------------------------------------------- */

static int by_total_then_name(uint64_t ta, uint64_t tb, const char *na, const char *nb)
{
	if (ta != tb)
		return ta > tb ? -1 : 1;
	return strcmp(na, nb);
}

static int compare_api(const void *a, const void *b)
{
	const struct stats_api_row *x = a, *y = b;

	return by_total_then_name(x->total_ns, y->total_ns, x->function, y->function);
}

static int compare_kernel(const void *a, const void *b, void *rows)
{
	const struct stats_kernel_row *x = STATS_ROW((struct vec *)rows,
						     struct stats_kernel_row, *(const size_t *)a);
	const struct stats_kernel_row *y = STATS_ROW((struct vec *)rows,
						     struct stats_kernel_row, *(const size_t *)b);

	return by_total_then_name(x->total_ns, y->total_ns, x->name, y->name);
}

static int compare_copy(const void *a, const void *b, void *rows)
{
	const struct stats_copy_row *x = STATS_ROW((struct vec *)rows,
						   struct stats_copy_row, *(const size_t *)a);
	const struct stats_copy_row *y = STATS_ROW((struct vec *)rows,
						   struct stats_copy_row, *(const size_t *)b);

	return by_total_then_name(x->total_ns, y->total_ns, x->direction, y->direction);
}

static int compare_queue(const void *a, const void *b)
{
	const struct stats_queue_row *x = a, *y = b;

	if (x->packets != y->packets)
		return x->packets > y->packets ? -1 : 1;
	if (x->vpid != y->vpid)
		return x->vpid < y->vpid ? -1 : 1;
	return (x->queue_id > y->queue_id) - (x->queue_id < y->queue_id);
}

static uint64_t wait_ns(const struct stats_wait_row *w)
{
	return w->signal_waits ? w->signal_blocked_ns : w->api_ns;
}

static int compare_wait(const void *a, const void *b)
{
	const struct stats_wait_row *x = a, *y = b;

	if (wait_ns(x) != wait_ns(y))
		return wait_ns(x) > wait_ns(y) ? -1 : 1;
	if (x->vpid != y->vpid)
		return x->vpid < y->vpid ? -1 : 1;
	return (x->vtid > y->vtid) - (x->vtid < y->vtid);
}

/*
 * Sorts rows that GPU items point into, drops rows nothing counted (names seen only in the
 * source not chosen), and renumbers the items' row indexes.
 */
static int sort_named_rows(struct vec *rows, const struct vec *items,
			   int (*cmp)(const void *, const void *, void *),
			   int (*is_empty)(const void *row), void (*drop)(void *row))
{
	size_t *order = calloc(rows->count + 1, sizeof(*order));
	size_t *remap = calloc(rows->count + 1, sizeof(*remap));
	char *sorted = calloc(rows->count + 1, rows->size);
	size_t kept = 0;
	int ret = -1;

	if (!order || !remap || !sorted)
		goto cleanup;
	for (size_t i = 0; i < rows->count; i++)
		order[i] = i;
	qsort_r(order, rows->count, sizeof(*order), cmp, rows);
	for (size_t i = 0; i < rows->count; i++) {
		void *row = vec_at(rows, order[i]);

		remap[order[i]] = SIZE_MAX;
		if (is_empty(row)) {
			drop(row);
			continue;
		}
		memcpy(sorted + kept * rows->size, row, rows->size);
		remap[order[i]] = kept++;
	}
	if (kept)
		memcpy(rows->items, sorted, kept * rows->size);
	rows->count = kept;
	for (size_t i = 0; i < items->count; i++) {
		struct stats_gpu_item *it = vec_at(items, i);

		it->row = remap[it->row];
		if (it->row == SIZE_MAX)
			it->complete = 0;
	}
	ret = 0;
cleanup:
	free(order);
	free(remap);
	free(sorted);
	return ret;
}

static int kernel_unused(const void *row)
{
	return ((const struct stats_kernel_row *)row)->launches == 0;
}

static void kernel_drop(void *row)
{
	free(((struct stats_kernel_row *)row)->name);
	free(((struct stats_kernel_row *)row)->mangled);
}

/* Rows are keyed by the name as traced; shown demangled, the traced name kept beside. */
static void demangle_kernels(struct stats_model *m)
{
	for (size_t i = 0; i < m->kernels.count; i++) {
		struct stats_kernel_row *row = STATS_ROW(&m->kernels, struct stats_kernel_row, i);
		char *readable = demangle_symbol(row->name);

		if (readable) {
			row->mangled = row->name;
			row->name = readable;
		}
	}
}

static int copy_unused(const void *row)
{
	return ((const struct stats_copy_row *)row)->count == 0;
}

static void copy_drop(void *row)
{
	free(((struct stats_copy_row *)row)->direction);
}

/* Functions whose every call is still open at the end of the trace have nothing to show. */
static void drop_unfinished_calls(struct vec *api)
{
	size_t kept = 0;

	for (size_t i = 0; i < api->count; i++) {
		struct stats_api_row *row = STATS_ROW(api, struct stats_api_row, i);

		if (row->calls == 0)
			free(row->function);
		else
			*STATS_ROW(api, struct stats_api_row, kept++) = *row;
	}
	api->count = kept;
}

int stats_model_finish(struct stats_model *m)
{
	if (m->finished)
		return 0;
	m->finished = 1;
	m->kernel_items = merged(&m->kernel_exec, &m->kernel_gpu, &m->kernel_all);
	m->copy_items = merged(&m->copy_exec, &m->copy_gpu, &m->copy_all);
	if (!m->kernel_items || !m->copy_items)
		return -1;
	total_kernels(m);
	total_copies(m);
	demangle_kernels(m);
	if (queue_occupancy(m))
		return -1;
	if (sort_named_rows(&m->kernels, m->kernel_items, compare_kernel, kernel_unused,
			    kernel_drop) ||
	    sort_named_rows(&m->copies, m->copy_items, compare_copy, copy_unused, copy_drop))
		return -1;
	drop_unfinished_calls(&m->api);
	if (m->api.count)
		qsort(m->api.items, m->api.count, m->api.size, compare_api);
	drop_unfinished_calls(&m->hip_api);
	if (m->hip_api.count)
		qsort(m->hip_api.items, m->hip_api.count, m->hip_api.size, compare_api);
	if (m->queues.count)
		qsort(m->queues.items, m->queues.count, m->queues.size, compare_queue);
	if (m->waits.count)
		qsort(m->waits.items, m->waits.count, m->waits.size, compare_wait);
	return 0;
}
