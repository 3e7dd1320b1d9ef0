/*
 * model_write - the model, its predictions and what the trace measured, as text or JSON.
 */
#include <math.h>
#include <stdio.h>

#include "analyses/common/json_string.h"
#include "analyses/model/model.h"

static const char *kind_name(enum model_station_kind k)
{
	return k == MODEL_CPU ? "cpu" : k == MODEL_GPU ? "gpu" : "copy";
}

static double change_pct(double now, double before)
{
	return before > 0.0 ? (now - before) / before * 100.0 : 0.0;
}

/* "kernel trace", "tracer" or "wall": where the host phases' demand came from. */
static const char *host_demand_source(const struct model *m)
{
	return m->cpu_time_threads ? "kernel trace" : m->tracer_cpu_threads ? "tracer" : "wall";
}

static const char *host_demand_text(const struct model *m)
{
	if (m->cpu_time_threads && m->tracer_cpu_threads)
		return "CPU time, from the kernel trace's sched_switch events, and thread CPU time "
		       "from the tracer for the threads they do not name (time off a CPU within "
		       "host phases is a delay of its own)";
	if (m->cpu_time_threads)
		return "CPU time, from the kernel trace's sched_switch events (time off a CPU "
		       "within host phases is a delay of its own)";
	if (m->tracer_cpu_threads)
		return "thread CPU time from the tracer (its clock at every wait's entry and "
		       "return; time off a CPU within host phases is a delay of its own; the "
		       "setup counted from the thread's start, the teardown as wall time)";
	if (m->host_demand == MODEL_HOST_WALL)
		return "the time between API calls (--host-demand=wall)";
	if (m->kernel_trace)
		return "the time between API calls (the kernel trace's sched_switch events do not "
		       "name the modelled threads)";
	return m->thread_cpu_traced ?
		"the time between API calls (the tracer's CPU clock is missing at some waits of "
		"each modelled thread)" :
		"the time between API calls (no kernel trace, and no thread CPU time from the "
		"tracer, schema < 2.2: CPU time and waiting for a CPU are not told apart)";
}

static const char *cpu_runtime_text =
	"the GPU is the CPU runtime's emulation: its workers, packet processors and copy "
	"engine run on the host CPUs, so the host CPUs serve every activity of a cycle (host "
	"phases, kernels, copies and the rest of the waits, the runtime's own work)";
static const char *cpu_runtime_apart_text =
	"the GPU is the CPU runtime's emulation, modelled apart from the host CPUs "
	"(--devices-off-cpu: its work is taken to use no host CPU)";

static const char *cpu_runtime_note(const struct model *m)
{
	return m->shared ? cpu_runtime_text : cpu_runtime_apart_text;
}

/* Where the demand on the CPU runtime's one processor came from (model_shared.c). */
static const char *demand_source_name(const struct model *m)
{
	switch (m->demand_source) {
	case MODEL_DEMAND_PROCESS_CPU:
		return "process cpu clock";
	case MODEL_DEMAND_TWO_LOADS:
		return "two-load fit";
	default:
		return "calibrated";
	}
}

static const char *demand_source_text(const struct model *m)
{
	switch (m->demand_source) {
	case MODEL_DEMAND_PROCESS_CPU:
		return "the process's CPU per cycle (all its threads, the runtime's included), "
		       "the rest of the cycle a latency fitted to the measured cycle";
	case MODEL_DEMAND_TWO_LOADS:
		return "the activities' times, one core's worth and a latency fitted to the "
		       "cycles at two loads";
	default:
		return "the activities' times, scaled to the measured cycle";
	}
}

