/*
 * model_build - from the facts of a trace to the model (see model.h, docs/model.md).
 *
 * Per thread of the modelled process, its API calls in time order cut its life into cycles:
 * a host phase (from the thread's start or the previous wait's end to the next wait's
 * start: its demand on the host CPUs, the thread's CPU time in it when the kernel trace or
 * the tracer's clock at the waits gives it, else the time between calls) and a wait (an
 * hsa_signal_wait_* call). The dispatches and copies the thread submitted that ended in a
 * phase or its wait are the synchronous calls of that cycle (the thread waited for them,
 * directly or through the packets depending on them, whichever signal it named); those
 * that ended after the thread's last wait are asynchronous. What the device's service
 * does not explain of a wait is a delay measured at the traced load (launch latency,
 * dependencies between packets, waking up; for a wait no device work ends, another thread).
 * Threads waiting for the same things form a class.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyses/model/model.h"
#include "analyses/model/model_device.h"
#include "analyses/model/model_lastwait.h"

#define CPU_RUNTIME_GPU_NAME "hsatrace-cpu-gpu"
#define HOST_SIGNAL "another thread's signal"

enum sample_kind { SAMPLE_CPU, SAMPLE_DEVICE, SAMPLE_DELAY };

/* One measured duration of a thread, before the threads are grouped in classes. */
struct sample {
	size_t thread;		/* index in m->threads */
	enum sample_kind kind;
	size_t station;
	int synchronous;
	int overhead;		/* delays: the rest of a wait that covered device work */
	double seconds;
	double exec_s;		/* device calls: execution time as traced */
	char name[MODEL_NAME_MAX + 16];
};

struct build {
	const struct model_trace *t;
	struct model *m;
	size_t *work_station;	/* per t->work row: station index, SIZE_MAX when not modelled */
	double *work_demand;	/* per t->work row, seconds */
	int *work_sync;		/* per t->work row: waited for */
	struct vec samples;
	char (*signature)[4096];	/* per model thread */
};

/* dst = a followed by b, cut to size (names are labels: a cut one is still one). */
static void join(char *dst, size_t size, const char *a, const char *b)
{
	size_t la = strnlen(a, size - 1), lb = strnlen(b, size - 1 - la);

	memmove(dst, a, la);
	memmove(dst + la, b, lb);
	dst[la + lb] = '\0';
}

/* qsort_r comparators: indexes into the trace's calls / work rows, by time. */
static int calls_by_begin(const void *a, const void *b, void *trace)
{
	const struct model_trace *t = trace;
	const struct model_call *x = MODEL_AT(t->calls, struct model_call, *(const size_t *)a);
	const struct model_call *y = MODEL_AT(t->calls, struct model_call, *(const size_t *)b);

	return x->begin_ns < y->begin_ns ? -1 : x->begin_ns > y->begin_ns;
}

static int works_by_submit(const void *a, const void *b, void *trace)
{
	const struct model_trace *t = trace;
	const struct model_work *x = MODEL_AT(t->work, struct model_work, *(const size_t *)a);
	const struct model_work *y = MODEL_AT(t->work, struct model_work, *(const size_t *)b);

	return x->submit_ns < y->submit_ns ? -1 : x->submit_ns > y->submit_ns;
}

static int pick_process(struct model *m, const struct model_trace *t, char *err, size_t errsz)
{
	const struct model_process *best = NULL;

	for (size_t i = 0; i < t->processes.count; i++) {
		const struct model_process *p = MODEL_AT(t->processes, struct model_process, i);

		if (!p->api_calls)
			continue;
		if (best)
			m->other_processes++;
		if (!best || p->api_calls > best->api_calls)
			best = p;
	}
	if (!best) {
		snprintf(err, errsz, "the trace has no HSA API events (hsa_api_entry:*): nothing to "
			 "model (record the program with `hsatrace record`)");
		return -1;
	}
	m->vpid = best->vpid;
	m->total_s = (double)(best->last_ns - best->first_ns) / 1e9;
	return 0;
}

/* How many CPUs the modelled process's events were recorded on (0: the trace has no cpu_id). */
static unsigned cpus_seen(const struct model *m, const struct model_trace *t)
{
	for (size_t i = 0; i < t->processes.count; i++) {
		const struct model_process *p = MODEL_AT(t->processes, struct model_process, i);

		if (p->vpid == m->vpid)
			return model_process_cpus(p);
	}
	return 0;
}

/* Host CPUs: the CPU agents' compute units, as the runtime reported them when traced. The CPU
 * runtime reports its worker count there (HSATRACE_CPU_WORKERS), not the cores its threads
 * run on: there the CPUs the process's events were recorded on count when they are more. */
