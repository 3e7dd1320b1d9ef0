/* Versions, clocks, counters, warnings: what every other part of the tracer leans on. */
#include "tracer/tracer.h"
#include "tracer/call.h"
#include "tracer/map.h"
#include "hsatrace/tp_hsa_meta.h"
#include "hsatrace/tp_hsa_activity.h"
#include "schema/hsatrace_schema.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__thread struct hsat_tls hsat_tls __attribute__((tls_model("initial-exec")));
_Atomic uint64_t hsat_next_correlation_id = 1;

static const char *attach_mode = "tool";
static atomic_int trace_info_done;
static atomic_int warned;

/* One line on stderr: the prefix, the message. */
static void say(const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void hsat_warn_once(const char *fmt, ...)
{
	va_list ap;

	if (atomic_exchange(&warned, 1))
		return;
	va_start(ap, fmt);
	say("hsatrace: warning: ", fmt, ap);
	va_end(ap);
}

void hsat_debug(const char *fmt, ...)
{
	static int enabled = -1;
	va_list ap;

	if (enabled < 0)
		enabled = getenv("HSATRACE_DEBUG") != NULL;
	if (!enabled)
		return;
	va_start(ap, fmt);
	say("hsatrace: ", fmt, ap);
	va_end(ap);
}

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts) != 0)
		return 0; /* the schema's "could not be read" */
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t hsat_monotonic_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

