/*
 * model_workers - --what-if workers=N: how many dispatches' worth of work the (emulated) GPU
 * runs at once.
 *
 * On the CPU runtime the workers (HSATRACE_CPU_WORKERS, traced as the agents' compute units)
 * are the emulated GPU's compute units: a queue's packet processor runs a dispatch's
 * workgroups with the pool's other N - 1 workers (runtime/workers.c). It wakes them (one
 * broadcast), takes workgroups with them, then sleeps until the last one is done. Workers
 * sleep between dispatches, so per dispatch every worker beyond the first is one wake-up of
 * a sleeping thread, CPU work on the host CPUs, and having any is one hand-off back to the
 * packet processor (its wait for the last workgroup), a latency on the dispatch's path. The
 * kernel's own work is the same however many threads share it: it stays the demand it was
 * on the same cores. The trace measures one such wake-up: the device's launch latency when
 * it was idle (a doorbell waking the sleeping packet processor, model_device.c).
 *
 * On a real GPU (and the CPU runtime modelled as one, --devices-off-cpu) workers=N is the
 * number of dispatches the GPU runs at once: its servers (model_solve.c).
 */
#include <math.h>
#include <stdio.h>

#include "analyses/common/json_string.h"
#include "analyses/model/model.h"

int model_workers_check(const struct model *m, const struct model_whatif *w, char *err,
			size_t err_size)
{
	if (!w || !w->workers || !m->shared || m->cpu_workers)
		return 0;
	snprintf(err, err_size, "--what-if workers: the trace does not say how many workers the "
		 "CPU runtime had (no agent_info with its compute units)");
	return -1;
}

/* The workers' hand-offs per dispatch with n workers: wake-ups (CPU), hand-backs (latency). */
static void handoffs(unsigned n, double *wakeups, double *backs)
{
	*wakeups = n > 1 ? (double)(n - 1) : 0.0;
	*backs = n > 1 ? 1.0 : 0.0;
}

/*
 * With the process's CPU clock (model_shared.c), the share of a hand-off that is CPU: the
 * process's CPU per cycle beyond the host phases' (the host threads' own CPU, over the same
 * steady cycles: the class's mean demand holds the setup and teardown) over the wall time of
 * the rest of the cycle's work, the devices' and the runtime's hand-offs (the rest of the
 * waits that covered device work), in [0, 1]; the rest of a hand-off is latency (a
 * thread woken on an idle CPU). The kernels' wall time is in both: their CPU cannot be told
 * from the hand-offs', and a kernel's wall time stretched by waiting for a core would make
 * "the CPU beyond the kernels" come out negative. Without the clock: 1, every hand-off's time
 * charged as CPU (scaled by the calibration).
 */
double model_workers_cpu_share(const struct model *m, size_t c)
{
	const struct model_class *cl = &m->classes[c];
	double device_cpu = m->pcpu_per_cycle_s - m->pcpu_host_per_cycle_s;
	double device_wall = cl->overhead_s;

	if (m->demand_source != MODEL_DEMAND_PROCESS_CPU)
		return 1.0;
	for (size_t k = 0; k < m->stations_count; k++)
		if (m->stations[k].kind != MODEL_CPU)
			device_wall += cl->demand[k];
	if (!(device_wall > 0.0))
		return 0.0;
	return fmin(1.0, fmax(0.0, device_cpu / device_wall));
}

/* Per dispatch, h the hand-off: without the clock, each wake-up is h of CPU and the
 * hand-back h of latency. With it, a wake-up is share x h of CPU, and no latency on the
 * dispatch's path: the packet processor takes workgroups at once (runtime/workers.c); a
 * helper that wakes after the last one was taken finds the dispatch gone and sleeps again
 * (its CPU only), and one that joined took workgroups off the packet processor's path about
 * as long as waiting for its last one adds (the kernel on two threads at once). */
