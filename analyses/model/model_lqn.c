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
		"think-time=\"%.9g\">\n", id, p->population[c], cl->think_s);
	fprintf(out, "         <entry name=\"%s_cycle\" type=\"PH1PH2\">\n"
		"            <entry-phase-activities>\n", id);
	fprintf(out, "               <activity name=\"%s_host\" phase=\"1\" "
		"host-demand-mean=\"%.9g\"", id, cl->demand[0]);
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