uint64_t hsat_thread_cpu_ns(void)
{
	return clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

uint64_t hsat_process_cpu_ns(void)
{
	return clock_ns(CLOCK_PROCESS_CPUTIME_ID);
}

void hsat_set_attach_mode(const char *mode)
{
	attach_mode = mode;
}

void hsat_emit_trace_info(void)
{
	struct hsat_ev_hsa_meta__trace_info e = { 0 };

	if (!lttng_ust_tracepoint_enabled(hsa_meta, trace_info) ||
	    atomic_exchange(&trace_info_done, 1))
		return;
	e.schema_version = HSAT_SCHEMA_VERSION;
	e.tracer_version = HSAT_TRACER_VERSION;
	e.monotonic_ns = clock_ns(CLOCK_MONOTONIC);
	e.boottime_ns = clock_ns(CLOCK_BOOTTIME);
	e.realtime_ns = clock_ns(CLOCK_REALTIME);
	e.boottime_minus_monotonic_ns = (int64_t)(e.boottime_ns - e.monotonic_ns);
	e.realtime_minus_monotonic_ns = (int64_t)(e.realtime_ns - e.monotonic_ns);
	e.gpu_time_domain = "monotonic";
	e.attach_mode = attach_mode;
	lttng_ust_do_tracepoint(hsa_meta, trace_info, &e);
}

/* --- the HSA system clock, in the LTTng clock domain --- */

static pthread_once_t calibrated = PTHREAD_ONCE_INIT;
static int64_t system_minus_monotonic;
static double ns_per_tick = 1.0;

static int64_t distance(int64_t a, int64_t b)
{
	return a > b ? a - b : b - a;
}

/* ROCr's system clock is CLOCK_BOOTTIME, the CPU runtime's CLOCK_MONOTONIC: measure which,
 * then use the exact offset of that clock (the runtime's own reading is only a tie-breaker). */
static void calibrate(void)
{
	const int64_t tolerance = 5000000;	/* 5 ms */
	uint64_t freq = 0, ticks = 0, mono0, mono1, boot, mono2;
	int64_t measured, boot_offset;

	hsat_enter_tracer();
	boot = clock_ns(CLOCK_BOOTTIME);
	mono2 = clock_ns(CLOCK_MONOTONIC);
	boot_offset = (int64_t)(boot - mono2);
	system_minus_monotonic = boot_offset;
	if (!hsat_real_core.hsa_system_get_info_fn ||
	    hsat_real_core.hsa_system_get_info_fn(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &freq) ||
	    !freq)
		goto out;
	ns_per_tick = 1e9 / (double)freq;
	mono0 = clock_ns(CLOCK_MONOTONIC);
	if (hsat_real_core.hsa_system_get_info_fn(HSA_SYSTEM_INFO_TIMESTAMP, &ticks))
		goto out;
	mono1 = clock_ns(CLOCK_MONOTONIC);
	measured = (int64_t)((double)ticks * ns_per_tick) - (int64_t)(mono0 + (mono1 - mono0) / 2);
	if (distance(measured, 0) < tolerance)
		system_minus_monotonic = 0;
	else if (distance(measured, boot_offset) < tolerance)
		system_minus_monotonic = boot_offset;
	else
		system_minus_monotonic = measured;
	hsat_debug("system clock: frequency=%llu system-monotonic=%lld ns",
		   (unsigned long long)freq, (long long)system_minus_monotonic);
out:
	hsat_leave_tracer();
}

int64_t hsat_system_minus_monotonic_ns(void)
{
	pthread_once(&calibrated, calibrate);
	return system_minus_monotonic;
}

uint64_t hsat_system_to_monotonic_ns(uint64_t ticks)
{
	pthread_once(&calibrated, calibrate);
	return (uint64_t)((int64_t)((double)ticks * ns_per_tick) - system_minus_monotonic);
}

void hsat_emit_counter(const char *name, const char *scope, uint64_t id, int64_t value,
		       const char *unit)
{
	struct hsat_ev_hsa_activity__counter e = {
		.name = name, .scope = scope, .id = id, .value = value, .unit = unit
	};

	lttng_ust_tracepoint(hsa_activity, counter, &e);
}

/* --- agent device types, for copy directions --- */

static struct hsat_map agent_types = HSAT_MAP_INIT;

int hsat_agent_device_type(hsa_agent_t agent)
{
	void *cached, *old;
	hsa_device_type_t type;
	int result = -1;

	pthread_mutex_lock(&agent_types.lock);
	cached = hsat_map_get(&agent_types, agent.handle);
	pthread_mutex_unlock(&agent_types.lock);
	if (cached)
		return (int)(uintptr_t)cached - 1;
	if (!agent.handle || !hsat_real_core.hsa_agent_get_info_fn ||
	    hsat_real_core.hsa_agent_get_info_fn(agent, HSA_AGENT_INFO_DEVICE, &type))
		return -1;
	result = (int)type;
	pthread_mutex_lock(&agent_types.lock);
	hsat_map_put(&agent_types, agent.handle, (void *)(uintptr_t)(result + 1), &old);
	pthread_mutex_unlock(&agent_types.lock);
	return result;
}

void hsat_meta_forget(void)
{
	pthread_mutex_lock(&agent_types.lock);
	hsat_map_clear(&agent_types, NULL);
	pthread_mutex_unlock(&agent_types.lock);
}

/* --- fork safety --- */

static pthread_mutex_t *locks[16];
static int n_locks;

void hsat_lock_register(pthread_mutex_t *lock)
{
	if (n_locks < (int)(sizeof(locks) / sizeof(locks[0])))
		locks[n_locks++] = lock;
}

void hsat_locks_acquire(void)
{
	for (int i = 0; i < n_locks; i++)
		pthread_mutex_lock(locks[i]);
}

void hsat_locks_release(void)
{
	for (int i = n_locks - 1; i >= 0; i--)
		pthread_mutex_unlock(locks[i]);
}

/* In the child: only this thread exists, the locks were taken by hsat_locks_acquire. */
void hsat_locks_reinit(void)
{
	for (int i = 0; i < n_locks; i++)
		pthread_mutex_init(locks[i], NULL);
	atomic_store(&trace_info_done, 0);
}

__attribute__((constructor)) static void meta_init(void)
{
	hsat_lock_register(&agent_types.lock);
}
