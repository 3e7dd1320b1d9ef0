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
 * at 1 thread and the one measured at 2. With the process's CPU clock at the waits (schema
 * 2.3), the demand per cycle comes from it, the latency and the cores' worth as
 * expected_fit says, checked against the finite-source queue computed apart.
 *
 * With SHARED_TEST_OUT=DIR each scenario's model is also written there as NAME.json and
 * NAME.lqnx (hsatrace model -f json and --lqn): tests/model/09-lqn-shared.t checks the LQN
 * file of every demand source against its JSON.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/model/model.h"
#include "analyses/model/model_lastwait.h"
#include "tests/model/events.h"
#include "tap.h"

#define US 1000
#define ALONE 10	/* cycles of one thread alone at each end (alone: this scenario's) */
#define BOTH 40		/* cycles of each thread while both cycle */

static uint64_t gpu_workers = 2;	/* the CPU runtime's workers, its GPU's compute units */
/* > 0: the waits carry the process's CPU clock (schema 2.3), the process using this many
 * cores' worth of CPU all along: the clock at time t is rate x t */
static double process_cpu_rate;
/* > 0: the rate while one thread cycles, before B's first cycle ends and after A's last one
 * starts (process_cpu_rate while both cycle): a demand per cycle falling with the load */
static double process_cpu_rate_alone;
static int64_t both_from_ns, both_to_ns;
static uint64_t alone = ALONE;
/* When set, the waits also carry the thread's CPU clock (schema 2.2): each thread's host
 * phase uses HOST_CPU_US of it, its wait wait_cpu_us[thread] (11: A, 12: B), set per
 * stretch of the scenario (alone or both cycling) */
static int thread_cpu_traced;
static int64_t wait_cpu_us[2], thread_clock_ns[2];
#define HOST_CPU_US 20

/* The process clock at t: the integral of its rate. */
static double process_clock(int64_t t)
{
	double r1 = process_cpu_rate_alone > 0.0 ? process_cpu_rate_alone : process_cpu_rate;
	double r2 = process_cpu_rate;
	int64_t a = t < both_from_ns ? t : both_from_ns;
	int64_t b = t < both_from_ns ? 0 : (t < both_to_ns ? t : both_to_ns) - both_from_ns;
	int64_t c = t > both_to_ns ? t - both_to_ns : 0;

	return r1 * (double)a + r2 * (double)b + r1 * (double)c;
}

static void wait_call(int64_t ts, int entry, int64_t vtid, uint64_t corr, uint64_t signal)
{
	struct model_event *e =
		events_push(entry ? MODEL_EV_API_ENTRY : MODEL_EV_API_EXIT, ts, vtid);

	e->function = "hsa_signal_wait_scacquire";
	e->correlation_id = corr;
	e->signal = entry ? signal : 0;
}

/* One cycle of thread vtid from t of length len: host 30 us, kernel, 10 us of the rest. */
static int64_t cycle(int64_t vtid, uint64_t k, int64_t t, int64_t len)
{
	uint64_t corr = (uint64_t)vtid * 100000 + k, signal = 0x5000 + (uint64_t)vtid;
	struct model_event *e = events_push(MODEL_EV_SUBMIT, t + 20 * US, vtid);

	e->queue_id = (uint64_t)vtid, e->packet_index = k, e->packet_type = 2;
	e->signal = signal, e->name = "k";
	wait_call(t + 30 * US, 1, vtid, corr, signal);
	e = events_push(MODEL_EV_KERNEL, t + len - 5 * US, 99);
	e->queue_id = (uint64_t)vtid, e->packet_index = k, e->agent = 2;
	e->begin_ns = t + 30 * US, e->end_ns = t + len - 10 * US;
	if (process_cpu_rate > 0.0) {
		e = events_push(MODEL_EV_SIGNAL_WAIT, t + len - 1, vtid);
		e->correlation_id = corr;
		e->has_process_cpu = 1;
		e->process_cpu_ns = llround(process_clock(t + len));
		if (thread_cpu_traced) {
			int64_t *clock = &thread_clock_ns[vtid - 11];

			*clock += HOST_CPU_US * US;
			e->has_thread_cpu = 1;
			e->thread_cpu_begin_ns = *clock;
			*clock += wait_cpu_us[vtid - 11] * US;
			e->thread_cpu_end_ns = *clock;
		}
	}
	wait_call(t + len, 0, vtid, corr, 0);
	return t + len;
}

