/*
 * model_lqn - the model as a layered queueing network file (.lqnx, valid against LQN's
 * lqn.xsd), for lqns / lqsim:
 *
 *   processor host_cpus (ps, multiplicity = cores)
 *     task CLASS (ref, multiplicity = threads, think-time = delay per cycle)
 *       entry CLASS_cycle: phase 1 activity, host demand = host time per cycle,
 *         synch-call to each device entry, calls-mean = visits per cycle
 *   processor DEVICE (ps, multiplicity = estimated servers)
 *     task DEVICE_task (inf: the processor queues)
 *       entry CLASS_CALL per class and call: phase 1, host demand = its mean demand
 *       entry DEVICE_async for the work nobody waited for, asynch-called by every class
 *         at the rate of its cycles
 *
 * On the CPU runtime (m->shared) the solver has one processor, the host CPUs, serving every
 * activity of a cycle; the file holds that network (write_shared below):
 *
 *   processor host_cpus (ps, multiplicity = the solver's servers: its capacity rounded)
 *     task CLASS (ref, multiplicity = threads, think-time = the solver's think time: the
 *       latency fitted, or the delay without the runtime's work)
 *       entry CLASS_cycle: one activity, host demand = the solver's demand per cycle or,
 *         split (the activities' demands, not the process's CPU clock), its host phases and
 *         the runtime's work, with a synch-call per device call
 *     task runtime (inf): the calls' entries, host demand = mean demand x demand factor;
 *       host_async, the work nobody waited for, asynch-called once per cycle
 *
 * Every number is the one the solver took (model_prediction's queued_s, own_s, think_s,
 * async_s, capacity): with --what-if, the changed network.
 *
 * Names become identifiers ([A-Za-z0-9_], numbered to stay unique).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "analyses/model/model.h"

#define LQN_ID_MAX 80

/* name as an LQN identifier, suffixed with n when n is not SIZE_MAX */
static const char *ident(const char *name, size_t n, char *buf, size_t size)
{
	size_t j = 0;

	for (size_t i = 0; name[i] && j + 1 < size && j < LQN_ID_MAX; i++) {
		unsigned char ch = (unsigned char)name[i];

		if (isalnum(ch))
			buf[j++] = (char)ch;
		else if (j && buf[j - 1] != '_')
			buf[j++] = '_';
	}
	while (j && buf[j - 1] == '_')
		j--;
	if (!j || isdigit((unsigned char)buf[0])) {
		memmove(buf + 1, buf, j < size - 1 ? j : size - 2);
		buf[0] = 'x';
		j = j < size - 1 ? j + 1 : size - 1;
	}
	buf[j] = '\0';
	if (n != SIZE_MAX)
		snprintf(buf + j, size - j, "_%zu", n);
	return buf;
}

static void xml_attr(const char *s, FILE *out)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		default:
			fputc((unsigned char)*s < 0x20 ? ' ' : *s, out);
		}
	}
}

static double speed_of(const struct model_station *st, const struct model_whatif *w)
{
	if (!w)
		return 1.0;
	return st->kind == MODEL_GPU ? w->gpu_speed : st->kind == MODEL_COPY ? w->copy_speed : 1.0;
}

static int is_call(const struct model *m, const struct model_activity *a)
{
	return !a->delay && m->stations[a->station].kind != MODEL_CPU;
}

/* The SCV of a class's host demand per cycle: its host activities', weighted by count. */
static double host_scv(const struct model *m, const struct model_class *c, int *known)
{
	double sum = 0.0, n = 0.0;

	for (size_t i = 0; i < c->activities.count; i++) {
		const struct model_activity *a = MODEL_AT(c->activities, struct model_activity, i);

		if (a->delay || m->stations[a->station].kind != MODEL_CPU || a->scv < 0)
			continue;
		sum += a->scv * a->count;
		n += a->count;
	}
	*known = n > 0.0;
	return n > 0.0 ? sum / n : 0.0;
}

/* Asynchronous work is spread over every class's cycles, as the solver spreads it. */
static double total_cycles(const struct model *m)
{
	double n = 0.0;

	for (size_t c = 0; c < m->classes_count; c++)
		n += m->classes[c].cycles;
	return n > 0.0 ? n : 1.0;
}

