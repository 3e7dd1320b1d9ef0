/*
 * model_trace + model_build + model_solve on a scenario of known numbers, fed event by event
 * as model_read.c feeds a trace: one thread, 4 cycles of a host phase, a dispatch of 300 us
 * and a wait of 400 us on its completion signal. The cycles, demands and delay are what the
 * numbers give; the model reproduces its own trace exactly (one customer). With
 * sched_switch events taking the thread off its CPU 50 us in each phase, the host demand is
 * its CPU time and the 50 us a delay; so with the tracer's CPU clock at each wait
 * (signal_wait, schema 2.2) instead, the setup phase counted from the thread's start and the
 * teardown kept as wall time, unless --host-demand=wall. A dispatch nobody waits for is asynchronous work, and
 * the LQN file holding it validates. What cannot be modelled is refused with its reason.
 * Waits cut into slices (timed out, re-issued on the same signal) model as the unsplit
 * waits; a timed-out wait followed by a wait on another signal, or by another call, and a
 * met wait followed by a wait on the same signal, stay separate waits; what is timed out
 * for each HSA condition.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/xmlschemas.h>

#include "analyses/model/model.h"
#include "tests/model/events.h"
#include "tap.h"

#define US 1000
#define CYCLES 4
#define PHASE_START(k) (10 * US + (int64_t)(k) * 1000 * US)

static void api(int64_t ts, int entry, const char *fn, uint64_t corr, uint64_t signal)
{
	struct model_event *e =
		events_push(entry ? MODEL_EV_API_ENTRY : MODEL_EV_API_EXIT, ts, 11);

	e->function = fn;
	e->correlation_id = corr;
	e->signal = entry ? signal : 0;
}

static void sched(int64_t ts, int64_t prev, int64_t next)
{
	struct model_event *e = events_push(MODEL_EV_SCHED_SWITCH, ts, 0);

	e->has_process = 0;
	e->prev_tid = prev;
	e->next_tid = next;
}

#define CPU_BEFORE_FIRST_EVENT (5 * US)	/* the thread's CPU clock at its first event */
#define CPU_IN_WAIT (2 * US)

/* The tracer's signal_wait inside wait k: on a CPU all of each phase but 50 us, and
 * CPU_IN_WAIT of each wait (phase 0 runs from the first event at 1 us to 110 us). */
static void thread_cpu(int k, int64_t p, uint64_t corr)
{
	struct model_event *e = events_push(MODEL_EV_SIGNAL_WAIT, p + 500 * US - 2, 11);
	int64_t phases = (110 - 1 - 50) * US + (int64_t)k * (600 - 50) * US;

	e->correlation_id = corr;
	e->has_thread_cpu = 1;
	e->thread_cpu_begin_ns = CPU_BEFORE_FIRST_EVENT + phases + k * CPU_IN_WAIT;
	e->thread_cpu_end_ns = e->thread_cpu_begin_ns + CPU_IN_WAIT;
}

/* Every scenario's start: no events, then the two agents and the thread's queue. */
static void scenario_begin(void)
{
	struct model_event *e;

	events_clear();
	e = events_push(MODEL_EV_AGENT, 0, 10);
	e->agent = 1, e->name = "cpu", e->device_type = 0, e->compute_units = 4;
	e = events_push(MODEL_EV_AGENT, 1, 10);
	e->agent = 2, e->name = "testgpu", e->device_type = 1, e->compute_units = 8;
	api(1 * US, 1, "hsa_queue_create", 1, 0);
	api(2 * US, 0, "hsa_queue_create", 1, 0);
}

/* The scenario; with_sched adds the kernel trace's context switches; with_async a
 * dispatch of 35 us in the teardown, which nobody waits for; with_cpu the tracer's CPU
 * clock at the waits. */
