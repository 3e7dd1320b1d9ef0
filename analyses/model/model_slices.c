/*
 * model_slices - merging the slices of a wait re-issued after a timeout (see model_slices.h).
 */
#include "analyses/model/model_slices.h"

#include <stdlib.h>
#include <string.h>

/* qsort_r: indexes into t->calls by thread, then by entry (a thread's calls in its order),
 * then by index (0 only for an index against itself). */
static int by_thread_begin(const void *a, const void *b, void *trace)
{
	const struct model_trace *t = trace;
	size_t ia = *(const size_t *)a, ib = *(const size_t *)b;
	const struct model_call *x = MODEL_AT(t->calls, struct model_call, ia);
	const struct model_call *y = MODEL_AT(t->calls, struct model_call, ib);

	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	if (x->begin_ns != y->begin_ns)
		return x->begin_ns < y->begin_ns ? -1 : 1;
	return (ia > ib) - (ia < ib);
}

/* Whether next, the thread's call after wait, re-issues it: wait timed out, and next is a
 * wait for the same thing (signal, condition and value) entered after wait returned. */
static int continues(const struct model_call *wait, const struct model_call *next)
{
	return wait->is_wait && wait->unmet && next->is_wait && wait->signal &&
	       next->signal == wait->signal && next->has_condition &&
	       next->condition == wait->condition && next->compare_value == wait->compare_value &&
	       next->thread == wait->thread && next->begin_ns >= wait->end_ns;
}

/* Makes first one wait through next's return. The thread's clock spans both (the CPU between
 * the slices is the waiting loop's) when both ends have it. */
static void merge(struct model_call *first, const struct model_call *next)
{
	first->end_ns = next->end_ns;
	first->oncpu_end_ns = next->oncpu_end_ns;
	first->unmet = next->unmet;
	first->has_thread_cpu = first->has_thread_cpu && next->has_thread_cpu;
	first->thread_cpu_end_ns = next->thread_cpu_end_ns;
	first->has_process_cpu = next->has_process_cpu;
	first->process_cpu_ns = next->process_cpu_ns;
}

/* Walks the calls in thread order (order), merging each slice into the wait it continues;
 * gone[i] marks t->calls row i merged away. */
static void merge_all(struct model_trace *t, const size_t *order, unsigned char *gone)
{
	size_t head = SIZE_MAX;

	for (size_t k = 0; k < t->calls.count; k++) {
		struct model_call *c = MODEL_AT(t->calls, struct model_call, order[k]);
		struct model_call *h =
			head == SIZE_MAX ? NULL : MODEL_AT(t->calls, struct model_call, head);

		if (h && continues(h, c)) {
			merge(h, c);
			gone[order[k]] = 1;
			MODEL_AT(t->threads, struct model_thread, c->thread)->merged_waits++;
			continue;
		}
		head = order[k];
	}
}

/* Removes the rows gone marks, keeping the others' order. */
static void compact(struct model_trace *t, const unsigned char *gone)
{
	size_t kept = 0;

	for (size_t i = 0; i < t->calls.count; i++) {
		if (gone[i])
			continue;
		if (kept != i)
			*MODEL_AT(t->calls, struct model_call, kept) =
				*MODEL_AT(t->calls, struct model_call, i);
		kept++;
	}
	t->calls.count = kept;
}

int model_merge_slices(struct model_trace *t)
{
	size_t n = t->calls.count;
	size_t *order = malloc((n ? n : 1) * sizeof(*order));
	unsigned char *gone = calloc(n ? n : 1, 1);
	int ret = -1;

	if (!order || !gone)
		goto end;
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	qsort_r(order, n, sizeof(*order), by_thread_begin, t);
	merge_all(t, order, gone);
	compact(t, gone);
	ret = 0;
end:
	free(order);
	free(gone);
	return ret;
}