/* Cycles of 100 us alone and of both_us while both threads cycle. */
static void scenario(int64_t both_us)
{
	struct model_event *e;
	int64_t a = 0, b, start_b = (int64_t)alone * 100 * US;
	uint64_t k = 0;

	events_clear();
	both_from_ns = start_b + both_us * US;	/* B's first cycle ends */
	both_to_ns = start_b + (BOTH - 1) * both_us * US; /* A's last cycle starts */
	e = events_push(MODEL_EV_AGENT, 0, 10);
	e->agent = 1, e->name = "cpu", e->device_type = 0, e->compute_units = 2;
	e = events_push(MODEL_EV_AGENT, 1, 10);
	e->agent = 2, e->name = "hsatrace-cpu-gpu", e->device_type = 1;
	e->compute_units = gpu_workers;
	thread_clock_ns[0] = thread_clock_ns[1] = 0;
	wait_cpu_us[0] = wait_cpu_us[1] = 50; /* alone: not the steady window's */
	for (; k < alone; k++)
		a = cycle(11, k, a, 100 * US);
	b = start_b;
	wait_cpu_us[0] = 3, wait_cpu_us[1] = 7;
	for (uint64_t j = 0; j < BOTH; j++, k++) {
		a = cycle(11, k, a, both_us * US);
		b = cycle(12, j, b, both_us * US);
	}
	wait_cpu_us[1] = 50;
	for (uint64_t j = BOTH; j < BOTH + alone; j++)
		b = cycle(12, j, b, 100 * US);
	events_sort();
}

static int build(struct model_trace *t, struct model *m, char *err, size_t size)
{
	if (events_feed(t))
		return -1;
	if (model_build(m, t, MODEL_HOST_AUTO, err, size))
		return -1;
	return model_share_cpus(m, err, size);
}

/* One output of m solved as traced into DIR/NAME.EXT; 0, or -1. */
static int export_one(const struct model *m, const struct model_prediction *p,
		      const char *dir, const char *name, int lqn)
{
	char path[4096];
	struct model_report r = { m, p, NULL, NULL, "scenario" };
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/%s.%s", dir, name, lqn ? "lqnx" : "json");
	if (!(f = fopen(path, "w")))
		return -1;
	ret = lqn ? model_write_lqn(m, NULL, p, "scenario", f) : model_write_json(&r, f);
	return fclose(f) || ret ? -1 : 0;
}

