/*
 * model - a queueing model of a traced HSA program: resources (host CPUs, GPU agents, the
 * copy engine), thread classes cycling through phases and device calls, and what the trace
 * measured of each (docs/model.md).
 *
 *   struct model m;
 *   model_build(&m, &trace, err, sizeof(err));	// from model_trace (model_build.c)
 *   model_solve(&m, &whatif, &pred, err, ...);		// MVA (model_solve.c)
 *   model_write_text / _json (model_write.c), model_write_lqn (model_lqn.c)
 *   model_release(&m);
 */
#ifndef HSAT_MODEL_MODEL_H
#define HSAT_MODEL_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analyses/model/model_trace.h"

enum model_station_kind {
	MODEL_CPU = 0,
	MODEL_GPU,
	MODEL_COPY,
};

/* What the trace says a resource did over the modelled window. */
struct model_measure {
	double utilization;	/* busy fraction of one server */
	double throughput;	/* visits per second */
	double response_s;	/* mean residence per visit */
	double queue;		/* mean number of visits present */
};

struct model_station {
	char name[64];
	enum model_station_kind kind;
	uint64_t agent;		/* GPU: agent handle */
	unsigned servers;
	char servers_how[160];	/* how the multiplicity was estimated */
	double sharing;		/* GPU/copy: how much longer a call runs when overlapped (>= 1) */
	unsigned queues;	/* GPU: queues the trace used on it */
	double launch_s;	/* mean submit-to-begin when it was idle (information) */
	struct model_measure measured;
	double async_demand_s;	/* device work nobody waited for, over the window */
	size_t async_calls;	/* how many calls that was */
};

struct model_activity {
	char name[MODEL_NAME_MAX + 16];
	size_t station;
	size_t count;		/* samples */
	double mean_s, scv;	/* scv < 0: fewer than 2 samples */
	double exec_mean_s;	/* device calls: mean execution time as traced (overlap kept) */
	int synchronous;	/* device activities: the thread waited for it */
	int delay;		/* a delay (launch, wake-up, another thread), no station's */
};

struct model_class {
	char name[64];
	unsigned threads;
	double cycles;		/* total cycles of all its threads */
	double *demand;		/* per station, seconds per cycle */
	double *visits;		/* per station, visits per cycle */
	double think_s;		/* latency and synchronization delay per cycle */
	double overhead_s;	/* of think_s: the rest of the waits that covered device work */
	struct vec activities;	/* struct model_activity */
	int64_t first_ns, last_ns;	/* its threads' span */
	double measured_cycle_s;	/* mean over its threads of span / cycles */
	double end_waits_s;	/* mean over its threads of end_waits_s */
};

struct model_thread_row {
	int64_t vtid;
	char procname[32];
	size_t cls;		/* SIZE_MAX: no cycle (not modelled) */
	size_t cycles, api_calls;
	double span_s;
	/* its first and last waits when they were for another thread's signal (no device
	 * work ended in them: multi_thread's baton), in seconds: waiting for the others to
	 * start or finish, not its own work */
	double end_waits_s;
	/* its last cycle, for queues=N on the CPU runtime (model_lastwait.h): the queues its
	 * kernels ran on over its life (0: not measured), the kernels that ended in the last
	 * cycle, its span and the runtime's CPU in it */
	unsigned last_queues, last_kernels;
	double last_chain_s, last_runtime_cpu_s;
};

/* Where a host phase's demand comes from (--host-demand). */
enum model_host_demand {
	MODEL_HOST_AUTO,	/* CPU time when the trace has it (kernel trace, else tracer) */
	MODEL_HOST_WALL,	/* the time between API calls */
	MODEL_HOST_CPU,		/* CPU time, required */
};

/* Steady cycles seen at one load before its mean counts (model_shared.c, model_loaddemand.c). */
#define MODEL_MIN_CYCLES_AT_LOAD 10

/* Where the CPU runtime's demand per cycle on the host CPUs comes from (model_shared.c). */
enum model_demand_source {
	MODEL_DEMAND_CALIBRATED,	/* the activities' times, scaled to the measured cycle */
	MODEL_DEMAND_TWO_LOADS,		/* ... one core's worth and a latency fitted to two loads */
	MODEL_DEMAND_PROCESS_CPU,	/* the process's CPU clock per cycle, a latency fitted */
};

