/*
 * model_trace - accumulating the facts of a trace for the model (see model_trace.h).
 */
#include "analyses/model/model_trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HSA_PACKET_TYPE_KERNEL_DISPATCH 2

void model_trace_init(struct model_trace *t)
{
	memset(t, 0, sizeof(*t));
	vec_init(&t->threads, sizeof(struct model_thread));
	vec_init(&t->calls, sizeof(struct model_call));
	vec_init(&t->work, sizeof(struct model_work));
	vec_init(&t->agents, sizeof(struct model_agent));
	vec_init(&t->processes, sizeof(struct model_process));
	vec_init(&t->oncpu, sizeof(struct model_oncpu));
	keymap_init(&t->oncpu_index);
	keymap_init(&t->thread_index);
	keymap_init(&t->process_index);
	keymap_init(&t->packet_index);
	keymap_init(&t->copy_index);
}

void model_trace_release(struct model_trace *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->threads.count; i++)
		free(MODEL_AT(t->threads, struct model_thread, i)->open);
	vec_release(&t->threads);
	vec_release(&t->calls);
	vec_release(&t->work);
	vec_release(&t->agents);
	vec_release(&t->processes);
	vec_release(&t->oncpu);
	keymap_release(&t->oncpu_index);
	keymap_release(&t->thread_index);
	keymap_release(&t->process_index);
	keymap_release(&t->packet_index);
	keymap_release(&t->copy_index);
}

/* The row of key in map, added by add() when new; SIZE_MAX when out of memory. */
static size_t find_or_add(struct keymap *map, const void *key, size_t len, struct vec *v)
{
	size_t *slot;
	int r = keymap_get_or_add(map, key, len, &slot);

	if (r < 0)
		return SIZE_MAX;
	if (r == 1) {
		if (!vec_push(v)) {
			keymap_remove(map, key, len);
			return SIZE_MAX;
		}
		*slot = v->count - 1;
	}
	return *slot;
}

static struct model_process *process_of(struct model_trace *t, const struct model_event *ev)
{
	size_t before = t->processes.count;
	size_t i = find_or_add(&t->process_index, &ev->vpid, sizeof(ev->vpid), &t->processes);
	struct model_process *p;

	if (i == SIZE_MAX)
		return NULL;
	p = MODEL_AT(t->processes, struct model_process, i);
	if (t->processes.count != before) {
		p->vpid = ev->vpid;
		p->first_ns = ev->ts_ns;
	}
	p->last_ns = ev->ts_ns;
	if (ev->has_cpu && ev->cpu >= 0 && ev->cpu < MODEL_CPUS_MAX)
		p->cpus_seen[ev->cpu / 64] |= (uint64_t)1 << (ev->cpu % 64);
	return p;
}

unsigned model_process_cpus(const struct model_process *p)
{
	unsigned n = 0;

	for (size_t i = 0; i < MODEL_CPUS_MAX / 64; i++)
		n += (unsigned)__builtin_popcountll(p->cpus_seen[i]);
	return n;
}

/* The CPU time of tid up to ts (0 when the kernel trace never named it). */
static int64_t oncpu_at(const struct model_trace *t, int64_t tid, int64_t ts)
{
	const size_t *slot = keymap_find(&t->oncpu_index, &tid, sizeof(tid));
	const struct model_oncpu *o;

	if (!slot)
		return 0;
	o = MODEL_AT(t->oncpu, struct model_oncpu, *slot);
	return o->total_ns + (o->since_ns >= 0 && ts > o->since_ns ? ts - o->since_ns : 0);
}

static struct model_oncpu *oncpu_of(struct model_trace *t, int64_t tid)
{
	size_t before = t->oncpu.count;
	size_t i = find_or_add(&t->oncpu_index, &tid, sizeof(tid), &t->oncpu);
	struct model_oncpu *o;

	if (i == SIZE_MAX)
		return NULL;
	o = MODEL_AT(t->oncpu, struct model_oncpu, i);
	if (t->oncpu.count != before)
		o->since_ns = -1;
	return o;
}

