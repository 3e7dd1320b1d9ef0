/*
 * mva: the solver against results known independently of it.
 * - a textbook worked example (single-class MVA, two stations and a think time, N = 2:
 *   R(2) = 2 s, X(2) = 2/3 per s);
 * - closed forms: a balanced network (X = N / ((N + K - 1) D)), the machine-repairman model
 *   with one and with m servers (finite-source M/M/m//N, probabilities summed directly);
 * - two classes against the product-form normalization constant computed by enumerating
 *   every state (X_c = G(N - e_c) / G(N)), a different algorithm from MVA's recursion;
 * - Bard-Schweitzer within a few percent of the exact answer; 64 threads x 100 stations.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyses/model/mva.h"
#include "tap.h"

static int close_to(double got, double want, double rel)
{
	return fabs(got - want) <= rel * fabs(want) + 1e-12;
}

static int solve(const struct mva_net *net, struct mva_result *res)
{
	char err[128];

	if (mva_result_init(res, net))
		return -1;
	if (mva_solve(net, res, err, sizeof(err))) {
		diag("mva_solve: %s", err);
		return -1;
	}
	return 0;
}

static void textbook_example(void)
{
	enum mva_kind kind[2] = { MVA_QUEUE, MVA_QUEUE };
	unsigned servers[2] = { 1, 1 }, pop[1] = { 2 };
	double demand[2] = { 0.5, 1.0 }, think[1] = { 1.0 };
	struct mva_net net = { 2, 1, kind, servers, demand, think, pop, 0, NULL };
	struct mva_result res;

	if (solve(&net, &res)) {
		ok(0, "textbook example solved");
		return;
	}
	ok(close_to(res.cycle[0] - 1.0, 2.0, 1e-12), "textbook: R(2) = 2 s (got %g)",
	   res.cycle[0] - 1.0);
	ok(close_to(res.throughput[0], 2.0 / 3.0, 1e-12), "textbook: X(2) = 2/3 per s");
	ok(close_to(res.residence[0], 0.6, 1e-12) && close_to(res.residence[1], 1.4, 1e-12),
	   "textbook: R_cpu(2) = 0.6 s, R_disk(2) = 1.4 s");
	ok(close_to(res.util[1], 2.0 / 3.0, 1e-12), "textbook: U_disk = X D");
	is_int(res.method, MVA_EXACT, "textbook: exact MVA");
	mva_result_release(&res);
}

static void balanced_network(void)
{
	enum mva_kind kind[4] = { MVA_QUEUE, MVA_QUEUE, MVA_QUEUE, MVA_QUEUE };
	unsigned servers[4] = { 1, 1, 1, 1 }, pop[1] = { 10 };
	double demand[4] = { 0.25, 0.25, 0.25, 0.25 };
	struct mva_net net = { 4, 1, kind, servers, demand, NULL, pop, 0, NULL };
	struct mva_result res;

	if (solve(&net, &res)) {
		ok(0, "balanced network solved");
		return;
	}
	ok(close_to(res.throughput[0], 10.0 / (13.0 * 0.25), 1e-12),
	   "balanced network: X = N / ((N + K - 1) D)");
	mva_result_release(&res);
}

/* Finite-source M/M/m//N: p_k proportional to N!/(N-k)! rho^k / (k! or m! m^(k-m)). */
static double repairman_throughput(unsigned n, unsigned m, double d, double z)
{
	double weight = 1.0, sum = 0.0, busy = 0.0, rho = d / z;

	for (unsigned k = 0; k <= n; k++) {
		if (k > 0)
			weight *= (double)(n - k + 1) * rho / (k <= m ? k : m);
		sum += weight;
		busy += weight * (k < m ? k : m);
	}
	return busy / sum / d;
}

static void repairman(unsigned n, unsigned m)
{
	enum mva_kind kind[1] = { MVA_QUEUE };
	unsigned servers[1] = { m }, pop[1] = { n };
	double demand[1] = { 0.3 }, think[1] = { 1.1 };
	struct mva_net net = { 1, 1, kind, servers, demand, think, pop, 0, NULL };
	struct mva_result res;
	double want = repairman_throughput(n, m, 0.3, 1.1);

	if (solve(&net, &res)) {
		ok(0, "repairman solved");
		return;
	}
	ok(close_to(res.throughput[0], want, 1e-9),
	   "repairman N=%u m=%u: X = %.9g, closed form %.9g", n, m, res.throughput[0], want);
	mva_result_release(&res);
}

/*
 * Product form with single-server queues and a per-class delay: the normalization constant
 * over all placements of n_c customers of each class on stations 0..K-1 plus the delay.
 */
struct pf {
	size_t K;
	const double *d;	/* 2 x K */
	const double *z;	/* 2 */
};

static double fact(unsigned n)
{
	double f = 1.0;

	for (unsigned i = 2; i <= n; i++)
		f *= i;
	return f;
}

