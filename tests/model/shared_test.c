/*
 * model_share_cpus on scenarios of known numbers: a CPU-runtime trace (agent
 * "hsatrace-cpu-gpu", 2 cores) of 2 threads, each cycling a host phase of 30 us, a kernel and
 * the rest of its wait; thread B starts and ends ALONE cycles after thread A, so the trace
 * holds cycles of A alone, of both, of B alone. A thread's first and last cycles (its setup,
 * its teardown) are no cycle at a load, and it is not cycling during them: A's cycle beside
 * B's first one and B's beside A's last one are at load 1, so the mean cycle at load 1 is
 * (9 x 100 us + both) / 10. When a cycle of both takes as long as alone, no core was short:
 * the 2 cores, and the model reproduces its trace. When it takes longer (twice as long;
 * 150 us), one core's worth and a latency are fitted: the model has the mean cycle measured
 * at 1 thread and the one measured at 2.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/model/model.h"
#include "tap.h"

#define US 1000
#define ALONE 10	/* cycles of one thread alone at each end */
#define BOTH 40		/* cycles of each thread while both cycle */

static struct model_event evs[2048];
static size_t nev;
static uint64_t gpu_workers = 2;	/* the CPU runtime's workers, its GPU's compute units */
/* > 0: the waits carry the process's CPU clock (schema 2.3), the process using this many
 * cores' worth of CPU all along: the clock at time t is rate x t */
static double process_cpu_rate;

static struct model_event *push(enum model_event_kind kind, int64_t ts, int64_t vtid)
{
	struct model_event *e = &evs[nev++];

	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->ts_ns = ts;
	e->has_process = 1;
	e->vpid = 10;
	e->vtid = vtid;
	e->procname = "app";
	return e;
}

static void wait_call(int64_t ts, int entry, int64_t vtid, uint64_t corr, uint64_t signal)
{
	struct model_event *e = push(entry ? MODEL_EV_API_ENTRY : MODEL_EV_API_EXIT, ts, vtid);

	e->function = "hsa_signal_wait_scacquire";
	e->correlation_id = corr;
	e->signal = entry ? signal : 0;
}

/* One cycle of thread vtid from t of length len: host 30 us, kernel, 10 us of the rest. */
static int64_t cycle(int64_t vtid, uint64_t k, int64_t t, int64_t len)
{
	uint64_t corr = (uint64_t)vtid * 100000 + k, signal = 0x5000 + (uint64_t)vtid;
	struct model_event *e = push(MODEL_EV_SUBMIT, t + 20 * US, vtid);

	e->queue_id = (uint64_t)vtid, e->packet_index = k, e->packet_type = 2;
	e->signal = signal, e->name = "k";
	wait_call(t + 30 * US, 1, vtid, corr, signal);
	e = push(MODEL_EV_KERNEL, t + len - 5 * US, 99);
	e->queue_id = (uint64_t)vtid, e->packet_index = k, e->agent = 2;
	e->begin_ns = t + 30 * US, e->end_ns = t + len - 10 * US;
	if (process_cpu_rate > 0.0) {
		e = push(MODEL_EV_SIGNAL_WAIT, t + len - 1, vtid);
		e->correlation_id = corr;
		e->has_process_cpu = 1;
		e->process_cpu_ns = llround(process_cpu_rate * (double)(t + len));
	}
	wait_call(t + len, 0, vtid, corr, 0);
	return t + len;
}

static int by_time(const void *a, const void *b)
{
	const struct model_event *x = a, *y = b;

	return x->ts_ns < y->ts_ns ? -1 : x->ts_ns > y->ts_ns;
}

/* Cycles of 100 us alone and of both_us while both threads cycle. */
static void scenario(int64_t both_us)
{
	struct model_event *e;
	int64_t a = 0, b, start_b = ALONE * 100 * US;
	uint64_t k = 0;

	nev = 0;
	e = push(MODEL_EV_AGENT, 0, 10);
	e->agent = 1, e->name = "cpu", e->device_type = 0, e->compute_units = 2;
	e = push(MODEL_EV_AGENT, 1, 10);
	e->agent = 2, e->name = "hsatrace-cpu-gpu", e->device_type = 1;
	e->compute_units = gpu_workers;
	for (; k < ALONE; k++)
		a = cycle(11, k, a, 100 * US);
	b = start_b;
	for (uint64_t j = 0; j < BOTH; j++, k++) {
		a = cycle(11, k, a, both_us * US);
		b = cycle(12, j, b, both_us * US);
	}
	for (uint64_t j = BOTH; j < BOTH + ALONE; j++)
		b = cycle(12, j, b, 100 * US);
	qsort(evs, nev, sizeof(evs[0]), by_time);
}