static void count_cores(struct model *m, const struct model_trace *t)
{
	uint64_t cores = 0;
	unsigned seen = cpus_seen(m, t);

	for (size_t i = 0; i < t->agents.count; i++) {
		const struct model_agent *a = MODEL_AT(t->agents, struct model_agent, i);

		if (a->vpid != m->vpid)
			continue;
		if (a->device_type == 0)
			cores += a->compute_units;
		if (strcmp(a->name, CPU_RUNTIME_GPU_NAME) == 0) {
			m->cpu_runtime = 1;
			m->cpu_workers = (unsigned)a->compute_units; /* HSATRACE_CPU_WORKERS */
		}
	}
	if (cores && m->cpu_runtime && seen > cores) {
		snprintf(m->cores_how, sizeof(m->cores_how),
			 "the CPUs its events were recorded on (agent_info has the CPU runtime's "
			 "workers: %u)", (unsigned)cores);
		m->cores = seen;
	} else if (cores) {
		m->cores = (unsigned)cores;
		snprintf(m->cores_how, sizeof(m->cores_how),
			 "the CPU agents' compute units in the trace (agent_info)");
	} else {
		long n = sysconf(_SC_NPROCESSORS_ONLN);

		m->cores = n > 0 ? (unsigned)n : 1;
		snprintf(m->cores_how, sizeof(m->cores_how),
			 "this machine's online CPUs (the trace has no CPU agent_info)");
	}
}

static const char *agent_name(const struct model_trace *t, int64_t vpid, uint64_t handle)
{
	for (size_t i = 0; i < t->agents.count; i++) {
		const struct model_agent *a = MODEL_AT(t->agents, struct model_agent, i);

		if (a->vpid == vpid && a->handle == handle)
			return a->name;
	}
	return "gpu";
}

/* How many distinct agents ran a complete kernel (at most 64: the rest are not modelled). */
static size_t kernel_agents(const struct model_trace *t)
{
	uint64_t seen[64];
	size_t nseen = 0;

	for (size_t i = 0; i < t->work.count; i++) {
		const struct model_work *w = MODEL_AT(t->work, struct model_work, i);
		size_t j;

		if (!w->complete || w->is_copy)
			continue;
		for (j = 0; j < nseen && seen[j] != w->agent; j++)
			;
		if (j == nseen && nseen < 64)
			seen[nseen++] = w->agent;
	}
	return nseen;
}

/* Station 0: the host CPUs. */
static void set_cpu_station(struct model *m)
{
	snprintf(m->stations[0].name, sizeof(m->stations[0].name), "host CPUs");
	m->stations[0].kind = MODEL_CPU;
	m->stations[0].servers = m->cores;
	snprintf(m->stations[0].servers_how, sizeof(m->stations[0].servers_how), "%s",
		 m->cores_how);
	m->stations[0].sharing = 1.0;
}

/* The copy engine's station, added at the first copy (*n stations so far). */
static size_t copy_station_of(struct model *m, size_t *copy_station, size_t *n)
{
	if (*copy_station == SIZE_MAX) {
		*copy_station = (*n)++;
		m->stations[*copy_station].kind = MODEL_COPY;
		snprintf(m->stations[*copy_station].name,
			 sizeof(m->stations[*copy_station].name), "copy engine");
	}
	return *copy_station;
}

/* The station of a kernel's agent, added at its first kernel; SIZE_MAX when all `max` are
 * taken (more than 64 agents: the rest are not modelled). */
static size_t gpu_station_of(const struct model_trace *t, struct model *m, uint64_t agent,
			     size_t copy_station, size_t *n, size_t max)
{
	size_t k;

	for (k = 1; k < *n; k++)
		if (m->stations[k].kind == MODEL_GPU && m->stations[k].agent == agent)
			return k;
	if (*n == max)
		return SIZE_MAX;
	m->stations[k].kind = MODEL_GPU;
	m->stations[k].agent = agent;
	snprintf(m->stations[k].name, sizeof(m->stations[k].name), "GPU %zu (%.40s)",
		 k - (copy_station < k), agent_name(t, m->vpid, agent));
	(*n)++;
	return k;
}

/* The station of each complete work row of the process: one per GPU agent, one copy engine. */
static int assign_stations(struct build *b)
{
	const struct model_trace *t = b->t;
	struct model *m = b->m;
	/* room for the CPUs, the copy engine and every distinct agent that ran a kernel */
	size_t max = 2 + kernel_agents(t), n = 1, copy_station = SIZE_MAX;

	m->stations = calloc(max, sizeof(*m->stations));
	if (!m->stations)
		return -1;
	set_cpu_station(m);
	for (size_t i = 0; i < t->work.count; i++) {
		const struct model_work *w = MODEL_AT(t->work, struct model_work, i);
		const struct model_thread *th = MODEL_AT(t->threads, struct model_thread, w->thread);

		b->work_station[i] = SIZE_MAX;
		if (!w->complete || th->vpid != m->vpid)
			continue;
		b->work_station[i] = w->is_copy ? copy_station_of(m, &copy_station, &n)
			: gpu_station_of(t, m, w->agent, copy_station, &n, max);
	}
	m->stations_count = n;
	return 0;
}

