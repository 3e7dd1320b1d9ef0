/*
 * model_shared - the CPU runtime's model: its emulated GPU and copy engine are host threads,
 * so the host CPUs are the one processor every activity of a cycle queues for (the host
 * phase, the kernel or copy, and the rest of the wait: the runtime's doorbell, dispatch,
 * completion and wake-up work). Two numbers the trace gives and the solver uses:
 *
 * - how many cores the process had: the cycles of the class with the most threads, grouped
 *   by how many of its threads were cycling at the time (threads start and end one after the
 *   other: the trace holds cycles at several loads), give the throughput at a low and a high
 *   load. A speed-up of the load ratio: the cores. Below it, for one class, the least
 *   capacity that explains it, one core's worth, plus a latency the threads overlap, demand
 *   and latency fitted to both cycle times; for several classes, the ratio times the low
 *   load (fractional). On a machine shared with other work that is fewer than its cores;
 * - the demand without the queueing: the activities' wall times include waiting for the
 *   cores, which the solver adds again; the demands are scaled by the factor that gives the
 *   measured cycle time at the traced population (a flow-equivalent calibration, Lazowska et
 *   al., Quantitative System Performance, 1984, ch. 8).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analyses/model/model.h"

#define MIN_CYCLES_AT_LOAD 10	/* cycles seen at one load before its mean counts */
#define CALIBRATE_STEPS 60

/* The class with the most threads; SIZE_MAX without classes. */
static size_t busiest_class(const struct model *m, int by_cycles)
{
	size_t best = SIZE_MAX;

	for (size_t c = 0; c < m->classes_count; c++) {
		const struct model_class *x = &m->classes[c];

		if (best == SIZE_MAX ||
		    (by_cycles ? x->cycles > m->classes[best].cycles
			       : x->threads > m->classes[best].threads))
			best = c;
	}
	return best;
}

/* Per thread of class c: the span of its steady cycling, from the end of its first cycle to
 * the start of its last. Its first cycle holds its setup and its last its teardown or a wait
 * for another thread (multi_thread's baton): a thread doing those is not cycling, and those
 * cycles are no cycle time at a load. Empty (first > last) for fewer than 3 cycles. */
static void cycling_spans(const struct model *m, size_t c, const struct model_cycle *cycles,
			  size_t n, int64_t *first, int64_t *last)
{
	for (size_t r = 0; r < m->threads.count; r++) {
		first[r] = INT64_MAX;
		last[r] = INT64_MIN;
	}
	for (size_t i = 0; i < n; i++) {
		const struct model_thread_row *row =
			MODEL_AT(m->threads, struct model_thread_row, cycles[i].thread);

		if (row->cls != c)
			continue;
		if (first[cycles[i].thread] == INT64_MAX)
			first[cycles[i].thread] = cycles[i].end_ns; /* cycles in time order */
		last[cycles[i].thread] = cycles[i].begin_ns;
	}
}

/* Sums of steady cycle times by the number of the class's threads cycling at each one's
 * middle. */
static void cycles_by_load(const struct model *m, size_t c, const struct model_cycle *cycles,
			   size_t n, const int64_t *first, const int64_t *last, double *sum,
			   size_t *count)
{
	for (size_t i = 0; i < n; i++) {
		const struct model_thread_row *row =
			MODEL_AT(m->threads, struct model_thread_row, cycles[i].thread);
		int64_t mid = cycles[i].begin_ns + (cycles[i].end_ns - cycles[i].begin_ns) / 2;
		size_t load = 0;

		if (row->cls != c || cycles[i].begin_ns < first[cycles[i].thread] ||
		    cycles[i].end_ns > last[cycles[i].thread])
			continue;
		for (size_t r = 0; r < m->threads.count; r++)
			load += first[r] <= mid && mid <= last[r];
		sum[load] += (double)(cycles[i].end_ns - cycles[i].begin_ns) / 1e9;
		count[load]++;
	}
}