/* With SHARED_TEST_OUT=DIR: m's JSON and LQN file there, named NAME-BOTH-ALONE. */
static void export_scenario(const struct model *m, const char *kind, int64_t both_us)
{
	const char *dir = getenv("SHARED_TEST_OUT");
	struct model_prediction p;
	char err[256], name[128];

	if (!dir || model_solve(m, NULL, &p, err, sizeof(err)))
		return;
	snprintf(name, sizeof(name), "%s-%lld-%llu", kind, (long long)both_us,
		 (unsigned long long)alone);
	if (export_one(m, &p, dir, name, 0) || export_one(m, &p, dir, name, 1))
		fprintf(stderr, "shared_test: cannot write %s in %s\n", name, dir);
	model_prediction_release(&p);
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
	export_scenario(&m, "calibrated", both_us);
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
	export_scenario(&m, "two-load", both_us);
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

/* The exact cycle time of `n` customers cycling through a think time z and a station of
 * capacity c (rate min(j, c) / d with j customers there; the finite-source queue: a
 * birth-death chain, independent of the model's MVA). */
static double repairman(unsigned n, double d, double z, double c)
{
	double p = 1.0, sum = 1.0, busy = 0.0;

	for (unsigned j = 1; j <= n; j++) {
		double rate = (double)j < c ? (double)j : c;

		p *= (double)(n - j + 1) / z * d / rate; /* p_j / p_(j-1) */
		sum += p;
		busy += p * rate;
	}
	return (double)n / (busy / sum / d);
}

/* The window where both threads cycle, its samples and cycles: B's first cycle ends at
 * start_b + both, A's last cycle starts at start_b + 39 both; the cycles that ended after the
 * first sample and up to the last are 38 of each thread. */
static int window_ok(const struct model *m, int64_t both_us, double d)
{
	int64_t start_b = (int64_t)alone * 100;

	return m->demand_source == MODEL_DEMAND_PROCESS_CPU && m->pcpu_cycles == 76 &&
	       m->pcpu_first_ns == (start_b + both_us) * US &&
	       m->pcpu_last_ns == (start_b + 39 * both_us) * US &&
	       fabs(m->pcpu_per_cycle_s - d) < 1e-12 &&
	       fabs(m->pcpu_cycle_s - (double)both_us * 1e-6) < 1e-12 && m->shared_factor == 1.0;
}

/* The latency and capacity the model should have, computed apart: with fewer than 10 steady
 * cycles at 1 thread, the cores (2) and the rest of the cycle; else the latency alone is
 * the cycle at 1 thread (9 of 100 us and one beside B's first or A's last, as `both`) minus
 * the demand, and the capacity gives `both` at 2 threads; beyond one core's worth, one core
 * and the latency that gives it. Returns the case's name. */
static const char *expected_fit(const struct model *m, double both, double d, int *good)
{
	double lo = (9 * 100e-6 + both) / 10, z = lo - d, cap = m->shared_capacity;
	double zm = m->shared_think_s;

	if (alone < 10) {
		*good = m->shared_servers == 2 && cap == 2.0 && fabs(zm - (both - d)) < 1e-9 * both;
		return "the cores, the rest of the cycle a latency";
	}
	if (repairman(2, d, z, 1.0) < both) {
		*good = cap == 1.0 && zm > z && fabs(repairman(2, d, zm, 1.0) - both) < 1e-6 * both;
		return "one core's worth, the latency fitted at 2 threads";
	}
	*good = cap > 1.0 && cap < 2.0 && fabs(zm - z) < 1e-9 * both &&
		fabs(repairman(2, d, z, cap) - both) < 1e-6 * both;
	return "the latency at 1 thread, the capacity fitted at 2";
}

/*
 * The waits carry the process's CPU clock, the process using `rate` cores' worth all along:
 * the demand per cycle is rate x 38 both / 76 = rate x both / 2, the measured cycle there
 * `both` (window_ok); the latency and capacity as expected_fit says; the model reproduces
 * its trace, and at 8 threads it is the finite-source queue on that demand, latency and
 * capacity.
 */
static void process_cpu(int64_t both_us, double rate, uint64_t alone_cycles, const char *what)
{
	struct model_trace t;
	struct model m = { 0 };
	struct model_prediction p;
	char err[256] = "";
	double both = (double)both_us * 1e-6, d = rate * both / 2, eight, want;
	const char *fit;
	int good = 0;

	process_cpu_rate = rate;
	alone = alone_cycles;
	scenario(both_us);
	if (build(&t, &m, err, sizeof(err))) {
		ok(0, "%s: model built: %s", what, err);
		skip(3, "no model");
		goto end;
	}
	export_scenario(&m, "process-cpu", both_us);
	ok(window_ok(&m, both_us, d), "%s: the demand per cycle is the process clock's "
	   "difference over the window / its 76 cycles: %.9f s (got %.9f s over %zu cycles; %s)",
	   what, d, m.pcpu_per_cycle_s, m.pcpu_cycles, m.demand_how);
	fit = expected_fit(&m, both, d, &good);
	ok(good, "%s: %s (latency %.9f s, capacity %.6f: %s)", what, fit, m.shared_think_s,
	   m.shared_capacity, m.shared_how);
	if (model_solve(&m, NULL, &p, err, sizeof(err)) == 0) {
		ok(fabs(p.total_s - m.total_s) < 1e-9 * m.total_s, "%s: the model reproduces its "
		   "trace (%.9f vs %.9f s)", what, p.total_s, m.total_s);
		model_prediction_release(&p);
	} else {
		ok(0, "%s: solved: %s", what, err);
	}
	eight = cycle_at(&m, 8);
	want = repairman(8, d, m.shared_think_s, m.shared_capacity);
	ok(fabs(eight - want) < 1e-6 * eight, "%s: at 8 threads the finite-source queue on that "
	   "capacity: %.9f s (got %.9f)", what, want, eight);
end:
	process_cpu_rate = 0.0;
	alone = ALONE;
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
 * 95 us of CPU per cycle): the share of a hand-off that is CPU is the CPU beyond the class's
 * host phases over the wall time of its kernels and the rest of its waits (station 1 is the
 * GPU); the wake-up adds share x h of CPU and
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
	rest = 95e-6 - 30e-6;	/* beyond the steady host phases' (30 us, wall: no thread clock) */
	share = fmin(1.0, fmax(0.0, rest / (m.classes[0].demand[1] + m.classes[0].overhead_s)));
	model_whatif_init(&w);
	w.workers = 2;
	model_workers_change(&m, &w, 0, &cpu, &lat);
	ok(m.demand_source == MODEL_DEMAND_PROCESS_CPU && share > 0.0 && share < 1.0 &&
	   fabs(model_workers_cpu_share(&m, 0) - share) < 1e-9 &&
	   model_workers_wake_cpu(&m, NULL) == -1.0 &&
	   fabs(cpu - share * h) < 1e-12 && lat == 0.0,
	   "workers 1 -> 2 with the process clock, no thread clock at the waits: CPU share %.6f "
	   "of a hand-off h = %.9f s: CPU share x h (%.9f), no latency (%.9f)", share, h, cpu,
	   lat);
end:
	model_release(&m);
	model_trace_release(&t);
}