static void scenario_full(int cycles, int with_sched, int with_async, int with_cpu)
{
	struct model_event *e;

	scenario_begin();
	if (with_sched)
		sched(1 * US, 0, 11);
	for (int k = 0; k < cycles; k++) {
		int64_t p = PHASE_START(k);

		e = events_push(MODEL_EV_SUBMIT, p + 50 * US, 11);
		e->queue_id = 1, e->packet_index = (uint64_t)k, e->packet_type = 2;
		e->signal = 0x5000, e->name = "k";
		api(p + 100 * US, 1, "hsa_signal_wait_scacquire", 100 + (uint64_t)k, 0x5000);
		e = events_push(MODEL_EV_KERNEL, p + 450 * US, 99);
		e->queue_id = 1, e->packet_index = (uint64_t)k, e->agent = 2;
		e->begin_ns = p + 110 * US, e->end_ns = p + 410 * US;
		if (with_cpu)
			thread_cpu(k, p, 100 + (uint64_t)k);
		api(p + 500 * US, 0, "hsa_signal_wait_scacquire", 100 + (uint64_t)k, 0);
		if (with_sched) {
			/* off its CPU 50 us inside the phase before this wait, and while waiting */
			sched(p + 20 * US, 11, 0);
			sched(p + 70 * US, 0, 11);
			sched(p + 100 * US + 1, 11, 0);
			sched(p + 500 * US - 1, 0, 11);
		}
	}
	if (with_async) {
		int64_t p = PHASE_START(cycles);

		e = events_push(MODEL_EV_SUBMIT, p + 5 * US, 11);
		e->queue_id = 1, e->packet_index = (uint64_t)cycles, e->packet_type = 2;
		e->name = "late";
		e = events_push(MODEL_EV_KERNEL, p + 45 * US, 99);
		e->queue_id = 1, e->packet_index = (uint64_t)cycles, e->agent = 2;
		e->begin_ns = p + 5 * US, e->end_ns = p + 40 * US;
	}
	api(PHASE_START(cycles) + 20 * US, 1, "hsa_queue_destroy", 2, 0);
	api(PHASE_START(cycles) + 30 * US, 0, "hsa_queue_destroy", 2, 0);
	events_sort();
}

static void scenario(int cycles, int with_sched)
{
	scenario_full(cycles, with_sched, 0, 0);
}

static int build_from(struct model_trace *t, struct model *m, enum model_host_demand host,
		      char *err, size_t size)
{
	if (events_feed(t))
		return -1;
	return model_build(m, t, host, err, size);
}

static int build(struct model_trace *t, struct model *m, char *err, size_t size)
{
	return build_from(t, m, MODEL_HOST_AUTO, err, size);
}

static const struct model_activity *activity(const struct model_class *c, const char *name)
{
	for (size_t i = 0; i < c->activities.count; i++) {
		const struct model_activity *a = MODEL_AT(c->activities, struct model_activity, i);

		if (strcmp(a->name, name) == 0)
			return a;
	}
	return NULL;
}

static int near(double got, double want)
{
	return fabs(got - want) <= 1e-9 + 1e-9 * fabs(want);
}

static void without_kernel_trace(void)
{
	struct model_trace t;
	struct model m;
	struct model_prediction p;
	char err[256] = "";
	/* host time: the thread's span minus its 4 waits of 400 us */
	double span = (PHASE_START(CYCLES) + 30 * US - 1 * US) / 1e9;
	double host = (span - CYCLES * 400e-6) / CYCLES;
	const struct model_activity *k;

	scenario(CYCLES, 0);
	if (build(&t, &m, err, sizeof(err))) {
		ok(0, "model built: %s", err);
		model_trace_release(&t);
		return;
	}
	ok(m.classes_count == 1 && m.classes[0].threads == 1 && m.classes[0].cycles == CYCLES,
	   "one class, one thread, %d cycles", CYCLES);
	ok(m.stations_count == 2 && m.stations[0].servers == 4 && m.stations[1].servers == 1,
	   "stations: 4 host CPUs (the CPU agent's compute units), one GPU server");
	k = activity(&m.classes[0], "k");
	ok(k && k->count == CYCLES && near(k->mean_s, 300e-6) && near(k->scv, 0.0),
	   "kernel k: %d synchronous calls of 300 us", CYCLES);
	ok(near(m.classes[0].think_s, 100e-6), "delay: the 100 us of each wait the kernel does "
	   "not explain (got %g)", m.classes[0].think_s);
	ok(near(m.classes[0].demand[0], host), "host demand per cycle: the time between calls "
	   "(%g, want %g)", m.classes[0].demand[0], host);
	ok(m.cpu_time_threads == 0 && !m.kernel_trace, "no kernel trace: wall-time demands");
	if (model_solve(&m, NULL, &p, err, sizeof(err)) == 0) {
		ok(near(p.total_s, m.total_s), "one customer: the model reproduces its trace "
		   "(%.9f vs %.9f s)", p.total_s, m.total_s);
		model_prediction_release(&p);
	} else {
		ok(0, "solved: %s", err);
	}
	model_release(&m);
	model_trace_release(&t);
}

