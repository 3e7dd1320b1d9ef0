/*
 * signal_latency - how long a thread waiting on a signal takes to wake up after another
 * thread stores the awaited value.
 *
 *     signal_latency [ROUNDS]
 *
 * The main thread stores ROUNDS successive values into `ping`; a waiter thread waiting in
 * hsa_signal_wait_scacquire on `ping` notes the time it woke and answers on `pong` (which
 * the main thread waits for with the BLOCKED hint, so it does not compete for a core).
 * Latency = wake time - store time, for two cases:
 *   blocked: the waiter uses HSA_WAIT_STATE_BLOCKED and the main thread pauses ~200 us
 *            (nanosleep) before each store, so the waiter is really asleep;
 *   active:  the waiter uses HSA_WAIT_STATE_ACTIVE and the main thread busy-pauses 5 us,
 *            so the store lands while the waiter still polls.
 */
#include "bench/runtime/bench_clock.h"
#include "traces-samples/apps/sample_util.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define DEFAULT_ROUNDS 2000ul
#define BLOCKED_PAUSE_NS 200000
#define ACTIVE_PAUSE_NS 5000

struct ping_pong {
	hsa_signal_t ping;
	hsa_signal_t pong;
	hsa_wait_state_t wait_state; /* the waiter's hint */
	uint64_t pause_ns;
	unsigned long rounds;
	uint64_t *store_ns;
	uint64_t *wake_ns;
};

static void wait_for(hsa_signal_t signal, hsa_signal_value_t value, hsa_wait_state_t state)
{
	while (hsa_signal_wait_scacquire(signal, HSA_SIGNAL_CONDITION_EQ, value, UINT64_MAX,
					 state) != value)
		;
}

static void *waiter(void *arg)
{
	struct ping_pong *pp = arg;
	unsigned long i;

	for (i = 1; i <= pp->rounds; i++) {
		wait_for(pp->ping, (hsa_signal_value_t)i, pp->wait_state);
		pp->wake_ns[i - 1] = bench_now_ns();
		hsa_signal_store_screlease(pp->pong, (hsa_signal_value_t)i);
	}
	return NULL;
}

/* Sleeps for a long pause; spins for a short one (nanosleep would oversleep by ~50 us). */
static void pause_before_store(uint64_t pause_ns)
{
	const struct timespec pause = { 0, (long)pause_ns };
	uint64_t until;

	if (pause_ns >= 100000) {
		nanosleep(&pause, NULL);
		return;
	}
	until = bench_now_ns() + pause_ns;
	while (bench_now_ns() < until)
		;
}

static hsa_status_t measure(struct ping_pong *pp, const char *label)
{
	pthread_t thread;
	unsigned long i;

	hsa_signal_store_relaxed(pp->ping, 0);
	hsa_signal_store_relaxed(pp->pong, 0);
	if (pthread_create(&thread, NULL, waiter, pp)) {
		fprintf(stderr, "%s: failed to start the waiter thread\n", sample_program_name());
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	for (i = 1; i <= pp->rounds; i++) {
		pause_before_store(pp->pause_ns);
		pp->store_ns[i - 1] = bench_now_ns();
		hsa_signal_store_screlease(pp->ping, (hsa_signal_value_t)i);
		wait_for(pp->pong, (hsa_signal_value_t)i, HSA_WAIT_STATE_BLOCKED);
	}
	pthread_join(thread, NULL);
	for (i = 0; i < pp->rounds; i++)
		pp->wake_ns[i] -= pp->store_ns[i];
	printf("signal wake-up, %-7s wait (%lu rounds): median %7.2f us  p90 %7.2f us  "
	       "p99 %7.2f us  min %6.2f us\n",
	       label, pp->rounds, bench_percentile(pp->wake_ns, pp->rounds, 500) / 1e3,
	       bench_percentile(pp->wake_ns, pp->rounds, 900) / 1e3,
	       bench_percentile(pp->wake_ns, pp->rounds, 990) / 1e3,
	       bench_percentile(pp->wake_ns, pp->rounds, 0) / 1e3);
	return HSA_STATUS_SUCCESS;
}

int main(int argc, char **argv)
{
	struct ping_pong pp = { 0 };
	unsigned long rounds = DEFAULT_ROUNDS;
	hsa_status_t status;
	int exit_code = SAMPLE_EXIT_FAILURE;

	sample_set_program_name(argv[0]);
	if (argc > 2 || (argc == 2 && sample_parse_count(argv[1], 1, 1000000, &rounds))) {
		fprintf(stderr, "usage: %s [ROUNDS]\n", sample_program_name());
		return SAMPLE_EXIT_USAGE;
	}
	pp.rounds = rounds;
	pp.store_ns = calloc(rounds, sizeof(uint64_t));
	pp.wake_ns = calloc(rounds, sizeof(uint64_t));
	if (!pp.store_ns || !pp.wake_ns) {
		fprintf(stderr, "%s: failed to allocate the samples: rounds=%lu\n",
			sample_program_name(), rounds);
		goto cleanup;
	}
	if (sample_init() != HSA_STATUS_SUCCESS)
		goto cleanup;
	status = hsa_signal_create(0, 0, NULL, &pp.ping);
	if (status == HSA_STATUS_SUCCESS)
		status = hsa_signal_create(0, 0, NULL, &pp.pong);
	if (status != HSA_STATUS_SUCCESS) {
		sample_report(status, "create the signals");
		goto shut_down;
	}
	pp.wait_state = HSA_WAIT_STATE_BLOCKED;
	pp.pause_ns = BLOCKED_PAUSE_NS;
	if (measure(&pp, "blocked") != HSA_STATUS_SUCCESS)
		goto shut_down;
	pp.wait_state = HSA_WAIT_STATE_ACTIVE;
	pp.pause_ns = ACTIVE_PAUSE_NS;
	if (measure(&pp, "active") != HSA_STATUS_SUCCESS)
		goto shut_down;
	exit_code = SAMPLE_EXIT_OK;
shut_down:
	if (pp.ping.handle)
		hsa_signal_destroy(pp.ping);
	if (pp.pong.handle)
		hsa_signal_destroy(pp.pong);
	hsa_shut_down();
cleanup:
	free(pp.store_ns);
	free(pp.wake_ns);
	return exit_code;
}
