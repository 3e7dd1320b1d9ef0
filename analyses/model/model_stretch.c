/*
 * model_stretch - a low-load stretch's CPU per cycle without the other threads' own CPU (see
 * model_stretch.h).
 */
#include <stdlib.h>

#include "analyses/model/model_stretch.h"

/* A span of time cut out of a window. */
struct cut {
	int64_t from_ns, to_ns;
};

/* The thread's clocked span: its first clocked wait's entry to its last one's return; 0 when
 * none of its waits has its clock. */
static int clocked_span(const struct model *m, size_t row, int64_t *from_ns, int64_t *to_ns)
{
	const struct model_cycle *cy = m->cycles.items;
	int any = 0;

	for (size_t i = 0; i < m->cycles.count; i++) {
		if (cy[i].thread != row || cy[i].thread_cpu_begin_ns < 0)
			continue;
		if (!any)
			*from_ns = cy[i].wait_begin_ns; /* a thread's cycles are in time order */
		*to_ns = cy[i].end_ns;
		any = 1;
	}
	return any;
}

/* The thread's own clock at t: linear between its readings at its waits' entries and
 * returns, the first reading before them and the last after them. */
static double thread_clock_at(const struct model *m, size_t row, int64_t t)
{
	const struct model_cycle *cy = m->cycles.items;
	int64_t prev_ns = 0;
	double prev = 0.0;
	int any = 0;

	for (size_t i = 0; i < m->cycles.count; i++) {
		int64_t at[2] = { cy[i].wait_begin_ns, cy[i].end_ns };
		int64_t clock[2] = { cy[i].thread_cpu_begin_ns, cy[i].thread_cpu_end_ns };

		if (cy[i].thread != row || cy[i].thread_cpu_begin_ns < 0)
			continue;
		for (int k = 0; k < 2; k++) {
			if (t <= at[k])
				return !any || at[k] == prev_ns ? (double)clock[k] :
				       prev + ((double)clock[k] - prev) * (double)(t - prev_ns) /
						      (double)(at[k] - prev_ns);
			prev_ns = at[k];
			prev = (double)clock[k];
			any = 1;
		}
	}
	return prev;
}

/* Whether thread row r is one of the window's other threads: modelled, not cycling at mid. */
static int is_other(const struct model *m, const int64_t *first, const int64_t *last,
		    size_t r, int64_t mid)
{
	const struct model_thread_row *row = MODEL_AT(m->threads, struct model_thread_row, r);

	return row->cycles && row->cls != SIZE_MAX && !(first[r] <= mid && mid <= last[r]);
}

/* The other threads' unclocked spans (their setup and teardown; a thread without its clock:
 * its whole life), into cut; returns how many. */
static size_t other_cuts(const struct model *m, const int64_t *first, const int64_t *last,
			 int64_t mid, struct cut *cut)
{
	size_t n = 0;

	for (size_t r = 0; r < m->threads.count; r++) {
		const struct model_thread_row *row =
			MODEL_AT(m->threads, struct model_thread_row, r);
		int64_t from, to;

		if (!is_other(m, first, last, r, mid))
			continue;
		if (!clocked_span(m, r, &from, &to)) {
			cut[n++] = (struct cut){ row->first_ns, row->last_ns };
			continue;
		}
		cut[n++] = (struct cut){ row->first_ns, from };
		cut[n++] = (struct cut){ to, row->last_ns };
	}
	return n;
}

static int by_start(const void *a, const void *b)
{
	const struct cut *x = a, *y = b;

	return x->from_ns < y->from_ns ? -1 : x->from_ns > y->from_ns;
}

/* The piece [from_ns, to_ns] of the window: its samples, less the other threads' CPU. */
static void add_piece(const struct model *m, const int64_t *first, const int64_t *last,
		      int64_t mid, int64_t from_ns, int64_t to_ns, struct model_pcpu *acc)
{
	struct model_pcpu piece = { 0 };
	double other = 0.0;

	if (to_ns <= from_ns)
		return;
	model_pcpu_window(m, from_ns, to_ns, &piece);
	if (!piece.cycles)
		return;
	for (size_t r = 0; r < m->threads.count; r++)
		if (is_other(m, first, last, r, mid))
			other += (thread_clock_at(m, r, piece.last_ns) -
				  thread_clock_at(m, r, piece.first_ns)) / 1e9;
	if (!acc->cycles)
		acc->first_ns = piece.first_ns;
	acc->last_ns = piece.last_ns;
	acc->cpu_s += piece.cpu_s - other;
	acc->other_s += other;
	acc->span_s += piece.span_s;
	acc->cycles += piece.cycles;
	acc->host_s += piece.host_s;
}

int model_stretch_window(const struct model *m, const int64_t *first, const int64_t *last,
			 int64_t from_ns, int64_t to_ns, struct model_pcpu *acc)
{
	size_t rows = m->threads.count, n;
	struct cut *cut = malloc(2 * (rows ? rows : 1) * sizeof(*cut));
	int64_t mid = from_ns + (to_ns - from_ns) / 2, cursor = from_ns;

	if (!cut)
		return -1;
	n = other_cuts(m, first, last, mid, cut);
	qsort(cut, n, sizeof(*cut), by_start);
	for (size_t i = 0; i < n && cursor < to_ns; i++) {
		int64_t a = cut[i].from_ns > cursor ? cut[i].from_ns : cursor;
		int64_t b = cut[i].to_ns < to_ns ? cut[i].to_ns : to_ns;

		if (b <= a)
			continue;
		add_piece(m, first, last, mid, cursor, a, acc);
		acc->cut_s += (double)(b - a) / 1e9;
		cursor = b;
	}
	add_piece(m, first, last, mid, cursor, to_ns, acc);
	free(cut);
	return 0;
}