static void with_kernel_trace(void)
{
	struct model_trace t;
	struct model m;
	char err[256] = "";
	double span = (PHASE_START(CYCLES) + 30 * US - 1 * US) / 1e9;
	double host = (span - CYCLES * 400e-6) / CYCLES;
	const struct model_activity *off;

	scenario(CYCLES, 1);
	if (build(&t, &m, err, sizeof(err))) {
		ok(0, "model built: %s", err);
		model_trace_release(&t);
		return;
	}
	off = activity(&m.classes[0], "off a CPU in host phases");
	ok(m.kernel_trace && m.cpu_time_threads == 1, "sched_switch names the thread: CPU-time "
	   "demands");
	/* 50 us off in each phase before a wait; on its CPU 2 ns of each wait, which is not a
	 * phase's */
	ok(near(m.classes[0].demand[0], host - 50e-6), "host demand per cycle: CPU time, 50 us "
	   "less (%g)", m.classes[0].demand[0]);
	ok(off && near(off->mean_s * off->count / CYCLES, 50e-6),
	   "the time off a CPU is a delay of its own");
	model_release(&m);
	model_trace_release(&t);
}

static void with_tracer_cpu(void)
{
	struct model_trace t;
	struct model m;
	char err[256] = "";
	double span = (PHASE_START(CYCLES) + 30 * US - 1 * US) / 1e9;
	double host = (span - CYCLES * 400e-6) / CYCLES;
	/* the setup phase's CPU counts from the thread's start: the 5 us before its first event
	 * are in it */
	double cpu = host - 50e-6 + CPU_BEFORE_FIRST_EVENT / 1e9 / CYCLES;
	const struct model_activity *off;

	scenario_full(CYCLES, 0, 0, 1);
	if (build(&t, &m, err, sizeof(err))) {
		ok(0, "model built: %s", err);
		model_trace_release(&t);
		return;
	}
	off = activity(&m.classes[0], "off a CPU in host phases");
	ok(!m.kernel_trace && m.tracer_cpu_threads == 1 && m.cpu_time_threads == 0,
	   "the tracer's CPU clock at the waits: CPU-time demands without a kernel trace");
	ok(near(m.classes[0].demand[0], cpu), "host demand per cycle: the thread's CPU time in "
	   "its phases, the teardown's wall time (%g, want %g)", m.classes[0].demand[0], cpu);
	ok(off && near(off->mean_s * off->count / CYCLES, host - cpu),
	   "the rest of the phases, off a CPU, is a delay of its own");
	model_release(&m);
	model_trace_release(&t);
	if (build_from(&t, &m, MODEL_HOST_WALL, err, sizeof(err)) == 0)
		ok(near(m.classes[0].demand[0], host) && m.tracer_cpu_threads == 0 &&
		   !activity(&m.classes[0], "off a CPU in host phases"),
		   "--host-demand=wall on the same events: the time between calls (%g)",
		   m.classes[0].demand[0]);
	else
		ok(0, "model built with --host-demand=wall: %s", err);
	model_release(&m);
	model_trace_release(&t);
	scenario(CYCLES, 0);
	ok(build_from(&t, &m, MODEL_HOST_CPU, err, sizeof(err)) == -1 &&
	   strstr(err, "--host-demand=cpu: the trace has no CPU time"),
	   "--host-demand=cpu without CPU times: refused (%s)", err);
	model_trace_release(&t);
}

/* One slice of a wait in scenario_sliced: the signal it waits for, whether it returned with
 * its condition (EQ 0) met, whether another call (a signal load) comes before it; or, with
 * given set, its condition, compare value and the value it returned. */
struct slice {
	uint64_t signal;
	int met, call_before;
	int given;
	int32_t condition;
	int64_t compare_value, retval;
};

/* A wait call of scenario_sliced, from begin to end: condition EQ 0, returning 0 when met,
 * unless the slice gives its own. */
