/*
 * gpu_emitter - emits hsatrace schema events (through the tracer's generated provider
 * headers, so names and types are the schema's) for a small deterministic GPU scenario,
 * to test `hsatrace unify` where the CPU runtime cannot help: per-dispatch hardware counters
 * of extra passes, a dispatch missing from a pass, another schema version, and volume.
 *
 *   gpu_emitter [--schema VERSION] [--drop-last] [--bulk N]
 *
 * Scenario: queue 1 runs vector_add, matmul, vector_add; queue 2 runs reduce, matmul
 * (packet_index 0.. per queue). Each kernel_exec is emitted once its GPU end time has
 * passed, as the tracer does. Correlation ids start at 1 + 1000 * HSATRACE_PASS so passes
 * differ. In a counter pass (HSATRACE_COUNTERS=A,B set by `hsatrace record --counters`),
 * each dispatch gets one hsa_activity:counter per name, scope "dispatch", id = its
 * queue_id * 2^32 + packet_index as the tracer writes it (odd passes) or its correlation_id
 * (even passes), value = queue_id * 1000 + packet_index * 10 + position of the name, so a
 * test can tell which dispatch a counter was attached to. A queue-scope counter is also
 * emitted (it must not be attached to any kernel). --drop-last leaves queue 2's last
 * dispatch out of counter passes. --bulk N emits about N events (see bulk()).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "hsatrace/tp_hsa_activity.h"
#include "hsatrace/tp_hsa_meta.h"
#include "tests/unify/bench_tp.h"
#include "schema/hsatrace_schema.h"

struct dispatch {
	uint64_t queue_id;
	const char *kernel;
};

static const struct dispatch scenario[] = {
	{ 1, "vector_add" }, { 2, "_Z6reducePfj" }, { 1, "matmul" }, { 2, "matmul" }, { 1, "vector_add" },
};
#define N_DISPATCH (sizeof(scenario) / sizeof(scenario[0]))

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void wait_until(uint64_t t)
{
	while (now_ns() < t) {
		struct timespec ts = { 0, 20000 };

		nanosleep(&ts, NULL);
	}
}

static void trace_info(const char *schema)
{
	struct hsat_ev_hsa_meta__trace_info e = {
		.schema_version = schema, .tracer_version = "gpu_emitter",
		.monotonic_ns = now_ns(), .gpu_time_domain = "monotonic", .attach_mode = "none",
	};

	lttng_ust_tracepoint(hsa_meta, trace_info, &e);
}

static void submit_and_complete(uint64_t queue, uint64_t index, uint64_t corr, const char *name,
				uint64_t begin, uint64_t end)
{
	struct hsat_ev_hsa_activity__packet_submit s = {
		.queue_id = queue, .packet_index = index, .packet_type = 2, .kernel_name = name,
		.grid_x = 64, .grid_y = 1, .grid_z = 1, .workgroup_x = 64, .workgroup_y = 1,
		.workgroup_z = 1, .correlation_id = corr,
	};
	struct hsat_ev_hsa_activity__kernel_exec k = {
		.queue_id = queue, .packet_index = index, .correlation_id = corr,
		.kernel_name = name, .gpu_begin_ns = begin, .gpu_end_ns = end,
	};

	lttng_ust_tracepoint(hsa_activity, packet_submit, &s);
	wait_until(end);
	lttng_ust_tracepoint(hsa_activity, kernel_exec, &k);
}

static void counters(const char *group, const struct dispatch *d, uint64_t index, uint64_t id)
{
	char buf[256];
	char *save = NULL;
	int pos = 0;

	snprintf(buf, sizeof(buf), "%s", group);
	for (char *name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		struct hsat_ev_hsa_activity__counter c = {
			.name = name, .scope = "dispatch", .id = id, .unit = "count",
			.value = (int64_t)(d->queue_id * 1000 + index * 10 + (uint64_t)pos++),
		};

		lttng_ust_tracepoint(hsa_activity, counter, &c);
	}
}

/* Volume: about N events shaped like a real trace: mostly API-call events
 * (hsatrace_bench:call, in the main channel), a packet_submit every 8 calls, a kernel_exec
 * and a queue counter every 64 (hsa_activity, in the activity channel). */
static void bulk(long n)
{
	uint64_t t = now_ns();
	long emitted = 0;

	for (uint64_t i = 0; emitted < n; i++) {
		lttng_ust_tracepoint(hsatrace_bench, call, "hsa_signal_wait_scacquire", i + 1, 0);
		lttng_ust_tracepoint(hsatrace_bench, call, "hsa_signal_wait_scacquire", i + 1, 0);
		emitted += 2;
		if (i % 8 == 7) {
			struct hsat_ev_hsa_activity__packet_submit s = {
				.queue_id = 1, .packet_index = i / 8, .packet_type = 2,
				.kernel_name = "bulk", .correlation_id = i + 1,
			};

			lttng_ust_tracepoint(hsa_activity, packet_submit, &s);
			emitted++;
		}
		if (i % 64 == 63) {
			struct hsat_ev_hsa_activity__kernel_exec k = {
				.queue_id = 1, .packet_index = i / 8, .correlation_id = i + 1,
				.kernel_name = "bulk", .gpu_begin_ns = t, .gpu_end_ns = now_ns(),
			};
			struct hsat_ev_hsa_activity__counter c = {
				.name = "packets_in_flight", .scope = "queue", .id = 1,
				.value = (int64_t)(i % 7), .unit = "packets",
			};

			lttng_ust_tracepoint(hsa_activity, kernel_exec, &k);
			lttng_ust_tracepoint(hsa_activity, counter, &c);
			emitted += 2;
			t = k.gpu_end_ns;
		}
	}
}

int main(int argc, char **argv)
{
	const char *schema = HSAT_SCHEMA_VERSION;
	const char *pass_env = getenv("HSATRACE_PASS");
	const char *group = getenv("HSATRACE_COUNTERS");
	int pass = pass_env ? atoi(pass_env) : 0;
	int drop_last = 0;
	long n_bulk = -1;
	uint64_t next_index[3] = { 0 };
	uint64_t t;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--schema") == 0 && i + 1 < argc)
			schema = argv[++i];
		else if (strcmp(argv[i], "--drop-last") == 0)
			drop_last = 1;
		else if (strcmp(argv[i], "--bulk") == 0 && i + 1 < argc)
			n_bulk = atol(argv[++i]);
		else {
			fprintf(stderr, "usage: gpu_emitter [--schema V] [--drop-last] [--bulk N]\n");
			return 2;
		}
	}
	trace_info(schema);
	if (n_bulk >= 0) {
		bulk(n_bulk);
		return 0;
	}
	t = now_ns();
	for (size_t i = 0; i < N_DISPATCH; i++) {
		const struct dispatch *d = &scenario[i];
		uint64_t index = next_index[d->queue_id]++;
		uint64_t corr = 1 + 1000 * (uint64_t)pass + i;
		uint64_t begin = t + 20000 * i, end = begin + 5000 + 1000 * i;
		struct hsat_ev_hsa_activity__counter in_flight = {
			.name = "packets_in_flight", .scope = "queue", .id = d->queue_id, .value = 1,
			.unit = "packets",
		};

		if (drop_last && pass > 0 && i == N_DISPATCH - 2)
			continue;
		submit_and_complete(d->queue_id, index, corr, d->kernel, begin, end);
		lttng_ust_tracepoint(hsa_activity, counter, &in_flight);
		if (group && pass > 0)
			counters(group, d, index, pass % 2 ? d->queue_id << 32 | index : corr);
	}
	return 0;
}
