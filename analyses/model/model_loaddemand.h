/*
 * model_loaddemand - the CPU runtime's demand per cycle as a function of the load.
 *
 * On the CPU runtime the host CPUs are one processor whose demand per cycle is the process's
 * CPU per cycle (model_shared.c, schema >= 2.3). That falls with the load: a hand-off (the
 * doorbell, the completion, the wake-up of a waiting thread) costs extra CPU when it finds a
 * core idle, and with more threads cycling the others hold the cores more often. The form:
 *
 *   D(N) = work + handoff x p(N),   p(N) = 1 - U x (M - 1) / M,   M = min(N, cores)
 *
 * U the process's utilization of the cores (throughput x D / cores) and p(N) the chance
 * that a hand-off finds a core the other threads do not hold (the arrival theorem: it sees
 * the network with N - 1 customers, of whom at most cores - 1 run beside it); p(1) = 1.
 *
 * From one trace: the demand at the traced population (D, U measured where all threads
 * cycle) and at one thread cycling (the class's low-load stretch, >= 10 steady cycles with
 * the process clock: D(1) = work + handoff). Those two give work and handoff; a work below
 * zero (the stretch's CPU holds the other threads' setup or teardown) is taken as zero, the
 * handoff then from the traced demand alone. The latency is the stretch's cycle minus its
 * CPU per cycle (one customer never queues), and the cores' worth the capacity in [1, cores]
 * that gives the cycle measured at the traced population (more beyond it:
 * model_loaddemand_capacity). Not applied (the flat demand, as
 * before) without such a stretch, when the demand does not fall from 1 thread to the traced
 * population, when the stretch's cycle is not longer than its CPU, or when no capacity in
 * [1, cores] gives the measured cycle.
 */
#ifndef HSAT_MODEL_LOADDEMAND_H
#define HSAT_MODEL_LOADDEMAND_H

#include <stddef.h>

#include "analyses/model/model.h"

/* Fits work, handoff, the latency and the cores' worth for `threads` cycling (after
 * model_shared.c's process_cpu_demand). Returns 1 when applied (m->load_demand set), 0 when
 * not (m unchanged but for m->load_demand_how), -1 on error (err set). */
int model_loaddemand_fit(struct model *m, unsigned threads, char *err, size_t err_size);

/* The demand per cycle at `population` threads whose throughput is x (cycles per second)
 * on `cores` cores: work + handoff x p(N), U counting other_s, the CPU per cycle the host
 * CPUs serve beside it (a what-if's, e.g. more workers' wake-ups: model_workers.c). */
double model_loaddemand_at(const struct model *m, unsigned population, double x,
			   double other_s, double cores);

/* The host CPUs' cores' worth at `population` threads of the one class on `cores` cores:
 * the fitted one up to the traced population; beyond it the cores less a shortfall that
 * shrinks as all threads must be away from the cores at once:
 * cores x f^(N / N0), f = (cores - the fitted worth) / cores at the traced N0. */
double model_loaddemand_capacity(const struct model *m, unsigned population, double cores);

#endif