/*
 * workers= 1 -> 2 with the process clock and the threads' (schema 2.2) at the waits: a
 * wake-up is charged the host threads' mean CPU inside their waits over the window the
 * process's CPU per cycle was measured on (38 cycles of each thread while both cycle: A's
 * waits 3 us, B's 7 us; the cycles alone, 50 us, are not in it): 5 us, whatever the launch
 * latency; no latency.
 */
static void workers_wake_cpu(void)
{
	struct model_trace t;
	struct model m = { 0 };
	struct model_whatif w;
	char err[256] = "";
	double want = (38 * 3e-6 + 38 * 7e-6) / 76, wake, cpu, lat;
	size_t waits = 0;

	gpu_workers = 1;
	process_cpu_rate = 1.9;
	thread_cpu_traced = 1;
	scenario(100);
	gpu_workers = 2;
	process_cpu_rate = 0.0;
	thread_cpu_traced = 0;
	if (build(&t, &m, err, sizeof(err))) {
		ok(0, "workers with the thread clock: model built: %s", err);
		goto end;
	}
	wake = model_workers_wake_cpu(&m, &waits);
	model_whatif_init(&w);
	w.workers = 2;
	model_workers_change(&m, &w, 0, &cpu, &lat);
	ok(m.demand_source == MODEL_DEMAND_PROCESS_CPU && m.pcpu_cycles == 76 && waits == 76 &&
	   fabs(wake - want) < 1e-12 && fabs(cpu - want) < 1e-12 && lat == 0.0,
	   "workers 1 -> 2 with the thread clock: a wake-up is the mean CPU inside the %zu "
	   "steady waits, %.9f s (got %.9f over %zu; charged %.9f, latency %.9f)",
	   m.pcpu_cycles, want, wake, waits, cpu, lat);
end:
	model_release(&m);
	model_trace_release(&t);
}