static void wait_call(int64_t begin, int64_t end, uint64_t corr, const struct slice *s)
{
	struct model_event *e = events_push(MODEL_EV_API_ENTRY, begin, 11);

	e->function = "hsa_signal_wait_scacquire", e->correlation_id = corr;
	e->signal = s->signal, e->has_condition = 1;
	e->condition = s->given ? s->condition : 0;
	e->compare_value = s->given ? s->compare_value : 0;
	e = events_push(MODEL_EV_API_EXIT, end, 11);
	e->function = "hsa_signal_wait_scacquire", e->correlation_id = corr;
	e->has_retval = 1, e->retval = s->given ? s->retval : s->met ? 0 : 1;
}

/* scenario_full(CYCLES, 0, 0, 1) with each wait (100 us to 500 us into its cycle) cut into n
 * slices 1 us apart, the last ending where the wait did; the tracer's clock of the slices
 * covers the wait's CPU_IN_WAIT from its start to its end. */
static void scenario_sliced(const struct slice *s, int n)
{
	struct model_event *e;

	scenario_begin();
	for (int k = 0; k < CYCLES; k++) {
		int64_t p = PHASE_START(k);
		int64_t cpu = CPU_BEFORE_FIRST_EVENT + (110 - 1 - 50) * US +
			      (int64_t)k * (600 - 50) * US + k * CPU_IN_WAIT;

		e = events_push(MODEL_EV_SUBMIT, p + 50 * US, 11);
		e->queue_id = 1, e->packet_index = (uint64_t)k, e->packet_type = 2;
		e->signal = 0x5000, e->name = "k";
		e = events_push(MODEL_EV_KERNEL, p + 450 * US, 99);
		e->queue_id = 1, e->packet_index = (uint64_t)k, e->agent = 2;
		e->begin_ns = p + 110 * US, e->end_ns = p + 410 * US;
		for (int i = 0; i < n; i++) {
			int64_t begin = p + 100 * US + i * 400 * US / n;
			int64_t end = p + 100 * US + (i + 1) * 400 * US / n - (i + 1 < n ? US : 0);
			uint64_t corr = i ? 1000 + (uint64_t)(k * 10 + i) : 100 + (uint64_t)k;

			if (s[i].call_before) {
				api(begin - 600, 1, "hsa_signal_load_relaxed", corr + 500, 0);
				api(begin - 200, 0, "hsa_signal_load_relaxed", corr + 500, 0);
			}
			wait_call(begin, end, corr, &s[i]);
			e = events_push(MODEL_EV_SIGNAL_WAIT, end - 2, 11);
			e->correlation_id = corr, e->has_thread_cpu = 1;
			e->thread_cpu_begin_ns = cpu + i * CPU_IN_WAIT / n;
			e->thread_cpu_end_ns = i + 1 < n ? e->thread_cpu_begin_ns + CPU_IN_WAIT / n / 2 :
							   cpu + CPU_IN_WAIT;
		}
	}
	api(PHASE_START(CYCLES) + 20 * US, 1, "hsa_queue_destroy", 2, 0);
	api(PHASE_START(CYCLES) + 30 * US, 0, "hsa_queue_destroy", 2, 0);
	events_sort();
}

/* NULL when a and b have the same classes, cycles, demands and activities; else what
 * differs. */
static const char *model_differs(const struct model *a, const struct model *b)
{
	if (a->classes_count != b->classes_count || a->stations_count != b->stations_count)
		return "classes or stations";
	for (size_t c = 0; c < a->classes_count; c++) {
		const struct model_class *x = &a->classes[c], *y = &b->classes[c];

		if (x->threads != y->threads || x->cycles != y->cycles ||
		    !near(x->think_s, y->think_s) || !near(x->overhead_s, y->overhead_s) ||
		    !near(x->end_waits_s, y->end_waits_s) || strcmp(x->name, y->name))
			return "a class's threads, cycles or delays";
		for (size_t k = 0; k < a->stations_count; k++)
			if (!near(x->demand[k], y->demand[k]) || !near(x->visits[k], y->visits[k]))
				return "a demand or visits";
		if (x->activities.count != y->activities.count)
			return "the number of activities";
		for (size_t i = 0; i < x->activities.count; i++) {
			const struct model_activity *u =
				MODEL_AT(x->activities, struct model_activity, i);
			const struct model_activity *v =
				MODEL_AT(y->activities, struct model_activity, i);

			if (strcmp(u->name, v->name) || u->count != v->count ||
			    !near(u->mean_s, v->mean_s) || !near(u->scv, v->scv))
				return u->name;
		}
	}
	return NULL;
}

