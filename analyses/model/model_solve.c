/*
 * model_solve - the model (changed by --what-if) as a closed queueing network, solved by MVA
 * (mva.h); docs/model.md has the mapping and its approximations.
 *
 * Stations: the host CPUs (m = cores), each GPU agent and the copy engine (m as estimated);
 * every station processor-sharing or FCFS, exponential (product form). Customers: the
 * threads of each class, cycling; a class's delay per cycle (launch latency, wake-up,
 * waiting for other threads) is its think time. Device work nobody waits for loads its
 * station as an open stream at the rate the cycles set: a closed class sees that station's
 * demand divided by (1 - U_async), iterated to a fixed point (the usual treatment of mixed
 * networks, Lazowska et al. ch. 7).
 *
 * On the CPU runtime the devices are host threads: every activity of a cycle, and the rest of
 * the waits for device work (the runtime's own work), is demand on the host CPUs, whose
 * servers are the cores' worth the process had (model_shared.h); the device rows report
 * their part of it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/model/model.h"
#include "analyses/model/model_lastwait.h"
#include "analyses/model/model_loaddemand.h"
#include "analyses/model/mva.h"

#define ASYNC_ITERATIONS 50
#define ASYNC_MAX_UTIL 0.95
#define DEMAND_ITERATIONS 200

void model_prediction_release(struct model_prediction *p)
{
	if (!p)
		return;
	free(p->cycle_s);
	free(p->class_throughput);
	free(p->station);
	free(p->servers);
	free(p->population);
	free(p->queued_s);
	free(p->own_s);
	free(p->think_s);
	free(p->async_s);
	free(p->capacity);
	memset(p, 0, sizeof(*p));
}

static int prediction_init(struct model_prediction *p, const struct model *m)
{
	size_t C = m->classes_count ? m->classes_count : 1;
	size_t K = m->stations_count ? m->stations_count : 1;

	memset(p, 0, sizeof(*p));
	p->cycle_s = calloc(C, sizeof(double));
	p->class_throughput = calloc(C, sizeof(double));
	p->population = calloc(C, sizeof(unsigned));
	p->station = calloc(K, sizeof(*p->station));
	p->servers = calloc(K, sizeof(unsigned));
	p->queued_s = calloc(C * K, sizeof(double));
	p->own_s = calloc(C * K, sizeof(double));
	p->think_s = calloc(C, sizeof(double));
	p->async_s = calloc(K, sizeof(double));
	p->capacity = calloc(K, sizeof(double));
	if (!p->cycle_s || !p->class_throughput || !p->population || !p->station ||
	    !p->servers || !p->queued_s || !p->own_s || !p->think_s || !p->async_s ||
	    !p->capacity) {
		model_prediction_release(p);
		return -1;
	}
	return 0;
}

/* The class --what-if threads= changes: the named one, or the one with the most threads. */
static size_t threads_class(const struct model *m, const struct model_whatif *w)
{
	size_t best = 0;

	for (size_t c = 0; c < m->classes_count; c++) {
		if (w->threads_class[0] && strcmp(m->classes[c].name, w->threads_class) == 0)
			return c;
		if (m->classes[c].threads > m->classes[best].threads)
			best = c;
	}
	return w->threads_class[0] ? SIZE_MAX : best;
}

static unsigned scaled(unsigned servers, double factor)
{
	double s = round(servers * factor);

	return s < 1.0 ? 1u : (unsigned)s;
}

static void set_servers(const struct model *m, const struct model_whatif *w, unsigned *servers)
{
	size_t gpus = 0;

	for (size_t k = 0; k < m->stations_count; k++)
		gpus += m->stations[k].kind == MODEL_GPU;
	for (size_t k = 0; k < m->stations_count; k++) {
		const struct model_station *st = &m->stations[k];

		servers[k] = st->servers;
		if (st->kind == MODEL_CPU && m->shared)
			servers[k] = m->shared_servers;
		if (!w)
			continue;
		if (st->kind == MODEL_CPU && w->cpus) /* the process has them all */
			servers[k] = w->cpus;
		if (st->kind != MODEL_GPU)
			continue;
		/* a GPU apart from the host CPUs runs that many dispatches at once (on the CPU
		 * runtime's one processor the workers are demand instead: model_workers.c) */
		if (w->workers && !m->shared)
			servers[k] = w->workers;
		/* more queues run more dispatches at once only where overlap did not slow them */
		if (w->queues && st->queues && st->sharing < 1.2)
			servers[k] = scaled(servers[k], (double)w->queues / st->queues);
		if (w->gpus && gpus)
			servers[k] = scaled(servers[k], (double)w->gpus / gpus);
	}
}

