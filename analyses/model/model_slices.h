/*
 * model_slices - a wait re-issued after a timeout is one wait. A program may wait in slices:
 * the samples' sample_wait_value() waits with a 100 ms timeout and waits again on the same
 * signal until the value is there, so a longer wait is two or more calls. The model takes a
 * wait's return as the end of a cycle and counts each wait in its activities: it would see
 * extra cycles and waits that the program does not have.
 *
 *   model_read(path, &t, ...);	// calls it once the trace is read
 *   model_merge_slices(&t);	// a scenario fed event by event (tests/model/events.c)
 *
 * A wait that returned with its condition unmet (struct model_call's unmet) and whose
 * thread's next API call is a wait for the same signal, condition and value is merged with
 * that wait: one call from the first's entry to the last's return, its thread CPU clock from
 * the first's entry to the last's return, the process's clock of the last return; chains of
 * slices become one.
 * A wait that met its condition, or is followed by another call or another wait (HIP's
 * 10 us polls, each on the next signal), stays as it is.
 */
#ifndef HSAT_MODEL_SLICES_H
#define HSAT_MODEL_SLICES_H

#include "analyses/model/model_trace.h"

/* Merges the slices of t's waits in t->calls (the later slices are removed; the calls keep
 * their order otherwise) and counts them in each thread's merged_waits. Returns 0, or -1
 * when out of memory (t unchanged). */
int model_merge_slices(struct model_trace *t);

#endif