struct model {
	int64_t vpid;
	char procname[32];
	double total_s;		/* the process's first to last event */
	int64_t window_first_ns, window_last_ns;
	double window_s;	/* the cycling threads' span */
	unsigned cores;
	char cores_how[128];
	int cpu_runtime;	/* the GPU is the CPU runtime's emulation (workers on host CPUs) */
	unsigned cpu_workers;	/* the CPU runtime's workers as traced (its GPU's compute units) */
	/* On the CPU runtime (model_share_cpus): the host CPUs serve every activity of a cycle */
	int shared;			/* model_share_cpus ran */
	double shared_capacity;		/* the cores' worth the process had (1..cores) */
	unsigned shared_servers;	/* that, rounded */
	char shared_how[160];
	double shared_factor;		/* demands without the queueing for the cores (<= 1) */
	/* One class cycling at two loads, with less than a linear speed-up: one core's worth,
	 * its demand and a latency fitted to both cycle times (model_shared.c) */
	int shared_fitted;
	double shared_think_s;		/* the class's think time then, the latency included */
	/* per thread, what the fit leaves out of its span: its measured span minus its cycles
	 * at the modelled cycle time as traced (its setup and teardown cycles, no cycle at a
	 * load), kept as measured in every prediction */
	double shared_rest_s;
	/* per thread, of its first and last cycles, the waits for another thread's signal
	 * (the class's end_waits_s): out of shared_rest_s, kept with the threads' stagger
	 * (none for one thread: nobody to wait for) */
	double shared_end_waits_s;
	enum model_demand_source demand_source;
	/* MODEL_DEMAND_PROCESS_CPU (schema >= 2.3, one class): over the window where all the
	 * class's threads cycle, the process's CPU clock at the first and last wait returning
	 * in it, and the cycles of all the process's threads that ended after the first and up
	 * to the last: the demand per cycle is pcpu_s / pcpu_cycles */
	int64_t pcpu_first_ns, pcpu_last_ns;	/* those two waits' returns */
	double pcpu_s;			/* the process clock's difference between them */
	size_t pcpu_cycles;
	double pcpu_per_cycle_s;	/* the demand per cycle on the host CPUs */
	double pcpu_host_per_cycle_s;	/* of it, the host phases' (their demand, same cycles) */
	double pcpu_cycle_s;		/* the measured cycle there: threads x span / cycles */
	/* the same at the lowest load with enough cycles, when below the traced one (for
	 * information: load_lo); 0 when not measured */
	double pcpu_per_cycle_lo_s;
	size_t pcpu_cycles_lo;
	char demand_how[160];		/* why the demand came from where it did */
	/* With the process's CPU clock and a low-load stretch: the demand per cycle as a
	 * function of the load, work + handoff x p(N) (model_loaddemand.h); 0: flat */
	int load_demand;
	double load_work_s, load_handoff_s;
	double load_util;		/* U at the traced population: throughput x D / cores */
	char load_demand_how[200];	/* what was used, or why not */
	unsigned load_lo, load_hi;	/* threads cycling at once; 0: one load seen */
	double cycle_lo_s, cycle_hi_s;	/* the mean cycle time at each */
	size_t cycles_lo, cycles_hi;	/* the steady cycles seen at each (those means' counts) */
	int kernel_trace;	/* sched_switch events seen */
	enum model_host_demand host_demand;	/* the source asked for (--host-demand) */
	int thread_cpu_traced;	/* the tracer gave the threads' CPU time at waits (>= 2.2) */
	int process_cpu_traced;	/* ... and the process's CPU time at their returns (>= 2.3) */
	size_t cpu_time_threads; /* modelled threads whose host demand is their CPU time from
				    the kernel trace */
	size_t tracer_cpu_threads; /* ... from the tracer's CPU clock at their waits */
	size_t stations_count, classes_count;
	struct model_station *stations;
	struct model_class *classes;
	struct vec threads;	/* struct model_thread_row */
	struct vec cycles;	/* struct model_cycle, by thread, in time order */
	size_t other_processes;	/* HSA processes not modelled */
	size_t merged_waits;	/* its threads' waits re-issued after a timeout, merged into the
				   waits they continued (model_slices.h) */
};

/* One cycle of a modelled thread: its host phase's start to its wait's end. */
struct model_cycle {
	size_t thread;		/* index in threads */
	int64_t begin_ns, end_ns;
	int has_process_cpu;	/* its wait gave the process's CPU clock (schema >= 2.3) */
	int64_t process_cpu_ns;	/* that clock at the wait's return */
	double host_s;		/* its host phase's demand on the host CPUs (model_build.c) */
	/* the thread's CPU inside its wait (the tracer's clock from the wait's entry to its
	 * return, schema >= 2.2: going to sleep and being woken); < 0: not in the trace */
	double wait_cpu_s;
	int64_t thread_cpu_ns;	/* the thread's CPU clock at the wait's return; -1: none */
};

/*
 * On the CPU runtime (m->cpu_runtime), makes the host CPUs the one processor of every
 * activity of a cycle (model_shared.c): how many cores the process had, the demands without
 * the queueing for them. Does nothing elsewhere. Returns 0, or -1 with err set.
 */
int model_share_cpus(struct model *m, char *err, size_t err_size);
/* What model_shared_fit_capacity found. */
enum model_capacity_fit {
	MODEL_CAPACITY_ERROR = -1,	/* err set */
	MODEL_CAPACITY_ABOVE_CORES,	/* even all the cores give a longer cycle than the target */
	MODEL_CAPACITY_FITTED,		/* m->shared_capacity gives it */
	MODEL_CAPACITY_BELOW_ONE,	/* even one core's worth gives a shorter cycle */
};
/* The host CPUs' capacity in [1, cores] (m->shared_capacity) at which the one class's
 * modelled cycle at `threads` threads is target_s, with the think time think_s and the
 * demands unscaled (sets m->shared_think_s to think_s, m->shared_factor to 1): bisection, the
 * cycle falling as the capacity grows (the cores' worth of model_shared.c and
 * model_loaddemand.c). Unless fitted, m->shared_capacity is left at the last one tried. */