/* A context switch: prev leaves its CPU, next gets it (tid 0 is the idle task). */
static int add_sched_switch(struct model_trace *t, const struct model_event *ev)
{
	struct model_oncpu *prev = ev->prev_tid ? oncpu_of(t, ev->prev_tid) : NULL;
	struct model_oncpu *next;

	if (ev->prev_tid && !prev)
		return -1;
	if (prev && prev->since_ns >= 0) {
		prev->total_ns += ev->ts_ns > prev->since_ns ? ev->ts_ns - prev->since_ns : 0;
		prev->since_ns = -1;
	}
	if (!ev->next_tid)
		return 0;
	if (!(next = oncpu_of(t, ev->next_tid)))
		return -1;
	if (next->since_ns >= 0 && ev->ts_ns > next->since_ns) /* its switch-out was lost */
		next->total_ns += ev->ts_ns - next->since_ns;
	next->since_ns = ev->ts_ns;
	return 0;
}

static struct model_thread *thread_of(struct model_trace *t, const struct model_event *ev,
				      size_t *index)
{
	int64_t key[2] = { ev->vpid, ev->vtid };
	size_t before = t->threads.count;
	size_t i = find_or_add(&t->thread_index, key, sizeof(key), &t->threads);
	struct model_thread *th;

	if (i == SIZE_MAX)
		return NULL;
	th = MODEL_AT(t->threads, struct model_thread, i);
	if (t->threads.count != before) {
		th->vpid = ev->vpid;
		th->vtid = ev->vtid;
		th->first_ns = ev->ts_ns;
		th->oncpu_first_ns = oncpu_at(t, ev->vtid, ev->ts_ns);
		snprintf(th->procname, sizeof(th->procname), "%s", ev->procname ? ev->procname : "?");
	}
	th->last_ns = ev->ts_ns;
	th->oncpu_last_ns = oncpu_at(t, ev->vtid, ev->ts_ns);
	*index = i;
	return th;
}

int model_is_wait_function(const char *fn)
{
	return fn && (strncmp(fn, "hsa_signal_wait_", 16) == 0 ||
		      strncmp(fn, "hsa_amd_signal_wait_", 20) == 0);
}

static int is_copy_function(const char *fn)
{
	return strncmp(fn, "hsa_amd_memory_async_copy", 25) == 0;
}

/* A copy is submitted by its API call: its work row exists from the entry on. */
static int add_copy_submit(struct model_trace *t, const struct model_event *ev, size_t thread)
{
	uint64_t key[2] = { (uint64_t)ev->vpid, ev->correlation_id };
	size_t before = t->work.count;
	size_t i = find_or_add(&t->copy_index, key, sizeof(key), &t->work);
	struct model_work *w;

	if (i == SIZE_MAX)
		return -1;
	w = MODEL_AT(t->work, struct model_work, i);
	if (t->work.count != before) {
		w->is_copy = 1;
		w->correlation_id = ev->correlation_id;
	}
	w->thread = thread;
	w->submit_ns = ev->ts_ns;
	w->signal = ev->signal;
	return 0;
}

static int add_api_entry(struct model_trace *t, const struct model_event *ev)
{
	size_t thread;
	struct model_thread *th = thread_of(t, ev, &thread);
	struct model_call *c;

	if (!th)
		return -1;
	if (th->open_count == th->open_alloc) {
		size_t n = th->open_alloc ? th->open_alloc * 2 : 8;
		struct model_call *p = realloc(th->open, n * sizeof(*p));

		if (!p)
			return -1;
		th->open = p;
		th->open_alloc = n;
	}
	c = &th->open[th->open_count++];
	memset(c, 0, sizeof(*c));
	c->thread = thread;
	c->begin_ns = ev->ts_ns;
	c->oncpu_begin_ns = th->oncpu_last_ns;
	c->correlation_id = ev->correlation_id;
	c->signal = ev->signal;
	snprintf(c->function, sizeof(c->function), "%s", ev->function ? ev->function : "?");
	c->is_wait = model_is_wait_function(c->function);
	c->has_condition = c->is_wait && ev->has_condition;
	c->condition = ev->condition;
	c->compare_value = ev->compare_value;
	c->is_copy = is_copy_function(c->function);
	if (c->is_copy && add_copy_submit(t, ev, thread))
		return -1;
	return 0;
}

