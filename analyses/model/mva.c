/*
 * mva - exact and approximate mean value analysis (see mva.h).
 */
#include "analyses/model/mva.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest population lattice (times stations) the exact multi-class recursion walks. */
#define MVA_EXACT_MAX_CELLS 8000000.0
#define MVA_SCHWEITZER_MAX_ITER 100000u
#define MVA_SCHWEITZER_TOL 1e-12

int mva_result_init(struct mva_result *res, const struct mva_net *net)
{
	size_t c = net->classes, k = net->stations;

	memset(res, 0, sizeof(*res));
	res->stations = k;
	res->classes = c;
	res->throughput = calloc(c ? c : 1, sizeof(double));
	res->cycle = calloc(c ? c : 1, sizeof(double));
	res->residence = calloc(c * k > 0 ? c * k : 1, sizeof(double));
	res->queue = calloc(c * k > 0 ? c * k : 1, sizeof(double));
	res->util = calloc(k ? k : 1, sizeof(double));
	if (!res->throughput || !res->cycle || !res->residence || !res->queue || !res->util) {
		mva_result_release(res);
		return -1;
	}
	return 0;
}

void mva_result_release(struct mva_result *res)
{
	if (!res)
		return;
	free(res->throughput);
	free(res->cycle);
	free(res->residence);
	free(res->queue);
	free(res->util);
	memset(res, 0, sizeof(*res));
}

const char *mva_method_name(enum mva_method m)
{
	switch (m) {
	case MVA_EXACT:
		return "exact MVA";
	case MVA_EXACT_SEIDMANN:
		return "exact multi-class MVA, multi-server stations by Seidmann's approximation";
	case MVA_SCHWEITZER:
		return "Bard-Schweitzer approximate MVA";
	}
	return "?";
}

static double think_of(const struct mva_net *net, size_t c)
{
	return net->think ? net->think[c] : 0.0;
}

static int is_queue(const struct mva_net *net, size_t k)
{
	return net->kind[k] == MVA_QUEUE;
}

/* A queue's capacity: its servers, or the capacity the net gives (a fractional one). */
static double servers_of(const struct mva_net *net, size_t k)
{
	return net->capacity ? net->capacity[k] : (double)net->servers[k];
}

static int check_net(const struct mva_net *net, char *err, size_t err_size)
{
	for (size_t k = 0; k < net->stations; k++)
		if (is_queue(net, k) && !(servers_of(net, k) >= 1.0)) {
			snprintf(err, err_size, "station %zu has no server", k);
			return -1;
		}
	for (size_t i = 0; i < net->classes * net->stations; i++)
		if (!(net->demand[i] >= 0.0) || !isfinite(net->demand[i])) {
			snprintf(err, err_size, "demand %zu is not a finite non-negative number", i);
			return -1;
		}
	for (size_t c = 0; c < net->classes; c++)
		if (!(think_of(net, c) >= 0.0) || !isfinite(think_of(net, c))) {
			snprintf(err, err_size, "think time of class %zu is not a finite "
				 "non-negative number", c);
			return -1;
		}
	return 0;
}

/* Utilization per server and the cycle times, from the throughputs and residences. */
static void finish_result(const struct mva_net *net, struct mva_result *res)
{
	size_t K = net->stations;

	for (size_t k = 0; k < K; k++) {
		double busy = 0.0;

		for (size_t c = 0; c < net->classes; c++)
			busy += res->throughput[c] * net->demand[c * K + k];
		res->util[k] = is_queue(net, k) ? busy / servers_of(net, k) : busy;
	}
	for (size_t c = 0; c < net->classes; c++) {
		double cyc = think_of(net, c);

		for (size_t k = 0; k < K; k++)
			cyc += res->residence[c * K + k];
		res->cycle[c] = res->throughput[c] > 0.0 ? cyc : 0.0;
	}
}

/*
 * One class, exact: a multi-server station is load-dependent (rate min(j, m) / D with j
 * customers), its residence computed from its marginal probabilities p(j | n - 1)
 * (Reiser and Lavenberg; Lazowska et al., Quantitative System Performance, ch. 8).
 */