/* The servers as the solver takes them: on the CPU runtime, the host CPUs' capacity is the
 * cores' worth the process had, which may be fractional, and with the demand falling with
 * the load more beyond the traced population (model_loaddemand_capacity; cpus=N: all N). */
static void set_capacity(const struct model *m, const struct model_whatif *w,
			 const unsigned *servers, const unsigned *population, double *capacity)
{
	for (size_t k = 0; k < m->stations_count; k++)
		capacity[k] = servers[k];
	if (m->shared && m->stations_count)
		capacity[0] = w && w->cpus ? (double)w->cpus :
			      model_loaddemand_capacity(m, population[0], m->cores);
}

static double speed_of(const struct model_station *st, const struct model_whatif *w)
{
	if (!w)
		return 1.0;
	if (st->kind == MODEL_GPU)
		return w->gpu_speed;
	if (st->kind == MODEL_COPY)
		return w->copy_speed;
	return 1.0;
}

/*
 * What each class puts on each station per cycle (own, speeds applied) and what the solver
 * queues it for (net): the same, but on the CPU runtime, where the host CPUs serve it all
 * (scaled by the calibration) and the runtime's part of the waits leaves the think time.
 */
static void class_demands(const struct model *m, const struct model_whatif *w, double pcpu_s,
			  double *own, double *net, double *think)
{
	size_t K = m->stations_count;

	for (size_t c = 0; c < m->classes_count; c++) {
		const struct model_class *cl = &m->classes[c];

		think[c] = cl->think_s;
		for (size_t k = 0; k < K; k++) {
			own[c * K + k] = cl->demand[k] / speed_of(&m->stations[k], w);
			net[c * K + k] = own[c * K + k];
		}
		if (!m->shared)
			continue;
		/* the process's CPU per cycle holds the host phases, the device work and the
		 * runtime's alike; else their sum (model_shared.c) */
		int pcpu = m->demand_source == MODEL_DEMAND_PROCESS_CPU;
		double cpu = pcpu ? pcpu_s : cl->overhead_s, workers_cpu,
		       workers_latency;

		model_workers_change(m, w, c, &workers_cpu, &workers_latency);
		think[c] = m->shared_fitted ? m->shared_think_s : think[c] - cl->overhead_s;
		think[c] += workers_latency;
		if (think[c] < 0.0) { /* fewer hand-backs than the think time holds: the rest
				       * of them was in the waits, CPU demand here */
			workers_cpu += think[c];
			think[c] = 0.0;
		}
		for (size_t k = 0; k < K; k++) {
			cpu += pcpu ? 0.0 : own[c * K + k];
			own[c * K + k] *= m->shared_factor;
			net[c * K + k] = 0.0;
		}
		net[c * K] = fmax(0.0, cpu + workers_cpu) * m->shared_factor;
	}
}

/* Device work nobody waited for, per cycle (on the CPU runtime: on the host CPUs). */
static void async_demands(const struct model *m, const struct model_whatif *w, double *async)
{
	double cycles = 0.0;

	for (size_t c = 0; c < m->classes_count; c++)
		cycles += m->classes[c].cycles;
	for (size_t k = 0; k < m->stations_count; k++) {
		double d = m->stations[k].async_demand_s / speed_of(&m->stations[k], w) /
			   (cycles > 0.0 ? cycles : 1.0);

		if (m->shared)
			async[0] += d * m->shared_factor;
		else
			async[k] = d;
	}
}

/* Station results from the MVA's, per visit. */
static void station_results(const struct model *m, const struct mva_result *res,
			    const double *util, struct model_prediction *p)
{
	size_t K = m->stations_count;

	for (size_t k = 0; k < K; k++) {
		double x = 0.0, resid = 0.0, q = 0.0;

		for (size_t c = 0; c < m->classes_count; c++) {
			x += res->throughput[c] * m->classes[c].visits[k];
			resid += res->throughput[c] * res->residence[c * K + k];
			q += res->queue[c * K + k];
		}
		p->station[k] = (struct model_measure){ util[k], x, x > 0.0 ? resid / x : 0.0, q };
	}
}

/* What model_solve hands the solver and gets back, per class (C) and station (K). */
struct solve_arrays {
	enum mva_kind *kind;
	double *demand;		/* C x K: what MVA solves, queued inflated by the open stream */
	double *think;		/* C */
	double *own;		/* C x K: each class's own busy time per cycle (class_demands) */
	double *queued;		/* C x K: what the solver queues each class for (class_demands) */
	double *async;		/* K: device work nobody waited for, per cycle */
	double *util;		/* K */
	double *capacity;	/* K */
	double async_u[64];	/* the open stream's utilization of the first 64 stations */
};