static int build(struct model_trace *t, struct model *m, char *err, size_t size)
{
	model_trace_init(t);
	for (size_t i = 0; i < nev; i++)
		if (model_trace_add(t, &evs[i]))
			return -1;
	if (model_build(m, t, MODEL_HOST_AUTO, err, size))
		return -1;
	return model_share_cpus(m, err, size);
}

static void check(int64_t both_us, unsigned want_servers, double want_factor, const char *what)
{
	struct model_trace t;
	struct model m = { 0 };
	struct model_prediction p;
	char err[256] = "";

	scenario(both_us);
	if (build(&t, &m, err, sizeof(err))) {
		ok(0, "%s: model built: %s", what, err);
		skip(2, "no model");
		goto end;
	}
	ok(m.cpu_runtime && m.shared && m.shared_servers == want_servers,
	   "%s: %u server(s) (got %u: %s)", what, want_servers, m.shared_servers, m.shared_how);
	ok(fabs(m.shared_factor - want_factor) < 1e-6, "%s: demands x %g (got %.9f)", what,
	   want_factor, m.shared_factor);
	if (model_solve(&m, NULL, &p, err, sizeof(err)) == 0) {
		ok(fabs(p.cycle_s[0] - m.classes[0].measured_cycle_s) < 1e-9 * 1e3,
		   "%s: the modelled cycle is the measured one (%.9f vs %.9f s)", what, p.cycle_s[0],
		   m.classes[0].measured_cycle_s);
		model_prediction_release(&p);
	} else {
		ok(0, "%s: solved: %s", what, err);
	}
end:
	model_release(&m);
	model_trace_release(&t);
}

/* The modelled cycle time of the class under w, -1 when the model does not solve. */
static double cycle_under(const struct model *m, const struct model_whatif *w)
{
	struct model_prediction p;
	char err[256];
	double cycle = -1.0;

	if (model_solve(m, w, &p, err, sizeof(err)) == 0) {
		cycle = p.cycle_s[0];
		model_prediction_release(&p);
	}
	return cycle;
}

/* The modelled cycle time of the class at n threads. */
static double cycle_at(struct model *m, unsigned n)
{
	struct model_whatif w;

	model_whatif_init(&w);
	w.threads_set = 1;
	w.threads = n;
	return cycle_under(m, &w);
}

/* Cycles of both_us while both threads cycle: one core's worth and a latency fitted. */
static void fitted(int64_t both_us, const char *what)
{
	struct model_trace t;
	struct model m = { 0 };
	char err[256] = "";
	double one, two, both = (double)both_us * 1e-6;

	scenario(both_us);
	if (build(&t, &m, err, sizeof(err))) {
		ok(0, "%s: model built: %s", what, err);
		skip(2, "no model");
		goto end;
	}
	ok(m.shared_fitted && m.shared_capacity == 1.0 && m.load_lo == 1 && m.load_hi == 2 &&
	   fabs(m.cycle_lo_s - (9 * 100e-6 + both) / 10) < 1e-12 &&
	   fabs(m.cycle_hi_s - both) < 1e-12,
	   "%s: one core's worth and a latency fitted (%s), steady cycles at 1 and 2 threads",
	   what, m.shared_how);
	one = cycle_at(&m, 1);
	two = cycle_at(&m, 2);
	ok(fabs(one - m.cycle_lo_s) < 1e-6 * m.cycle_lo_s, "%s: the model's cycle at 1 thread is "
	   "the one measured alone (%.9f vs %.9f s)", what, one, m.cycle_lo_s);
	ok(fabs(two - m.cycle_hi_s) < 1e-6 * m.cycle_hi_s && m.shared_think_s > 0.0,
	   "%s: at 2 threads the one measured with both (%.9f vs %.9f s), latency %.9f s", what,
	   two, m.cycle_hi_s, m.shared_think_s);
end:
	model_release(&m);
	model_trace_release(&t);
}

/* The exact cycle time of `n` customers cycling through a think time z and a station of 2
 * servers with demand d (the finite-source M/M/2 queue: a birth-death chain, j customers at
 * the station; independent of the model's MVA). */