static int solve_single(const struct mva_net *net, size_t c, struct mva_result *res)
{
	size_t K = net->stations;
	unsigned N = net->population[c];
	const double *D = net->demand + c * K;
	double *prob = NULL, *next = NULL, *q = res->queue + c * K, *r = res->residence + c * K;
	double x = 0.0;
	int ret = -1;

	/* prob[k * (N + 1) + j] = p_k(j | n - 1) for the multi-server stations. */
	prob = calloc((size_t)K * (N + 1), sizeof(double));
	next = calloc((size_t)N + 1, sizeof(double));
	if (!prob || !next)
		goto end;
	for (size_t k = 0; k < K; k++)
		prob[k * (N + 1)] = 1.0;
	memset(q, 0, K * sizeof(double));
	for (unsigned n = 1; n <= N; n++) {
		double total = think_of(net, c);

		for (size_t k = 0; k < K; k++) {
			if (!is_queue(net, k)) {
				r[k] = D[k];
			} else if (servers_of(net, k) == 1.0) {
				r[k] = D[k] * (1.0 + q[k]);
			} else {
				double *p = prob + k * (N + 1);

				r[k] = 0.0;
				for (unsigned j = 1; j <= n; j++) {
					double a = fmin(j, servers_of(net, k));

					r[k] += (double)j / a * D[k] * p[j - 1];
				}
			}
			total += r[k];
		}
		x = total > 0.0 ? n / total : 0.0;
		for (size_t k = 0; k < K; k++) {
			q[k] = x * r[k];
			if (is_queue(net, k) && servers_of(net, k) > 1.0) {
				double *p = prob + k * (N + 1), rest = 0.0;

				for (unsigned j = 1; j <= n; j++) {
					double a = fmin(j, servers_of(net, k));

					next[j] = D[k] / a * x * p[j - 1];
					rest += next[j];
				}
				next[0] = rest < 1.0 ? 1.0 - rest : 0.0;
				memcpy(p, next, (n + 1) * sizeof(double));
			}
		}
	}
	res->throughput[c] = N ? x : 0.0;
	ret = 0;
end:
	free(prob);
	free(next);
	return ret;
}

/*
 * Seidmann's approximation: an m-server station of demand D becomes a single server of
 * demand D / m plus a delay of D (m - 1) / m. Fills the single-server demand dq and the
 * extra delay dd (classes x stations).
 */
static void seidmann(const struct mva_net *net, double *dq, double *dd)
{
	size_t K = net->stations;

	for (size_t c = 0; c < net->classes; c++)
		for (size_t k = 0; k < K; k++) {
			double d = net->demand[c * K + k];
			double m = is_queue(net, k) ? servers_of(net, k) : 1.0;

			dq[c * K + k] = is_queue(net, k) ? d / m : d;
			dd[c * K + k] = is_queue(net, k) ? d * (m - 1) / m : 0.0;
		}
}

/* The walk over the population lattice: the cells in mixed-radix order, class 0 fastest. */
struct lattice {
	size_t *stride;		/* per class: the step in cell index of one more customer of it */
	unsigned *n;		/* the population vector of the current cell */
	double *qtot;		/* per cell, the total queue at each station */
	double *r, *x;		/* the current cell's residences (classes x stations), throughputs */
};

static void lattice_release(struct lattice *l)
{
	free(l->stride);
	free(l->n);
	free(l->qtot);
	free(l->r);
	free(l->x);
}

static int lattice_init(struct lattice *l, const struct mva_net *net, size_t cells)
{
	size_t C = net->classes, K = net->stations;

	l->stride = calloc(C, sizeof(size_t));
	l->n = calloc(C, sizeof(unsigned));
	l->qtot = calloc(cells * K, sizeof(double));
	l->r = calloc(C * K, sizeof(double));
	l->x = calloc(C, sizeof(double));
	if (!l->stride || !l->n || !l->qtot || !l->r || !l->x) {
		lattice_release(l);
		return -1;
	}
	for (size_t c = 0, s = 1; c < C; c++) {
		l->stride[c] = s;
		s *= net->population[c] + 1u;
	}
	return 0;
}

/* The next population vector (mixed-radix increment). */
static void lattice_step(const struct mva_net *net, unsigned *n)
{
	for (size_t c = 0; c < net->classes; c++) {
		if (n[c] < net->population[c]) {
			n[c]++;
			return;
		}
		n[c] = 0;
	}
}

/* The current cell's residences and throughputs, from the queues one customer fewer saw. */
static void lattice_residences(const struct mva_net *net, const double *dq, const double *dd,
			       size_t cell, struct lattice *l)
{
	size_t K = net->stations;

	for (size_t c = 0; c < net->classes; c++) {
		double total = think_of(net, c);

		l->x[c] = 0.0;
		if (!l->n[c])
			continue;
		for (size_t k = 0; k < K; k++) {
			size_t i = c * K + k;
			const double *qprev = l->qtot + (cell - l->stride[c]) * K;

			l->r[i] = (is_queue(net, k) ? dq[i] * (1.0 + qprev[k]) : dq[i]) + dd[i];
			total += l->r[i];
		}
		l->x[c] = total > 0.0 ? l->n[c] / total : 0.0;
	}
}

/* The current cell's total queue per station (Seidmann's delay part queues nobody). */
static void lattice_queues(const struct mva_net *net, const double *dd, size_t cell,
			   struct lattice *l)
{
	size_t C = net->classes, K = net->stations;

	for (size_t k = 0; k < K; k++) {
		double sum = 0.0;

		for (size_t c = 0; c < C; c++)
			if (l->n[c])
				sum += l->x[c] * (l->r[c * K + k] - dd[c * K + k]);
		l->qtot[cell * K + k] = sum;
	}
}