/* The demand falling with the load (model_loaddemand.h), computed apart: D and U where both
 * cycle, D1 the model's CPU per cycle at 1 thread cycling (its window: 08-process-cpu.t and
 * 10-load-demand.t check it on real traces), handoff = (D1 - D) / (U / 2), work = D1 -
 * handoff; the latency the stretch's cycle minus D1; the capacity that gives `both` at 2
 * threads; at 8 threads (more than the 2 cores run at once: of those running, 1/2 are
 * others) the fixed point D8 = work + handoff (1 - X D8 1/2 / 2 cores), X the finite-source
 * queue's throughput on D8 with the cores' worth c8 = 2 - 2 f^(8/2), f = (2 - c) / 2 the
 * traced shortfall's fraction. */
static void load_demand(void)
{
	struct model_trace t;
	struct model m = { 0 };
	struct model_prediction p;
	char err[256] = "";
	double both = 100e-6, d, d1, u, h, w, z, x, d8 = 0.0, c8, eight;

	process_cpu_rate = 1.5;		/* D = 1.5 x 100 us / 2 = 75 us where both cycle */
	process_cpu_rate_alone = 0.9;	/* about 90 us per cycle alone */
	scenario(100);
	process_cpu_rate = process_cpu_rate_alone = 0.0;
	if (build(&t, &m, err, sizeof(err))) {
		ok(0, "load-dependent demand: model built: %s", err);
		skip(3, "no model");
		goto end;
	}
	d = m.pcpu_per_cycle_s;
	d1 = m.pcpu_per_cycle_lo_s;
	u = 2 * d / both / 2;
	h = (d1 - d) / (u / 2);
	w = d1 - h;
	z = m.cycle_lo_s - d1;
	ok(m.load_demand && fabs(d - 75e-6) < 1e-12 && d1 > d && w > 0.0 &&
	   fabs(m.load_work_s - w) < 1e-12 && fabs(m.load_handoff_s - h) < 1e-12 &&
	   fabs(m.shared_think_s - z) < 1e-12 && fabs(m.load_util - u) < 1e-12,
	   "load-dependent demand: work %.9f, handoff %.9f s from D %.9f and D1 %.9f s; "
	   "latency %.9f s (got %.9f, %.9f, %.9f: %s)", w, h, d, d1, z, m.load_work_s,
	   m.load_handoff_s, m.shared_think_s, m.load_demand_how);
	ok(m.shared_capacity > 1.0 && m.shared_capacity < 2.0 &&
	   fabs(repairman(2, d, z, m.shared_capacity) - both) < 1e-6 * both,
	   "load-dependent demand: the capacity %.6f gives the 2-thread cycle", m.shared_capacity);
	if (model_solve(&m, NULL, &p, err, sizeof(err)) == 0) {
		ok(fabs(p.total_s - m.total_s) < 1e-9 * m.total_s &&
		   fabs(p.host_cpu_demand_s - d) < 1e-9 * d, "load-dependent demand: the model "
		   "reproduces its trace (%.9f vs %.9f s), at D (%.9f s)", p.total_s, m.total_s,
		   p.host_cpu_demand_s);
		model_prediction_release(&p);
	} else {
		ok(0, "load-dependent demand: solved: %s", err);
	}
	c8 = 2 - 2 * pow((2 - m.shared_capacity) / 2, 8.0 / 2);
	for (int i = 0, done = 0; i < 500 && !done; i++) {
		double next;

		d8 = i ? d8 : d;
		x = 8 / repairman(8, d8, z, c8);
		next = w + h * (1 - x * d8 / 2 / 2);
		done = fabs(next - d8) < 1e-15;
		d8 = (d8 + next) / 2;
	}
	eight = cycle_at(&m, 8);
	ok(d8 < d && c8 > m.shared_capacity && fabs(eight - repairman(8, d8, z, c8)) < 1e-6 * eight,
	   "load-dependent demand: at 8 threads the finite-source queue at the fixed point D8 = "
	   "%.9f s on %.6f cores' worth: %.9f s (got %.9f)", d8, c8, repairman(8, d8, z, c8),
	   eight);
end:
	model_release(&m);
	model_trace_release(&t);
}