static void solve_arrays_release(struct solve_arrays *a)
{
	free(a->kind);
	free(a->demand);
	free(a->think);
	free(a->own);
	free(a->queued);
	free(a->async);
	free(a->capacity);
	free(a->util);
}

static int solve_arrays_init(struct solve_arrays *a, size_t C, size_t K)
{
	*a = (struct solve_arrays){ 0 };
	a->kind = calloc(K, sizeof(*a->kind));
	a->demand = calloc(C * K, sizeof(double));
	a->think = calloc(C, sizeof(double));
	a->own = calloc(C * K, sizeof(double));
	a->queued = calloc(C * K, sizeof(double));
	a->async = calloc(K, sizeof(double));
	a->util = calloc(K, sizeof(double));
	a->capacity = calloc(K, sizeof(double));
	return a->kind && a->demand && a->think && a->own && a->queued && a->async && a->util &&
	       a->capacity ? 0 : -1;
}

/* Each class's threads, --what-if threads= applied to its class. */
static int set_population(const struct model *m, const struct model_whatif *w,
			  unsigned *population, char *err, size_t err_size)
{
	size_t target = SIZE_MAX;

	if (w && w->threads_set) {
		target = threads_class(m, w);
		if (target == SIZE_MAX) {
			snprintf(err, err_size, "--what-if threads: no thread class '%s'",
				 w->threads_class);
			return -1;
		}
	}
	for (size_t c = 0; c < m->classes_count; c++)
		population[c] = c == target ? w->threads : m->classes[c].threads;
	return 0;
}

/* The closed classes' demands, each station's divided by the room the open stream leaves. */
static void inflate_demands(struct solve_arrays *a, size_t C, size_t K)
{
	for (size_t c = 0; c < C; c++)
		for (size_t k = 0; k < K; k++)
			a->demand[c * K + k] = a->queued[c * K + k] /
					       (1.0 - (k < 64 ? a->async_u[k] : 0.0));
}

/* The open stream's utilization at the cycles' throughput; returns how far it moved. */
static double update_async_util(const struct mva_result *res, struct solve_arrays *a, size_t C,
				size_t K)
{
	double x = 0.0, change = 0.0;

	for (size_t c = 0; c < C; c++)
		x += res->throughput[c];
	for (size_t k = 0; k < K && k < 64; k++) {
		double u = fmin(ASYNC_MAX_UTIL, x * a->async[k] / a->capacity[k]);

		change = fmax(change, fabs(u - a->async_u[k]));
		a->async_u[k] = u;
	}
	return change;
}

/* The mixed network: the closed classes solved by MVA, the open stream's utilization iterated
 * to a fixed point. */
static int solve_mixed(const struct mva_net *net, struct solve_arrays *a, struct mva_result *res,
		       char *err, size_t err_size)
{
	for (int it = 0; it < ASYNC_ITERATIONS; it++) {
		inflate_demands(a, net->classes, net->stations);
		if (mva_solve(net, res, err, err_size))
			return -1;
		if (update_async_util(res, a, net->classes, net->stations) < 1e-9)
			break;
	}
	return 0;
}

/* The host CPUs' cores the utilization in the load-dependent demand counts: all the
 * machine's, or cpus=N's. */
static double demand_cores(const struct model *m, const struct model_whatif *w)
{
	return w && w->cpus ? (double)w->cpus : (double)m->cores;
}

/* class_demands and the mixed network solved; with a demand falling with the load
 * (model_loaddemand.h), the process's CPU per cycle and the throughput iterated to a fixed
 * point (damped: the demand and the throughput move against each other). */
static int solve_demands(const struct model *m, const struct model_whatif *w,
			 const struct mva_net *net, struct solve_arrays *a, struct mva_result *res,
			 double *pcpu_s, char *err, size_t err_size)
{
	double d = m->pcpu_per_cycle_s;

	for (int it = 0; it < DEMAND_ITERATIONS; it++) {
		double next;

		class_demands(m, w, d, a->own, a->queued, a->think);
		if (solve_mixed(net, a, res, err, err_size))
			return -1;
		if (!m->load_demand || !m->classes_count)
			break;
		/* what the host CPUs serve beside the traced demand (the calibration's factor
		 * is 1 with it) */
		next = model_loaddemand_at(m, net->population[0], res->throughput[0],
					   a->queued[0] - d, demand_cores(m, w));
		if (fabs(next - d) <= 1e-12 * d)
			break;
		d = (d + next) / 2;
	}
	*pcpu_s = m->shared && m->demand_source == MODEL_DEMAND_PROCESS_CPU ? d : 0.0;
	return 0;
}