/* The --what-if changes as K=V words, into buf. */
static const char *whatif_text(const struct model_whatif *w, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
#define ADD(...) (n += (size_t)snprintf(buf + n, n < size ? size - n : 0, __VA_ARGS__))
	if (w->threads_set)
		ADD("%sthreads=%s%s%u", n ? " " : "", w->threads_class,
		    w->threads_class[0] ? ":" : "", w->threads);
	if (w->gpu_speed != 1.0)
		ADD("%sgpu-speed=%g", n ? " " : "", w->gpu_speed);
	if (w->copy_speed != 1.0)
		ADD("%scopy-speed=%g", n ? " " : "", w->copy_speed);
	if (w->cpus)
		ADD("%scpus=%u", n ? " " : "", w->cpus);
	if (w->gpus)
		ADD("%sgpus=%u", n ? " " : "", w->gpus);
	if (w->queues)
		ADD("%squeues=%u", n ? " " : "", w->queues);
	if (w->workers)
		ADD("%sworkers=%u", n ? " " : "", w->workers);
#undef ADD
	return buf;
}

static void text_resources(const struct model_report *r, FILE *out)
{
	const struct model *m = r->model;

	fprintf(out, "\nResources (measured / modelled)\n");
	fprintf(out, "  %-28s %7s  %17s  %21s  %23s  %17s\n", "resource", "servers",
		"utilization", "throughput/s", "response s", "queue");
	for (size_t k = 0; k < m->stations_count; k++) {
		const struct model_station *st = &m->stations[k];
		const struct model_measure *a = &st->measured, *b = &r->base->station[k];

		fprintf(out, "  %-28s %7u  %8.3f %8.3f  %10.1f %10.1f  %11.6f %11.6f  %8.3f %8.3f\n",
			st->name, st->servers, a->utilization, b->utilization, a->throughput,
			b->throughput, a->response_s, b->response_s, a->queue, b->queue);
	}
	for (size_t k = 0; k < m->stations_count; k++) {
		fprintf(out, "  %s servers: %s", m->stations[k].name, m->stations[k].servers_how);
		if (m->stations[k].kind != MODEL_CPU)
			fprintf(out, "; launch latency when idle %.6f s", m->stations[k].launch_s);
		fputc('\n', out);
	}
}

static void text_class(const struct model *m, const struct model_prediction *p, size_t c,
		       FILE *out)
{
	const struct model_class *cl = &m->classes[c];
	double W = m->window_s > 0.0 ? m->window_s : 1e-9;

	fprintf(out, "\nclass %s: %u threads, %.1f cycles each, delay %.6f s per cycle\n",
		cl->name, cl->threads, cl->cycles / cl->threads, cl->think_s);
	fprintf(out, "  cycle time   measured %.6f s   modelled %.6f s\n", cl->measured_cycle_s,
		p->cycle_s[c]);
	fprintf(out, "  throughput   measured %.1f /s   modelled %.1f /s\n", cl->cycles / W,
		p->class_throughput[c]);
	fprintf(out, "  demand per cycle:");
	for (size_t k = 0; k < m->stations_count; k++)
		fprintf(out, " %s %.6f s (%.2f visits);", m->stations[k].name, cl->demand[k],
			cl->visits[k]);
	fprintf(out, "\n  %-52s %-26s %7s %12s %8s  %s\n", "activity", "on", "count", "mean s",
		"scv", "call");
	for (size_t i = 0; i < cl->activities.count; i++) {
		const struct model_activity *a =
			MODEL_AT(cl->activities, struct model_activity, i);
		const struct model_station *st = &m->stations[a->station];
		int delay = a->delay;
		char scv[16];

		if (a->scv < 0)
			snprintf(scv, sizeof(scv), "-");
		else
			snprintf(scv, sizeof(scv), "%.3f", a->scv);
		fprintf(out, "  %-52.52s %-26.26s %7zu %12.6f %8s  %s\n", a->name,
			delay ? "delay" : st->name, a->count, a->mean_s, scv,
			st->kind == MODEL_CPU || delay ? "-" : "synch");
	}
}