/* Builds scenario_sliced(s, n): 0 with *m set, else -1 after a failed test. */
static int build_sliced(const struct slice *s, int n, struct model *m, const char *what)
{
	struct model_trace t;
	char err[256] = "";
	int r;

	scenario_sliced(s, n);
	r = build(&t, m, err, sizeof(err));
	model_trace_release(&t);
	if (r)
		ok(0, "%s: model built: %s", what, err);
	return r;
}

static void sliced_waits(void)
{
	const struct slice split[] = { { .signal = 0x5000 }, { .signal = 0x5000 },
				       { .signal = 0x5000, .met = 1 } };
	const struct slice other[] = { { .signal = 0x5000 }, { .signal = 0x6000, .met = 1 } };
	const struct slice met[] = { { .signal = 0x5000, .met = 1 },
				     { .signal = 0x5000, .met = 1 } };
	const struct slice call[] = { { .signal = 0x5000 },
				      { .signal = 0x5000, .met = 1, .call_before = 1 } };
	struct model_trace t;
	struct model whole, m;
	char err[256] = "";
	const char *differs;

	scenario_full(CYCLES, 0, 0, 1);
	if (build(&t, &whole, err, sizeof(err))) {
		ok(0, "unsplit waits: model built: %s", err);
		model_trace_release(&t);
		return;
	}
	model_trace_release(&t);
	if (build_sliced(split, 3, &m, "waits in 3 slices") == 0) {
		ok(m.merged_waits == 2 * CYCLES && m.classes[0].cycles == CYCLES,
		   "waits in 3 slices (2 timed out on the same signal): %zu slices merged, %g cycles",
		   m.merged_waits, m.classes[0].cycles);
		differs = model_differs(&whole, &m);
		ok(!differs, "... the same classes, cycles, demands and activities as unsplit "
		   "waits (differs: %s)", differs ? differs : "nothing");
		model_release(&m);
	}
	if (build_sliced(other, 2, &m, "a timed-out wait, then one on another signal") == 0) {
		ok(m.merged_waits == 0 && m.classes[0].cycles == 2 * CYCLES,
		   "a timed-out wait, then a wait on another signal: not merged (%g cycles)",
		   m.classes[0].cycles);
		model_release(&m);
	}
	if (build_sliced(met, 2, &m, "a met wait, then one on the same signal") == 0) {
		ok(m.merged_waits == 0 && m.classes[0].cycles == 2 * CYCLES,
		   "a met wait, then a wait on the same signal: not merged (%g cycles)",
		   m.classes[0].cycles);
		model_release(&m);
	}
	if (build_sliced(call, 2, &m, "a timed-out wait, a call, a wait") == 0) {
		ok(m.merged_waits == 0 && m.classes[0].cycles == 2 * CYCLES,
		   "a timed-out wait, another call, a wait on the same signal: not merged "
		   "(%g cycles)", m.classes[0].cycles);
		model_release(&m);
	}
	model_release(&whole);
}

/* Per HSA condition (0 EQ, 1 NE, 2 LT, 3 GTE), a wait whose returned value leaves it unmet
 * is merged into the same wait after it, one that meets it is not; nor a wait for another
 * value of the same signal. */
static void slice_conditions(void)
{
	static const struct {
		int32_t condition;
		int64_t compare_value, retval, then_compare, then_retval;
		int merged;
		const char *what;
	} cases[] = {
		{ 2, 1, 1, 1, 0, 1, "LT 1 returning 1 (HIP's condition): timed out" },
		{ 2, 1, 0, 1, 0, 0, "LT 1 returning 0: met" },
		{ 3, 0, -1, 0, 0, 1, "GTE 0 returning -1: timed out" },
		{ 3, 0, 0, 0, 0, 0, "GTE 0 returning 0: met" },
		{ 1, 5, 5, 5, 4, 1, "NE 5 returning 5: timed out" },
		{ 1, 5, 4, 5, 4, 0, "NE 5 returning 4: met" },
		{ 0, -1, 0, -1, -1, 1, "EQ -1 returning 0: timed out" },
		{ 0, 0, 1, 1, 1, 0, "EQ 0 returning 1 (timed out), the next wait for EQ 1" },
	};
	struct model m;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct slice s[] = {
			{ .signal = 0x5000, .given = 1, .condition = cases[i].condition,
			  .compare_value = cases[i].compare_value, .retval = cases[i].retval },
			{ .signal = 0x5000, .given = 1, .condition = cases[i].condition,
			  .compare_value = cases[i].then_compare, .retval = cases[i].then_retval },
		};

		if (build_sliced(s, 2, &m, cases[i].what))
			continue;
		ok(m.merged_waits == (cases[i].merged ? CYCLES : 0),
		   "%s, then a wait on the same signal: %s (%zu merged, %g cycles)", cases[i].what,
		   cases[i].merged ? "merged" : "not merged", m.merged_waits, m.classes[0].cycles);
		model_release(&m);
	}
}

