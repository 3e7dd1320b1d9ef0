/*
 * sample_util.h - the plumbing the sample HSA programs share.
 *
 * Plain C against the standard HSA headers only: nothing here knows about hsatrace's CPU
 * runtime, so the samples run unchanged on AMD's ROCr with a real code object.
 *
 * Conventions: functions return an hsa_status_t; a failure is reported once, where it is
 * detected, with sample_report(), and the caller only propagates it. Programs exit 0 when
 * their results match the CPU reference, 1 on any failure and 2 on a usage error.
 */
#ifndef SAMPLE_UTIL_H
#define SAMPLE_UTIL_H

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <stddef.h>
#include <stdint.h>

#define SAMPLE_EXIT_OK 0
#define SAMPLE_EXIT_FAILURE 1
#define SAMPLE_EXIT_USAGE 2

/* How long a program waits for one signal before it gives up (a hang is a failure). */
#define SAMPLE_WAIT_TIMEOUT_SECONDS 60.0

/* A status the samples return for a wait that timed out (not an HSA status). */
#define SAMPLE_STATUS_TIMEOUT ((hsa_status_t)0x7fff0001)

/* Names the program in messages; call first thing in main(). */
void sample_set_program_name(const char *argv0);
const char *sample_program_name(void);

/* The status's name and HSA description, e.g. "HSA_STATUS_ERROR_INVALID_ARGUMENT". */
const char *sample_status_name(hsa_status_t status);

/*
 * Prints "<program>: failed to <what>: status=0x1008 HSA_STATUS_ERROR_... (<hsa_status_string>)"
 * on stderr and returns @status, so it reads `return sample_report(st, "create the queue");`.
 */
hsa_status_t sample_report(hsa_status_t status, const char *what);

/* hsa_init, reported as above on failure. */
hsa_status_t sample_init(void);

/* The first GPU kernel agent (KERNEL_DISPATCH feature) and the first CPU agent. */
struct sample_agents {
	hsa_agent_t gpu;
	hsa_agent_t cpu;
};
hsa_status_t sample_find_agents(struct sample_agents *agents);

/*
 * The queue size (packets) closest to @wanted that @agent accepts: clamped to its
 * HSA_AGENT_INFO_QUEUE_MIN_SIZE..QUEUE_MAX_SIZE (ROCr's GPU minimum is 64 packets, say).
 */
hsa_status_t sample_queue_size(hsa_agent_t agent, uint32_t wanted, uint32_t *size);

/* The memory pools a program needs (hsa_amd_memory_pool_*). */
struct sample_pools {
	hsa_amd_memory_pool_t kernarg; /* global, KERNARG_INIT: kernel arguments */
	hsa_amd_memory_pool_t host;    /* the CPU agent's fine-grained system memory */
	hsa_amd_memory_pool_t device;  /* the GPU agent's coarse-grained memory */
};
hsa_status_t sample_find_pools(const struct sample_agents *agents, struct sample_pools *pools);

/* Allocates @size bytes in @pool (reported on failure). */
hsa_status_t sample_pool_alloc(hsa_amd_memory_pool_t pool, size_t size, void **ptr);

/* Allocates host memory that @agent may access too (pool allocate + agents_allow_access). */
hsa_status_t sample_host_alloc(const struct sample_pools *pools, hsa_agent_t agent, size_t size,
			       void **ptr);

/* hsa_amd_memory_pool_free, NULL-safe. */
void sample_pool_free(void *ptr);

/* A kernel found in a loaded code object: what a dispatch packet needs. */
struct sample_kernel {
	uint64_t object;
	uint32_t kernarg_size;
	uint32_t group_segment_size;
	uint32_t private_segment_size;
};

/* A code object file loaded into a frozen executable for one agent. */
struct sample_program {
	int fd;
	hsa_code_object_reader_t reader;
	hsa_executable_t executable;
	int has_reader;
	int has_executable;
};

#define SAMPLE_PROGRAM_INIT { -1, { 0 }, { 0 }, 0, 0 }

/* Reader from @path, executable, load for @agent, freeze. */
hsa_status_t sample_program_load(struct sample_program *program, hsa_agent_t agent,
				 const char *path);

/* Looks @name up (as given, then with the ".kd" suffix) and reads its segment sizes. */
hsa_status_t sample_program_kernel(const struct sample_program *program, hsa_agent_t agent,
				   const char *name, struct sample_kernel *kernel);

/* The kernel object and segment sizes of a kernel's symbol (reported on failure). */
hsa_status_t sample_kernel_from_symbol(hsa_executable_symbol_t symbol,
				       struct sample_kernel *kernel);

/* Destroys the executable and the reader, closes the file; safe on a partly loaded program. */
void sample_program_release(struct sample_program *program);

/* Allocates the kernarg block of @kernel from @pool and copies @args (@args_size bytes) in. */
hsa_status_t sample_kernarg_alloc(hsa_amd_memory_pool_t pool, const struct sample_kernel *kernel,
				  const void *args, size_t args_size, void **kernarg);

/* One kernel dispatch: geometry, kernel and arguments. */
struct sample_dispatch {
	const struct sample_kernel *kernel;
	void *kernarg;
	uint32_t grid[3];      /* work-items per dimension; unused dimensions are 1 */
	uint16_t workgroup[3]; /* work-items per workgroup per dimension */
	uint32_t dimensions;   /* 1..3 */
	int barrier;           /* set the packet's barrier bit */
	hsa_signal_t completion; /* handle 0: none */
};

/* Writes a kernel dispatch packet into @queue and rings its doorbell; returns the packet id. */
uint64_t sample_enqueue_dispatch(hsa_queue_t *queue, const struct sample_dispatch *dispatch);

/*
 * Writes a barrier-AND packet waiting for @count (<= 5) signals into @queue and rings its
 * doorbell; the queue processes nothing after it until every dependency reached 0.
 */
uint64_t sample_enqueue_barrier_and(hsa_queue_t *queue, const hsa_signal_t *deps, unsigned count,
				    hsa_signal_t completion);

/* Writes a packet with a raw @header (no body) into @queue and rings the doorbell. */
uint64_t sample_enqueue_raw_header(hsa_queue_t *queue, uint16_t header);

/*
 * Waits until @signal's value is @value, for at most SAMPLE_WAIT_TIMEOUT_SECONDS; reports and
 * returns SAMPLE_STATUS_TIMEOUT otherwise (naming @what).
 */
hsa_status_t sample_wait_value(hsa_signal_t signal, hsa_signal_value_t value, const char *what);

/* System timestamp ticks to nanoseconds (HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY). */
double sample_ticks_to_ns(uint64_t ticks);

/* Parses a decimal count in [min, max]; returns 0 on success, -1 on bad input. */
int sample_parse_count(const char *text, unsigned long min, unsigned long max,
		       unsigned long *value);

#endif /* SAMPLE_UTIL_H */
