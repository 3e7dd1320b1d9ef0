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
#include "analyses/model/model_loaddemand.h"
#include "analyses/model/model_pcpu.h"

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
		if (count[k] < MODEL_MIN_CYCLES_AT_LOAD)
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

/* Per thread and per load, what the steady cycles of the class with the most threads give
 * (model_share_cpus). */
struct spans {
	size_t cls, threads;	/* the class, its threads (0: no class) */
	int64_t *first, *last;	/* per thread row: cycling_spans */
	double *sum;		/* per load: cycles_by_load */
	size_t *count;
};

static void spans_release(struct spans *s)
{
	free(s->first);
	free(s->last);
	free(s->sum);
	free(s->count);
}

/* Returns 0, or -1 when out of memory. */
static int spans_init(struct spans *s, const struct model *m)
{
	size_t rows = m->threads.count;

	s->cls = busiest_class(m, 0);
	s->threads = s->cls == SIZE_MAX ? 0 : m->classes[s->cls].threads;
	s->first = calloc(rows ? rows : 1, sizeof(*s->first));
	s->last = calloc(rows ? rows : 1, sizeof(*s->last));
	s->sum = calloc(rows + 1, sizeof(*s->sum));
	s->count = calloc(rows + 1, sizeof(*s->count));
	if (!s->first || !s->last || !s->sum || !s->count)
		return -1;
	if (s->threads) {
		cycling_spans(m, s->cls, m->cycles.items, m->cycles.count, s->first, s->last);
		cycles_by_load(m, s->cls, m->cycles.items, m->cycles.count, s->first, s->last,
			       s->sum, s->count);
	}
	return 0;
}

/* m->shared_servers, m->shared_how: from the class with the most threads. */
static void shared_servers(struct model *m, const struct spans *s)
{
	m->shared_servers = m->cores;
	m->shared_capacity = m->cores;
	snprintf(m->shared_how, sizeof(m->shared_how), "the cores (one thread cycling)");
	if (s->threads >= 2)
		servers_from_loads(m, s->sum, s->count, s->threads);
}

