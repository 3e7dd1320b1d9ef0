/*
 * error_path - invalid arguments and stale handles, each answered with the status the HSA
 * specification (the @retval lists of hsa.h / hsa_ext_amd.h) names for it.
 *
 *     error_path [--no-stale-handles] CODE_OBJECT
 *
 * Prints one line per check, "ok N - what: STATUS" or "FAIL N - what: got X, want Y" (or
 * "value V" for waits, and for what a signal or buffer shows after a refused or accepted
 * operation), and exits 0 only when every check matched. CODE_OBJECT holds a kernel `noop`.
 *
 * Stale handles (a destroyed signal, queue, executable or reader, a made-up signal) rely on
 * the runtime recognizing handles it does not own, without touching freed memory. hsatrace's
 * CPU runtime does; ROCr reads the freed object, so on a GPU run with --no-stale-handles.
 */
#include "traces-samples/apps/sample_kernel_args.h"
#include "traces-samples/apps/sample_util.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct checks {
	unsigned total;
	unsigned failed;
	int stale_handles; /* also use handles of destroyed objects */
};

static void check(struct checks *c, const char *what, hsa_status_t got, hsa_status_t want)
{
	c->total++;
	if (got == want) {
		printf("ok %u - %s: %s\n", c->total, what, sample_status_name(want));
		return;
	}
	c->failed++;
	printf("FAIL %u - %s: got %s (0x%x), want %s\n", c->total, what, sample_status_name(got),
	       (unsigned)got, sample_status_name(want));
}

/* For calls that return a value rather than a status (waits), and for what a signal shows
 * after an operation: refused ones leave it alone, accepted ones complete. */
static void check_value(struct checks *c, const char *what, long long got, long long want)
{
	c->total++;
	if (got == want) {
		printf("ok %u - %s: value %lld\n", c->total, what, want);
		return;
	}
	c->failed++;
	printf("FAIL %u - %s: got value %lld, want %lld\n", c->total, what, got, want);
}

/* How long a refused or accepted operation gets to show on its signal. */
#define OUTCOME_WAIT_NS 2000000000ull

/* The value @signal (set to 1 before the call) reaches: 0 once the operation completed, still 1
 * after OUTCOME_WAIT_NS when it never does (refused, or lost). */
static long long outcome(hsa_signal_t signal, hsa_status_t status)
{
	return hsa_signal_wait_scacquire(signal, HSA_SIGNAL_CONDITION_EQ, 0,
					 status == HSA_STATUS_SUCCESS ? OUTCOME_WAIT_NS : 0,
					 HSA_WAIT_STATE_BLOCKED);
}

static hsa_status_t count_agent(hsa_agent_t agent, void *data)
{
	(void)agent;
	(*(unsigned *)data)++;
	return HSA_STATUS_SUCCESS;
}

static void check_before_init(struct checks *c)
{
	hsa_signal_t signal;
	unsigned agents = 0;

	check(c, "hsa_shut_down before hsa_init", hsa_shut_down(),
	      HSA_STATUS_ERROR_NOT_INITIALIZED);
	check(c, "hsa_iterate_agents before hsa_init", hsa_iterate_agents(count_agent, &agents),
	      HSA_STATUS_ERROR_NOT_INITIALIZED);
	check(c, "hsa_signal_create before hsa_init", hsa_signal_create(1, 0, NULL, &signal),
	      HSA_STATUS_ERROR_NOT_INITIALIZED);
}