/* Multiplicity, sharing, launch latency and the demand of every call, per device. */
static int estimate_devices(struct build *b)
{
	const struct model_trace *t = b->t;
	struct model *m = b->m;
	size_t *items = malloc((t->work.count ? t->work.count : 1) * sizeof(*items));

	if (!items)
		return -1;
	for (size_t k = 1; k < m->stations_count; k++) {
		struct model_station *st = &m->stations[k];
		struct model_device dev;
		struct model_queue_set queues = { 0 };
		size_t n = 0;

		for (size_t i = 0; i < t->work.count; i++) {
			if (b->work_station[i] != k)
				continue;
			items[n++] = i;
			model_queue_set_add(&queues,
					    MODEL_AT(t->work, struct model_work, i)->queue_id);
		}
		if (model_device_estimate(t, items, n, b->work_demand, &dev)) {
			free(items);
			return -1;
		}
		st->servers = dev.servers;
		st->sharing = dev.sharing;
		st->queues = st->kind == MODEL_GPU ? queues.count : 0;
		join(st->servers_how, sizeof(st->servers_how), dev.how, "");
		st->launch_s = dev.launch_s;
	}
	free(items);
	return 0;
}

static int add_sample(struct build *b, size_t thread, enum sample_kind kind, size_t station,
		      double seconds, int sync, const char *name)
{
	struct sample *s = vec_push(&b->samples);

	if (!s)
		return -1;
	s->thread = thread;
	s->kind = kind;
	s->station = station;
	s->seconds = seconds > 0.0 ? seconds : 0.0;
	s->synchronous = sync;
	join(s->name, sizeof(s->name), name, "");
	return 0;
}

/* Adds name to a thread's signature (the sorted set of what it waits for). */
static void add_to_signature(char *sig, size_t size, const char *name)
{
	char item[MODEL_NAME_MAX + 24];
	size_t len = strlen(sig);

	join(item, sizeof(item), name, ";");
	if (strstr(sig, item) == NULL && len + strlen(item) < size)
		strcat(sig, item);
}

static const char *work_label(const struct model_work *w, char *buf, size_t size)
{
	if (w->is_copy)
		snprintf(buf, size, "copy %s", w->name);
	else
		join(buf, size, w->name, "");
	return buf;
}

struct thread_work {
	const size_t *rows;	/* the thread's modelled work rows, by submission time */
	size_t count, start;	/* rows before start are settled */
};

/*
 * A wait no device work ends in: for a signal of work that already ended (a second wait on
 * a finished copy), a delay named after it; else a wait for another thread.
 */
static int wait_without_work(struct build *b, size_t thread, const struct thread_work *tw,
			     const struct model_call *wait, char *target, size_t target_size)
{
	char label[MODEL_NAME_MAX + 48];

	join(target, target_size, HOST_SIGNAL, "");
	for (size_t j = tw->count; wait->signal && j-- > 0;) {
		const struct model_work *w = MODEL_AT(b->t->work, struct model_work, tw->rows[j]);

		if (w->signal == wait->signal && w->end_ns <= wait->end_ns) {
			work_label(w, label, sizeof(label));
			join(target, target_size, label, " (done)");
			break;
		}
	}
	join(label, sizeof(label), "wait for ", target);
	return add_sample(b, thread, SAMPLE_DELAY, 0, (double)(wait->end_ns - wait->begin_ns) / 1e9,
			  1, label);
}