/* Exact multi-class MVA over the population lattice, in mixed-radix order. */
static int solve_lattice(const struct mva_net *net, const double *dq, const double *dd,
			 size_t cells, struct mva_result *res)
{
	size_t C = net->classes, K = net->stations;
	struct lattice l;

	if (lattice_init(&l, net, cells))
		return -1;
	for (size_t cell = 1; cell < cells; cell++) {
		lattice_step(net, l.n);
		lattice_residences(net, dq, dd, cell, &l);
		lattice_queues(net, dd, cell, &l);
	}
	/* The last cell is the full population. */
	for (size_t c = 0; c < C; c++) {
		res->throughput[c] = l.x[c];
		for (size_t k = 0; k < K; k++) {
			res->residence[c * K + k] = net->population[c] ? l.r[c * K + k] : 0.0;
			res->queue[c * K + k] = l.x[c] * res->residence[c * K + k];
		}
	}
	lattice_release(&l);
	return 0;
}

/* Bard-Schweitzer: the queue seen on arrival is the full population's minus 1/N_c of one's own. */
static void solve_schweitzer(const struct mva_net *net, const double *dq, const double *dd,
			     struct mva_result *res)
{
	size_t C = net->classes, K = net->stations;
	double *q = res->queue, *r = res->residence, *x = res->throughput;
	unsigned it;

	for (size_t c = 0; c < C; c++)
		for (size_t k = 0; k < K; k++)
			q[c * K + k] = (double)net->population[c] / (double)(K ? K : 1);
	for (it = 0; it < MVA_SCHWEITZER_MAX_ITER; it++) {
		double change = 0.0;

		for (size_t c = 0; c < C; c++) {
			double total = think_of(net, c), nc = net->population[c];

			for (size_t k = 0; k < K; k++) {
				size_t i = c * K + k;
				double seen = 0.0;

				for (size_t o = 0; o < C; o++)
					seen += q[o * K + k];
				seen -= nc > 0 ? q[i] / nc : 0.0;
				/* residence counts only the queueing part; the delay is added below */
				r[i] = is_queue(net, k) ? dq[i] * (1.0 + seen) : dq[i];
				total += r[i] + dd[i];
			}
			x[c] = nc > 0 && total > 0.0 ? nc / total : 0.0;
		}
		for (size_t i = 0; i < C * K; i++) {
			double nq = x[i / K] * r[i];

			change = fmax(change, fabs(nq - q[i]));
			q[i] = nq;
		}
		if (change < MVA_SCHWEITZER_TOL)
			break;
	}
	for (size_t i = 0; i < C * K; i++) {
		r[i] += dd[i];
		q[i] = x[i / K] * r[i];
	}
	res->iterations = it;
}

static int solve_multi(const struct mva_net *net, struct mva_result *res)
{
	size_t C = net->classes, K = net->stations;
	double cells = 1.0;
	double *dq = calloc(C * K > 0 ? C * K : 1, sizeof(double));
	double *dd = calloc(C * K > 0 ? C * K : 1, sizeof(double));
	int ret = -1;

	if (!dq || !dd)
		goto end;
	seidmann(net, dq, dd);
	for (size_t c = 0; c < C; c++)
		cells *= net->population[c] + 1.0;
	if (!net->approximate && cells * (K ? K : 1) <= MVA_EXACT_MAX_CELLS) {
		int multi_server = 0;

		for (size_t k = 0; k < K; k++)
			multi_server |= is_queue(net, k) && servers_of(net, k) > 1.0;
		res->method = multi_server ? MVA_EXACT_SEIDMANN : MVA_EXACT;
		ret = solve_lattice(net, dq, dd, (size_t)cells, res);
	} else {
		res->method = MVA_SCHWEITZER;
		solve_schweitzer(net, dq, dd, res);
		ret = 0;
	}
end:
	free(dq);
	free(dd);
	return ret;
}

int mva_solve(const struct mva_net *net, struct mva_result *res, char *err, size_t err_size)
{
	size_t active = 0, only = 0;

	if (check_net(net, err, err_size))
		return -1;
	for (size_t c = 0; c < net->classes; c++)
		if (net->population[c]) {
			active++;
			only = c;
		}
	memset(res->throughput, 0, net->classes * sizeof(double));
	memset(res->residence, 0, net->classes * net->stations * sizeof(double));
	memset(res->queue, 0, net->classes * net->stations * sizeof(double));
	res->method = MVA_EXACT;
	res->iterations = 0;
	if (active == 1) {
		if (solve_single(net, only, res))
			goto oom;
	} else if (active > 1) {
		if (solve_multi(net, res))
			goto oom;
	}
	finish_result(net, res);
	return 0;
oom:
	snprintf(err, err_size, "out of memory while solving the model");
	return -1;
}
