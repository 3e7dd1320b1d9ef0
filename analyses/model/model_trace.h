/*
 * model_trace - the facts of a trace a performance model is built from, accumulated event by
 * event: per thread its API calls (with the signal a wait waits for), the packets it
 * submitted and the copies it started with their device times, the agents, and each process's
 * first and last event.
 *
 *   struct model_trace t;
 *   model_trace_init(&t);
 *   model_trace_add(&t, &ev);	// for each event, in time order (model_read.c fills ev)
 *   model_merge_slices(&t);	// a wait re-issued after a timeout is one wait (model_slices.h)
 *   ... t.threads, t.calls, t.work, t.agents, t.processes ...
 *   model_trace_release(&t);
 *
 * model_read.c is the only file that knows how the trace is read; this one sees plain
 * struct model_event values.
 */
#ifndef HSAT_MODEL_TRACE_H
#define HSAT_MODEL_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "analyses/common/keymap.h"
#include "analyses/common/vec.h"

enum model_event_kind {
	MODEL_EV_OTHER = 0,	/* only its time and process count */
	MODEL_EV_API_ENTRY,
	MODEL_EV_API_EXIT,
	MODEL_EV_SUBMIT,	/* hsa_activity:packet_submit */
	MODEL_EV_KERNEL,	/* hsa_activity:kernel_exec (or hsa_gpu:kernel_end) */
	MODEL_EV_COPY,		/* hsa_activity:copy_exec (or hsa_gpu:copy_end) */
	MODEL_EV_AGENT,		/* hsa_activity:agent_info */
	MODEL_EV_SCHED_SWITCH,	/* the kernel trace's sched_switch: CPU time per tid */
	MODEL_EV_SIGNAL_WAIT,	/* hsa_activity:signal_wait: the thread's CPU time at a wait */
};

#define MODEL_NAME_MAX 96

/* One event, as the model needs it; strings are borrowed for the call. */
struct model_event {
	enum model_event_kind kind;
	int64_t ts_ns;
	int has_process;	/* vpid/vtid known */
	int64_t vpid, vtid;
	const char *procname;	/* may be NULL */
	const char *function;	/* API events: the function */
	uint64_t correlation_id;
	uint64_t signal;	/* API entries: `signal` or `completion_signal` argument, else 0 */
	int has_condition;	/* API entries with `condition` and `compare_value` arguments */
	int32_t condition;	/* hsa_signal_condition_t: 0 EQ, 1 NE, 2 LT, 3 GTE */
	int64_t compare_value;
	int has_retval;		/* API exits with a `retval` */
	int64_t retval;		/* a single-signal wait's: the signal value it observed */
	uint64_t queue_id, packet_index;
	int32_t packet_type;
	const char *name;	/* kernel name, agent name */
	uint64_t agent;		/* agent handle */
	int64_t begin_ns, end_ns; /* device times */
	uint64_t bytes;
	int32_t direction, device_type;
	uint64_t compute_units;
	int64_t prev_tid, next_tid;	/* sched_switch */
	int has_thread_cpu;	/* signal_wait of schema >= 2.2: the two below are known */
	int64_t thread_cpu_begin_ns, thread_cpu_end_ns; /* the thread's CPU clock at the wait */
	int has_process_cpu;	/* signal_wait of schema >= 2.3 with a nonzero process_cpu_ns */
	int64_t process_cpu_ns;	/* the process's CPU clock (all its threads) at the return */
	int has_cpu;		/* cpu known */
	int64_t cpu;		/* the CPU it was recorded on (its packet's cpu_id) */
};

/* A completed API call of a thread. */
struct model_call {
	size_t thread;
	int64_t begin_ns, end_ns;
	uint64_t correlation_id, signal;
	char function[64];
	int is_wait, is_copy;	/* hsa_signal_wait_* / hsa_amd_signal_wait_*; async copy */
	/* a single-signal wait that returned with its condition unmet: it timed out (the
	 * program may re-issue it, model_slices.h); hsa_amd_signal_wait_any never is */
	int unmet;
	int has_condition;	/* while open: the entry's condition and compare value */
	int32_t condition;
	int64_t compare_value;
	int64_t oncpu_begin_ns, oncpu_end_ns; /* the thread's CPU time so far (kernel trace) */
	/* waits of schema >= 2.2: the thread's CPU clock (CLOCK_THREAD_CPUTIME_ID, from its
	 * start) at the wait's entry and return, as the tracer read it (signal_wait) */
	int has_thread_cpu;
	int64_t thread_cpu_begin_ns, thread_cpu_end_ns;
	/* waits of schema >= 2.3: the process's CPU clock (CLOCK_PROCESS_CPUTIME_ID, all its
	 * threads, the runtime's included) at the wait's return */
	int has_process_cpu;
	int64_t process_cpu_ns;
};