/* Sum over the placements of class 0 and class 1 customers, station by station. */
static double pf_sum(const struct pf *p, size_t k, unsigned left0, unsigned left1)
{
	double total = 0.0;

	if (k == p->K) /* what is left thinks */
		return pow(p->z[0], left0) / fact(left0) * pow(p->z[1], left1) / fact(left1);
	for (unsigned a = 0; a <= left0; a++)
		for (unsigned b = 0; b <= left1; b++) {
			double w = fact(a + b) / (fact(a) * fact(b)) * pow(p->d[k], a) *
				   pow(p->d[p->K + k], b);

			total += w * pf_sum(p, k + 1, left0 - a, left1 - b);
		}
	return total;
}

static void two_classes(void)
{
	enum mva_kind kind[3] = { MVA_QUEUE, MVA_QUEUE, MVA_QUEUE };
	unsigned servers[3] = { 1, 1, 1 }, pop[2] = { 3, 2 };
	double demand[6] = { 0.2, 0.5, 0.1, 0.4, 0.1, 0.3 }, think[2] = { 1.0, 0.5 };
	struct mva_net net = { 3, 2, kind, servers, demand, think, pop, 0, NULL };
	struct pf p = { 3, demand, think };
	struct mva_result res;
	double g = pf_sum(&p, 0, 3, 2);
	double x0 = pf_sum(&p, 0, 2, 2) / g, x1 = pf_sum(&p, 0, 3, 1) / g;

	if (solve(&net, &res)) {
		ok(0, "two classes solved");
		return;
	}
	ok(close_to(res.throughput[0], x0, 1e-9) && close_to(res.throughput[1], x1, 1e-9),
	   "two classes: X = G(N - e_c) / G(N) (got %.9g %.9g, want %.9g %.9g)",
	   res.throughput[0], res.throughput[1], x0, x1);
	is_int(res.method, MVA_EXACT, "two classes: exact multi-class MVA");
	mva_result_release(&res);

	net.approximate = 1;
	if (solve(&net, &res)) {
		ok(0, "two classes solved approximately");
		return;
	}
	ok(close_to(res.throughput[0], x0, 0.05) && close_to(res.throughput[1], x1, 0.05),
	   "two classes: Bard-Schweitzer within 5%% (got %.6g %.6g)", res.throughput[0],
	   res.throughput[1]);
	is_int(res.method, MVA_SCHWEITZER, "two classes: the approximation ran when asked");
	mva_result_release(&res);
}

/* 64 single-thread classes (every thread its own class) on 100 stations: Schweitzer, and
 * the utilization law holds (U = sum X D / m). */
static void large_model(void)
{
	enum { C = 64, K = 100 };
	enum mva_kind *kind = calloc(K, sizeof(*kind));
	unsigned *servers = calloc(K, sizeof(*servers)), *pop = calloc(C, sizeof(*pop));
	double *demand = calloc(C * K, sizeof(*demand)), *think = calloc(C, sizeof(*think));
	struct mva_net net = { K, C, kind, servers, demand, think, pop, 0, NULL };
	struct mva_result res;
	double busy = 0.0;

	if (!kind || !servers || !pop || !demand || !think)
		goto end;
	for (size_t k = 0; k < K; k++) {
		kind[k] = k % 10 == 9 ? MVA_DELAY : MVA_QUEUE;
		servers[k] = k % 3 == 0 ? 4 : 1;
	}
	for (size_t c = 0; c < C; c++) {
		pop[c] = 1;
		think[c] = 0.001 * c;
		for (size_t k = 0; k < K; k++)
			demand[c * K + k] = 1e-4 * (double)((c * 7 + k * 13) % 17);
	}
	if (solve(&net, &res)) {
		ok(0, "64 x 100 model solved");
		goto end;
	}
	is_int(res.method, MVA_SCHWEITZER, "64 classes x 100 stations: Bard-Schweitzer");
	for (size_t c = 0; c < C; c++)
		busy += res.throughput[c] * demand[c * K + 3];
	ok(close_to(res.util[3], busy / 4, 1e-12) && res.util[3] < 1.0,
	   "64 x 100: utilization law at a 4-server station (U = %.4f)", res.util[3]);
	mva_result_release(&res);
end:
	free(kind);
	free(servers);
	free(pop);
	free(demand);
	free(think);
}

static void bad_input(void)
{
	enum mva_kind kind[1] = { MVA_QUEUE };
	unsigned servers[1] = { 0 }, pop[1] = { 1 };
	double demand[1] = { 1.0 };
	struct mva_net net = { 1, 1, kind, servers, demand, NULL, pop, 0, NULL };
	struct mva_result res;
	char err[128] = "";

	if (mva_result_init(&res, &net)) {
		ok(0, "result allocated");
		return;
	}
	ok(mva_solve(&net, &res, err, sizeof(err)) == -1 && strstr(err, "no server"),
	   "a station without servers is refused: %s", err);
	servers[0] = 1;
	demand[0] = -1.0;
	ok(mva_solve(&net, &res, err, sizeof(err)) == -1 && strstr(err, "demand"),
	   "a negative demand is refused: %s", err);
	mva_result_release(&res);
	mva_result_release(NULL);
}

int main(void)
{
	plan(18);
	textbook_example();
	balanced_network();
	repairman(1, 1);
	repairman(8, 1);
	repairman(8, 3);
	repairman(20, 4);
	two_classes();
	large_model();
	bad_input();
	return exit_status();
}
