/*
 * model_loaddemand - the CPU runtime's demand per cycle as a function of the load (see
 * model_loaddemand.h; docs/model.md, "demand falling with the load").
 */
#include <math.h>
#include <stdio.h>

#include "analyses/model/model_loaddemand.h"

/* The share of the threads running at once that are not the one handing off: at most
 * `cores` run at once, so beyond the cores more threads do not hold the cores more often
 * (their own recordings: bench/RESULTS.md, branch robust). */
static double others_share(unsigned population, double cores)
{
	double running = fmin((double)population, cores);

	return running > 1.0 ? (running - 1.0) / running : 0.0;
}

/* work and handoff from the demand at 1 thread cycling (the stretch) and at `threads`;
 * returns 0 (m->load_demand_how says why) when they do not apply. */
static int split(struct model *m, unsigned threads)
{
	double d = m->pcpu_per_cycle_s, d1 = m->pcpu_per_cycle_lo_s, p;

	if (m->load_lo != 1 || m->pcpu_cycles_lo < MODEL_MIN_CYCLES_AT_LOAD || !(d1 > 0.0) ||
	    threads < 2 || m->cores < 2) {
		snprintf(m->load_demand_how, sizeof(m->load_demand_how), "flat: no stretch with "
			 "1 thread cycling and >= %d cycles with the process clock",
			 MODEL_MIN_CYCLES_AT_LOAD);
		return 0;
	}
	if (!(m->cycle_lo_s > d1)) {
		snprintf(m->load_demand_how, sizeof(m->load_demand_how), "flat: the stretch's cycle "
			 "(%.1f us) is not longer than its CPU per cycle (%.1f us)",
			 m->cycle_lo_s * 1e6, d1 * 1e6);
		return 0;
	}
	/* the process's utilization of the cores where all threads cycle */
	m->load_util = (double)threads / m->pcpu_cycle_s * d / m->cores;
	p = 1.0 - m->load_util * others_share(threads, m->cores);
	if (!(d1 > d) || !(p > 0.0 && p < 1.0)) {
		snprintf(m->load_demand_how, sizeof(m->load_demand_how), "flat: the CPU per cycle "
			 "does not fall from 1 thread cycling (%.1f us) to %u (%.1f us)", d1 * 1e6,
			 threads, d * 1e6);
		return 0;
	}
	m->load_handoff_s = (d1 - d) / (1.0 - p);
	m->load_work_s = d1 - m->load_handoff_s;
	if (m->load_work_s < 0.0) { /* the stretch's CPU overstates one thread's: the other
				     * threads' setup or teardown; keep the traced demand */
		m->load_work_s = 0.0;
		m->load_handoff_s = d / p;
	}
	return 1;
}

int model_loaddemand_fit(struct model *m, unsigned threads, char *err, size_t err_size)
{
	double capacity = m->shared_capacity, think = m->shared_think_s;
	enum model_capacity_fit fitted;

	m->load_demand = 0;
	if (!split(m, threads))
		return 0;
	m->load_demand = 1;
	/* the latency: the stretch's cycle minus its CPU (one customer never queues) */
	fitted = model_shared_fit_capacity(m, threads, m->cycle_lo_s - m->pcpu_per_cycle_lo_s,
					   m->pcpu_cycle_s, err, err_size);
	if (fitted != MODEL_CAPACITY_FITTED) {
		m->load_demand = 0;
		m->shared_capacity = capacity;
		m->shared_think_s = think;
		snprintf(m->load_demand_how, sizeof(m->load_demand_how), "flat: no cores' worth in "
			 "[1, %u] gives the cycle at %u threads cycling with the stretch's latency",
			 m->cores, threads);
		return fitted == MODEL_CAPACITY_ERROR ? -1 : 0;
	}
	m->shared_servers = m->shared_capacity < 1.5 ? 1u : (unsigned)lround(m->shared_capacity);
	snprintf(m->load_demand_how, sizeof(m->load_demand_how), "work %.1f us + hand-offs %.1f us "
		 "x p(N), p(N) = 1 - U (N-1)/N, U %.2f at %u threads; from the CPU per cycle at 1 "
		 "thread cycling (%.1f us, %zu cycles) and at %u", m->load_work_s * 1e6,
		 m->load_handoff_s * 1e6, m->load_util, threads, m->pcpu_per_cycle_lo_s * 1e6,
		 m->pcpu_cycles_lo, threads);
	snprintf(m->shared_how, sizeof(m->shared_how), "%.2f cores' worth, fitted to the cycle at "
		 "%u threads cycling; the latency: the cycle at 1 (%.1f us) minus its CPU",
		 m->shared_capacity, threads, m->cycle_lo_s * 1e6);
	return 1;
}

/* D = work + handoff (1 - x (D + other) (M-1) / (M cores)), M = min(N, cores), solved for
 * D. */
double model_loaddemand_at(const struct model *m, unsigned population, double x,
			   double other_s, double cores)
{
	double busy = x * others_share(population, cores) / cores;

	return (m->load_work_s + m->load_handoff_s * (1.0 - busy * other_s)) /
	       (1.0 + m->load_handoff_s * busy);
}

double model_loaddemand_capacity(const struct model *m, unsigned population, double cores)
{
	unsigned traced = m->classes_count == 1 ? m->classes[0].threads : 0;
	double shortfall;

	if (!m->load_demand || !traced || population <= traced || !(m->shared_capacity < cores))
		return m->shared_capacity;
	/* the traced shortfall's fraction f = g^traced, g each thread's own chance */
	shortfall = (cores - m->shared_capacity) / cores;
	return cores - cores * pow(shortfall, (double)population / traced);
}