/* The samples of one wait: the device calls it covered, and the rest of the wait as a delay. */
static int wait_samples(struct build *b, size_t thread, struct thread_work *tw,
			const struct model_call *wait, int64_t phase_begin, char *target,
			size_t target_size, int *any)
{
	const struct model_trace *t = b->t;
	double served = 0.0;
	char label[MODEL_NAME_MAX + 16];
	int named = 0;

	*any = 0;
	/* rows already waited for, or ended before this phase, no later wait can cover */
	while (tw->start < tw->count &&
	       (b->work_sync[tw->rows[tw->start]] ||
		MODEL_AT(t->work, struct model_work, tw->rows[tw->start])->end_ns < phase_begin))
		tw->start++;
	for (size_t j = tw->start; j < tw->count; j++) {
		size_t i = tw->rows[j];
		const struct model_work *w = MODEL_AT(t->work, struct model_work, i);
		size_t k = b->work_station[i];
		int covered;

		if (w->submit_ns > wait->end_ns)
			break;
		if (b->work_sync[i])
			continue;
		/* ended in this phase or its wait: the thread waited for it, directly or
		 * through the packets that depend on it */
		covered = w->end_ns >= phase_begin && w->end_ns <= wait->end_ns;
		if (!covered)
			continue;
		b->work_sync[i] = 1;
		*any = 1;
		work_label(w, label, sizeof(label));
		if (!named || (w->signal && w->signal == wait->signal)) {
			join(target, target_size, label, "");
			named = w->signal && w->signal == wait->signal;
		}
		served += b->work_demand[i];
		if (add_sample(b, thread, SAMPLE_DEVICE, k, b->work_demand[i], 1, label))
			return -1;
		MODEL_AT(b->samples, struct sample, b->samples.count - 1)->exec_s =
			(double)(w->end_ns - w->begin_ns) / 1e9;
	}
	if (!*any)
		return wait_without_work(b, thread, tw, wait, target, target_size);
	join(label, sizeof(label), "rest of the wait for ", target);
	if (add_sample(b, thread, SAMPLE_DELAY, 0,
		       (double)(wait->end_ns - wait->begin_ns) / 1e9 - served, 1, label))
		return -1;
	MODEL_AT(b->samples, struct sample, b->samples.count - 1)->overhead = 1;
	return 0;
}

/*
 * A host phase of wall time wall_ns: its demand on the host CPUs is the wall time, or, with
 * the thread's CPU time known (cpu_time: kernel trace or the tracer's clock), the CPU time
 * oncpu_ns, the rest being a delay of its own (waiting for a CPU, or blocked outside HSA).
 */
static int host_samples(struct build *b, size_t thread, int cpu_time, int64_t wall_ns,
			int64_t oncpu_ns, const char *name)
{
	if (!cpu_time)
		return add_sample(b, thread, SAMPLE_CPU, 0, (double)wall_ns / 1e9, 1, name);
	if (oncpu_ns > wall_ns)
		oncpu_ns = wall_ns;
	if (add_sample(b, thread, SAMPLE_CPU, 0, (double)oncpu_ns / 1e9, 1, name))
		return -1;
	return add_sample(b, thread, SAMPLE_DELAY, 0, (double)(wall_ns - oncpu_ns) / 1e9, 1,
			  "off a CPU in host phases");
}

/* The cycle of thread from begin_ns to its wait's return (with the process's CPU clock
 * there and the thread's CPU inside the wait when the trace has them), its host phase's
 * demand host_s. */
static int add_cycle(struct build *b, size_t thread, int64_t begin_ns,
		     const struct model_call *wait, double host_s)
{
	struct model_cycle *c = vec_push(&b->m->cycles);

	if (!c)
		return -1;
	*c = (struct model_cycle){ .thread = thread, .begin_ns = begin_ns,
				   .end_ns = wait->end_ns,
				   .has_process_cpu = wait->has_process_cpu,
				   .process_cpu_ns = wait->process_cpu_ns, .host_s = host_s,
				   .wait_cpu_s = -1.0, .thread_cpu_ns = -1 };
	if (wait->has_thread_cpu) {
		c->wait_cpu_s = (double)(wait->thread_cpu_end_ns - wait->thread_cpu_begin_ns) / 1e9;
		c->thread_cpu_ns = wait->thread_cpu_end_ns;
	}
	return 0;
}

/* Where a thread's host demands come from. */
enum host_source { HOST_WALL, HOST_SCHED, HOST_TRACER };

/* The kernel trace when it names the thread; else the tracer's CPU clock when every wait of
 * the thread has it (signal_wait, schema >= 2.2); else, or when asked, the wall time. */
static enum host_source host_source_of(const struct build *b, const struct model_thread *th,
				       const size_t *calls, size_t n)
{
	const struct model_trace *t = b->t;
	size_t waits = 0;

	if (b->m->host_demand == MODEL_HOST_WALL)
		return HOST_WALL;
	if (keymap_find(&t->oncpu_index, &th->vtid, sizeof(th->vtid)))
		return HOST_SCHED;
	for (size_t i = 0; i < n; i++) {
		const struct model_call *c = MODEL_AT(t->calls, struct model_call, calls[i]);

		if (c->is_wait && !c->has_thread_cpu)
			return HOST_WALL;
		waits += (size_t)c->is_wait;
	}
	return waits ? HOST_TRACER : HOST_WALL;
}