static double repairman2(unsigned n, double d, double z)
{
	double p = 1.0, sum = 0.0, busy = 0.0;

	for (unsigned j = 0; j <= n; j++) {
		if (j) /* p_j / p_(j-1) = (n - j + 1) / z over min(j, 2) / d */
			p *= (double)(n - j + 1) / z * d / (j < 2 ? (double)j : 2.0);
		sum += p;
		busy += p * (j < 2 ? (double)j : 2.0);
	}
	return (double)n / (busy / sum / d);
}

/*
 * The waits carry the process's CPU clock, the process using `rate` cores' worth all along.
 * Both threads cycle together from B's first cycle's end (1000 us + both) to A's last
 * cycle's start (1000 us + 39 both): the samples bounding that window are the waits
 * returning at those two times, and the cycles that ended after the first and up to the
 * last are 38 of each thread. So the demand per cycle is rate x 38 both / 76 = rate x both
 * / 2, the measured cycle there `both`; on 2 servers 2 threads never queue, so the latency
 * is both - demand; the model reproduces its trace, and at 8 threads it is the finite-source
 * queue on that demand and latency.
 */
static void process_cpu(int64_t both_us, double rate, const char *what)
{
	struct model_trace t;
	struct model m = { 0 };
	struct model_prediction p;
	char err[256] = "";
	double both = (double)both_us * 1e-6, d = rate * both / 2, eight;

	process_cpu_rate = rate;
	scenario(both_us);
	process_cpu_rate = 0.0;
	if (build(&t, &m, err, sizeof(err))) {
		ok(0, "%s: model built: %s", what, err);
		skip(3, "no model");
		goto end;
	}
	ok(m.demand_source == MODEL_DEMAND_PROCESS_CPU && m.pcpu_cycles == 76 &&
	   m.pcpu_first_ns == (1000 + both_us) * US && m.pcpu_last_ns == (1000 + 39 * both_us) * US &&
	   fabs(m.pcpu_per_cycle_s - d) < 1e-12 && fabs(m.pcpu_cycle_s - both) < 1e-12 &&
	   m.shared_servers == 2 && m.shared_factor == 1.0,
	   "%s: the demand per cycle is the process clock's difference over the window / its "
	   "76 cycles: %.9f s (got %.9f s over %zu cycles; %s), on the 2 cores", what, d,
	   m.pcpu_per_cycle_s, m.pcpu_cycles, m.demand_how);
	ok(fabs(m.shared_think_s - (both - d)) < 1e-9 * both, "%s: the latency is the rest of "
	   "the cycle: %.9f s (got %.9f)", what, both - d, m.shared_think_s);
	if (model_solve(&m, NULL, &p, err, sizeof(err)) == 0) {
		ok(fabs(p.total_s - m.total_s) < 1e-9 * m.total_s, "%s: the model reproduces its "
		   "trace (%.9f vs %.9f s)", what, p.total_s, m.total_s);
		model_prediction_release(&p);
	} else {
		ok(0, "%s: solved: %s", what, err);
	}
	eight = cycle_at(&m, 8);
	ok(fabs(eight - repairman2(8, d, both - d)) < 1e-9 * eight, "%s: at 8 threads the "
	   "finite-source queue on 2 servers: %.9f s (got %.9f)", what, repairman2(8, d, both - d),
	   eight);
end:
	model_release(&m);
	model_trace_release(&t);
}

/* The modelled cycle time of the class as traced with workers=n. */
static double cycle_with_workers(struct model *m, unsigned n)
{
	struct model_whatif w;

	model_whatif_init(&w);
	w.workers = n;
	return cycle_under(m, &w);
}

/*
 * workers=N on the perfect speed-up scenario (2 threads on 2 cores, nothing queues, f = 1):
 * every kernel is submitted 10 us before it begins on an idle device, the launch latency the
 * model takes for one hand-off h. From 1 worker to 2 a dispatch adds one wake-up (CPU) and
 * one hand-back (latency): the cycle grows by 2 h; from 2 to 1 it loses them; from 1 to 3,
 * two wake-ups and one hand-back: 3 h.
 */