/* The process's CPU per cycle and whether it falls with the load (model_loaddemand.h). */
static void text_process_cpu(const struct model *m, FILE *out)
{
	if (m->demand_source != MODEL_DEMAND_PROCESS_CPU)
		return;
	fprintf(out, "process CPU per cycle: %.9f s (%.6f s of the process's CPU clock over %zu "
		"cycles, the measured cycle there %.9f s)\n", m->pcpu_per_cycle_s, m->pcpu_s,
		m->pcpu_cycles, m->pcpu_cycle_s);
	fprintf(out, "demand per cycle with the load: %s\n", m->load_demand_how);
}

/* The what-if's prediction and what it changed. */
static void text_whatif(const struct model_report *r, FILE *out)
{
	const struct model *m = r->model;
	const struct model_prediction *b = r->base, *p = r->whatif;
	char buf[256], note[768];

	if (model_workers_note(m, r->changes, note, sizeof(note)))
		fprintf(out, "note: %s\n", note);
	fprintf(out, "What-if %s: predicted total %.6f s (%+.1f %%), throughput %.1f cycles/s "
		"(%+.1f %%)\n", whatif_text(r->changes, buf, sizeof(buf)), p->total_s,
		change_pct(p->total_s, b->total_s), p->throughput,
		change_pct(p->throughput, b->throughput));
	if (m->load_demand)
		fprintf(out, "process CPU per cycle at that load: %.9f s (as traced %.9f s)\n",
			p->host_cpu_demand_s, b->host_cpu_demand_s);
	if (p->queues_saving_s > 0.0)
		fprintf(out, "queues: the last cycle's device work spread over more queues (a "
			"fork-join on the host CPUs) takes %.6f s off a thread's span\n",
			p->queues_saving_s);
}

int model_write_text(const struct model_report *r, FILE *out)
{
	const struct model *m = r->model;
	const struct model_prediction *b = r->base;

	fprintf(out, "hsatrace model: %s\n", r->trace);
	fprintf(out, "process %lld (%s): %.6f s traced, cycling threads over %.6f s\n",
		(long long)m->vpid, m->procname, m->total_s, m->window_s);
	if (m->other_processes)
		fprintf(out, "(%zu other HSA process(es) in the trace not modelled)\n",
			m->other_processes);
	if (m->merged_waits)
		fprintf(out, "(%zu wait(s) re-issued after a timeout on the same signal: each "
			"merged into the wait it continued)\n", m->merged_waits);
	fprintf(out, "host demand: %s\n", host_demand_text(m));
	fprintf(out, "host CPUs: %u (%s)\n", m->cores, m->cores_how);
	fprintf(out, "solver: %s\n", b->method);
	if (m->cpu_runtime)
		fprintf(out, "note: %s\n", cpu_runtime_note(m));
	if (m->shared)
		fprintf(out, "host CPUs as one processor: %.2f servers (%s), demands x %.3f "
			"(without the queueing for them at the traced load); %u in an LQN file "
			"(--lqn: its multiplicity is an integer)\n", m->shared_capacity,
			m->shared_how, m->shared_factor, m->shared_servers);
	if (m->shared)
		fprintf(out, "demand on the host CPUs: %s (%s)\n", demand_source_text(m),
			m->demand_how);
	text_process_cpu(m, out);
	if (m->shared_fitted)
		fprintf(out, "latency per cycle (think time, not on a CPU): %.6f s; per thread, its "
			"setup and teardown cycles (no cycle at a load) kept as measured: %+.6f s, "
			"their waits for another thread's signal with the stagger (not at 1 thread): "
			"%.6f s\n", m->shared_think_s, m->shared_rest_s, m->shared_end_waits_s);
	text_resources(r, out);
	for (size_t c = 0; c < m->classes_count; c++)
		text_class(m, b, c, out);
	fprintf(out, "\nThreads (cycle time measured / modelled)\n  %8s  %-16s %-20s %7s %9s %12s "
		"%12s %12s\n", "vtid", "procname", "class", "cycles", "api calls", "span s",
		"cycle s", "modelled s");
	for (size_t i = 0; i < m->threads.count; i++) {
		const struct model_thread_row *t = MODEL_AT(m->threads, struct model_thread_row, i);

		fprintf(out, "  %8lld  %-16s %-20s %7zu %9zu %12.6f", (long long)t->vtid,
			t->procname, t->cls == SIZE_MAX ? "(no cycle)" : m->classes[t->cls].name,
			t->cycles, t->api_calls, t->span_s);
		if (t->cls == SIZE_MAX)
			fprintf(out, " %12s %12s\n", "-", "-");
		else
			fprintf(out, " %12.6f %12.6f\n", t->span_s / t->cycles, b->cycle_s[t->cls]);
	}
	fprintf(out, "\nTotal time: measured %.6f s, modelled %.6f s (error %+.1f %%)\n",
		m->total_s, b->total_s, change_pct(b->total_s, m->total_s));
	if (r->whatif)
		text_whatif(r, out);
	return ferror(out) ? -1 : 0;
}

