/*
 * model_pcpu - the CPU the modelled process used per cycle, from the process's CPU clock
 * (CLOCK_PROCESS_CPUTIME_ID, all its threads: the host threads, the CPU runtime's packet
 * processors, workers and async handler, the tracer) that schema 2.3's signal_wait carries
 * at each wait's return.
 *
 * Over a window of time, the samples that bound it are the first and the last wait (of any
 * of the process's modelled threads: the clock is the process's) that returned inside it
 * with the clock; the cycles are those of all the process's threads whose wait returned
 * after the first sample and up to the last one (the first sample's own cycle ended at it,
 * before the measured CPU). The CPU per cycle is the clock's difference between the two
 * samples divided by those cycles.
 */
#ifndef HSAT_MODEL_PCPU_H
#define HSAT_MODEL_PCPU_H

#include <stddef.h>
#include <stdint.h>

#include "analyses/model/model.h"

struct model_pcpu {
	int64_t first_ns, last_ns;	/* the bounding samples' wait returns */
	double cpu_s;			/* the process clock's difference between them */
	double span_s;			/* last_ns - first_ns */
	size_t cycles;			/* the cycles that ended in (first_ns, last_ns] */
	double host_s;			/* their host phases' demand (model_cycle.host_s) */
};

/* Adds to acc the samples of the window [from_ns, to_ns] of m->cycles (acc zeroed by the
 * caller; several windows add up). A window with fewer than two samples, or whose clock did
 * not advance, adds nothing. */
void model_pcpu_window(const struct model *m, int64_t from_ns, int64_t to_ns,
		       struct model_pcpu *acc);

#endif
