/*
 * model_lastwait - queues=N on the CPU runtime for a thread's last wait (docs/model.md,
 * "What-if keys"). A one-shot program (hip_streams' pipeline: every chunk's copies and
 * kernels submitted, then one wait) has its device work in its thread's last cycle, which
 * the CPU runtime's fit keeps as measured (shared_rest_s): no what-if reached it. Its work
 * is a fork-join: the traced queues' chains run side by side on the host cores, so with N
 * queues the last cycle takes at least its chain spread over N queues and at least the
 * runtime's CPU in it over the cores' worth:
 *
 *   chain'(N) = max(chain x Q / N, runtime CPU / capacity)     (N > Q; else as traced)
 *
 * chain: the last cycle's span (the previous wait's return to the last's: the submission
 * and the wait); Q: the queues its kernels ran on; runtime CPU: the process's CPU clock
 * over it less the thread's own (schema >= 2.3). The bound's two terms are the fork-join's
 * critical path with the work spread evenly and the work on the cores it shares.
 *
 * Q is the queues the thread's kernels ran on over its whole life (N at most Q is as
 * traced), and the K kernels that ended in the last cycle run on at most min(N, K) queues
 * at once: N stands for min(N, K) above and nothing is saved unless that exceeds Q.
 * The bound is for a one-shot single-thread program: with several threads their last
 * cycles overlap on the same cores and one thread's bound is optimistic, so it applies
 * to a class of one traced thread predicted at one thread only.
 */
#ifndef HSAT_MODEL_LASTWAIT_H
#define HSAT_MODEL_LASTWAIT_H

#include "analyses/model/model.h"
#include "analyses/model/model_trace.h"

/* Measures row's last cycle (its two last cycles are the last of m->cycles) from thread
 * src of t: sets row->last_queues (0: not measurable), last_chain_s, last_runtime_cpu_s. */
void model_lastwait_measure(const struct model_trace *t, size_t src, const struct model *m,
			    struct model_thread_row *row);
/* What queues=N takes off the span of the thread of class c (0 for N at most its traced
 * queues, or a class of more than one thread), capacity the host CPUs' (the cores' worth,
 * cpus=). */
double model_lastwait_saving(const struct model *m, size_t c, unsigned queues, double capacity);

#endif