/* The thread's CPU time so far at a wait's entry (end = 0) or return (end = 1). */
static int64_t cpu_at(enum host_source src, const struct model_call *c, int end)
{
	if (src == HOST_TRACER)
		return end ? c->thread_cpu_end_ns : c->thread_cpu_begin_ns;
	return end ? c->oncpu_end_ns : c->oncpu_begin_ns;
}

static void count_source(struct model *m, enum host_source src)
{
	if (src == HOST_SCHED)
		m->cpu_time_threads++;
	else if (src == HOST_TRACER)
		m->tracer_cpu_threads++;
}

/* Cuts one thread's life into host phases and waits. With the tracer's clock, the setup
 * phase's CPU time is counted from the thread's start (its clock's zero: the thread's first
 * event is not sampled), at most the phase's wall time, and the teardown keeps its wall
 * time (the clock is read at waits only). */
static int thread_samples(struct build *b, size_t src, const size_t *calls, size_t n,
			  struct thread_work *tw)
{
	const struct model_trace *t = b->t;
	const struct model_thread *th = MODEL_AT(t->threads, struct model_thread, src);
	struct model_thread_row *row = vec_push(&b->m->threads);
	size_t me = b->m->threads.count - 1, phase_sample = 0;
	enum host_source from = host_source_of(b, th, calls, n);
	int64_t cursor = th->first_ns, oncpu = from == HOST_TRACER ? 0 : th->oncpu_first_ns;
	char target[MODEL_NAME_MAX + 16], label[MODEL_NAME_MAX + 48];
	double last_wait_other = 0.0;
	int any;

	if (!row)
		return -1;
	row->vtid = th->vtid;
	join(row->procname, sizeof(row->procname), th->procname, "");
	row->api_calls = th->api_calls;
	b->m->merged_waits += th->merged_waits;
	row->span_s = (double)(th->last_ns - th->first_ns) / 1e9;
	row->cls = SIZE_MAX;
	b->signature[me][0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const struct model_call *c = MODEL_AT(t->calls, struct model_call, calls[i]);

		if (!c->is_wait || c->begin_ns < cursor)
			continue;
		phase_sample = b->samples.count;
		if (host_samples(b, me, from != HOST_WALL, c->begin_ns - cursor,
				 cpu_at(from, c, 0) - oncpu, ""))
			return -1;
		if (wait_samples(b, me, tw, c, cursor, target, sizeof(target), &any))
			return -1;
		last_wait_other = !any && strcmp(target, HOST_SIGNAL) == 0 ?
			(double)(c->end_ns - c->begin_ns) / 1e9 : 0.0;
		if (!row->cycles)
			row->end_waits_s = last_wait_other;
		snprintf(label, sizeof(label), "%s %s", row->cycles ? "host phase before" :
			 "setup, then host phase before", target);
		join(MODEL_AT(b->samples, struct sample, phase_sample)->name,
		     sizeof(((struct sample *)0)->name), label, "");
		add_to_signature(b->signature[me], sizeof(b->signature[me]), target);
		if (add_cycle(b, me, cursor, c,
			      MODEL_AT(b->samples, struct sample, phase_sample)->seconds))
			return -1;
		row->cycles++;
		cursor = c->end_ns;
		oncpu = cpu_at(from, c, 1);
	}
	if (!row->cycles)
		return 0;
	if (row->cycles > 1)
		row->end_waits_s += last_wait_other;
	model_lastwait_measure(t, src, b->m, row);
	count_source(b->m, from);
	return host_samples(b, me, from == HOST_SCHED, th->last_ns - cursor,
			    th->oncpu_last_ns - oncpu, "teardown");
}

static size_t call_thread(const struct model_trace *t, size_t i)
{
	return MODEL_AT(t->calls, struct model_call, i)->thread;
}

static size_t work_thread(const struct model_trace *t, size_t i)
{
	return MODEL_AT(t->work, struct model_work, i)->thread;
}

/* Counting sort of rows 0..n into out by thread (stable), then each thread's run by cmp;
 * rows whose keep[] is SIZE_MAX are left out (keep may be NULL). */
static void group_rows(const struct model_trace *t, size_t n, size_t threads, size_t *first,
		       size_t *out, size_t (*thread_of)(const struct model_trace *, size_t),
		       int (*cmp)(const void *, const void *, void *), const size_t *keep)
{
	size_t *fill = first + threads + 1;

	for (size_t th = 0; th <= threads; th++)
		first[th] = 0;
	for (size_t i = 0; i < n; i++)
		if (!keep || keep[i] != SIZE_MAX)
			first[thread_of(t, i) + 1]++;
	for (size_t th = 0; th < threads; th++)
		first[th + 1] += first[th];
	memcpy(fill, first, threads * sizeof(*fill));
	for (size_t i = 0; i < n; i++)
		if (!keep || keep[i] != SIZE_MAX)
			out[fill[thread_of(t, i)]++] = i;
	for (size_t th = 0; th < threads; th++)
		qsort_r(out + first[th], first[th + 1] - first[th], sizeof(*out), cmp, (void *)t);
}

