/*
 * model_stretch - the process's CPU per cycle over a stretch where only some of the class's
 * threads cycle, without the other threads' own CPU (docs/model.md, "demand falling with the
 * load").
 *
 * The process clock counts every thread's CPU. Where one thread cycles, another is still in
 * its setup (queue and signal creation, code object load) or already in its teardown (queue
 * destruction), and its CPU would count as the cycling thread's. A thread's own clock (the
 * tracer's at each wait's entry and return, schema >= 2.2) says its CPU from its first wait
 * to its last one: there, between the window's two samples, it is subtracted (linear between
 * the clock's readings). Before its first wait and after its last one the clock says nothing
 * (its setup from its start is known only as a whole, its teardown not at all): those spans
 * are cut out of the window, which is measured on the pieces left.
 */
#ifndef HSAT_MODEL_STRETCH_H
#define HSAT_MODEL_STRETCH_H

#include <stdint.h>

#include "analyses/model/model_pcpu.h"

/* Adds to acc (zeroed by the caller; several windows add up) the window [from_ns, to_ns]
 * with the threads not cycling in it (their cycling span first[r]..last[r], per thread row,
 * does not hold its middle) taken out as above: acc->cpu_s without their own CPU, which is
 * added to acc->other_s; the time cut out added to acc->cut_s. The cycles are all those
 * ending in the pieces (model_pcpu_window), theirs too: their kernels ran on the runtime's
 * workers, whose CPU stays. Returns 0, or -1 when out of memory. */
int model_stretch_window(const struct model *m, const int64_t *first, const int64_t *last,
			 int64_t from_ns, int64_t to_ns, struct model_pcpu *acc);

#endif