static void write_class(const struct model *m, const struct model_prediction *p, size_t c,
			FILE *out)
{
	const struct model_class *cl = &m->classes[c];
	char id[LQN_ID_MAX + 24], entry[2 * LQN_ID_MAX + 24];
	int known;
	double scv = host_scv(m, cl, &known);

	ident(cl->name, SIZE_MAX, id, sizeof(id));
	fprintf(out, "      <task name=\"%s\" scheduling=\"ref\" multiplicity=\"%u\" "
		"think-time=\"%.9g\">\n", id, p->population[c], p->think_s[c]);
	fprintf(out, "         <entry name=\"%s_cycle\" type=\"PH1PH2\">\n"
		"            <entry-phase-activities>\n", id);
	fprintf(out, "               <activity name=\"%s_host\" phase=\"1\" "
		"host-demand-mean=\"%.9g\"", id, p->queued_s[c * m->stations_count]);
	if (known)
		fprintf(out, " host-demand-cvsq=\"%.6g\"", scv);
	fputs(">\n", out);
	for (size_t i = 0; i < cl->activities.count; i++) {
		const struct model_activity *a = MODEL_AT(cl->activities, struct model_activity, i);
		char act[LQN_ID_MAX + 24];

		if (!is_call(m, a))
			continue;
		snprintf(entry, sizeof(entry), "%s_%s", id, ident(a->name, i, act, sizeof(act)));
		fprintf(out, "                  <synch-call dest=\"%s\" calls-mean=\"%.9g\"/>\n",
			entry, a->count / cl->cycles);
	}
	for (size_t k = 1; k < m->stations_count; k++) {
		char dev[LQN_ID_MAX + 24];

		if (!m->stations[k].async_calls)
			continue;
		fprintf(out, "                  <asynch-call dest=\"%s_async\" calls-mean=\"%.9g\"/>\n",
			ident(m->stations[k].name, k, dev, sizeof(dev)),
			m->stations[k].async_calls / total_cycles(m));
	}
	fputs("               </activity>\n            </entry-phase-activities>\n"
	      "         </entry>\n      </task>\n", out);
}

static void write_device(const struct model *m, const struct model_whatif *w,
			 const struct model_prediction *p, size_t k, FILE *out)
{
	const struct model_station *st = &m->stations[k];
	char id[LQN_ID_MAX + 24], cls[LQN_ID_MAX + 24], act[LQN_ID_MAX + 24];
	int any = 0;

	for (size_t c = 0; c < m->classes_count; c++)
		for (size_t i = 0; i < m->classes[c].activities.count; i++) {
			const struct model_activity *a =
				MODEL_AT(m->classes[c].activities, struct model_activity, i);

			any |= is_call(m, a) && a->station == k;
		}
	if (!any && !st->async_calls)
		return;
	ident(st->name, k, id, sizeof(id));
	fprintf(out, "   <processor name=\"%s\" scheduling=\"ps\" multiplicity=\"%u\">\n", id,
		p->servers[k]);
	fprintf(out, "      <task name=\"%s_task\" scheduling=\"inf\">\n", id);
	for (size_t c = 0; c < m->classes_count; c++) {
		const struct model_class *cl = &m->classes[c];

		ident(cl->name, SIZE_MAX, cls, sizeof(cls));
		for (size_t i = 0; i < cl->activities.count; i++) {
			const struct model_activity *a =
				MODEL_AT(cl->activities, struct model_activity, i);

			if (!is_call(m, a) || a->station != k)
				continue;
			ident(a->name, i, act, sizeof(act));
			fprintf(out, "         <entry name=\"%s_%s\" type=\"PH1PH2\">\n"
				"            <entry-phase-activities>\n"
				"               <activity name=\"%s_%s_ph1\" phase=\"1\" "
				"host-demand-mean=\"%.9g\"", cls, act, cls, act,
				a->mean_s / speed_of(st, w));
			if (a->scv >= 0)
				fprintf(out, " host-demand-cvsq=\"%.6g\"", a->scv);
			fputs("/>\n            </entry-phase-activities>\n         </entry>\n", out);
		}
	}
	if (st->async_calls) {
		fprintf(out, "         <entry name=\"%s_async\" type=\"PH1PH2\">\n"
			"            <entry-phase-activities>\n"
			"               <activity name=\"%s_async_ph1\" phase=\"1\" "
			"host-demand-mean=\"%.9g\"/>\n"
			"            </entry-phase-activities>\n         </entry>\n", id, id,
			st->async_demand_s / st->async_calls / speed_of(st, w));
	}
	fputs("      </task>\n   </processor>\n", out);
}