static int collect_threads(struct build *b)
{
	const struct model_trace *t = b->t;
	size_t threads = t->threads.count;
	size_t *calls = malloc((t->calls.count ? t->calls.count : 1) * sizeof(*calls));
	size_t *works = malloc((t->work.count ? t->work.count : 1) * sizeof(*works));
	size_t *call_first = malloc((2 * threads + 2) * sizeof(size_t));
	size_t *work_first = malloc((2 * threads + 2) * sizeof(size_t));
	int ret = -1;

	b->signature = calloc(threads ? threads : 1, sizeof(*b->signature));
	if (!calls || !works || !call_first || !work_first || !b->signature)
		goto end;
	group_rows(t, t->calls.count, threads, call_first, calls, call_thread, calls_by_begin,
		   NULL);
	group_rows(t, t->work.count, threads, work_first, works, work_thread, works_by_submit,
		   b->work_station);
	for (size_t th = 0; th < threads; th++) {
		const struct model_thread *x = MODEL_AT(t->threads, struct model_thread, th);
		struct thread_work tw = { works + work_first[th],
					  work_first[th + 1] - work_first[th], 0 };

		if (x->vpid != b->m->vpid || !x->api_calls)
			continue;
		if (thread_samples(b, th, calls + call_first[th],
				   call_first[th + 1] - call_first[th], &tw))
			goto end;
	}
	ret = 0;
end:
	free(calls);
	free(works);
	free(call_first);
	free(work_first);
	return ret;
}

/* Accumulates one sample into its class's activity of the same name. */
static int add_activity(struct model_class *c, const struct sample *s, double *sumsq)
{
	struct model_activity *a = NULL;
	size_t i;

	for (i = 0; i < c->activities.count; i++) {
		a = MODEL_AT(c->activities, struct model_activity, i);
		if (a->station == s->station && strcmp(a->name, s->name) == 0)
			break;
	}
	if (i == c->activities.count) {
		if (!(a = vec_push(&c->activities)))
			return -1;
		join(a->name, sizeof(a->name), s->name, "");
		a->station = s->station;
		a->synchronous = s->synchronous;
		a->delay = s->kind == SAMPLE_DELAY;
	}
	a->count++;
	a->mean_s += s->seconds;	/* sums until finish_activities */
	a->exec_mean_s += s->exec_s;
	sumsq[i] += s->seconds * s->seconds;
	return 0;
}

static void finish_activities(struct model_class *c, const double *sumsq)
{
	for (size_t i = 0; i < c->activities.count; i++) {
		struct model_activity *a = MODEL_AT(c->activities, struct model_activity, i);
		double mean = a->mean_s / a->count, var;

		a->mean_s = mean;
		a->exec_mean_s /= a->count;
		var = sumsq[i] / a->count - mean * mean;
		a->scv = a->count < 2 ? -1.0 : mean > 0.0 ? fmax(0.0, var) / (mean * mean) : 0.0;
	}
}

/* Row r's class: the one of the first thread with its signature, else a new one (its
 * sums zero, sumsq[k] for its samples); SIZE_MAX when out of memory. */
static size_t class_of_row(struct build *b, size_t r, size_t *owner, double **sumsq)
{
	struct model *m = b->m;
	const struct model_thread_row *row = MODEL_AT(m->threads, struct model_thread_row, r);
	struct model_class *c;
	size_t k;

	for (k = 0; k < m->classes_count; k++)
		if (strcmp(b->signature[owner[k]], b->signature[r]) == 0)
			return k;
	c = &m->classes[k];
	m->classes_count++;
	owner[k] = r;
	snprintf(c->name, sizeof(c->name), "%s-%zu", row->procname, k + 1);
	vec_init(&c->activities, sizeof(struct model_activity));
	c->demand = calloc(m->stations_count, sizeof(double));
	c->visits = calloc(m->stations_count, sizeof(double));
	sumsq[k] = calloc(b->samples.count ? b->samples.count : 1, sizeof(double));
	c->first_ns = INT64_MAX;
	c->last_ns = INT64_MIN;
	return c->demand && c->visits && sumsq[k] ? k : SIZE_MAX;
}