/* One-shot threads 11 (and 12 when threads is 2), each on a queue of its own: LASTWAIT_CYCLES
 * cycles of one kernel, then a last cycle of LASTWAIT_US submitting `kernels` kernels and
 * waiting for the last, the process using 0.5 cores' worth all along. */
#define LASTWAIT_CYCLES 5
#define LASTWAIT_US 400
static void one_shot(unsigned kernels, unsigned threads)
{
	struct model_event *e;
	int64_t a = 0, end = 0;

	events_clear();
	process_cpu_rate = 0.5, thread_cpu_traced = 1;
	both_from_ns = both_to_ns = INT64_MAX / 2;	/* one rate all along */
	e = events_push(MODEL_EV_AGENT, 0, 10);
	e->agent = 1, e->name = "cpu", e->device_type = 0, e->compute_units = 2;
	e = events_push(MODEL_EV_AGENT, 1, 10);
	e->agent = 2, e->name = "hsatrace-cpu-gpu", e->device_type = 1, e->compute_units = 2;
	for (int64_t vtid = 11; vtid < 11 + (int64_t)threads; vtid++) {
		uint64_t k = 0, q = (uint64_t)vtid, corr = (uint64_t)vtid * 100000 + LASTWAIT_CYCLES;

		thread_clock_ns[vtid - 11] = 0, wait_cpu_us[vtid - 11] = 5;
		for (a = 0; k < LASTWAIT_CYCLES; k++)
			a = cycle(vtid, k, a, 100 * US);
		end = a + LASTWAIT_US * US;
		for (unsigned i = 0; i < kernels; i++, k++) {	/* one after the other */
			e = events_push(MODEL_EV_SUBMIT, a + 10 * US + i, vtid);
			e->queue_id = q, e->packet_index = k, e->packet_type = 2;
			e->signal = 0x5000 + q, e->name = "k";
			e = events_push(MODEL_EV_KERNEL, end - 5 * US, 99);
			e->queue_id = q, e->packet_index = k, e->agent = 2;
			e->begin_ns = a + 30 * US + i * 300 * US / kernels;
			e->end_ns = a + 30 * US + (i + 1) * 300 * US / kernels;
		}
		wait_call(a + 30 * US, 1, vtid, corr, 0x5000 + q);
		e = events_push(MODEL_EV_SIGNAL_WAIT, end - 1, vtid);
		e->correlation_id = corr, e->has_process_cpu = 1;
		e->process_cpu_ns = llround(process_clock(end));
		e->has_thread_cpu = 1;
		e->thread_cpu_begin_ns = thread_clock_ns[vtid - 11] + HOST_CPU_US * US;
		e->thread_cpu_end_ns = e->thread_cpu_begin_ns + 5 * US;
		wait_call(end, 0, vtid, corr, 0);
	}
	events_sort();
	process_cpu_rate = 0.0, thread_cpu_traced = 0;
}

/* one_shot's last cycle as model_lastwait.h has it, and what queues=1, 2, 8 take off it on
 * 2 cores' worth, recomputed from one_shot's numbers: nothing for a class of 2 threads. */
