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
 * on the same cores. The trace measures such a wake-up twice: its wall time as the device's
 * launch latency when it was idle (a doorbell waking the sleeping packet processor,
 * model_device.c), and its CPU on the host threads, whose blocked waits are the same sleep
 * (their CPU clock at a wait's entry and return, schema 2.2). With the process's CPU clock
 * (schema 2.3) a wake-up is charged that CPU, the helper's only cost that measurably
 * remains: going from 1 to 2 workers made multi_thread's traced runs 0-7 % slower
 * (bench/RESULTS.md, branch workers).
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

/*
 * What one wake-up of a sleeping worker costs in CPU, as the trace measured it on the host
 * threads: a host thread's blocked wait is the same futex sleep a worker's condvar is (go to
 * sleep, be woken, look at what woke it), and the tracer reads the thread's CPU clock at the
 * wait's entry and return (schema 2.2). The mean over the cycles the process's CPU per cycle
 * was measured on (model_shared.c: all the class's threads cycling; the setup's first wait
 * and the teardown's are not in it).
 */
double model_workers_wake_cpu(const struct model *m, size_t *waits)
{
	const struct model_cycle *cy = m->cycles.items;
	double sum = 0.0;
	size_t n = 0;

	if (m->demand_source == MODEL_DEMAND_PROCESS_CPU) {
		for (size_t i = 0; i < m->cycles.count; i++) {
			if (cy[i].end_ns <= m->pcpu_first_ns || cy[i].end_ns > m->pcpu_last_ns ||
			    cy[i].wait_cpu_s < 0.0)
				continue;
			sum += cy[i].wait_cpu_s;
			n++;
		}
	}
	if (waits)
		*waits = n;
	return n ? sum / (double)n : -1.0;
}

/* What a wake-up is charged in CPU with the process's clock, h the hand-off: the measured
 * wake-up's CPU, else (no thread clock at the waits) the CPU share of a hand-off. */
static double wake_charge(const struct model *m, size_t c, double h)
{
	double wake = model_workers_wake_cpu(m, NULL);

	return wake >= 0.0 ? wake : h * model_workers_cpu_share(m, c);
}

/* Per dispatch, h the hand-off: without the clock, each wake-up is h of CPU and the
 * hand-back h of latency. With it, a wake-up is its measured CPU (model_workers_wake_cpu;
 * else share x h), and no latency on the dispatch's path: the packet processor takes
 * workgroups at once (runtime/workers.c); a helper that wakes after the last one was taken
 * finds the dispatch gone and sleeps again (its CPU only), and one that joined took
 * workgroups off the packet processor's path about as long as waiting for its last one adds
 * (the kernel on two threads at once). */
void model_workers_change(const struct model *m, const struct model_whatif *w, size_t c,
			  double *cpu_s, double *latency_s)
{
	const struct model_class *cl = &m->classes[c];
	double wake_now, back_now, wake_then, back_then, wakes, backs;

	*cpu_s = 0.0;
	*latency_s = 0.0;
	if (!w || !w->workers || !m->shared || !m->cpu_workers)
		return;
	handoffs(w->workers, &wake_now, &back_now);
	handoffs(m->cpu_workers, &wake_then, &back_then);
	wakes = wake_now - wake_then;
	backs = back_now - back_then;
	for (size_t k = 0; k < m->stations_count; k++) {
		const struct model_station *st = &m->stations[k];
		double h = st->launch_s;

		if (st->kind != MODEL_GPU)
			continue;
		if (m->demand_source == MODEL_DEMAND_PROCESS_CPU) {
			*cpu_s += cl->visits[k] * wake_charge(m, c, h) * wakes;
			continue;
		}
		*cpu_s += cl->visits[k] * h * wakes;
		*latency_s += cl->visits[k] * h * backs;
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

/* With the process's clock, what a wake-up was charged in CPU, for the output. */
static void process_cpu_wake_text(const struct model *m, char *buf, size_t size)
{
	size_t waits;
	double wake = model_workers_wake_cpu(m, &waits);

	if (wake >= 0.0)
		snprintf(buf, size, "%.2f us of CPU (a host thread's mean CPU inside its waits, "
			 "going to sleep and being woken: %zu steady waits)", wake * 1e6, waits);
	else
		snprintf(buf, size, "%.6f s of CPU (the share %.3f of the GPU's launch latency "
			 "when idle, %.6f s, that is CPU: the process's CPU beyond the host phases "
			 "over the devices' and hand-offs' time; the trace has no thread clock at the "
			 "waits)", model_workers_cpu_share(m, 0) * handoff_s(m),
			 model_workers_cpu_share(m, 0), handoff_s(m));
}

const char *model_workers_note(const struct model *m, const struct model_whatif *w, char *buf,
			       size_t size)
{
	double wake_now, back_now, wake_then, back_then;
	char wake[320];

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
		process_cpu_wake_text(m, wake, sizeof(wake));
		snprintf(buf, size, "workers=%u (traced: %u): the CPU runtime's workers are host "
			 "threads sleeping between dispatches: per dispatch %+g wake-ups of a worker, "
			 "each %s, the CPU only: no latency on the dispatch's path (the packet "
			 "processor takes workgroups meanwhile); the kernels' work is unchanged (on a "
			 "real GPU workers= is the dispatches it runs at once)",
			 w->workers, m->cpu_workers, wake_now - wake_then, wake);
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

/* The wake-up's CPU as the JSON has it: measured (null when not), what one is charged and
 * from what. */
static void wake_json(const struct model *m, FILE *out)
{
	size_t waits;
	double wake = model_workers_wake_cpu(m, &waits), share, charged;
	const char *from;

	share = m->classes_count ? model_workers_cpu_share(m, 0) : 1.0;
	if (wake >= 0.0) {
		fprintf(out, "\"wakeup_cpu_s\": %.9g, ", wake);
		charged = wake;
		from = "host threads' CPU inside their waits";
	} else {
		fputs("\"wakeup_cpu_s\": null, ", out);
		charged = m->shared ? share * handoff_s(m) : 0.0;
		from = !m->shared ? "none: the GPU apart from the host CPUs" :
		       m->demand_source == MODEL_DEMAND_PROCESS_CPU ? "CPU share of the hand-off" :
		       "the hand-off";
	}
	fprintf(out, "\"wakeup_cpu_waits\": %zu, \"wakeup_cpu_charged_s\": %.9g, "
		"\"wakeup_cpu_from\": \"%s\", ", waits, charged, from);
}

void model_workers_json(const struct model *m, const struct model_whatif *w, FILE *out)
{
	double wake_now = 0.0, back_now = 0.0, wake_then = 0.0, back_then = 0.0;
	char buf[1024];

	fprintf(out, "{\"traced\": %u, \"what_if\": ", m->cpu_workers);
	if (w && w->workers)
		fprintf(out, "%u", w->workers);
	else
		fputs("null", out);
	if (w && w->workers && m->shared) {
		handoffs(w->workers, &wake_now, &back_now);
		handoffs(m->cpu_workers, &wake_then, &back_then);
	}
	fprintf(out, ", \"handoff_s\": %.9g, \"handoff_cpu_share\": %.6g, ", handoff_s(m),
		m->classes_count ? model_workers_cpu_share(m, 0) : 1.0);
	wake_json(m, out);
	fprintf(out, "\"wakeups_per_dispatch_change\": %g, \"handbacks_per_dispatch_change\": %g, "
		"\"note\": ", wake_now - wake_then, back_now - back_then);
	if (model_workers_note(m, w, buf, sizeof(buf)))
		json_string_write(buf, out);
	else
		fputs("null", out);
	fputc('}', out);
}