/* The solver's host CPUs hold class c's calls apart: its demand there beyond the device
 * calls' own (the host phases, the runtime's work, workers= wake-ups), in *rest; 0 when
 * the process's CPU clock gave one demand per cycle, or when that rest would be negative. */
static int shared_split(const struct model *m, const struct model_prediction *p, size_t c,
			double *rest)
{
	size_t K = m->stations_count;

	*rest = p->queued_s[c * K];
	for (size_t k = 1; k < K; k++)
		*rest -= p->own_s[c * K + k];
	return m->demand_source != MODEL_DEMAND_PROCESS_CPU && *rest >= 0.0;
}

/* The mean demand of one call as the solver took it: its station's own busy time per cycle
 * (speed and factor applied) over its class's demand there, times the call's mean. */
static double shared_call_demand(const struct model *m, const struct model_prediction *p,
				 size_t c, const struct model_activity *a)
{
	size_t K = m->stations_count;
	double raw = m->classes[c].demand[a->station];

	return raw > 0.0 ? a->mean_s * p->own_s[c * K + a->station] / raw : 0.0;
}

static void write_shared_class(const struct model *m, const struct model_prediction *p,
			       size_t c, FILE *out)
{
	const struct model_class *cl = &m->classes[c];
	char id[LQN_ID_MAX + 24], act[LQN_ID_MAX + 24];
	double rest;
	int split = shared_split(m, p, c, &rest);

	ident(cl->name, SIZE_MAX, id, sizeof(id));
	fprintf(out, "      <task name=\"%s\" scheduling=\"ref\" multiplicity=\"%u\" "
		"think-time=\"%.9g\">\n", id, p->population[c], p->think_s[c]);
	fprintf(out, "         <entry name=\"%s_cycle\" type=\"PH1PH2\">\n"
		"            <entry-phase-activities>\n"
		"               <activity name=\"%s_%s\" phase=\"1\" host-demand-mean=\"%.9g\">\n",
		id, id, split ? "host" : "cycle", split ? rest : p->queued_s[c * m->stations_count]);
	for (size_t i = 0; split && i < cl->activities.count; i++) {
		const struct model_activity *a = MODEL_AT(cl->activities, struct model_activity, i);

		if (is_call(m, a))
			fprintf(out, "                  <synch-call dest=\"%s_%s\" "
				"calls-mean=\"%.9g\"/>\n", id, ident(a->name, i, act, sizeof(act)),
				a->count / cl->cycles);
	}
	if (p->async_s[0] > 0.0)
		fputs("                  <asynch-call dest=\"host_async\" calls-mean=\"1\"/>\n", out);
	fputs("               </activity>\n            </entry-phase-activities>\n"
	      "         </entry>\n      </task>\n", out);
}

static void write_shared_entry(const char *entry, double demand, double scv, FILE *out)
{
	fprintf(out, "         <entry name=\"%s\" type=\"PH1PH2\">\n"
		"            <entry-phase-activities>\n"
		"               <activity name=\"%s_ph1\" phase=\"1\" host-demand-mean=\"%.9g\"",
		entry, entry, demand);
	if (scv >= 0)
		fprintf(out, " host-demand-cvsq=\"%.6g\"", scv);
	fputs("/>\n            </entry-phase-activities>\n         </entry>\n", out);
}

/* The infinite task on the host CPUs serving the calls the classes make apart and the work
 * nobody waited for; nothing when there are none. */