/* JSON numbers: finite, else null. */
static void jnum(FILE *out, const char *key, double v, const char *after)
{
	if (isfinite(v))
		fprintf(out, "\"%s\": %.9g%s", key, v, after);
	else
		fprintf(out, "\"%s\": null%s", key, after);
}

static void json_measure(FILE *out, const char *key, const struct model_measure *x,
			 const char *after)
{
	fprintf(out, "\"%s\": {", key);
	jnum(out, "utilization", x->utilization, ", ");
	jnum(out, "throughput_per_s", x->throughput, ", ");
	jnum(out, "response_s", x->response_s, ", ");
	jnum(out, "queue", x->queue, "}");
	fputs(after, out);
}

static void json_resources(const struct model_report *r, FILE *out)
{
	const struct model *m = r->model;
	const struct model_prediction *p = r->whatif ? r->whatif : r->base;

	fputs("  \"resources\": [\n", out);
	for (size_t k = 0; k < m->stations_count; k++) {
		const struct model_station *st = &m->stations[k];

		fputs("    {\"name\": ", out);
		json_string_write(st->name, out);
		fprintf(out, ", \"kind\": \"%s\", \"servers\": %u, \"servers_estimate\": ",
			kind_name(st->kind), st->servers);
		json_string_write(st->servers_how, out);
		fprintf(out, ", \"predicted_servers\": %u, ", p->servers[k]);
		jnum(out, "sharing", st->sharing, ", ");
		jnum(out, "launch_latency_s", st->launch_s, ", ");
		jnum(out, "async_demand_s", st->async_demand_s, ", ");
		json_measure(out, "measured", &st->measured, ", ");
		json_measure(out, "modelled", &r->base->station[k], ", ");
		json_measure(out, "predicted", &p->station[k], "}");
		fputs(k + 1 < m->stations_count ? ",\n" : "\n", out);
	}
	fputs("  ],\n", out);
}

static void json_activities(const struct model *m, const struct model_class *cl, FILE *out)
{
	fputs("\"activities\": [", out);
	for (size_t i = 0; i < cl->activities.count; i++) {
		const struct model_activity *a =
			MODEL_AT(cl->activities, struct model_activity, i);

		fputs(i ? ", {\"name\": " : "{\"name\": ", out);
		json_string_write(a->name, out);
		fputs(", \"station\": ", out);
		if (a->delay)
			fputs("null", out);
		else
			json_string_write(m->stations[a->station].name, out);
		fprintf(out, ", \"kind\": \"%s\", \"count\": %zu, ",
			a->delay ? "delay" : m->stations[a->station].kind == MODEL_CPU ? "host" :
			"synch-call", a->count);
		jnum(out, "mean_s", a->mean_s, ", ");
		if (!a->delay && m->stations[a->station].kind != MODEL_CPU)
			jnum(out, "exec_mean_s", a->exec_mean_s, ", ");
		if (a->scv < 0)
			fputs("\"scv\": null}", out);
		else
			jnum(out, "scv", a->scv, "}");
	}
	fputs("]", out);
}