/* The classes' cycles and throughputs, and the window the slowest class's threads span
 * (p->capacity kept: queues=N's fork-join bound on a last cycle takes the host CPUs'). */
static void class_results(const struct model *m, const struct model_whatif *w,
			  const struct mva_result *res, struct model_prediction *p)
{
	p->window_s = 0.0;
	p->throughput = 0.0;
	for (size_t c = 0; c < m->classes_count; c++) {
		const struct model_class *cl = &m->classes[c];
		double per_thread = cl->cycles / cl->threads;
		/* the class's window: its threads' predicted span plus their measured stagger
		 * (the window minus a thread's mean span: threads start one after the other and
		 * do not all progress alike); one thread has none */
		double stagger = (double)(cl->last_ns - cl->first_ns) / 1e9 -
				 per_thread * cl->measured_cycle_s;
		double span, saving = 0.0;

		if (p->population[c] <= 1)
			stagger = 0.0;
		span = per_thread * res->cycle[c] + (stagger > 0.0 ? stagger : 0.0);
		if (m->shared_fitted) /* the setup and teardown the fit left out; their waits
				       * for the other threads with the stagger */
			span += m->shared_rest_s +
				(p->population[c] > 1 ? m->shared_end_waits_s : 0.0);
		/* of those, a last cycle's device work spread over more queues */
		if (m->shared_fitted && w && w->queues && p->population[c] <= 1) {
			saving = model_lastwait_saving(m, c, w->queues, p->capacity[0]);
			span -= saving;
		}

		p->cycle_s[c] = res->cycle[c];
		p->class_throughput[c] = res->throughput[c];
		p->throughput += res->throughput[c];
		if (span > p->window_s) {
			p->window_s = span;
			p->queues_saving_s = saving;
		}
	}
}

/* The closed classes' own busy time (not the inflated demand) plus the open stream's. */
static void station_utilization(const struct model *m, const struct mva_result *res,
				struct solve_arrays *a)
{
	size_t C = m->classes_count, K = m->stations_count;

	for (size_t k = 0; k < K; k++) {
		a->util[k] = k < 64 ? a->async_u[k] : 0.0;
		for (size_t c = 0; c < C; c++)
			a->util[k] += res->throughput[c] * (k ? a->own : a->queued)[c * K + k] /
				      a->capacity[k];
	}
}

/* The network the solver takes, kept in p (--lqn writes it: model_lqn.c). */
static void keep_network(const struct model *m, const struct solve_arrays *a,
			 struct model_prediction *p)
{
	size_t C = m->classes_count, K = m->stations_count;

	memcpy(p->queued_s, a->queued, C * K * sizeof(double));
	memcpy(p->own_s, a->own, C * K * sizeof(double));
	memcpy(p->think_s, a->think, C * sizeof(double));
	memcpy(p->async_s, a->async, K * sizeof(double));
	memcpy(p->capacity, a->capacity, K * sizeof(double));
}

int model_solve(const struct model *m, const struct model_whatif *w,
		struct model_prediction *p, char *err, size_t err_size)
{
	size_t C = m->classes_count, K = m->stations_count;
	struct solve_arrays a;
	struct mva_result res = { 0 };
	struct mva_net net;
	int ret = -1;

	if (solve_arrays_init(&a, C, K) || prediction_init(p, m))
		goto oom;
	if (model_workers_check(m, w, err, err_size) ||
	    set_population(m, w, p->population, err, err_size))
		goto end;
	set_servers(m, w, p->servers);
	async_demands(m, w, a.async);
	set_capacity(m, w, p->servers, p->population, a.capacity);
	net = (struct mva_net){ K, C, a.kind, p->servers, a.demand, a.think, p->population, 0,
				a.capacity };
	if (mva_result_init(&res, &net))
		goto oom;
	if (solve_demands(m, w, &net, &a, &res, &p->host_cpu_demand_s, err, err_size))
		goto end;
	keep_network(m, &a, p);
	p->method = mva_method_name(res.method);
	class_results(m, w, &res, p);
	station_utilization(m, &res, &a);
	station_results(m, &res, a.util, p);
	p->total_s = m->total_s - m->window_s + p->window_s;
	ret = 0;
	goto end;
oom:
	snprintf(err, err_size, "out of memory while solving the model");
end:
	mva_result_release(&res);
	solve_arrays_release(&a);
	if (ret)
		model_prediction_release(p);
	return ret;
}