static void write_shared_runtime(const struct model *m, const struct model_prediction *p,
				 FILE *out)
{
	char cls[LQN_ID_MAX + 24], act[LQN_ID_MAX + 24], entry[2 * LQN_ID_MAX + 24];
	int opened = 0;
	double rest;

	for (size_t c = 0; c < m->classes_count; c++) {
		const struct model_class *cl = &m->classes[c];

		if (!shared_split(m, p, c, &rest))
			continue;
		ident(cl->name, SIZE_MAX, cls, sizeof(cls));
		for (size_t i = 0; i < cl->activities.count; i++) {
			const struct model_activity *a =
				MODEL_AT(cl->activities, struct model_activity, i);

			if (!is_call(m, a))
				continue;
			if (!opened++)
				fputs("      <task name=\"runtime\" scheduling=\"inf\">\n", out);
			snprintf(entry, sizeof(entry), "%s_%s", cls,
				 ident(a->name, i, act, sizeof(act)));
			write_shared_entry(entry, shared_call_demand(m, p, c, a), a->scv, out);
		}
	}
	if (p->async_s[0] > 0.0) {
		if (!opened++)
			fputs("      <task name=\"runtime\" scheduling=\"inf\">\n", out);
		write_shared_entry("host_async", p->async_s[0], -1.0, out);
	}
	if (opened)
		fputs("      </task>\n", out);
}

/* What the file holds of the solver's network, and what differs from it. */
static void write_shared_comment(const struct model *m, const struct model_prediction *p,
				 FILE *out)
{
	fprintf(out, "   <!-- hsatrace model, CPU runtime: the host CPUs are the one processor "
		"every activity of a cycle queues for (demand source: %s). The solver's capacity "
		"is %.6g cores' worth; LQN's multiplicity is an integer: host_cpus has %u%s. "
		"Demands and think times are the solver's (demand factor %.6g applied). Not in "
		"the file: the setup, teardown and stagger the predicted totals add to the "
		"cycles. -->\n",
		m->demand_source == MODEL_DEMAND_PROCESS_CPU ? "the process's CPU clock, one "
		"demand per cycle: the kernels, copies and the runtime's work are in it" :
		m->demand_source == MODEL_DEMAND_TWO_LOADS ? "the activities' times, one core's "
		"worth and a latency fitted to two loads" : "the activities' times, calibrated "
		"to the measured cycle", p->capacity[0], p->servers[0],
		p->capacity[0] == (double)p->servers[0] ? " (exact)" :
		" (the capacity rounded: lqns solves another network)", m->shared_factor);
}

/* The CPU runtime's one-processor network. */
static void write_shared(const struct model *m, const struct model_prediction *p, FILE *out)
{
	write_shared_comment(m, p, out);
	fprintf(out, "   <processor name=\"host_cpus\" scheduling=\"ps\" multiplicity=\"%u\">\n",
		p->servers[0]);
	for (size_t c = 0; c < m->classes_count; c++)
		write_shared_class(m, p, c, out);
	write_shared_runtime(m, p, out);
	fputs("   </processor>\n", out);
}

int model_write_lqn(const struct model *m, const struct model_whatif *w,
		    const struct model_prediction *p, const char *trace, FILE *out)
{
	char id[LQN_ID_MAX + 24];

	fputs("<?xml version=\"1.0\"?>\n", out);
	fprintf(out, "<lqn-model name=\"%s\" description=\"",
		ident(m->procname, SIZE_MAX, id, sizeof(id)));
	fputs("hsatrace model of ", out);
	xml_attr(trace, out);
	fputs("\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
	      "xsi:noNamespaceSchemaLocation=\"lqn.xsd\">\n", out);
	fputs("   <solver-params comment=\"", out);
	xml_attr(m->cpu_time_threads ? "host demand: CPU time (kernel trace); delays (launch, "
		 "wake-up, other threads, off a CPU) as think time" :
		 m->tracer_cpu_threads ? "host demand: thread CPU time (tracer); delays (launch, "
		 "wake-up, other threads, off a CPU) as think time" :
		 "host demand: time between API calls; delays (launch, wake-up, other threads) "
		 "as think time", out);
	fputs("\" conv_val=\"1e-06\" it_limit=\"100\" print_int=\"10\" "
	      "underrelax_coeff=\"0.9\"/>\n", out);
	if (m->shared) {
		write_shared(m, p, out);
		fputs("</lqn-model>\n", out);
		return ferror(out) ? -1 : 0;
	}
	fprintf(out, "   <processor name=\"host_cpus\" scheduling=\"ps\" multiplicity=\"%u\">\n",
		p->servers[0]);
	for (size_t c = 0; c < m->classes_count; c++)
		write_class(m, p, c, out);
	fputs("   </processor>\n", out);
	for (size_t k = 1; k < m->stations_count; k++)
		write_device(m, w, p, k, out);
	fputs("</lqn-model>\n", out);
	return ferror(out) ? -1 : 0;
}