static void json_classes(const struct model_report *r, FILE *out)
{
	const struct model *m = r->model;
	const struct model_prediction *p = r->whatif ? r->whatif : r->base;
	double W = m->window_s > 0.0 ? m->window_s : 1e-9;

	fputs("  \"classes\": [\n", out);
	for (size_t c = 0; c < m->classes_count; c++) {
		const struct model_class *cl = &m->classes[c];

		fputs("    {\"name\": ", out);
		json_string_write(cl->name, out);
		fprintf(out, ", \"threads\": %u, \"predicted_threads\": %u, ", cl->threads,
			p->population[c]);
		jnum(out, "cycles_per_thread", cl->cycles / cl->threads, ", ");
		jnum(out, "delay_s", cl->think_s, ", ");
		jnum(out, "runtime_work_s", cl->overhead_s, ", ");
		fputs("\"demand_s\": {", out);
		for (size_t k = 0; k < m->stations_count; k++) {
			json_string_write(m->stations[k].name, out);
			fprintf(out, ": %.9g%s", cl->demand[k], k + 1 < m->stations_count ? ", " : "");
		}
		fputs("}, \"measured\": {", out);
		jnum(out, "cycle_s", cl->measured_cycle_s, ", ");
		jnum(out, "throughput_per_s", cl->cycles / W, "}, \"modelled\": {");
		jnum(out, "cycle_s", r->base->cycle_s[c], ", ");
		jnum(out, "throughput_per_s", r->base->class_throughput[c], "}, \"predicted\": {");
		jnum(out, "cycle_s", p->cycle_s[c], ", ");
		jnum(out, "throughput_per_s", p->class_throughput[c], "}, ");
		json_activities(m, cl, out);
		fputs(c + 1 < m->classes_count ? "},\n" : "}\n", out);
	}
	fputs("  ],\n", out);
}

static void json_threads(const struct model *m, const struct model_prediction *base, FILE *out)
{
	fputs("  \"threads\": [\n", out);
	for (size_t i = 0; i < m->threads.count; i++) {
		const struct model_thread_row *t = MODEL_AT(m->threads, struct model_thread_row, i);

		fprintf(out, "    {\"vtid\": %lld, \"procname\": ", (long long)t->vtid);
		json_string_write(t->procname, out);
		fputs(", \"class\": ", out);
		if (t->cls == SIZE_MAX)
			fputs("null", out);
		else
			json_string_write(m->classes[t->cls].name, out);
		fprintf(out, ", \"cycles\": %zu, \"api_calls\": %zu, ", t->cycles, t->api_calls);
		jnum(out, "span_s", t->span_s, ", ");
		jnum(out, "measured_cycle_s", t->cycles ? t->span_s / t->cycles : NAN, ", ");
		jnum(out, "modelled_cycle_s", t->cls == SIZE_MAX ? NAN : base->cycle_s[t->cls], ", ");
		/* its last cycle as queues=N on the CPU runtime takes it (model_lastwait.h) */
		if (t->last_queues) {
			fprintf(out, "\"last_cycle\": {\"queues\": %u, \"kernels\": %u, ",
				t->last_queues, t->last_kernels);
			jnum(out, "span_s", t->last_chain_s, ", ");
			jnum(out, "runtime_cpu_s", t->last_runtime_cpu_s, "}}");
		} else {
			fputs("\"last_cycle\": null}", out);
		}
		fputs(i + 1 < m->threads.count ? ",\n" : "\n", out);
	}
	fputs("  ],\n", out);
}