/* Validates path against LQN's schema when ../shared has it; 1 valid, 0 not, -1 no schema. */
static int lqn_valid(const char *path)
{
	const char *src = getenv("HSATRACE_SRC");
	char xsd[4096];
	xmlSchemaParserCtxtPtr pc;
	xmlSchemaPtr schema = NULL;
	xmlSchemaValidCtxtPtr vc = NULL;
	int valid = 0;

	snprintf(xsd, sizeof(xsd), "%s/../shared/reference/lqn/lqn.xsd", src ? src : ".");
	if (access(xsd, R_OK) != 0)
		return -1;
	pc = xmlSchemaNewParserCtxt(xsd);
	if (pc)
		schema = xmlSchemaParse(pc);
	if (schema)
		vc = xmlSchemaNewValidCtxt(schema);
	if (vc)
		valid = xmlSchemaValidateFile(vc, path, 0) == 0;
	xmlSchemaFreeValidCtxt(vc);
	xmlSchemaFree(schema);
	xmlSchemaFreeParserCtxt(pc);
	return valid;
}

static void asynchronous(void)
{
	struct model_trace t;
	struct model m;
	struct model_prediction p;
	char err[256] = "", path[] = "/tmp/hsatrace-model-lqn-XXXXXX", *text = NULL;
	size_t len = 0;
	FILE *f;
	int fd, valid;

	scenario_full(CYCLES, 0, 1, 0);
	if (build(&t, &m, err, sizeof(err)) || model_solve(&m, NULL, &p, err, sizeof(err))) {
		ok(0, "model built and solved: %s", err);
		model_trace_release(&t);
		return;
	}
	ok(m.stations[1].async_calls == 1 && near(m.stations[1].async_demand_s, 35e-6),
	   "the dispatch nobody waits for is asynchronous work on the GPU (35 us)");
	ok(!activity(&m.classes[0], "late"), "and not one of the thread's calls");
	f = open_memstream(&text, &len);
	if (f && model_write_lqn(&m, NULL, &p, "scenario", f) == 0 && fclose(f) == 0)
		ok(strstr(text, "<asynch-call dest=\"GPU_1_testgpu_1_async\" calls-mean=\"0.25\"/>") &&
		   strstr(text, "<entry name=\"GPU_1_testgpu_1_async\""),
		   "the LQN file asynch-calls it, once per 4 cycles");
	else
		ok(0, "LQN written");
	fd = mkstemp(path);
	if (fd >= 0 && text && write(fd, text, strlen(text)) == (ssize_t)strlen(text) &&
	    close(fd) == 0) {
		valid = lqn_valid(path);
		if (valid < 0)
			skip(1, "../shared/reference/lqn/lqn.xsd absent");
		else
			ok(valid, "the LQN file with its asynchronous call validates against lqn.xsd");
	} else {
		ok(0, "LQN file written to %s", path);
	}
	unlink(path);
	free(text);
	model_prediction_release(&p);
	model_release(&m);
	model_trace_release(&t);
}

static void refused(void)
{
	struct model_trace t;
	struct model m;
	char err[256] = "";

	scenario(1, 0);
	ok(build(&t, &m, err, sizeof(err)) == -1 && strstr(err, "at least 2 are needed"),
	   "one wait: refused (%s)", err);
	model_trace_release(&t);
	events_clear();
	events_push(MODEL_EV_OTHER, 5, 11);
	ok(build(&t, &m, err, sizeof(err)) == -1 && strstr(err, "no HSA API events"),
	   "no API events: refused (%s)", err);
	model_trace_release(&t);
}

int main(void)
{
	plan(34);
	without_kernel_trace();
	with_kernel_trace();
	with_tracer_cpu();
	asynchronous();
	refused();
	sliced_waits();
	slice_conditions();
	return exit_status();
}