/* Whether a wait's condition holds for the value it returned; 1 for a condition HSA does not
 * define (nothing to re-issue). */
static int condition_met(int32_t condition, int64_t compare_value, int64_t value)
{
	switch (condition) {
	case 0: /* HSA_SIGNAL_CONDITION_EQ */
		return value == compare_value;
	case 1: /* NE */
		return value != compare_value;
	case 2: /* LT */
		return value < compare_value;
	case 3: /* GTE */
		return value >= compare_value;
	default:
		return 1;
	}
}

/* Pairs an exit with the innermost open entry of the same call; the pair becomes a call. */
static int add_api_exit(struct model_trace *t, const struct model_event *ev)
{
	size_t thread;
	struct model_thread *th = thread_of(t, ev, &thread);
	struct model_call *c;

	if (!th)
		return -1;
	for (size_t k = th->open_count; k-- > 0;) {
		if (th->open[k].correlation_id != ev->correlation_id)
			continue;
		c = vec_push(&t->calls);
		if (!c)
			return -1;
		*c = th->open[k];
		c->end_ns = ev->ts_ns;
		c->oncpu_end_ns = th->oncpu_last_ns;
		c->unmet = c->has_condition && ev->has_retval &&
			   !condition_met(c->condition, c->compare_value, ev->retval);
		th->api_calls++;
		th->open_count = k; /* calls left open inside it never returned */
		return 0;
	}
	return 0; /* an exit without its entry (the trace started inside the call) */
}

/* A wait's signal_wait, between its entry and exit: the thread's CPU clock at both ends
 * (schema >= 2.2), the process's at the return (>= 2.3). */
static int add_signal_wait(struct model_trace *t, const struct model_event *ev)
{
	size_t thread;
	struct model_thread *th;

	if (!ev->has_thread_cpu && !ev->has_process_cpu)
		return 0; /* schema < 2.2 */
	if (!(th = thread_of(t, ev, &thread)))
		return -1;
	for (size_t k = th->open_count; k-- > 0;) {
		struct model_call *c = &th->open[k];

		if (c->correlation_id != ev->correlation_id || !c->is_wait)
			continue;
		if (ev->has_thread_cpu) {
			c->has_thread_cpu = 1;
			c->thread_cpu_begin_ns = ev->thread_cpu_begin_ns;
			c->thread_cpu_end_ns = ev->thread_cpu_end_ns;
			t->thread_cpu_waits++;
		}
		if (ev->has_process_cpu) {
			c->has_process_cpu = 1;
			c->process_cpu_ns = ev->process_cpu_ns;
			t->process_cpu_waits++;
		}
		break;
	}
	return 0;
}

static int add_submit(struct model_trace *t, const struct model_event *ev)
{
	uint64_t key[3] = { (uint64_t)ev->vpid, ev->queue_id, ev->packet_index };
	size_t thread, before = t->work.count, i;
	struct model_thread *th;
	struct model_work *w;

	if (ev->packet_type != HSA_PACKET_TYPE_KERNEL_DISPATCH)
		return 0;
	th = thread_of(t, ev, &thread);
	if (!th)
		return -1;
	i = find_or_add(&t->packet_index, key, sizeof(key), &t->work);
	if (i == SIZE_MAX)
		return -1;
	w = MODEL_AT(t->work, struct model_work, i);
	if (t->work.count == before && w->complete) {
		/* the ring wrapped: this packet index is a new dispatch */
		if (!(w = vec_push(&t->work)))
			return -1;
		*keymap_find(&t->packet_index, key, sizeof(key)) = t->work.count - 1;
	}
	w->thread = thread;
	w->submit_ns = ev->ts_ns;
	w->signal = ev->signal;
	w->queue_id = ev->queue_id;
	w->packet_index = ev->packet_index;
	w->correlation_id = ev->correlation_id;
	snprintf(w->name, sizeof(w->name), "%s", ev->name ? ev->name : "-");
	return 0;
}