/* The process's CPU per cycle and what it was measured over (null without it). */
static void json_process_cpu(const struct model *m, FILE *out)
{
	if (m->demand_source != MODEL_DEMAND_PROCESS_CPU) {
		fputs(", \"process_cpu_per_cycle_s\": null, \"process_cpu_s\": null, "
		      "\"process_cpu_cycles\": null, \"process_cpu_first_ns\": null, "
		      "\"process_cpu_last_ns\": null, \"process_cpu_cycle_s\": null, "
		      "\"process_cpu_host_per_cycle_s\": null, \"process_cpu_per_cycle_lo_s\": null, "
		      "\"process_cpu_cycles_lo\": null", out);
		return;
	}
	fprintf(out, ", \"process_cpu_per_cycle_s\": %.9g, \"process_cpu_s\": %.9g, "
		"\"process_cpu_cycles\": %zu, \"process_cpu_first_ns\": %lld, "
		"\"process_cpu_last_ns\": %lld, \"process_cpu_cycle_s\": %.9g, "
		"\"process_cpu_host_per_cycle_s\": %.9g, \"process_cpu_per_cycle_lo_s\": ",
		m->pcpu_per_cycle_s, m->pcpu_s, m->pcpu_cycles, (long long)m->pcpu_first_ns,
		(long long)m->pcpu_last_ns, m->pcpu_cycle_s, m->pcpu_host_per_cycle_s);
	if (m->pcpu_cycles_lo)
		fprintf(out, "%.9g, \"process_cpu_cycles_lo\": %zu", m->pcpu_per_cycle_lo_s,
			m->pcpu_cycles_lo);
	else
		fputs("null, \"process_cpu_cycles_lo\": null", out);
}

/* The CPU runtime's one processor (model_shared.c), or null. */
/* The demand falling with the load (model_loaddemand.h): its parameters, null when flat;
 * why (null without the process clock). */
static void json_load_demand(const struct model *m, FILE *out)
{
	if (m->load_demand)
		fprintf(out, ", \"demand_work_s\": %.9g, \"demand_handoff_s\": %.9g, "
			"\"demand_util\": %.9g", m->load_work_s, m->load_handoff_s, m->load_util);
	else
		fputs(", \"demand_work_s\": null, \"demand_handoff_s\": null, "
		      "\"demand_util\": null", out);
	fputs(", \"load_demand_how\": ", out);
	if (m->demand_source == MODEL_DEMAND_PROCESS_CPU)
		json_string_write(m->load_demand_how, out);
	else
		fputs("null", out);
}

static void json_shared_cpus(const struct model *m, FILE *out)
{
	if (!m->shared) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"servers\": %u, \"capacity\": %.9g, \"servers_note\": \"the capacity "
		"rounded: the multiplicity --lqn writes (an integer); the solver takes the "
		"capacity\", \"demand_factor\": %.9g, \"latency_s\": ", m->shared_servers,
		m->shared_capacity, m->shared_factor);
	if (m->shared_fitted)
		fprintf(out, "%.9g, \"setup_teardown_s\": %.9g, \"end_waits_s\": %.9g",
			m->shared_think_s, m->shared_rest_s, m->shared_end_waits_s);
	else
		fputs("null, \"setup_teardown_s\": null, \"end_waits_s\": null", out);
	/* the steady cycle times at the two loads the servers came from (null: one load) */
	if (m->load_hi)
		fprintf(out, ", \"load_lo\": %u, \"cycle_lo_s\": %.9g, \"cycles_lo\": %zu, "
			"\"load_hi\": %u, \"cycle_hi_s\": %.9g, \"cycles_hi\": %zu", m->load_lo,
			m->cycle_lo_s, m->cycles_lo, m->load_hi, m->cycle_hi_s, m->cycles_hi);
	else
		fputs(", \"load_lo\": null, \"cycle_lo_s\": null, \"cycles_lo\": null, "
		      "\"load_hi\": null, \"cycle_hi_s\": null, \"cycles_hi\": null", out);
	fprintf(out, ", \"demand_source\": \"%s\", \"demand_how\": ", demand_source_name(m));
	json_string_write(m->demand_how, out);
	json_process_cpu(m, out);
	json_load_demand(m, out);
	fputs(", \"how\": ", out);
	json_string_write(m->shared_how, out);
	fputc('}', out);
}