enum model_capacity_fit model_shared_fit_capacity(struct model *m, unsigned threads,
						  double think_s, double target_s, char *err,
						  size_t err_size);

/* What-if changes (model_whatif.c). */
struct model_whatif;

/* workers=N on the CPU runtime needs the traced worker count: 0, or -1 with err set. */
int model_workers_check(const struct model *m, const struct model_whatif *w, char *err,
			size_t err_size);
/* What workers=N changes per cycle of class c on the CPU runtime's one processor: the
 * workers' wake-ups (CPU demand, before the calibration's factor) and the hand-back to the
 * packet processor (latency); both 0 without it or elsewhere (model_workers.c). */
void model_workers_change(const struct model *m, const struct model_whatif *w, size_t c,
			  double *cpu_s, double *latency_s);
/* The share of a runtime hand-off that is CPU for class c: from the process's CPU clock,
 * else 1 (model_workers.c). */
double model_workers_cpu_share(const struct model *m, size_t c);
/* What one wake-up of a sleeping worker costs in CPU, measured (model_workers.c): the host
 * threads' mean CPU inside their waits over the cycles of the process's CPU per cycle (the
 * count in *waits, may be NULL); -1 when not measured (no process clock demand, or no
 * thread clock at those waits). */
double model_workers_wake_cpu(const struct model *m, size_t *waits);
/* What workers=N means here, for the output (NULL without it); as JSON (model_workers.c). */
const char *model_workers_note(const struct model *m, const struct model_whatif *w, char *buf,
			       size_t size);
void model_workers_json(const struct model *m, const struct model_whatif *w, FILE *out);

struct model_whatif {
	int threads_set;
	unsigned threads;
	char threads_class[64];	/* "" : the class with the most threads */
	double gpu_speed, copy_speed;	/* factors, 1 = as traced */
	unsigned cpus, gpus, queues;	/* 0 = as traced */
	unsigned workers;	/* the GPU's dispatches at once (CPU runtime: its workers); 0 = as traced */
	size_t changes;
};

struct model_prediction {
	double total_s, window_s, throughput;	/* throughput: cycles per second, all classes */
	const char *method;
	double *cycle_s;		/* per class */
	double *class_throughput;	/* per class */
	struct model_measure *station;	/* per station */
	unsigned *servers;		/* per station, after the what-if */
	unsigned *population;		/* per class */
	/* The network the solver took (what --lqn writes): per class x station (C x K), the
	 * demand per cycle it queues for (before the open stream's inflation) and the class's
	 * own busy time there (the calibration's factor applied); per class the think time;
	 * per station the open stream's demand per cycle and the capacity (servers, or on the
	 * CPU runtime's host CPUs the cores' worth, possibly fractional) */
	double *queued_s, *own_s, *think_s, *async_s, *capacity;
	/* the process's CPU per cycle the host CPUs served (m->load_demand: at the predicted
	 * load; else as traced); 0 when the demand is not the process's CPU clock */
	double host_cpu_demand_s;
	/* per thread of the longest class, what queues=N took off its last cycle kept as
	 * measured (model_lastwait.h); 0 without it */
	double queues_saving_s;
};

/* Returns 0, or -1 with err saying what the trace lacks (or that memory ran out). host: where
 * the host phases' demand comes from (MODEL_HOST_CPU without CPU times in t is an error). */
int model_build(struct model *m, const struct model_trace *t, enum model_host_demand host,
		char *err, size_t err_size);
void model_release(struct model *m);

void model_whatif_init(struct model_whatif *w);
/* Parses one K=V; returns 0, or -1 with err set. */
int model_whatif_parse(struct model_whatif *w, const char *arg, char *err, size_t err_size);

/* Solves m as traced (w NULL or without changes) or changed by w. Returns 0 or -1. */
int model_solve(const struct model *m, const struct model_whatif *w,
		struct model_prediction *p, char *err, size_t err_size);
void model_prediction_release(struct model_prediction *p);

struct model_report {
	const struct model *model;
	const struct model_prediction *base;	/* the model as traced */
	const struct model_prediction *whatif;	/* NULL without --what-if */
	const struct model_whatif *changes;
	const char *trace;
};

int model_write_text(const struct model_report *r, FILE *out);
int model_write_json(const struct model_report *r, FILE *out);
/* The model as an LQN model file (lqn.xsd): the network p was solved from (servers,
 * threads, demands and think times as the solver took them; w's speeds for the devices,
 * w may be NULL). On the CPU runtime, the one processor the solver has (model_lqn.c). */
int model_write_lqn(const struct model *m, const struct model_whatif *w,
		    const struct model_prediction *p, const char *trace, FILE *out);

#endif
