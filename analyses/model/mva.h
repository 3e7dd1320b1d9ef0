/*
 * mva - mean value analysis of a closed queueing network with several customer classes.
 *
 *   struct mva_net net = { .stations = K, .classes = C, .kind = ..., .servers = ...,
 *                          .demand = D (C*K, D[c*K+k] seconds per cycle), .think = Z (C),
 *                          .population = N (C) };
 *   struct mva_result res;
 *   if (mva_result_init(&res, &net) || mva_solve(&net, &res, err, sizeof(err))) ...
 *   res.throughput[c], res.cycle[c], res.residence[c*K+k], res.queue[c*K+k], res.util[k]
 *   mva_result_release(&res);
 *
 * Algorithms (docs/model.md has the references):
 * - one class: exact MVA (Reiser and Lavenberg 1980); a station with m > 1 servers is
 *   load-dependent, solved exactly with its marginal queue-length probabilities;
 * - several classes, when the population lattice prod(N_c + 1) is small enough: exact
 *   multi-class MVA over that lattice; a multi-server station is replaced by Seidmann's
 *   approximation (a single server m times faster plus a delay of D(m-1)/m);
 * - otherwise Bard-Schweitzer approximate MVA (fixed point on the queue lengths), with the
 *   same treatment of multi-server stations.
 * res.method says which one ran.
 */
#ifndef HSAT_MODEL_MVA_H
#define HSAT_MODEL_MVA_H

#include <stddef.h>

enum mva_kind {
	MVA_QUEUE = 0,	/* FCFS or processor sharing, exponential: product form */
	MVA_DELAY,	/* infinite servers (pure delay) */
};

enum mva_method {
	MVA_EXACT = 0,
	MVA_EXACT_SEIDMANN,	/* exact multi-class, multi-server stations approximated */
	MVA_SCHWEITZER,
};

struct mva_net {
	size_t stations, classes;
	const enum mva_kind *kind;	/* per station */
	const unsigned *servers;	/* per station, >= 1 (ignored for delays) */
	const double *demand;		/* classes x stations, seconds per cycle */
	const double *think;		/* per class, seconds per cycle (may be NULL: 0) */
	const unsigned *population;	/* per class */
	int approximate;		/* 1: Bard-Schweitzer whatever the lattice's size */
	/* per station, >= 1, or NULL: servers. A queue with j customers serves at the rate
	 * min(j, capacity) / D: a capacity of 1.5 is a server and a half (a station measured
	 * to do 1.5 times the work at 2 customers as at 1) */
	const double *capacity;
};

struct mva_result {
	size_t stations, classes;
	double *throughput;	/* per class, cycles per second */
	double *cycle;		/* per class, seconds per cycle, think time included */
	double *residence;	/* classes x stations, seconds per cycle */
	double *queue;		/* classes x stations, mean customers */
	double *util;		/* per station: busy fraction of one server (sum X D / m) */
	enum mva_method method;
	unsigned iterations;	/* Schweitzer's */
};

/* Returns 0, or -1 when out of memory. */
int mva_result_init(struct mva_result *res, const struct mva_net *net);
void mva_result_release(struct mva_result *res);

/* Returns 0, or -1 with err set (bad network: negative demand, no servers). */
int mva_solve(const struct mva_net *net, struct mva_result *res, char *err, size_t err_size);

const char *mva_method_name(enum mva_method m);

#endif