/* Every sample of a classed thread, summed into its class. */
static int sum_samples(struct build *b, double **sumsq)
{
	struct model *m = b->m;

	for (size_t i = 0; i < b->samples.count; i++) {
		const struct sample *s = MODEL_AT(b->samples, struct sample, i);
		const struct model_thread_row *row =
			MODEL_AT(m->threads, struct model_thread_row, s->thread);
		struct model_class *c;

		if (row->cls == SIZE_MAX)
			continue;
		c = &m->classes[row->cls];
		if (add_activity(c, s, sumsq[row->cls]))
			return -1;
		if (s->kind == SAMPLE_DELAY) {
			c->think_s += s->seconds;
			c->overhead_s += s->overhead ? s->seconds : 0.0;
		} else {
			c->demand[s->station] += s->seconds;
			c->visits[s->station] += 1.0;
		}
	}
	return 0;
}

/* The sums of each class made means: per cycle, the measured cycle and end waits per
 * thread. */
static void average_classes(struct model *m, double **sumsq)
{
	for (size_t k = 0; k < m->classes_count; k++) {
		struct model_class *c = &m->classes[k];

		finish_activities(c, sumsq[k]);
		for (size_t j = 0; j < m->stations_count; j++) {
			c->demand[j] /= c->cycles;
			c->visits[j] /= c->cycles;
		}
		c->think_s /= c->cycles;
		c->overhead_s /= c->cycles;
		c->measured_cycle_s /= c->threads;
		c->end_waits_s /= c->threads;
	}
}

/* The classes: threads with the same signature, in order of first appearance. */
static int group_classes(struct build *b)
{
	struct model *m = b->m;
	size_t rows = m->threads.count;
	double **sumsq = calloc(rows ? rows : 1, sizeof(*sumsq));
	size_t *owner = calloc(rows ? rows : 1, sizeof(*owner));	/* class -> first thread */
	int ret = -1;

	m->classes = calloc(rows ? rows : 1, sizeof(*m->classes));
	if (!sumsq || !owner || !m->classes)
		goto end;
	for (size_t r = 0; r < rows; r++) {
		struct model_thread_row *row = MODEL_AT(m->threads, struct model_thread_row, r);
		struct model_class *c;
		size_t k;

		if (!row->cycles)
			continue;
		if ((k = class_of_row(b, r, owner, sumsq)) == SIZE_MAX)
			goto end;
		c = &m->classes[k];
		row->cls = k;
		c->threads++;
		c->cycles += row->cycles;
		c->measured_cycle_s += row->span_s / row->cycles;
		c->end_waits_s += row->end_waits_s;
	}
	if (sum_samples(b, sumsq) != 0)
		goto end;
	average_classes(m, sumsq);
	ret = 0;
end:
	for (size_t k = 0; sumsq && k < rows; k++)
		free(sumsq[k]);
	free(sumsq);
	free(owner);
	return ret;
}

/* The window the cycling threads span, each class's span. */
static void set_windows(struct build *b)
{
	const struct model_trace *t = b->t;
	struct model *m = b->m;
	size_t r = 0;

	m->window_first_ns = INT64_MAX;
	m->window_last_ns = INT64_MIN;
	for (size_t th = 0; th < t->threads.count; th++) {
		const struct model_thread *x = MODEL_AT(t->threads, struct model_thread, th);
		const struct model_thread_row *row;

		if (x->vpid != m->vpid || !x->api_calls)
			continue;
		row = MODEL_AT(m->threads, struct model_thread_row, r++);
		if (row->cls == SIZE_MAX)
			continue;
		if (x->first_ns < m->classes[row->cls].first_ns)
			m->classes[row->cls].first_ns = x->first_ns;
		if (x->last_ns > m->classes[row->cls].last_ns)
			m->classes[row->cls].last_ns = x->last_ns;
		if (x->first_ns < m->window_first_ns)
			m->window_first_ns = x->first_ns;
		if (x->last_ns > m->window_last_ns)
			m->window_last_ns = x->last_ns;
	}
	m->window_s = (double)(m->window_last_ns - m->window_first_ns) / 1e9;
}