void model_workers_change(const struct model *m, const struct model_whatif *w, size_t c,
			  double *cpu_s, double *latency_s)
{
	const struct model_class *cl = &m->classes[c];
	double wake_now, back_now, wake_then, back_then, wakes, backs, share;

	*cpu_s = 0.0;
	*latency_s = 0.0;
	if (!w || !w->workers || !m->shared || !m->cpu_workers)
		return;
	handoffs(w->workers, &wake_now, &back_now);
	handoffs(m->cpu_workers, &wake_then, &back_then);
	wakes = wake_now - wake_then;
	backs = back_now - back_then;
	share = model_workers_cpu_share(m, c);
	for (size_t k = 0; k < m->stations_count; k++) {
		const struct model_station *st = &m->stations[k];
		double h = cl->visits[k] * st->launch_s;

		if (st->kind != MODEL_GPU)
			continue;
		if (m->demand_source == MODEL_DEMAND_PROCESS_CPU) {
			*cpu_s += h * share * wakes;
			continue;
		}
		*cpu_s += h * wakes;
		*latency_s += h * backs;
	}
}

/* The hand-off the trace measured: the first GPU's launch latency when idle (0: none). */
static double handoff_s(const struct model *m)
{
	for (size_t k = 0; k < m->stations_count; k++)
		if (m->stations[k].kind == MODEL_GPU)
			return m->stations[k].launch_s;
	return 0.0;
}

const char *model_workers_note(const struct model *m, const struct model_whatif *w, char *buf,
			       size_t size)
{
	double wake_now, back_now, wake_then, back_then;

	if (!w || !w->workers)
		return NULL;
	if (!m->shared) {
		snprintf(buf, size, "workers=%u: each GPU runs %u dispatches at once (its servers; "
			 "on the CPU runtime modelled apart, its workers taken as a real GPU's "
			 "concurrent dispatches)", w->workers, w->workers);
		return buf;
	}
	handoffs(w->workers, &wake_now, &back_now);
	handoffs(m->cpu_workers, &wake_then, &back_then);
	if (m->demand_source == MODEL_DEMAND_PROCESS_CPU) {
		snprintf(buf, size, "workers=%u (traced: %u): the CPU runtime's workers are host "
			 "threads sleeping between dispatches: per dispatch %+g wake-ups of a worker, "
			 "each the GPU's launch latency when idle, %.6f s, of which %.3f is CPU (the "
			 "process's CPU beyond the host phases over the devices' and hand-offs' "
			 "time), the CPU only: no latency on the dispatch's path (the packet processor takes "
			 "workgroups meanwhile); the kernels' work is unchanged (on a real GPU "
			 "workers= is the dispatches it runs at once)",
			 w->workers, m->cpu_workers, wake_now - wake_then, handoff_s(m),
			 model_workers_cpu_share(m, 0));
		return buf;
	}
	snprintf(buf, size, "workers=%u (traced: %u): the CPU runtime's workers are host threads "
		 "sleeping between dispatches: per dispatch %+g wake-ups of a worker (CPU on the host "
		 "CPUs) and %+g hand-backs to the packet processor (latency), each the GPU's launch "
		 "latency when idle, %.6f s; the kernels' work is unchanged (on a real GPU workers= "
		 "is the dispatches it runs at once)", w->workers, m->cpu_workers,
		 wake_now - wake_then, back_now - back_then, handoff_s(m));
	return buf;
}

void model_workers_json(const struct model *m, const struct model_whatif *w, FILE *out)
{
	double wake_now = 0.0, back_now = 0.0, wake_then = 0.0, back_then = 0.0;
	char buf[768];

	fprintf(out, "{\"traced\": %u, \"what_if\": ", m->cpu_workers);
	if (w && w->workers)
		fprintf(out, "%u", w->workers);
	else
		fputs("null", out);
	if (w && w->workers && m->shared) {
		handoffs(w->workers, &wake_now, &back_now);
		handoffs(m->cpu_workers, &wake_then, &back_then);
	}
	fprintf(out, ", \"handoff_s\": %.9g, \"handoff_cpu_share\": %.6g, "
		"\"wakeups_per_dispatch_change\": %g, \"handbacks_per_dispatch_change\": %g, "
		"\"note\": ", handoff_s(m), m->classes_count ? model_workers_cpu_share(m, 0) : 1.0,
		wake_now - wake_then, back_now - back_then);
	if (model_workers_note(m, w, buf, sizeof(buf)))
		json_string_write(buf, out);
	else
		fputs("null", out);
	fputc('}', out);
}
