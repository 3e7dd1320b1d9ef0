/*
 * fork_app - a child forked after hsa_init dispatching on the runtime and queue it inherited,
 * printing what it observed so a test can compare the output with and without the tracer.
 *
 *     fork_app CODE_OBJECT DISPATCHES
 *
 * CODE_OBJECT holds a kernel named `noop` (error_path's). The parent loads it, creates a queue
 * and a signal, dispatches once, then forks; the child dispatches DISPATCHES times on the
 * inherited queue, waiting for each with a timeout, and makes one async copy; then the parent
 * dispatches again. Exit 0 when every dispatch in both processes completed. An alarm ends a
 * process that hangs anyway.
 */
#include "traces-samples/apps/sample_kernel_args.h"
#include "traces-samples/apps/sample_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define WAIT_NS 5000000000ull	/* per dispatch */
#define ALARM_SECONDS 60

struct setup {
	struct sample_agents agents;
	struct sample_pools pools;
	struct sample_program program;
	struct sample_kernel kernel;
	hsa_queue_t *queue;
	hsa_signal_t done;
	void *kernarg;
};

static hsa_status_t prepare(struct setup *s, const char *code_object)
{
	const struct noop_args args = { 0 };
	uint32_t size = 0;
	hsa_status_t st = sample_find_agents(&s->agents);

	if (st == HSA_STATUS_SUCCESS)
		st = sample_find_pools(&s->agents, &s->pools);
	if (st == HSA_STATUS_SUCCESS)
		st = sample_program_load(&s->program, s->agents.gpu, code_object);
	if (st == HSA_STATUS_SUCCESS)
		st = sample_program_kernel(&s->program, s->agents.gpu, "noop", &s->kernel);
	if (st == HSA_STATUS_SUCCESS)
		st = sample_kernarg_alloc(s->pools.kernarg, &s->kernel, &args, sizeof(args),
					  &s->kernarg);
	if (st == HSA_STATUS_SUCCESS)
		st = sample_queue_size(s->agents.gpu, 16, &size);
	if (st == HSA_STATUS_SUCCESS)
		st = hsa_queue_create(s->agents.gpu, size, HSA_QUEUE_TYPE_SINGLE, NULL, NULL,
				      UINT32_MAX, UINT32_MAX, &s->queue);
	if (st == HSA_STATUS_SUCCESS)
		st = hsa_signal_create(1, 0, NULL, &s->done);
	return st;
}

/* Dispatches noop @count times, each waited for; returns how many completed. */
static unsigned dispatch(const struct setup *s, unsigned count)
{
	struct sample_dispatch d = { &s->kernel, s->kernarg, { 1, 1, 1 }, { 1, 1, 1 }, 1, 0,
				     s->done };
	unsigned completed = 0;

	for (unsigned i = 0; i < count; i++) {
		hsa_signal_store_relaxed(s->done, 1);
		sample_enqueue_dispatch(s->queue, &d);
		if (hsa_signal_wait_scacquire(s->done, HSA_SIGNAL_CONDITION_EQ, 0, WAIT_NS,
					      HSA_WAIT_STATE_BLOCKED) != 0)
			break;
		completed++;
	}
	return completed;
}

/* One host-to-host async copy, waited for; 1 when it completed with the data. */
static int async_copy(const struct setup *s)
{
	uint64_t from = 0x6873617472616365ull, to = 0;

	hsa_signal_store_relaxed(s->done, 1);
	if (hsa_amd_memory_async_copy(&to, s->agents.cpu, &from, s->agents.cpu, sizeof(to), 0,
				      NULL, s->done) != HSA_STATUS_SUCCESS)
		return 0;
	return hsa_signal_wait_scacquire(s->done, HSA_SIGNAL_CONDITION_EQ, 0, WAIT_NS,
					 HSA_WAIT_STATE_BLOCKED) == 0 && to == from;
}

static int child(const struct setup *s, unsigned count)
{
	unsigned completed;
	int copied;

	alarm(ALARM_SECONDS);
	completed = dispatch(s, count);
	copied = async_copy(s);
	printf("child: %u of %u dispatches completed, async copy %s\n", completed, count,
	       copied ? "completed" : "FAILED");
	fflush(stdout);
	return completed == count && copied ? 0 : 1;
}

/* The child's exit status, or -1 when it did not exit (killed by the alarm, say). */
static int fork_and_wait(const struct setup *s, unsigned count)
{
	int status = 0;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(child(s, count));
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(int argc, char **argv)
{
	struct setup s = { .program = SAMPLE_PROGRAM_INIT };
	unsigned long count = 0;
	unsigned before, after;
	int child_rc;

	sample_set_program_name(argv[0]);
	if (argc != 3 || sample_parse_count(argv[2], 1, 1000, &count)) {
		fprintf(stderr, "usage: %s CODE_OBJECT DISPATCHES\n", argv[0]);
		return SAMPLE_EXIT_USAGE;
	}
	alarm(ALARM_SECONDS);
	if (sample_init() != HSA_STATUS_SUCCESS)
		return SAMPLE_EXIT_FAILURE;
	if (prepare(&s, argv[1]) != HSA_STATUS_SUCCESS)
		return SAMPLE_EXIT_FAILURE;
	before = dispatch(&s, 1);
	child_rc = fork_and_wait(&s, (unsigned)count);
	after = dispatch(&s, 1);
	printf("parent: %u of 1 dispatch before the fork, %u of 1 after, child exit %d\n", before,
	       after, child_rc);
	hsa_signal_destroy(s.done);
	hsa_queue_destroy(s.queue);
	sample_pool_free(s.kernarg);
	sample_program_release(&s.program);
	hsa_shut_down();
	return before == 1 && after == 1 && child_rc == 0 ? SAMPLE_EXIT_OK : SAMPLE_EXIT_FAILURE;
}