/* What the trace measured of each resource over the window (docs/model.md). */
static void measure_stations(struct build *b)
{
	const struct model_trace *t = b->t;
	struct model *m = b->m;
	double W = m->window_s > 0.0 ? m->window_s : 1e-9;
	double cpu_busy = 0.0;
	size_t cpu_visits = 0;

	for (size_t i = 0; i < b->samples.count; i++) {
		const struct sample *s = MODEL_AT(b->samples, struct sample, i);

		if (s->kind == SAMPLE_CPU) {
			cpu_busy += s->seconds;
			cpu_visits++;
		}
	}
	m->stations[0].measured = (struct model_measure){
		cpu_busy / (W * m->cores), cpu_visits / W,
		cpu_visits ? cpu_busy / cpu_visits : 0.0, cpu_busy / W };
	for (size_t k = 1; k < m->stations_count; k++) {
		struct model_station *st = &m->stations[k];
		double work = 0.0, resid = 0.0;
		size_t n = 0;

		for (size_t i = 0; i < t->work.count; i++) {
			const struct model_work *w = MODEL_AT(t->work, struct model_work, i);

			if (b->work_station[i] != k || w->end_ns < m->window_first_ns ||
			    w->begin_ns > m->window_last_ns)
				continue;
			work += b->work_demand[i];
			resid += (double)(w->end_ns - w->submit_ns) / 1e9;
			n++;
			if (!b->work_sync[i]) {
				st->async_demand_s += b->work_demand[i];
				st->async_calls++;
			}
		}
		st->measured = (struct model_measure){ work / (W * st->servers), n / W,
						       n ? resid / n : 0.0, resid / W };
	}
}

static int check_cycles(const struct model *m, char *err, size_t errsz)
{
	double cycles = 0.0;

	for (size_t k = 0; k < m->classes_count; k++)
		cycles += m->classes[k].cycles;
	if (m->classes_count == 0) {
		snprintf(err, errsz, "no thread of process %lld waits for a dispatch, a copy or a "
			 "signal (hsa_signal_wait_*): no cycle to estimate a demand from",
			 (long long)m->vpid);
		return -1;
	}
	if (cycles < 2) {
		snprintf(err, errsz, "the trace holds %.0f cycle (one wait): at least 2 are needed "
			 "to estimate a demand", cycles);
		return -1;
	}
	return 0;
}

/* --host-demand=cpu on a trace without the modelled threads' CPU times. */
static int check_host_demand(const struct model *m, char *err, size_t errsz)
{
	if (m->host_demand != MODEL_HOST_CPU || m->cpu_time_threads || m->tracer_cpu_threads)
		return 0;
	snprintf(err, errsz, "--host-demand=cpu: the trace has no CPU time of the modelled "
		 "threads (neither a kernel trace whose sched_switch events name them nor the "
		 "tracer's thread_cpu_begin_ns/thread_cpu_end_ns at their waits, schema 2.2: "
		 "re-record it with this hsatrace)");
	return -1;
}

int model_build(struct model *m, const struct model_trace *t, enum model_host_demand host,
		char *err, size_t err_size)
{
	struct build b = { t, m, NULL, NULL, NULL, { 0 }, NULL };
	size_t works = t->work.count ? t->work.count : 1;
	int ret = -1;

	memset(m, 0, sizeof(*m));
	vec_init(&m->threads, sizeof(struct model_thread_row));
	vec_init(&b.samples, sizeof(struct sample));
	vec_init(&m->cycles, sizeof(struct model_cycle));
	m->shared_factor = 1.0;
	if (pick_process(m, t, err, err_size))
		return -1;
	for (size_t i = 0; i < t->threads.count; i++) {
		const struct model_thread *x = MODEL_AT(t->threads, struct model_thread, i);

		if (x->vpid == m->vpid) {
			join(m->procname, sizeof(m->procname), x->procname, "");
			break;
		}
	}
	m->kernel_trace = t->sched_switches > 0;
	m->host_demand = host;
	m->thread_cpu_traced = t->thread_cpu_waits > 0;
	m->process_cpu_traced = t->process_cpu_waits > 0;
	count_cores(m, t);
	b.work_station = calloc(works, sizeof(size_t));
	b.work_demand = calloc(works, sizeof(double));
	b.work_sync = calloc(works, sizeof(int));
	if (!b.work_station || !b.work_demand || !b.work_sync ||
	    assign_stations(&b) || estimate_devices(&b) || collect_threads(&b) ||
	    group_classes(&b)) {
		snprintf(err, err_size, "out of memory while building the model");
		goto end;
	}
	if (check_cycles(m, err, err_size) || check_host_demand(m, err, err_size))
		goto end;
	set_windows(&b);
	measure_stations(&b);
	ret = 0;
end:
	free(b.work_station);
	free(b.work_demand);
	free(b.work_sync);
	free(b.signature);
	vec_release(&b.samples);
	if (ret)
		model_release(m);
	return ret;
}

void model_release(struct model *m)
{
	if (!m)
		return;
	for (size_t k = 0; m->classes && k < m->classes_count; k++) {
		free(m->classes[k].demand);
		free(m->classes[k].visits);
		vec_release(&m->classes[k].activities);
	}
	free(m->classes);
	free(m->stations);
	vec_release(&m->threads);
	vec_release(&m->cycles);
	memset(m, 0, sizeof(*m));
}