static void set_device_times(struct model_work *w, const struct model_event *ev)
{
	w->begin_ns = ev->begin_ns;
	w->end_ns = ev->end_ns;
	w->agent = ev->agent;
	w->bytes = ev->bytes;
	w->direction = ev->direction;
	w->complete = ev->end_ns >= ev->begin_ns;
}

static int add_kernel(struct model_trace *t, const struct model_event *ev)
{
	uint64_t key[3] = { (uint64_t)ev->vpid, ev->queue_id, ev->packet_index };
	size_t *slot = keymap_find(&t->packet_index, key, sizeof(key));

	if (slot) /* a kernel whose submission the trace does not hold is not modelled */
		set_device_times(MODEL_AT(t->work, struct model_work, *slot), ev);
	return 0;
}

static int add_copy(struct model_trace *t, const struct model_event *ev)
{
	uint64_t key[2] = { (uint64_t)ev->vpid, ev->correlation_id };
	size_t *slot = keymap_find(&t->copy_index, key, sizeof(key));
	struct model_work *w;

	if (!slot)
		return 0;
	w = MODEL_AT(t->work, struct model_work, *slot);
	set_device_times(w, ev);
	snprintf(w->name, sizeof(w->name), "%s",
		 ev->direction == 1 ? "host-to-device" : ev->direction == 2 ? "device-to-host" :
		 ev->direction == 3 ? "device-to-device" : "host-to-host");
	return 0;
}

static int add_agent(struct model_trace *t, const struct model_event *ev)
{
	struct model_agent *a;

	for (size_t i = 0; i < t->agents.count; i++) {
		a = MODEL_AT(t->agents, struct model_agent, i);
		if (a->vpid == ev->vpid && a->handle == ev->agent)
			return 0;
	}
	if (!(a = vec_push(&t->agents)))
		return -1;
	a->vpid = ev->vpid;
	a->handle = ev->agent;
	snprintf(a->name, sizeof(a->name), "%s", ev->name ? ev->name : "?");
	a->device_type = ev->device_type;
	a->compute_units = ev->compute_units;
	return 0;
}

int model_trace_add(struct model_trace *t, const struct model_event *ev)
{
	t->events++;
	if (ev->kind == MODEL_EV_SCHED_SWITCH) {
		t->sched_switches++;
		return add_sched_switch(t, ev);
	}
	if (!ev->has_process)
		return 0;
	if (!process_of(t, ev))
		return -1;
	switch (ev->kind) {
	case MODEL_EV_API_ENTRY:
		t->api_events++;
		MODEL_AT(t->processes, struct model_process,
			 *keymap_find(&t->process_index, &ev->vpid, sizeof(ev->vpid)))->api_calls++;
		return add_api_entry(t, ev);
	case MODEL_EV_API_EXIT:
		t->api_events++;
		return add_api_exit(t, ev);
	case MODEL_EV_SUBMIT:
		return add_submit(t, ev);
	case MODEL_EV_KERNEL:
		return add_kernel(t, ev);
	case MODEL_EV_COPY:
		return add_copy(t, ev);
	case MODEL_EV_AGENT:
		return add_agent(t, ev);
	case MODEL_EV_SIGNAL_WAIT:
		return add_signal_wait(t, ev);
	default:
		return 0;
	}
}

void model_queue_set_add(struct model_queue_set *set, uint64_t id)
{
	unsigned q;

	for (q = 0; q < set->count && set->id[q] != id; q++)
		;
	if (q == set->count && set->count < MODEL_QUEUES_MAX)
		set->id[set->count++] = id;
}