static void servers_from_loads(struct model *m, const double *sum, const size_t *count,
			       size_t threads)
{
	size_t lo = 0, hi = 0;
	double x_lo, x_hi, worth;

	for (size_t k = 1; k <= threads; k++) {
		if (count[k] < MIN_CYCLES_AT_LOAD)
			continue;
		if (!lo)
			lo = k;
		hi = k;
	}
	if (!lo || hi == lo) {
		snprintf(m->shared_how, sizeof(m->shared_how),
			 "the cores (the trace has cycles at %s load: no speed-up to measure)",
			 lo ? "one" : "no");
		return;
	}
	m->load_lo = (unsigned)lo;
	m->load_hi = (unsigned)hi;
	m->cycle_lo_s = sum[lo] / (double)count[lo];
	m->cycle_hi_s = sum[hi] / (double)count[hi];
	m->cycles_lo = count[lo];
	m->cycles_hi = count[hi];
	x_lo = (double)lo / m->cycle_lo_s;
	x_hi = (double)hi / m->cycle_hi_s;
	worth = fmin((double)lo, (double)m->cores) * x_hi / x_lo;
	if (worth > (double)hi - 0.05 || worth > (double)m->cores) {
		snprintf(m->shared_how, sizeof(m->shared_how),
			 "the cores (the throughput grew %.2fx from %zu to %zu threads cycling: "
			 "no core was short)", x_hi / x_lo, lo, hi);
		return;
	}
	if (m->classes_count == 1 && x_hi >= x_lo) {
		/* the least capacity that explains a growth below the load ratio: one core's
		 * worth, the rest of the growth from a latency the threads overlap */
		m->shared_capacity = 1.0;
		m->shared_servers = 1;
		m->shared_fitted = 1;
		snprintf(m->shared_how, sizeof(m->shared_how),
			 "the throughput grew %.2fx from %zu to %zu threads cycling: one core's worth "
			 "and a latency, fitted to both", x_hi / x_lo, lo, hi);
		return;
	}
	m->shared_capacity = fmax(1.0, worth);
	m->shared_servers = worth < 1.5 ? 1u : (unsigned)lround(worth);
	snprintf(m->shared_how, sizeof(m->shared_how),
		 "the throughput grew %.2fx from %zu to %zu threads cycling: %.2f cores' worth",
		 x_hi / x_lo, lo, hi, worth);
}

/* m->shared_servers, m->shared_how: from the class with the most threads. */
static void shared_servers(struct model *m, const struct model_cycle *cycles, size_t n)
{
	size_t c = busiest_class(m, 0), rows = m->threads.count;
	size_t threads = c == SIZE_MAX ? 0 : m->classes[c].threads;
	int64_t *first = calloc(rows ? rows : 1, sizeof(*first));
	int64_t *last = calloc(rows ? rows : 1, sizeof(*last));
	double *sum = calloc(rows + 1, sizeof(*sum));
	size_t *count = calloc(rows + 1, sizeof(*count));

	m->shared_servers = m->cores;
	m->shared_capacity = m->cores;
	snprintf(m->shared_how, sizeof(m->shared_how), "the cores (one thread cycling)");
	if (threads >= 2 && first && last && sum && count) {
		cycling_spans(m, c, cycles, n, first, last);
		cycles_by_load(m, c, cycles, n, first, last, sum, count);
		servers_from_loads(m, sum, count, threads);
	}
	free(first);
	free(last);
	free(sum);
	free(count);
}

/* The modelled cycle time of class c with the demands scaled by f. */
static int cycle_at(struct model *m, size_t c, double f, double *cycle, char *err,
		    size_t err_size)
{
	struct model_prediction p;

	m->shared_factor = f;
	if (model_solve(m, NULL, &p, err, err_size))
		return -1;
	*cycle = p.cycle_s[c];
	model_prediction_release(&p);
	return 0;
}

/* m->shared_factor: the measured cycle time of the class with the most cycles at its
 * traced population. */
static int calibrate(struct model *m, char *err, size_t err_size)
{
	size_t c = busiest_class(m, 1);
	double target, got, lo = 0.0, hi = 1.0;

	m->shared_factor = 1.0;
	if (c == SIZE_MAX)
		return 0;
	target = m->classes[c].measured_cycle_s;
	if (cycle_at(m, c, 1.0, &got, err, err_size))
		return -1;
	if (got <= target) /* no queueing to take out */
		return 0;
	/* the cycle grows with the factor: bisect */
	for (int i = 0; i < CALIBRATE_STEPS; i++) {
		double mid = (lo + hi) / 2;

		if (cycle_at(m, c, mid, &got, err, err_size))
			return -1;
		if (got > target)
			hi = mid;
		else
			lo = mid;
	}
	m->shared_factor = (lo + hi) / 2;
	return 0;
}