/* A kernel dispatch or a copy, from its submission to its device end. */
struct model_work {
	size_t thread;		/* the submitting thread */
	int is_copy;
	int64_t submit_ns, begin_ns, end_ns;
	uint64_t signal;	/* completion signal (0: none) */
	uint64_t queue_id, packet_index, correlation_id, agent, bytes;
	int32_t direction;
	char name[MODEL_NAME_MAX];
	int complete;		/* device times known */
};

/* The distinct queues of a set of work items: the first MODEL_QUEUES_MAX ids seen (more are
 * not counted); zero it to start. */
#define MODEL_QUEUES_MAX 64
struct model_queue_set {
	uint64_t id[MODEL_QUEUES_MAX];
	unsigned count;
};
/* Adds queue id to set unless it is there already or the set is full. */
void model_queue_set_add(struct model_queue_set *set, uint64_t id);

struct model_thread {
	int64_t vpid, vtid;
	char procname[32];
	int64_t first_ns, last_ns;
	size_t api_calls;
	size_t merged_waits;	/* waits merged into the wait they re-issued (model_slices.h) */
	int64_t oncpu_first_ns, oncpu_last_ns; /* its CPU time so far at its first, last event */
	/* API calls entered and not yet returned, innermost last */
	struct model_call *open;
	size_t open_count, open_alloc;
};

struct model_agent {
	int64_t vpid;
	uint64_t handle;
	char name[64];
	int32_t device_type;
	uint64_t compute_units;
};

#define MODEL_CPUS_MAX 1024	/* CPU ids counted per process (higher ones are not) */

struct model_process {
	int64_t vpid;
	int64_t first_ns, last_ns;
	size_t api_calls;
	uint64_t cpus_seen[MODEL_CPUS_MAX / 64];	/* the CPUs its events were recorded on */
};

/* How many distinct CPUs p's events were recorded on. */
unsigned model_process_cpus(const struct model_process *p);

/* A thread's time on a CPU, from sched_switch (tid = the UST vtid: no pid namespace). */
struct model_oncpu {
	int64_t since_ns;	/* switched in at, -1 when off a CPU */
	int64_t total_ns;	/* before since_ns */
};

#define MODEL_AT(vec, type, i) (&((type *)(vec).items)[i])

struct model_trace {
	struct vec threads, calls, work, agents, processes;
	struct keymap thread_index;	/* (vpid, vtid) -> threads */
	struct keymap process_index;	/* vpid -> processes */
	struct keymap packet_index;	/* (vpid, queue, packet) -> work */
	struct keymap copy_index;	/* (vpid, correlation id) -> work */
	struct vec oncpu;		/* struct model_oncpu */
	struct keymap oncpu_index;	/* tid -> oncpu */
	uint64_t events, api_events, sched_switches;
	uint64_t thread_cpu_waits;	/* waits whose signal_wait gave the thread's CPU time */
	uint64_t process_cpu_waits;	/* ... the process's CPU time (schema >= 2.3) */
	char schema_version[32];	/* hsa_meta:trace_info's, "mixed" when runs differ */
};

void model_trace_init(struct model_trace *t);
void model_trace_release(struct model_trace *t);

/* Returns 0, or -1 when out of memory. */
int model_trace_add(struct model_trace *t, const struct model_event *ev);

/* Whether API function fn (NULL: none) is a signal wait (hsa_signal_wait_*,
 * hsa_amd_signal_wait_*): its return ends a cycle, and only its entry's condition and its
 * exit's value are read (model_read.c). */
int model_is_wait_function(const char *fn);


#endif
