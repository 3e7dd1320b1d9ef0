/*
 * model_lastwait - queues=N on the CPU runtime for a thread's last wait (model_lastwait.h).
 */
#include "analyses/model/model_lastwait.h"

/* The distinct queues of the kernels thread src submitted over its whole life. Its own, not
 * the GPU station's (model_build.c's st->queues, what queues= scales on a real GPU): there
 * every thread's dispatches share the agent's queues, here the bound is one thread's last
 * cycle, and the queues its program already spread work over are what N must exceed. */
static unsigned thread_queues(const struct model_trace *t, size_t src)
{
	struct model_queue_set seen = { 0 };

	for (size_t i = 0; i < t->work.count; i++) {
		const struct model_work *w = MODEL_AT(t->work, struct model_work, i);

		if (w->thread == src && !w->is_copy)
			model_queue_set_add(&seen, w->queue_id);
	}
	return seen.count;
}

/* The kernels thread src submitted that ended in (from_ns, to_ns]. */
static unsigned kernels_ended(const struct model_trace *t, size_t src, int64_t from_ns,
			      int64_t to_ns)
{
	unsigned n = 0;

	for (size_t i = 0; i < t->work.count; i++) {
		const struct model_work *w = MODEL_AT(t->work, struct model_work, i);

		if (w->thread == src && !w->is_copy && w->complete && w->end_ns > from_ns &&
		    w->end_ns <= to_ns)
			n++;
	}
	return n;
}

void model_lastwait_measure(const struct model_trace *t, size_t src, const struct model *m,
			    struct model_thread_row *row)
{
	const struct model_cycle *prev, *last;
	double runtime_cpu;

	row->last_queues = row->last_kernels = 0;
	row->last_chain_s = row->last_runtime_cpu_s = 0.0;
	if (row->cycles < 2 || m->cycles.count < 2)
		return;
	prev = MODEL_AT(m->cycles, struct model_cycle, m->cycles.count - 2);
	last = MODEL_AT(m->cycles, struct model_cycle, m->cycles.count - 1);
	/* both clocks at both returns: the process's less the thread's own is the runtime's */
	if (!prev->has_process_cpu || !last->has_process_cpu || prev->thread_cpu_ns < 0 ||
	    last->thread_cpu_ns < 0 || last->end_ns <= prev->end_ns)
		return;
	row->last_kernels = kernels_ended(t, src, prev->end_ns, last->end_ns);
	if (!row->last_kernels) /* no device work of its own to spread */
		return;
	runtime_cpu = (double)((last->process_cpu_ns - prev->process_cpu_ns) -
			       (last->thread_cpu_ns - prev->thread_cpu_ns)) / 1e9;
	row->last_queues = thread_queues(t, src);
	row->last_chain_s = (double)(last->end_ns - prev->end_ns) / 1e9;
	row->last_runtime_cpu_s = runtime_cpu > 0.0 ? runtime_cpu : 0.0;
}

/* What N queues take off one thread's last cycle: its K kernels run on at most min(N, K)
 * queues at once, nothing unless that is more than the Q the thread already used. */
static double thread_saving(const struct model_thread_row *row, unsigned queues,
			    double capacity)
{
	unsigned used = queues < row->last_kernels ? queues : row->last_kernels;
	double spread, busy;

	if (!row->last_queues || used <= row->last_queues || capacity <= 0.0)
		return 0.0;
	spread = row->last_chain_s * row->last_queues / used;
	busy = row->last_runtime_cpu_s / capacity;
	return row->last_chain_s - (spread > busy ? spread : busy);
}

double model_lastwait_saving(const struct model *m, size_t c, unsigned queues, double capacity)
{
	if (m->classes[c].threads != 1) /* several threads' last cycles overlap (the header) */
		return 0.0;
	for (size_t i = 0; i < m->threads.count; i++) {
		const struct model_thread_row *row = MODEL_AT(m->threads, struct model_thread_row, i);

		if (row->cls == c) { /* the class's one thread */
			double s = thread_saving(row, queues, capacity);

			return s > 0.0 ? s : 0.0;
		}
	}
	return 0.0;
}