static int by_time(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* How many of the class's threads cycle at t. */
static size_t cycling_at(const struct model *m, const struct spans *s, int64_t t)
{
	size_t n = 0;

	for (size_t r = 0; r < m->threads.count; r++)
		n += s->first[r] <= t && t <= s->last[r];
	return n;
}

/* The process's CPU over the stretches of time where exactly `load` of the class's threads
 * cycle, into acc (zeroed). Returns 0, or -1 when out of memory. */
static int pcpu_at_load(const struct model *m, const struct spans *s, size_t load,
			struct model_pcpu *acc)
{
	size_t rows = m->threads.count, n = 0;
	int64_t *edge = malloc(2 * (rows ? rows : 1) * sizeof(*edge)), from = 0, to = 0;
	int open = 0;

	*acc = (struct model_pcpu){ 0 };
	if (!edge)
		return -1;
	for (size_t r = 0; r < rows; r++)
		if (s->first[r] <= s->last[r]) {
			edge[n++] = s->first[r];
			edge[n++] = s->last[r];
		}
	qsort(edge, n, sizeof(*edge), by_time);
	for (size_t i = 0; i + 1 < n; i++) {
		if (edge[i] == edge[i + 1])
			continue;
		if (cycling_at(m, s, edge[i] + (edge[i + 1] - edge[i]) / 2) == load) {
			from = open ? from : edge[i];
			to = edge[i + 1];
			open = 1;
		} else if (open) {
			model_pcpu_window(m, from, to, acc);
			open = 0;
		}
	}
	if (open)
		model_pcpu_window(m, from, to, acc);
	free(edge);
	return 0;
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

/* m->shared_factor: class c's cycle time `target` at its traced population. */
static int calibrate_to(struct model *m, size_t c, double target, char *err, size_t err_size)
{
	double got, lo = 0.0, hi = 1.0;

	m->shared_factor = 1.0;
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

/* m->shared_factor: the measured cycle time of the class with the most cycles at its
 * traced population. */
static int calibrate(struct model *m, char *err, size_t err_size)
{
	size_t c = busiest_class(m, 1);

	m->shared_factor = 1.0;
	if (c == SIZE_MAX)
		return 0;
	return calibrate_to(m, c, m->classes[c].measured_cycle_s, err, err_size);
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

/* The think time giving the cycle time `target` at `threads` threads with demand factor f
 * (0 when even no think time gives more). */
static int think_for_cycle(struct model *m, unsigned threads, double f, double target,
			   double *z, char *err, size_t err_size)
{
	double lo = 0.0, hi = target, got;

	if (cycle_with(m, threads, f, 0.0, &got, err, err_size))
		return -1;
	*z = 0.0;
	if (got >= target)
		return 0;
	for (int i = 0; i < CALIBRATE_STEPS; i++) {
		double mid = (lo + hi) / 2;

		if (cycle_with(m, threads, f, mid, &got, err, err_size))
			return -1;
		*(got > target ? &hi : &lo) = mid;
	}
	*z = (lo + hi) / 2;
	return 0;
}

/* The think time giving the low load's cycle time with demand factor f. */
static int think_for(struct model *m, double f, double *z, char *err, size_t err_size)
{
	return think_for_cycle(m, m->load_lo, f, m->cycle_lo_s, z, err, err_size);
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

/*
 * The process's CPU clock (schema >= 2.3, one class) over the window where all the class's
 * threads cycle: the demand per cycle (pcpu_per_cycle_s), the measured cycle there
 * (threads x the samples' span / the cycles); and the same at the low load, for
 * information. Returns 1 when it gives the demand, 0 when not (demand_how says why), -1
 * when out of memory.
 */
static int process_cpu_demand(struct model *m, const struct spans *s)
{
	struct model_pcpu at, lo;

	if (!m->process_cpu_traced)
		return 0;
	if (m->classes_count != 1) {
		snprintf(m->demand_how, sizeof(m->demand_how), "the process's CPU clock is in the "
			 "trace but not used: %zu thread classes (it gives one demand per cycle)",
			 m->classes_count);
		return 0;
	}
	if (pcpu_at_load(m, s, s->threads, &at))
		return -1;
	if (at.cycles < MODEL_MIN_CYCLES_AT_LOAD) {
		snprintf(m->demand_how, sizeof(m->demand_how), "the process's CPU clock is in the "
			 "trace but not used: %zu cycles with all %zu threads cycling (%d needed)",
			 at.cycles, s->threads, MODEL_MIN_CYCLES_AT_LOAD);
		return 0;
	}
	m->pcpu_first_ns = at.first_ns;
	m->pcpu_last_ns = at.last_ns;
	m->pcpu_s = at.cpu_s;
	m->pcpu_cycles = at.cycles;
	m->pcpu_per_cycle_s = at.cpu_s / (double)at.cycles;
	m->pcpu_host_per_cycle_s = at.host_s / (double)at.cycles;
	m->pcpu_cycle_s = (double)s->threads * at.span_s / (double)at.cycles;
	if (m->load_lo && m->load_lo < s->threads) {
		if (pcpu_at_load(m, s, m->load_lo, &lo))
			return -1;
		m->pcpu_cycles_lo = lo.cycles;
		m->pcpu_per_cycle_lo_s = lo.cycles ? lo.cpu_s / (double)lo.cycles : 0.0;
	}
	snprintf(m->demand_how, sizeof(m->demand_how), "the process's CPU clock: %.6f s over "
		 "%zu cycles with all %zu threads cycling", at.cpu_s, at.cycles, s->threads);
	return 1;
}

/* The modelled cycle at `threads` threads with the host CPUs' capacity c, think time z. */
static int cycle_with_capacity(struct model *m, unsigned threads, double c, double z,
			       double *cycle, char *err, size_t err_size)
{
	m->shared_capacity = c;
	return cycle_with(m, threads, 1.0, z, cycle, err, err_size);
}

enum model_capacity_fit model_shared_fit_capacity(struct model *m, unsigned threads,
						  double think_s, double target_s, char *err,
						  size_t err_size)
{
	double lo = 1.0, hi = m->cores, got;

	if (cycle_with_capacity(m, threads, hi, think_s, &got, err, err_size))
		return MODEL_CAPACITY_ERROR;
	if (got > target_s)
		return MODEL_CAPACITY_ABOVE_CORES;
	if (cycle_with_capacity(m, threads, lo, think_s, &got, err, err_size))
		return MODEL_CAPACITY_ERROR;
	if (got < target_s)
		return MODEL_CAPACITY_BELOW_ONE;
	for (int i = 0; i < CALIBRATE_STEPS; i++) {
		double mid = (lo + hi) / 2;

		if (cycle_with_capacity(m, threads, mid, think_s, &got, err, err_size))
			return MODEL_CAPACITY_ERROR;
		*(got > target_s ? &lo : &hi) = mid;
	}
	m->shared_capacity = (lo + hi) / 2;
	return MODEL_CAPACITY_FITTED;
}

/* A slow-down from 1 thread cycling to the traced population beyond what one core's worth
 * gives with the latency measured alone: one core's worth, the latency fitted at the traced
 * population (longer than alone). Returns 1, or -1 on error. */
static int one_core(struct model *m, unsigned threads, char *err, size_t err_size)
{
	double z;

	m->shared_capacity = 1.0;
	m->shared_servers = 1;
	if (think_for_cycle(m, threads, 1.0, m->pcpu_cycle_s, &z, err, err_size))
		return -1;
	m->shared_think_s = z;
	snprintf(m->shared_how, sizeof(m->shared_how), "one core's worth (the cycle at %u threads "
		 "cycling is longer than one core gives with the latency measured at 1), the "
		 "latency fitted to it", threads);
	return 1;
}

/*
 * With steady cycles at 1 thread cycling (the low-load stretch): one customer never queues,
 * so the latency is that cycle minus the demand; the cores' worth is then the capacity that
 * gives the cycle measured at the traced population (bisection in [1, cores]: the cycle falls
 * as the capacity grows). Returns 1 when fitted, 0 when it does not apply (no such stretch,
 * a cycle there no longer than the demand, or a slow-down no capacity in [1, cores] gives),
 * -1 on error.
 */
static int fit_capacity(struct model *m, unsigned threads, char *err, size_t err_size)
{
	double z = m->cycle_lo_s - m->pcpu_per_cycle_s;

	if (m->load_lo != 1 || threads < 2 || !(z > 0.0) || m->cores < 2)
		return 0;
	switch (model_shared_fit_capacity(m, threads, z, m->pcpu_cycle_s, err, err_size)) {
	case MODEL_CAPACITY_ERROR:
		return -1;
	case MODEL_CAPACITY_ABOVE_CORES:
		return 0;
	case MODEL_CAPACITY_BELOW_ONE:
		return one_core(m, threads, err, err_size);
	case MODEL_CAPACITY_FITTED:
		break;
	}
	m->shared_servers = m->shared_capacity < 1.5 ? 1u : (unsigned)lround(m->shared_capacity);
	m->shared_think_s = z;
	snprintf(m->shared_how, sizeof(m->shared_how), "%.2f cores' worth, fitted to the cycle at "
		 "%u threads cycling; the latency from the cycles at 1 (%.1f us, minus the CPU per "
		 "cycle)", m->shared_capacity, threads, m->cycle_lo_s * 1e6);
	return 1;
}

/* With the process's CPU per cycle as the demand: falling with the load, with the cores'
 * worth and the latency from the low-load stretch, when the trace has one that gives it
 * (model_loaddemand.h); else flat, the cores' worth and the latency from that stretch
 * (fit_capacity), else the cores and the latency that
 * gives the cycle measured at the traced population; the demand is scaled down only when
 * even no latency gives more than that cycle. */
static int fit_latency(struct model *m, unsigned threads, char *err, size_t err_size)
{
	double z, got;
	int fitted;

	m->demand_source = MODEL_DEMAND_PROCESS_CPU;
	m->shared_fitted = 1;
	m->shared_factor = 1.0;
	if ((fitted = model_loaddemand_fit(m, threads, err, err_size)) < 0)
		return -1;
	if (!fitted && (fitted = fit_capacity(m, threads, err, err_size)) < 0)
		return -1;
	if (fitted)
		return rest_of_spans(m, err, err_size);
	m->shared_servers = m->cores;
	m->shared_capacity = m->cores;
	snprintf(m->shared_how, sizeof(m->shared_how), "the cores (the process's CPU per cycle "
		 "is the demand, the rest of the cycle a latency)");
	if (think_for_cycle(m, threads, 1.0, m->pcpu_cycle_s, &z, err, err_size))
		return -1;
	m->shared_think_s = z; /* think_for_cycle left the factor at 1.0 and the last mid */
	if (z == 0.0 &&
	    (cycle_with(m, threads, 1.0, 0.0, &got, err, err_size) ||
	     (got > m->pcpu_cycle_s && calibrate_to(m, 0, m->pcpu_cycle_s, err, err_size))))
		return -1;
	return rest_of_spans(m, err, err_size);
}

int model_share_cpus(struct model *m, char *err, size_t err_size)
{
	struct spans s = { 0 };
	int ret = -1, pcpu;

	if (!m->cpu_runtime)
		return 0;
	m->shared = 1;
	if (spans_init(&s, m)) {
		snprintf(err, err_size, "out of memory while modelling the host CPUs");
		goto end;
	}
	shared_servers(m, &s);
	if ((pcpu = process_cpu_demand(m, &s)) < 0) {
		snprintf(err, err_size, "out of memory while modelling the host CPUs");
		goto end;
	}
	if (pcpu) {
		ret = fit_latency(m, (unsigned)s.threads, err, err_size);
		goto end;
	}
	if (!m->demand_how[0])
		snprintf(m->demand_how, sizeof(m->demand_how), "the trace has no process CPU clock "
			 "at its waits (schema < 2.3)");
	ret = m->shared_fitted ? fit_two_loads(m, err, err_size) : calibrate(m, err, err_size);
	m->demand_source = m->shared_fitted ? MODEL_DEMAND_TWO_LOADS : MODEL_DEMAND_CALIBRATED;
end:
	spans_release(&s);
	return ret;
}