/* The modelled cycle time of the one class at `threads` threads, demand factor f, think z. */
static int cycle_with(struct model *m, unsigned threads, double f, double z, double *cycle,
		      char *err, size_t err_size)
{
	struct model_whatif w;
	struct model_prediction p;

	model_whatif_init(&w);
	w.threads_set = 1;
	w.threads = threads;
	m->shared_factor = f;
	m->shared_think_s = z;
	if (model_solve(m, &w, &p, err, err_size))
		return -1;
	*cycle = p.cycle_s[0];
	model_prediction_release(&p);
	return 0;
}

/* The think time giving the low load's cycle time with demand factor f (0 when even no think
 * time gives more). */
static int think_for(struct model *m, double f, double *z, char *err, size_t err_size)
{
	double lo = 0.0, hi = m->cycle_lo_s, got;

	if (cycle_with(m, m->load_lo, f, 0.0, &got, err, err_size))
		return -1;
	*z = 0.0;
	if (got >= m->cycle_lo_s)
		return 0;
	for (int i = 0; i < CALIBRATE_STEPS; i++) {
		double mid = (lo + hi) / 2;

		if (cycle_with(m, m->load_lo, f, mid, &got, err, err_size))
			return -1;
		*(got > m->cycle_lo_s ? &hi : &lo) = mid;
	}
	*z = (lo + hi) / 2;
	return 0;
}

/* The fit gives the steady cycles; a thread's span also holds its first and last cycles
 * (setup, teardown), which are no cycle at a load: what they add is kept as measured, but
 * for their waits for another thread's signal (multi_thread's baton: which thread waits, and
 * how long, depends on which finished first, from run to run), which are the threads'
 * imbalance, kept with their stagger (model_solve.c): one thread waits for nobody. */
static int rest_of_spans(struct model *m, char *err, size_t err_size)
{
	const struct model_class *cl = &m->classes[0];
	struct model_prediction p;

	m->shared_rest_s = 0.0;
	m->shared_end_waits_s = 0.0;
	if (model_solve(m, NULL, &p, err, err_size))
		return -1;
	m->shared_end_waits_s = cl->end_waits_s;
	m->shared_rest_s = cl->cycles / cl->threads * (cl->measured_cycle_s - p.cycle_s[0]) -
			   cl->end_waits_s;
	model_prediction_release(&p);
	return 0;
}

/* f and the think time so that the model has both measured cycle times: at the low load
 * through the think time, at the high one (which grows with f) by bisection on f. */
static int fit_two_loads(struct model *m, char *err, size_t err_size)
{
	const struct model_class *cl = &m->classes[0];
	double raw = cl->overhead_s, lo = 0.0, hi, z, got;

	for (size_t k = 0; k < m->stations_count; k++)
		raw += cl->demand[k];
	if (!(raw > 0.0)) {
		m->shared_fitted = 0;
		return calibrate(m, err, err_size);
	}
	hi = m->cycle_lo_s / raw;
	for (int i = 0; i < CALIBRATE_STEPS; i++) {
		double mid = (lo + hi) / 2;

		if (think_for(m, mid, &z, err, err_size) ||
		    cycle_with(m, m->load_hi, mid, z, &got, err, err_size))
			return -1;
		*(got > m->cycle_hi_s ? &hi : &lo) = mid;
	}
	if (think_for(m, (lo + hi) / 2, &z, err, err_size))
		return -1;
	m->shared_factor = (lo + hi) / 2;
	m->shared_think_s = z;
	return rest_of_spans(m, err, err_size);
}

int model_share_cpus(struct model *m, char *err, size_t err_size)
{
	if (!m->cpu_runtime)
		return 0;
	m->shared = 1;
	shared_servers(m, m->cycles.items, m->cycles.count);
	return m->shared_fitted ? fit_two_loads(m, err, err_size) : calibrate(m, err, err_size);
}