static void last_cycle(unsigned kernels, unsigned threads)
{
	struct model_trace t;
	struct model m = { 0 };
	const struct model_thread_row *row = NULL;
	char err[256] = "";
	/* runtime CPU: the process's 0.5 x span less the thread's own (host phase and wait) */
	double span = LASTWAIT_US * 1e-6, cpu = 0.5 * span - (HOST_CPU_US + 5) * 1e-6;
	double want[3], got[3];
	unsigned n[3] = { 1, 2, 8 }, rows = 0;

	one_shot(kernels, threads);
	if (events_feed(&t) || model_build(&m, &t, MODEL_HOST_AUTO, err, sizeof(err))) {
		ok(0, "%u thread(s), last cycle of %u kernel(s): model built: %s", threads, kernels,
		   err);
		skip(1, "no model");
		goto end;
	}
	for (size_t i = 0; i < m.threads.count; i++) {
		const struct model_thread_row *r = MODEL_AT(m.threads, struct model_thread_row, i);

		if (r->cls == SIZE_MAX || r->last_queues != 1 || r->last_kernels != kernels ||
		    fabs(r->last_chain_s - span) > 1e-12 || fabs(r->last_runtime_cpu_s - cpu) > 1e-12)
			continue;
		row = r;
		rows++;
	}
	ok(rows == threads && m.classes_count == 1 && m.classes[0].threads == threads,
	   "%u thread(s), last cycle of %u kernel(s) on 1 queue: %u row(s) of 1 queue, %u "
	   "kernels, %.6f s, runtime CPU %.6f s (got %u; one of them: %u, %u, %.9f, %.9f)",
	   threads, kernels, threads, kernels, span, cpu, rows, row ? row->last_queues : 0,
	   row ? row->last_kernels : 0, row ? row->last_chain_s : 0.0,
	   row ? row->last_runtime_cpu_s : 0.0);
	for (int i = 0; i < 3; i++) {
		unsigned used = n[i] < kernels ? n[i] : kernels;
		double spread = span / used, busy = cpu / 2;

		want[i] = used > 1 && threads == 1 ? span - (spread > busy ? spread : busy) : 0.0;
		got[i] = model_lastwait_saving(&m, 0, n[i], 2.0);
	}
	ok(fabs(got[0] - want[0]) < 1e-12 && fabs(got[1] - want[1]) < 1e-12 &&
	   fabs(got[2] - want[2]) < 1e-12, "%u thread(s), last cycle of %u kernel(s): "
	   "queues=1, 2, 8 take %.6f, %.6f, %.6f s off (got %.9f, %.9f, %.9f)", threads, kernels,
	   want[0], want[1], want[2], got[0], got[1], got[2]);
end:
	model_release(&m);
	model_trace_release(&t);
}

int main(void)
{
	plan(45);
	/* both: 100 us a cycle, twice the throughput: the 2 cores, nothing queues (f = 1) */
	check(100, 2, 1.0, "perfect speed-up");
	/* both: 200 us a cycle: one core and a latency */
	fitted(200, "no speed-up");
	/* both: 150 us, a speed-up of 1.33 */
	fitted(150, "a speed-up of 1.33");
	workers();
	/* the process's CPU clock: demand and latency from it, not from the loads */
	process_cpu(150, 0.8, 3, "process CPU, 150 us cycles at 0.8 cores, no stretch alone");
	process_cpu(100, 1.5, 3, "process CPU, 100 us cycles at 1.5 cores, no stretch alone");
	process_cpu(120, 0.8, ALONE, "process CPU, 120 us cycles at 0.8 cores, 10 alone");
	process_cpu(150, 0.8, ALONE, "process CPU, 150 us cycles at 0.8 cores, 10 alone");
	workers_process_cpu();
	workers_wake_cpu();
	load_demand();
	last_cycle(1, 1);	/* one kernel: more queues cannot spread it */
	last_cycle(4, 1);	/* queues=8 spreads over 4 */
	last_cycle(8, 1);
	last_cycle(8, 2);	/* two threads' last cycles overlap: no bound */
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