static void check_system(struct checks *c)
{
	uint64_t value;
	const char *text;

	check(c, "hsa_system_get_info with a NULL value",
	      hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, NULL),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_system_get_info with an unknown attribute",
	      hsa_system_get_info((hsa_system_info_t)0x7fff, &value),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_iterate_agents with a NULL callback", hsa_iterate_agents(NULL, NULL),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_status_string with a NULL out-pointer",
	      hsa_status_string(HSA_STATUS_SUCCESS, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_status_string of an unknown status",
	      hsa_status_string((hsa_status_t)0x7abc, &text), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

static void check_agents(struct checks *c, hsa_agent_t gpu)
{
	const hsa_agent_t no_agent = { 0 };
	char name[64];

	check(c, "hsa_agent_get_info with a NULL value",
	      hsa_agent_get_info(gpu, HSA_AGENT_INFO_NAME, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_agent_get_info with an unknown attribute",
	      hsa_agent_get_info(gpu, (hsa_agent_info_t)0x7fff, name),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_agent_get_info on agent handle 0",
	      hsa_agent_get_info(no_agent, HSA_AGENT_INFO_NAME, name),
	      HSA_STATUS_ERROR_INVALID_AGENT);
	check(c, "hsa_agent_iterate_regions with a NULL callback",
	      hsa_agent_iterate_regions(gpu, NULL, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

static void check_signals(struct checks *c)
{
	const hsa_signal_t no_signal = { 0 };
	hsa_signal_t signal;
	hsa_status_t status;

	check(c, "hsa_signal_create with a NULL out-pointer", hsa_signal_create(1, 0, NULL, NULL),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_signal_create with consumers but a NULL list",
	      hsa_signal_create(1, 1, NULL, &signal), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_signal_destroy of handle 0", hsa_signal_destroy(no_signal),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	status = hsa_signal_create(1, 0, NULL, &signal);
	check(c, "hsa_signal_create", status, HSA_STATUS_SUCCESS);
	if (status != HSA_STATUS_SUCCESS)
		return;
	check(c, "hsa_signal_destroy", hsa_signal_destroy(signal), HSA_STATUS_SUCCESS);
	if (c->stale_handles)
		check(c, "hsa_signal_destroy of a destroyed signal", hsa_signal_destroy(signal),
		      HSA_STATUS_ERROR_INVALID_SIGNAL);
}

static void check_queues(struct checks *c, hsa_agent_t gpu, hsa_agent_t cpu, uint32_t size)
{
	const hsa_agent_t no_agent = { 0 };
	hsa_queue_t *queue = NULL;
	uint32_t max_size = 0;
	hsa_status_t status;

	if (hsa_agent_get_info(gpu, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &max_size) != HSA_STATUS_SUCCESS)
		max_size = 1u << 30;

	check(c, "hsa_queue_create with a NULL out-pointer",
	      hsa_queue_create(gpu, size, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, UINT32_MAX, UINT32_MAX,
			       NULL),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_queue_create of size 0",
	      hsa_queue_create(gpu, 0, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, UINT32_MAX, UINT32_MAX,
			       &queue),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_queue_create of a size not a power of two",
	      hsa_queue_create(gpu, size + (size + 1) / 2, HSA_QUEUE_TYPE_SINGLE, NULL, NULL,
			       UINT32_MAX, UINT32_MAX, &queue),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_queue_create of an unknown queue type",
	      hsa_queue_create(gpu, size, (hsa_queue_type32_t)77, NULL, NULL, UINT32_MAX,
			       UINT32_MAX, &queue),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_queue_create on agent handle 0",
	      hsa_queue_create(no_agent, size, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, UINT32_MAX,
			       UINT32_MAX, &queue),
	      HSA_STATUS_ERROR_INVALID_AGENT);
	check(c, "hsa_queue_create of a size above the agent's maximum",
	      hsa_queue_create(gpu, max_size * 2, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, UINT32_MAX,
			       UINT32_MAX, &queue),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_queue_create on the CPU agent (no kernel dispatch)",
	      hsa_queue_create(cpu, size, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, UINT32_MAX,
			       UINT32_MAX, &queue),
	      HSA_STATUS_ERROR_INVALID_QUEUE_CREATION);
	check(c, "hsa_queue_destroy of NULL", hsa_queue_destroy(NULL),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_amd_profiling_set_profiler_enabled on NULL",
	      hsa_amd_profiling_set_profiler_enabled(NULL, 1), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	status = hsa_queue_create(gpu, size, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, UINT32_MAX,
				  UINT32_MAX, &queue);
	check(c, "hsa_queue_create", status, HSA_STATUS_SUCCESS);
	if (status != HSA_STATUS_SUCCESS)
		return;
	check(c, "hsa_queue_destroy", hsa_queue_destroy(queue), HSA_STATUS_SUCCESS);
	if (!c->stale_handles)
		return;
	check(c, "hsa_queue_destroy of a destroyed queue", hsa_queue_destroy(queue),
	      HSA_STATUS_ERROR_INVALID_QUEUE);
	check(c, "hsa_amd_profiling_set_profiler_enabled on a destroyed queue",
	      hsa_amd_profiling_set_profiler_enabled(queue, 1), HSA_STATUS_ERROR_INVALID_QUEUE);
}

/* Argument checks that need no valid code object. */
static void check_code_object_arguments(struct checks *c, int fd)
{
	hsa_code_object_reader_t reader;

	check(c, "hsa_code_object_reader_create_from_file of fd -1",
	      hsa_code_object_reader_create_from_file(-1, &reader), HSA_STATUS_ERROR_INVALID_FILE);
	check(c, "hsa_code_object_reader_create_from_file with a NULL out-pointer",
	      hsa_code_object_reader_create_from_file(fd, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_code_object_reader_create_from_memory of NULL, size 0",
	      hsa_code_object_reader_create_from_memory(NULL, 0, &reader),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_executable_create_alt with a NULL out-pointer",
	      hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
					NULL, NULL),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

/* Symbol lookups in a frozen executable, then the frozen executable refusing changes. */
static void check_frozen_executable(struct checks *c, hsa_agent_t gpu,
				    const struct sample_program *program)
{
	hsa_executable_symbol_t symbol;
	uint64_t object;
	hsa_status_t status;

	check(c, "hsa_executable_get_symbol_by_name of an unknown name",
	      hsa_executable_get_symbol_by_name(program->executable, "no_such_kernel", &gpu,
						&symbol),
	      HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
	{
		char long_name[301];

		memset(long_name, 'x', 300);
		long_name[300] = '\0';
		check(c, "hsa_executable_get_symbol_by_name of a 300-byte name", /* traced: cut */
		      hsa_executable_get_symbol_by_name(program->executable, long_name, &gpu,
							&symbol),
		      HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
	}
	/* An unreadable name with a made-up executable: refused before the name is read, and
	 * the tracer, which records the name, must not fault on it either. */
	if (c->stale_handles)
		check(c, "hsa_executable_get_symbol_by_name of an unreadable name, made-up executable",
		      hsa_executable_get_symbol_by_name((hsa_executable_t){ 0x42 },
							(const char *)(uintptr_t)8, &gpu, &symbol),
		      HSA_STATUS_ERROR_INVALID_EXECUTABLE);
	check(c, "hsa_executable_get_symbol_by_name of a NULL name",
	      hsa_executable_get_symbol_by_name(program->executable, NULL, &gpu, &symbol),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_executable_get_symbol_by_name with a NULL out-pointer",
	      hsa_executable_get_symbol_by_name(program->executable, "noop", &gpu, NULL),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	status = hsa_executable_get_symbol_by_name(program->executable, "noop", &gpu, &symbol);
	check(c, "hsa_executable_get_symbol_by_name of noop", status, HSA_STATUS_SUCCESS);
	if (status == HSA_STATUS_SUCCESS) {
		check(c, "hsa_executable_symbol_get_info with a NULL value",
		      hsa_executable_symbol_get_info(
			      symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, NULL),
		      HSA_STATUS_ERROR_INVALID_ARGUMENT);
		check(c, "hsa_executable_symbol_get_info of the kernel object",
		      hsa_executable_symbol_get_info(
			      symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object),
		      HSA_STATUS_SUCCESS);
	}
	check(c, "hsa_executable_load_agent_code_object into a frozen executable",
	      hsa_executable_load_agent_code_object(program->executable, gpu, program->reader,
						    NULL, NULL),
	      HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
	check(c, "hsa_executable_freeze of a frozen executable",
	      hsa_executable_freeze(program->executable, NULL), HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
}

/* Executables and readers used after their destruction. */
static void check_destroyed_code_objects(struct checks *c, hsa_agent_t gpu,
					 struct sample_program *program)
{
	hsa_executable_symbol_t symbol;
	hsa_executable_t fresh;
	hsa_status_t status;

	check(c, "hsa_executable_destroy", hsa_executable_destroy(program->executable),
	      HSA_STATUS_SUCCESS);
	program->has_executable = 0;
	check(c, "hsa_code_object_reader_destroy", hsa_code_object_reader_destroy(program->reader),
	      HSA_STATUS_SUCCESS);
	program->has_reader = 0;
	if (!c->stale_handles)
		return;
	check(c, "hsa_executable_get_symbol_by_name in a destroyed executable",
	      hsa_executable_get_symbol_by_name(program->executable, "noop", &gpu, &symbol),
	      HSA_STATUS_ERROR_INVALID_EXECUTABLE);
	check(c, "hsa_executable_freeze of a destroyed executable",
	      hsa_executable_freeze(program->executable, NULL), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
	check(c, "hsa_executable_destroy of a destroyed executable",
	      hsa_executable_destroy(program->executable), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
	check(c, "hsa_code_object_reader_destroy of a destroyed reader",
	      hsa_code_object_reader_destroy(program->reader),
	      HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
	status = hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
					   NULL, &fresh);
	check(c, "hsa_executable_create_alt, to load a destroyed reader into", status,
	      HSA_STATUS_SUCCESS);
	if (status != HSA_STATUS_SUCCESS)
		return;
	check(c, "hsa_executable_load_agent_code_object of a destroyed reader",
	      hsa_executable_load_agent_code_object(fresh, gpu, program->reader, NULL, NULL),
	      HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
	hsa_executable_destroy(fresh);
}

static hsa_status_t check_code_objects(struct checks *c, hsa_agent_t gpu, const char *path)
{
	struct sample_program program = SAMPLE_PROGRAM_INIT;
	hsa_status_t status;

	status = sample_program_load(&program, gpu, path);
	if (status == HSA_STATUS_SUCCESS) {
		check_code_object_arguments(c, program.fd);
		check_frozen_executable(c, gpu, &program);
		check_destroyed_code_objects(c, gpu, &program);
	}
	sample_program_release(&program);
	return status;
}

static void check_memory(struct checks *c, const struct sample_agents *agents,
			 const struct sample_pools *pools)
{
	const hsa_amd_memory_pool_t no_pool = { 0 };
	hsa_signal_t signal;
	uint64_t word = 0;
	void *ptr = NULL;

	check(c, "hsa_amd_memory_pool_allocate of 0 bytes",
	      hsa_amd_memory_pool_allocate(pools->host, 0, 0, &ptr),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_amd_memory_pool_allocate with a NULL out-pointer",
	      hsa_amd_memory_pool_allocate(pools->host, 64, 0, NULL),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_amd_memory_pool_allocate from pool handle 0",
	      hsa_amd_memory_pool_allocate(no_pool, 64, 0, &ptr),
	      (hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
	if (hsa_signal_create(1, 0, NULL, &signal) != HSA_STATUS_SUCCESS) {
		check(c, "hsa_signal_create for the copy checks", HSA_STATUS_ERROR,
		      HSA_STATUS_SUCCESS);
		return;
	}
	check(c, "hsa_amd_memory_async_copy to NULL",
	      hsa_amd_memory_async_copy(NULL, agents->cpu, &word, agents->cpu, sizeof(word), 0,
					NULL, signal),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_amd_memory_async_copy with completion signal handle 0",
	      hsa_amd_memory_async_copy(&word, agents->cpu, &word, agents->cpu, sizeof(word), 0,
					NULL, (hsa_signal_t){ 0 }),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_amd_profiling_get_dispatch_time with a NULL out-pointer",
	      hsa_amd_profiling_get_dispatch_time(agents->gpu, signal, NULL),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_amd_profiling_get_async_copy_time with a NULL out-pointer",
	      hsa_amd_profiling_get_async_copy_time(signal, NULL),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_memory_copy to NULL", hsa_memory_copy(NULL, &word, sizeof(word)),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	hsa_signal_destroy(signal);
}

/* Checks on a block of host memory allocated for them. */
static void check_host_memory(struct checks *c, const struct sample_agents *agents,
			      const struct sample_pools *pools)
{
	void *agent_ptr = NULL;
	uint32_t *block = NULL;
	hsa_status_t status;

	status = hsa_amd_memory_pool_allocate(pools->host, 64, 0, (void **)&block);
	check(c, "hsa_amd_memory_pool_allocate of 64 bytes", status, HSA_STATUS_SUCCESS);
	if (status != HSA_STATUS_SUCCESS)
		return;
	check(c, "hsa_amd_agents_allow_access for 0 agents",
	      hsa_amd_agents_allow_access(0, &agents->gpu, NULL, block),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_amd_memory_fill of NULL", hsa_amd_memory_fill(NULL, 0, 4),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_amd_memory_fill of an address not 4-byte aligned",
	      hsa_amd_memory_fill((char *)block + 1, 0, 4), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_amd_memory_lock of 0 bytes",
	      hsa_amd_memory_lock(block, 0, NULL, 0, &agent_ptr), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_amd_memory_pool_free", hsa_amd_memory_pool_free(block), HSA_STATUS_SUCCESS);
	if (!c->stale_handles)
		return;
	check(c, "hsa_amd_memory_pool_free of a block freed (destroyed) already",
	      hsa_amd_memory_pool_free(block), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	check(c, "hsa_memory_free of a made-up address",
	      hsa_memory_free((void *)(uintptr_t)0x7e57a600), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

/* A signal created and destroyed, for calls naming a destroyed signal. The runtime may give
 * its handle to the next signal created: make it after the live signals a check uses. */
static hsa_signal_t destroyed_signal(void)
{
	hsa_signal_t signal = { 0 };

	if (hsa_signal_create(1, 0, NULL, &signal) == HSA_STATUS_SUCCESS)
		hsa_signal_destroy(signal);
	return signal;
}

/* A copy the runtime must refuse, and what its (live) completion signal shows afterwards. */
static void check_refused_copy(struct checks *c, const char *what, hsa_status_t want,
			       const struct sample_agents *agents, uint32_t deps,
			       const hsa_signal_t *dep_signals, hsa_signal_t completion,
			       hsa_signal_t watched)
{
	uint64_t from = 1, to = 0;
	char line[160];
	hsa_status_t status;

	hsa_signal_store_relaxed(watched, 1);
	status = hsa_amd_memory_async_copy(&to, agents->cpu, &from, agents->cpu, sizeof(to), deps,
					   dep_signals, completion);
	check(c, what, status, want);
	snprintf(line, sizeof(line), "%s, then its completion signal", what);
	check_value(c, line, outcome(watched, status), 1);
	snprintf(line, sizeof(line), "%s, then the destination", what);
	check_value(c, line, (long long)to, 0);
}

/* A rect copy naming a destroyed dependency signal, refused. */
static void check_refused_rect_copy(struct checks *c, const struct sample_agents *agents,
				    hsa_signal_t stale, hsa_signal_t completion)
{
	unsigned char src[64] = { 1 }, dst[64] = { 0 };
	hsa_pitched_ptr_t from = { src, 16, sizeof(src) }, to = { dst, 16, sizeof(dst) };
	hsa_dim3_t origin = { 0, 0, 0 }, range = { 16, 4, 1 };
	hsa_status_t status;

	hsa_signal_store_relaxed(completion, 1);
	status = hsa_amd_memory_async_copy_rect(&to, &origin, &from, &origin, &range, agents->cpu,
						hsaHostToHost, 1, &stale, completion);
	check(c, "hsa_amd_memory_async_copy_rect with a destroyed dependency signal", status,
	      HSA_STATUS_ERROR_INVALID_SIGNAL);
	check_value(c, "hsa_amd_memory_async_copy_rect with a destroyed dependency signal, "
		       "then its completion signal", outcome(completion, status), 1);
}

static void check_rect_copy_arguments(struct checks *c, const struct sample_agents *agents,
				      hsa_signal_t completion)
{
	unsigned char src[64] = { 1 }, dst[64] = { 0 };
	hsa_pitched_ptr_t from = { src, 16, sizeof(src) }, to = { dst, 16, sizeof(dst) };
	hsa_dim3_t origin = { 0, 0, 0 };

	check(c, "hsa_amd_memory_async_copy_rect with a NULL range",
	      hsa_amd_memory_async_copy_rect(&to, &origin, &from, &origin, NULL, agents->cpu,
					     hsaHostToHost, 0, NULL, completion),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

/* Copies naming bad signals or agents: refused, nothing copied, nothing signalled; then one
 * with a live dependency, accepted and completed. */
static void check_copy_signals(struct checks *c, const struct sample_agents *agents)
{
	const hsa_signal_t made_up = { 0x7e57a600 };
	hsa_signal_t done, dep, stale;
	uint64_t from = 0x5ca1ab1e, to = 0;
	hsa_status_t status;

	if (hsa_signal_create(1, 0, NULL, &done) != HSA_STATUS_SUCCESS)
		return;
	if (hsa_signal_create(0, 0, NULL, &dep) != HSA_STATUS_SUCCESS) {
		hsa_signal_destroy(done);
		return;
	}
	/* Last: a signal created after it could get its handle. */
	stale = destroyed_signal();
	if (c->stale_handles) {
		check_refused_copy(c, "hsa_amd_memory_async_copy with a destroyed dependency signal",
				   HSA_STATUS_ERROR_INVALID_SIGNAL, agents, 1, &stale, done, done);
		check_refused_copy(c, "hsa_amd_memory_async_copy with a destroyed completion signal",
				   HSA_STATUS_ERROR_INVALID_SIGNAL, agents, 0, NULL, stale, done);
		check_refused_copy(c, "hsa_amd_memory_async_copy with a made-up dependency signal",
				   HSA_STATUS_ERROR_INVALID_SIGNAL, agents, 1, &made_up, done, done);
		check_refused_rect_copy(c, agents, stale, done);
	}
	check_rect_copy_arguments(c, agents, done);
	check_refused_copy(c, "hsa_amd_memory_async_copy with 1 dependency and a NULL list",
			   HSA_STATUS_ERROR_INVALID_ARGUMENT, agents, 1, NULL, done, done);
	hsa_signal_store_relaxed(done, 1);
	check(c, "hsa_amd_memory_async_copy on agent handle 0",
	      hsa_amd_memory_async_copy(&to, (hsa_agent_t){ 0 }, &from, (hsa_agent_t){ 0 }, sizeof(to),
					0, NULL, done),
	      HSA_STATUS_ERROR_INVALID_AGENT);
	hsa_signal_store_relaxed(done, 1);
	status = hsa_amd_memory_async_copy(&to, agents->cpu, &from, agents->cpu, sizeof(to), 1,
					   &dep, done);
	check(c, "hsa_amd_memory_async_copy with a completed dependency", status,
	      HSA_STATUS_SUCCESS);
	check_value(c, "hsa_amd_memory_async_copy with a completed dependency, then its completion "
		       "signal", outcome(done, status), 0);
	check_value(c, "hsa_amd_memory_async_copy with a completed dependency, then the destination",
		    (long long)(to == from), 1);
	hsa_signal_destroy(dep);
	hsa_signal_destroy(done);
}

/* Waits on signals the runtime does not know return at once, with what it returns for them. */
static void check_waits(struct checks *c)
{
	const hsa_signal_t made_up = { 0x7e57a600 };
	hsa_signal_t stale = destroyed_signal(), list[1] = { stale };
	hsa_signal_condition_t cond = HSA_SIGNAL_CONDITION_EQ;
	hsa_signal_value_t zero = 0, seen = -7;

	if (!c->stale_handles)
		return;
	check_value(c, "hsa_signal_wait_scacquire on a destroyed signal",
		    hsa_signal_wait_scacquire(stale, HSA_SIGNAL_CONDITION_EQ, 1, OUTCOME_WAIT_NS,
					      HSA_WAIT_STATE_BLOCKED), 0);
	check_value(c, "hsa_signal_wait_relaxed on a made-up signal",
		    hsa_signal_wait_relaxed(made_up, HSA_SIGNAL_CONDITION_EQ, 1, OUTCOME_WAIT_NS,
					    HSA_WAIT_STATE_BLOCKED), 0);
	check_value(c, "hsa_amd_signal_wait_any on a destroyed signal",
		    hsa_amd_signal_wait_any(1, list, &cond, &zero, OUTCOME_WAIT_NS,
					    HSA_WAIT_STATE_BLOCKED, &seen), UINT32_MAX);
	check_value(c, "hsa_amd_signal_wait_any on a destroyed signal, then its satisfying value",
		    seen, -7);
}

/* A dispatch of noop completing on @completion, then one on @done: the queue goes on. */
static void check_dispatch_after(struct checks *c, const char *what, hsa_queue_t *queue,
				 const struct sample_dispatch *d, hsa_signal_t completion,
				 hsa_signal_t done)
{
	struct sample_dispatch first = *d, second = *d;
	char line[160];

	first.completion = completion;
	second.completion = done;
	hsa_signal_store_relaxed(done, 1);
	sample_enqueue_dispatch(queue, &first);
	sample_enqueue_dispatch(queue, &second);
	snprintf(line, sizeof(line), "a dispatch after one with %s, then its completion signal",
		 what);
	check_value(c, line, outcome(done, HSA_STATUS_SUCCESS), 0);
}

/* Kernel dispatches naming signals the runtime does not know: the queue still runs the next. */
static void check_dispatches(struct checks *c, const struct sample_agents *agents,
			     const struct sample_pools *pools, const char *path, uint32_t size)
{
	struct sample_program program = SAMPLE_PROGRAM_INIT;
	const struct noop_args args = { 0 };
	struct sample_kernel kernel;
	struct sample_dispatch d = { &kernel, NULL, { 1, 1, 1 }, { 1, 1, 1 }, 1, 0, { 0 } };
	hsa_queue_t *queue = NULL;
	hsa_signal_t done = { 0 }, stale;

	if (sample_program_load(&program, agents->gpu, path) ||
	    sample_program_kernel(&program, agents->gpu, "noop", &kernel) ||
	    sample_kernarg_alloc(pools->kernarg, &kernel, &args, sizeof(args), &d.kernarg) ||
	    hsa_queue_create(agents->gpu, size, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, UINT32_MAX,
			     UINT32_MAX, &queue) ||
	    hsa_signal_create(1, 0, NULL, &done))
		goto out;
	check_dispatch_after(c, "no completion signal", queue, &d, (hsa_signal_t){ 0 }, done);
	if (c->stale_handles) {
		stale = destroyed_signal();
		check_dispatch_after(c, "a destroyed completion signal", queue, &d, stale, done);
		check_dispatch_after(c, "a made-up completion signal", queue, &d,
				     (hsa_signal_t){ 0x7e57a600 }, done);
	}
out:
	if (done.handle)
		hsa_signal_destroy(done);
	if (queue)
		hsa_queue_destroy(queue);
	sample_pool_free(d.kernarg);
	sample_program_release(&program);
}

static bool never_called(hsa_signal_value_t value, void *arg)
{
	(void)value;
	(void)arg;
	return false;
}

static void check_handles_zero_and_handlers(struct checks *c)
{
	const hsa_region_t no_region = { 0 };
	const hsa_executable_symbol_t no_symbol = { 0 };
	hsa_region_segment_t segment;
	hsa_signal_t signal;
	uint64_t object;
	hsa_status_t status;

	check(c, "hsa_region_get_info on region handle 0",
	      hsa_region_get_info(no_region, HSA_REGION_INFO_SEGMENT, &segment),
	      HSA_STATUS_ERROR_INVALID_REGION);
	check(c, "hsa_executable_symbol_get_info on symbol handle 0",
	      hsa_executable_symbol_get_info(no_symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT,
					     &object),
	      HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL);
	status = hsa_signal_create(1, 0, NULL, &signal);
	if (status != HSA_STATUS_SUCCESS) {
		check(c, "hsa_signal_create for the handler checks", status, HSA_STATUS_SUCCESS);
		return;
	}
	check(c, "hsa_amd_signal_async_handler with a NULL handler",
	      hsa_amd_signal_async_handler(signal, HSA_SIGNAL_CONDITION_EQ, 0, NULL, NULL),
	      HSA_STATUS_ERROR_INVALID_ARGUMENT);
	hsa_signal_destroy(signal);
	if (c->stale_handles)
		check(c, "hsa_amd_signal_async_handler on a destroyed signal",
		      hsa_amd_signal_async_handler(signal, HSA_SIGNAL_CONDITION_EQ, 0, never_called,
						   NULL),
		      HSA_STATUS_ERROR_INVALID_SIGNAL);
}

/* The queue error callback's report, written by the packet processor's thread. */
struct queue_error {
	int reported;
	hsa_status_t status;
	hsa_queue_t *source;
};

static void on_queue_error(hsa_status_t status, hsa_queue_t *source, void *data)
{
	struct queue_error *error = data;

	error->status = status;
	error->source = source;
	__atomic_store_n(&error->reported, 1, __ATOMIC_RELEASE);
}

static int wait_reported(const struct queue_error *error)
{
	const struct timespec pause = { 0, 1000000 };
	unsigned waited_ms;

	for (waited_ms = 0; waited_ms < SAMPLE_WAIT_TIMEOUT_SECONDS * 1000; waited_ms++) {
		if (__atomic_load_n(&error->reported, __ATOMIC_ACQUIRE))
			return 1;
		nanosleep(&pause, NULL);
	}
	return 0;
}

/* A packet with a reserved type: the packet processor reports it to the queue's callback. */
static void check_bad_packet(struct checks *c, hsa_agent_t gpu, uint32_t size)
{
	struct queue_error error = { 0, HSA_STATUS_SUCCESS, NULL };
	const uint16_t reserved_type = 7;
	hsa_queue_t *queue = NULL;
	hsa_status_t status;

	status = hsa_queue_create(gpu, size, HSA_QUEUE_TYPE_SINGLE, on_queue_error, &error,
				  UINT32_MAX, UINT32_MAX, &queue);
	check(c, "hsa_queue_create with an error callback", status, HSA_STATUS_SUCCESS);
	if (status != HSA_STATUS_SUCCESS)
		return;
	sample_enqueue_raw_header(queue, (uint16_t)(reserved_type << HSA_PACKET_HEADER_TYPE));
	if (!wait_reported(&error)) {
		check(c, "queue error callback for a reserved packet type (never called)",
		      SAMPLE_STATUS_TIMEOUT, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
	} else {
		check(c, "queue error callback for a reserved packet type", error.status,
		      HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
		check(c, "queue error callback names the queue",
		      error.source == queue ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_INVALID_QUEUE,
		      HSA_STATUS_SUCCESS);
	}
	check(c, "hsa_queue_destroy of the queue in error", hsa_queue_destroy(queue),
	      HSA_STATUS_SUCCESS);
}

static hsa_status_t run_checks(struct checks *c, const char *code_object)
{
	struct sample_agents agents;
	struct sample_pools pools;
	uint32_t queue_size = 0;
	hsa_status_t status;

	status = sample_find_agents(&agents);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_find_pools(&agents, &pools);
	if (status == HSA_STATUS_SUCCESS)
		status = sample_queue_size(agents.gpu, 1, &queue_size);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	check_system(c);
	check_agents(c, agents.gpu);
	check_signals(c);
	check_queues(c, agents.gpu, agents.cpu, queue_size);
	status = check_code_objects(c, agents.gpu, code_object);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	check_memory(c, &agents, &pools);
	check_copy_signals(c, &agents);
	check_waits(c);
	check_dispatches(c, &agents, &pools, code_object, queue_size);
	check_host_memory(c, &agents, &pools);
	check_handles_zero_and_handlers(c);
	check_bad_packet(c, agents.gpu, queue_size);
	return HSA_STATUS_SUCCESS;
}

static int usage(void)
{
	fprintf(stderr,
		"usage: %s [--no-stale-handles] CODE_OBJECT\n"
		"Calls the HSA API with invalid arguments and stale handles and checks each\n"
		"returned status against the specification; CODE_OBJECT holds a kernel `noop`.\n"
		"--no-stale-handles skips the calls on destroyed objects (for ROCr on a GPU).\n",
		sample_program_name());
	return SAMPLE_EXIT_USAGE;
}

int main(int argc, char **argv)
{
	struct checks c = { 0, 0, 1 };
	const char *code_object;
	hsa_status_t status;

	sample_set_program_name(argv[0]);
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		usage();
		return SAMPLE_EXIT_OK;
	}
	if (argc == 3 && !strcmp(argv[1], "--no-stale-handles"))
		c.stale_handles = 0;
	else if (argc != 2 || argv[1][0] == '-')
		return usage();
	code_object = argv[argc - 1];
	check_before_init(&c);
	if (sample_init() != HSA_STATUS_SUCCESS)
		return SAMPLE_EXIT_FAILURE;
	check(&c, "hsa_init while initialized (reference counted)", hsa_init(),
	      HSA_STATUS_SUCCESS);
	status = run_checks(&c, code_object);
	check(&c, "hsa_shut_down of the nested hsa_init", hsa_shut_down(), HSA_STATUS_SUCCESS);
	check(&c, "hsa_shut_down", hsa_shut_down(), HSA_STATUS_SUCCESS);
	check(&c, "hsa_shut_down after the last shutdown", hsa_shut_down(),
	      HSA_STATUS_ERROR_NOT_INITIALIZED);
	if (status != HSA_STATUS_SUCCESS)
		return SAMPLE_EXIT_FAILURE;
	printf("error_path: %u of %u checks returned the specified status\n", c.total - c.failed,
	       c.total);
	return c.failed ? SAMPLE_EXIT_FAILURE : SAMPLE_EXIT_OK;
}