/* The "predicted" object's members and its closing brace. */
static void json_predicted(const struct model_report *r, FILE *out)
{
	const struct model *m = r->model;
	const struct model_prediction *p = r->whatif ? r->whatif : r->base;

	jnum(out, "total_s", p->total_s, ", ");
	jnum(out, "window_s", p->window_s, ", ");
	jnum(out, "throughput_per_s", p->throughput, ", ");
	jnum(out, "total_change_pct", change_pct(p->total_s, r->base->total_s), ", ");
	jnum(out, "throughput_change_pct", change_pct(p->throughput, r->base->throughput), ", ");
	jnum(out, "queues_saving_s", p->queues_saving_s, ", ");
	/* the host CPUs' cores' worth the solver took (model_loaddemand_capacity) */
	if (m->shared && m->stations_count)
		jnum(out, "host_cpu_capacity", p->capacity[0], ", ");
	else
		fputs("\"host_cpu_capacity\": null, ", out);
	/* the process's CPU per cycle at that load */
	if (m->demand_source == MODEL_DEMAND_PROCESS_CPU)
		jnum(out, "host_cpu_demand_s", p->host_cpu_demand_s, "},\n");
	else
		fputs("\"host_cpu_demand_s\": null},\n", out);
}

int model_write_json(const struct model_report *r, FILE *out)
{
	const struct model *m = r->model;
	const struct model_prediction *p = r->whatif ? r->whatif : r->base;
	double W = m->window_s > 0.0 ? m->window_s : 1e-9, cycles = 0.0;
	char buf[256];

	for (size_t c = 0; c < m->classes_count; c++)
		cycles += m->classes[c].cycles;
	fputs("{\n  \"trace\": ", out);
	json_string_write(r->trace, out);
	fprintf(out, ",\n  \"process\": {\"vpid\": %lld, \"procname\": ", (long long)m->vpid);
	json_string_write(m->procname, out);
	fprintf(out, "},\n  \"other_processes\": %zu,\n  \"host_demand\": ", m->other_processes);
	json_string_write(host_demand_text(m), out);
	fprintf(out, ",\n  \"host_demand_source\": \"%s\",\n  \"kernel_trace\": %s,\n"
		"  \"cpu_time_threads\": %zu,\n  \"tracer_cpu_threads\": %zu,\n"
		"  \"cpu_runtime\": %s,\n  \"cpu_runtime_note\": ", host_demand_source(m),
		m->kernel_trace ? "true" : "false", m->cpu_time_threads, m->tracer_cpu_threads,
		m->cpu_runtime ? "true" : "false");
	if (m->cpu_runtime)
		json_string_write(cpu_runtime_note(m), out);
	else
		fputs("null", out);
	fputs(",\n  \"shared_cpus\": ", out);
	json_shared_cpus(m, out);
	fputs(",\n  \"workers\": ", out);
	model_workers_json(m, r->whatif ? r->changes : NULL, out);
	fprintf(out, ",\n  \"cores\": %u,\n  \"cores_estimate\": ", m->cores);
	json_string_write(m->cores_how, out);
	fputs(",\n  \"solver\": ", out);
	json_string_write(p->method, out);
	fputs(",\n  \"measured\": {", out);
	jnum(out, "total_s", m->total_s, ", ");
	jnum(out, "window_s", m->window_s, ", ");
	jnum(out, "throughput_per_s", cycles / W, "},\n  \"modelled\": {");
	jnum(out, "total_s", r->base->total_s, ", ");
	jnum(out, "window_s", r->base->window_s, ", ");
	jnum(out, "throughput_per_s", r->base->throughput, ", ");
	jnum(out, "error_pct", change_pct(r->base->total_s, m->total_s), "},\n  \"predicted\": {");
	json_predicted(r, out);
	fputs("  \"what_if\": ", out);
	if (r->whatif) {
		json_string_write(whatif_text(r->changes, buf, sizeof(buf)), out);
		fputs(",\n", out);
	} else {
		fputs("null,\n", out);
	}
	json_resources(r, out);
	json_classes(r, out);
	json_threads(m, r->base, out);
	fprintf(out, "  \"schema\": \"hsatrace-model 1\"\n}\n");
	return ferror(out) ? -1 : 0;
}