static void workers(void)
{
	struct model_trace t;
	struct model m = { 0 };
	char err[256] = "";
	double h, base, cpu, lat;

	gpu_workers = 1;
	scenario(100);
	gpu_workers = 2;
	if (build(&t, &m, err, sizeof(err))) {
		ok(0, "workers: model built: %s", err);
		skip(4, "no model");
		goto end;
	}
	h = m.stations[1].launch_s;
	base = m.classes[0].measured_cycle_s;
	{
		struct model_whatif w;

		model_whatif_init(&w);
		w.workers = 2;
		model_workers_change(&m, &w, 0, &cpu, &lat);
	}
	ok(m.cpu_workers == 1 && fabs(h - 10e-6) < 1e-12 && fabs(cpu - h) < 1e-12 &&
	   fabs(lat - h) < 1e-12, "workers 1 -> 2: one wake-up and one hand-back of h = %.9f s "
	   "a dispatch (traced %u; %.9f, %.9f)", h, m.cpu_workers, cpu, lat);
	ok(fabs(cycle_with_workers(&m, 1) - base) < 1e-6 * base,
	   "workers=1 as traced: the modelled cycle unchanged");
	ok(fabs(cycle_with_workers(&m, 2) - (base + 2 * h)) < 1e-6 * base,
	   "workers=2: the cycle grows by 2 h (%.9f vs %.9f s)", cycle_with_workers(&m, 2),
	   base + 2 * h);
	ok(fabs(cycle_with_workers(&m, 3) - (base + 3 * h)) < 1e-6 * base,
	   "workers=3: by 3 h (%.9f vs %.9f s)", cycle_with_workers(&m, 3), base + 3 * h);
	m.cpu_workers = 0;
	{
		struct model_whatif w;
		struct model_prediction p;

		model_whatif_init(&w);
		w.workers = 2;
		ok(model_solve(&m, &w, &p, err, sizeof(err)) == -1 && strstr(err, "how many workers"),
		   "workers= without the traced worker count: an error saying so (%s)", err);
	}
end:
	model_release(&m);
	model_trace_release(&t);
}

/*
 * workers= 1 -> 2 with the process's CPU clock (1.9 cores' worth all along, 100 us cycles, so
 * 95 us of CPU per cycle, more than the 30 us host phase and the kernel): the share of a hand-off that is CPU is the CPU beyond the class's
 * host and device demands over the rest of its waits; the wake-up adds share x h of CPU and
 * no latency (the packet processor does not wait for a helper that has not joined).
 */
static void workers_process_cpu(void)
{
	struct model_trace t;
	struct model m = { 0 };
	struct model_whatif w;
	char err[256] = "";
	double h, share, rest, cpu, lat;

	gpu_workers = 1;
	process_cpu_rate = 1.9;
	scenario(100);
	gpu_workers = 2;
	process_cpu_rate = 0.0;
	if (build(&t, &m, err, sizeof(err))) {
		ok(0, "workers with the process clock: model built: %s", err);
		goto end;
	}
	h = m.stations[1].launch_s;
	rest = 95e-6;
	for (size_t k = 0; k < m.stations_count; k++)
		rest -= m.classes[0].demand[k];
	share = fmin(1.0, fmax(0.0, rest / m.classes[0].overhead_s));
	model_whatif_init(&w);
	w.workers = 2;
	model_workers_change(&m, &w, 0, &cpu, &lat);
	ok(m.demand_source == MODEL_DEMAND_PROCESS_CPU && share > 0.0 && share < 1.0 &&
	   fabs(model_workers_cpu_share(&m, 0) - share) < 1e-9 &&
	   fabs(cpu - share * h) < 1e-12 && lat == 0.0,
	   "workers 1 -> 2 with the process clock: CPU share %.6f of a hand-off h = %.9f s: "
	   "CPU share x h (%.9f), no latency (%.9f)", share, h, cpu, lat);
end:
	model_release(&m);
	model_trace_release(&t);
}

int main(void)
{
	plan(24);
	/* both: 100 us a cycle, twice the throughput: the 2 cores, nothing queues (f = 1) */
	check(100, 2, 1.0, "perfect speed-up");
	/* both: 200 us a cycle: one core and a latency */
	fitted(200, "no speed-up");
	/* both: 150 us, a speed-up of 1.33 */
	fitted(150, "a speed-up of 1.33");
	workers();
	/* the process's CPU clock: demand and latency from it, not from the loads */
	process_cpu(150, 0.8, "process CPU, 150 us cycles at 0.8 cores");
	process_cpu(100, 1.5, "process CPU, 100 us cycles at 1.5 cores");
	workers_process_cpu();
	{
		struct model_trace t;
		struct model m = { 0 };
		char err[256] = "";

		scenario(150);
		ok(build(&t, &m, err, sizeof(err)) == 0 && m.demand_source == MODEL_DEMAND_TWO_LOADS &&
		   !m.process_cpu_traced, "without the process's CPU clock: the two-load fit, as "
		   "before (%s)", m.demand_how);
		model_release(&m);
		model_trace_release(&t);
	}
	return exit_status();
}
