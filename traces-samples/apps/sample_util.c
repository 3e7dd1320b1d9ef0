/* sample_util.c - the plumbing the sample HSA programs share (see sample_util.h). */
#include "traces-samples/apps/sample_util.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *program_name = "sample";

void sample_set_program_name(const char *argv0)
{
	const char *slash;

	if (!argv0 || !*argv0)
		return;
	slash = strrchr(argv0, '/');
	program_name = slash ? slash + 1 : argv0;
}

const char *sample_program_name(void)
{
	return program_name;
}

#define STATUS_NAME(s) { (hsa_status_t)(s), #s }
static const struct {
	hsa_status_t status;
	const char *name;
} status_names[] = {
	STATUS_NAME(HSA_STATUS_SUCCESS),
	STATUS_NAME(HSA_STATUS_INFO_BREAK),
	STATUS_NAME(HSA_STATUS_ERROR),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_ARGUMENT),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_QUEUE_CREATION),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_ALLOCATION),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_AGENT),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_REGION),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_SIGNAL),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_QUEUE),
	STATUS_NAME(HSA_STATUS_ERROR_OUT_OF_RESOURCES),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_PACKET_FORMAT),
	STATUS_NAME(HSA_STATUS_ERROR_RESOURCE_FREE),
	STATUS_NAME(HSA_STATUS_ERROR_NOT_INITIALIZED),
	STATUS_NAME(HSA_STATUS_ERROR_REFCOUNT_OVERFLOW),
	STATUS_NAME(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_INDEX),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_ISA),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_ISA_NAME),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_CODE_OBJECT),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_EXECUTABLE),
	STATUS_NAME(HSA_STATUS_ERROR_FROZEN_EXECUTABLE),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_SYMBOL_NAME),
	STATUS_NAME(HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED),
	STATUS_NAME(HSA_STATUS_ERROR_VARIABLE_UNDEFINED),
	STATUS_NAME(HSA_STATUS_ERROR_EXCEPTION),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_CODE_SYMBOL),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_FILE),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_CACHE),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_WAVEFRONT),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_RUNTIME_STATE),
	STATUS_NAME(HSA_STATUS_ERROR_FATAL),
	STATUS_NAME(HSA_STATUS_ERROR_INVALID_MEMORY_POOL),
	STATUS_NAME(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION),
	STATUS_NAME(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION),
	STATUS_NAME(HSA_STATUS_ERROR_MEMORY_FAULT),
	STATUS_NAME(SAMPLE_STATUS_TIMEOUT),
};

const char *sample_status_name(hsa_status_t status)
{
	size_t i;

	for (i = 0; i < sizeof(status_names) / sizeof(status_names[0]); i++)
		if (status_names[i].status == status)
			return status_names[i].name;
	return "unknown status";
}

hsa_status_t sample_report(hsa_status_t status, const char *what)
{
	const char *text = NULL;
	const char *name;

	if (status == SAMPLE_STATUS_TIMEOUT)
		text = "timed out";
	else if (hsa_status_string(status, &text) != HSA_STATUS_SUCCESS || !text)
		text = "no description from the runtime";
	name = sample_status_name(status);
	/* ROCr's descriptions start with the status name; print it once. */
	if (!strncmp(text, name, strlen(name)))
		fprintf(stderr, "%s: failed to %s: status=0x%x %s\n", program_name, what,
			(unsigned)status, text);
	else
		fprintf(stderr, "%s: failed to %s: status=0x%x %s: %s\n", program_name, what,
			(unsigned)status, name, text);
	return status;
}

hsa_status_t sample_init(void)
{
	hsa_status_t status = hsa_init();

	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "initialize the HSA runtime (hsa_init)");
	return HSA_STATUS_SUCCESS;
}

/* Agents */

struct agent_search {
	struct sample_agents *agents;
	int have_gpu;
	int have_cpu;
};

static hsa_status_t visit_agent(hsa_agent_t agent, void *data)
{
	struct agent_search *search = data;
	hsa_device_type_t type;
	hsa_agent_feature_t features = 0;
	hsa_status_t status;

	status = hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	status = hsa_agent_get_info(agent, HSA_AGENT_INFO_FEATURE, &features);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	if (type == HSA_DEVICE_TYPE_GPU && (features & HSA_AGENT_FEATURE_KERNEL_DISPATCH) &&
	    !search->have_gpu) {
		search->agents->gpu = agent;
		search->have_gpu = 1;
	} else if (type == HSA_DEVICE_TYPE_CPU && !search->have_cpu) {
		search->agents->cpu = agent;
		search->have_cpu = 1;
	}
	return HSA_STATUS_SUCCESS;
}

hsa_status_t sample_find_agents(struct sample_agents *agents)
{
	struct agent_search search = { agents, 0, 0 };
	hsa_status_t status;

	status = hsa_iterate_agents(visit_agent, &search);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "iterate the agents");
	if (!search.have_gpu) {
		fprintf(stderr, "%s: failed to find a GPU kernel agent\n", program_name);
		return HSA_STATUS_ERROR_INVALID_AGENT;
	}
	if (!search.have_cpu) {
		fprintf(stderr, "%s: failed to find a CPU agent\n", program_name);
		return HSA_STATUS_ERROR_INVALID_AGENT;
	}
	return HSA_STATUS_SUCCESS;
}

hsa_status_t sample_queue_size(hsa_agent_t agent, uint32_t wanted, uint32_t *size)
{
	uint32_t min = 0, max = 0;
	hsa_status_t status;

	status = hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MIN_SIZE, &min);
	if (status == HSA_STATUS_SUCCESS)
		status = hsa_agent_get_info(agent, HSA_AGENT_INFO_QUEUE_MAX_SIZE, &max);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "read the agent's queue size limits");
	*size = wanted;
	if (*size < min)
		*size = min;
	if (max && *size > max)
		*size = max;
	return HSA_STATUS_SUCCESS;
}

/* Memory pools */

enum pool_role { POOL_KERNARG, POOL_HOST, POOL_DEVICE };

struct pool_search {
	enum pool_role role;
	hsa_amd_memory_pool_t found;
	int have;
};

static int pool_fits(enum pool_role role, uint32_t flags)
{
	switch (role) {
	case POOL_KERNARG:
		return (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT) != 0;
	case POOL_HOST:
		return (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED) &&
		       !(flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT);
	case POOL_DEVICE:
		return (flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED) != 0;
	}
	return 0;
}

static hsa_status_t visit_pool(hsa_amd_memory_pool_t pool, void *data)
{
	struct pool_search *search = data;
	hsa_amd_segment_t segment;
	uint32_t flags = 0;
	bool alloc_allowed = false;
	hsa_status_t status;

	if (search->have)
		return HSA_STATUS_SUCCESS;
	status = hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &segment);
	if (status != HSA_STATUS_SUCCESS || segment != HSA_AMD_SEGMENT_GLOBAL)
		return status;
	status = hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED,
					      &alloc_allowed);
	if (status != HSA_STATUS_SUCCESS || !alloc_allowed)
		return status;
	status = hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	if (pool_fits(search->role, flags)) {
		search->found = pool;
		search->have = 1;
	}
	return HSA_STATUS_SUCCESS;
}

/* Looks for a pool of @role on @first, then on @second. */
static hsa_status_t find_pool(enum pool_role role, hsa_agent_t first, hsa_agent_t second,
			      const char *what, hsa_amd_memory_pool_t *pool)
{
	struct pool_search search = { role, { 0 }, 0 };
	hsa_status_t status;

	status = hsa_amd_agent_iterate_memory_pools(first, visit_pool, &search);
	if (status == HSA_STATUS_SUCCESS && !search.have)
		status = hsa_amd_agent_iterate_memory_pools(second, visit_pool, &search);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "iterate the memory pools");
	if (!search.have) {
		fprintf(stderr, "%s: failed to find a memory pool: role=%s\n", program_name, what);
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
	*pool = search.found;
	return HSA_STATUS_SUCCESS;
}

hsa_status_t sample_find_pools(const struct sample_agents *agents, struct sample_pools *pools)
{
	hsa_status_t status;

	status = find_pool(POOL_KERNARG, agents->cpu, agents->gpu, "kernarg", &pools->kernarg);
	if (status == HSA_STATUS_SUCCESS)
		status = find_pool(POOL_HOST, agents->cpu, agents->gpu, "host fine-grained",
				   &pools->host);
	if (status == HSA_STATUS_SUCCESS)
		status = find_pool(POOL_DEVICE, agents->gpu, agents->cpu, "device coarse-grained",
				   &pools->device);
	return status;
}

hsa_status_t sample_pool_alloc(hsa_amd_memory_pool_t pool, size_t size, void **ptr)
{
	hsa_status_t status = hsa_amd_memory_pool_allocate(pool, size, 0, ptr);

	if (status != HSA_STATUS_SUCCESS) {
		*ptr = NULL;
		return sample_report(status, "allocate from a memory pool");
	}
	return HSA_STATUS_SUCCESS;
}

hsa_status_t sample_host_alloc(const struct sample_pools *pools, hsa_agent_t agent, size_t size,
			       void **ptr)
{
	hsa_status_t status = sample_pool_alloc(pools->host, size, ptr);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	status = hsa_amd_agents_allow_access(1, &agent, NULL, *ptr);
	if (status != HSA_STATUS_SUCCESS) {
		sample_pool_free(*ptr);
		*ptr = NULL;
		return sample_report(status, "allow the GPU agent to access host memory");
	}
	return HSA_STATUS_SUCCESS;
}

void sample_pool_free(void *ptr)
{
	if (ptr)
		hsa_amd_memory_pool_free(ptr);
}

/* Code objects */

hsa_status_t sample_program_load(struct sample_program *program, hsa_agent_t agent,
				 const char *path)
{
	hsa_status_t status;

	program->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (program->fd < 0) {
		fprintf(stderr, "%s: failed to open the code object: path=%s: %s\n", program_name,
			path, strerror(errno));
		return HSA_STATUS_ERROR_INVALID_FILE;
	}
	status = hsa_code_object_reader_create_from_file(program->fd, &program->reader);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "create a code object reader");
	program->has_reader = 1;
	status = hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
					   NULL, &program->executable);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "create an executable");
	program->has_executable = 1;
	status = hsa_executable_load_agent_code_object(program->executable, agent, program->reader,
						       NULL, NULL);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "load the code object into the executable");
	status = hsa_executable_freeze(program->executable, NULL);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "freeze the executable");
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t find_symbol(const struct sample_program *program, hsa_agent_t agent,
				const char *name, hsa_executable_symbol_t *symbol)
{
	char kd_name[256];
	hsa_status_t status;

	status = hsa_executable_get_symbol_by_name(program->executable, name, &agent, symbol);
	if (status != HSA_STATUS_ERROR_INVALID_SYMBOL_NAME)
		return status;
	/* AMD code objects name the kernel descriptor "<kernel>.kd". */
	if ((size_t)snprintf(kd_name, sizeof(kd_name), "%s.kd", name) >= sizeof(kd_name))
		return status;
	return hsa_executable_get_symbol_by_name(program->executable, kd_name, &agent, symbol);
}

hsa_status_t sample_kernel_from_symbol(hsa_executable_symbol_t symbol,
				       struct sample_kernel *kernel)
{
	hsa_status_t status;

	status = hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT,
						&kernel->object);
	if (status == HSA_STATUS_SUCCESS)
		status = hsa_executable_symbol_get_info(
			symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
			&kernel->kernarg_size);
	if (status == HSA_STATUS_SUCCESS)
		status = hsa_executable_symbol_get_info(
			symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
			&kernel->group_segment_size);
	if (status == HSA_STATUS_SUCCESS)
		status = hsa_executable_symbol_get_info(
			symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE,
			&kernel->private_segment_size);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "read the kernel symbol's information");
	return HSA_STATUS_SUCCESS;
}

hsa_status_t sample_program_kernel(const struct sample_program *program, hsa_agent_t agent,
				   const char *name, struct sample_kernel *kernel)
{
	hsa_executable_symbol_t symbol;
	hsa_status_t status;

	status = find_symbol(program, agent, name, &symbol);
	if (status != HSA_STATUS_SUCCESS) {
		fprintf(stderr, "%s: kernel name=%s\n", program_name, name);
		return sample_report(status, "find the kernel symbol");
	}
	return sample_kernel_from_symbol(symbol, kernel);
}

void sample_program_release(struct sample_program *program)
{
	if (program->has_executable)
		hsa_executable_destroy(program->executable);
	if (program->has_reader)
		hsa_code_object_reader_destroy(program->reader);
	if (program->fd >= 0)
		close(program->fd);
	program->has_executable = 0;
	program->has_reader = 0;
	program->fd = -1;
}

hsa_status_t sample_kernarg_alloc(hsa_amd_memory_pool_t pool, const struct sample_kernel *kernel,
				  const void *args, size_t args_size, void **kernarg)
{
	size_t size = kernel->kernarg_size;
	hsa_status_t status;

	/* A real code object may declare more (hidden arguments), never less. */
	if (size < args_size) {
		fprintf(stderr,
			"%s: failed to prepare kernel arguments: kernarg_size=%zu expected>=%zu\n",
			program_name, size, args_size);
		return HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS;
	}
	status = sample_pool_alloc(pool, size, kernarg);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	memset(*kernarg, 0, size);
	memcpy(*kernarg, args, args_size);
	return HSA_STATUS_SUCCESS;
}

/* Packets */

/* Claims the next slot of @queue, waiting while the ring is full. */
static void *reserve_slot(hsa_queue_t *queue, uint64_t *index)
{
	const uint64_t packet_bytes = 64;

	*index = hsa_queue_add_write_index_scacq_screl(queue, 1);
	while (*index - hsa_queue_load_read_index_scacquire(queue) >= queue->size)
		sched_yield();
	return (char *)queue->base_address + (*index & (queue->size - 1)) * packet_bytes;
}

/* Makes a filled packet visible to the packet processor: header last, with release order. */
static void publish(void *packet, uint16_t header, uint16_t setup)
{
	__atomic_store_n((uint32_t *)packet, (uint32_t)header | ((uint32_t)setup << 16),
			 __ATOMIC_RELEASE);
}

static uint16_t packet_header(hsa_packet_type_t type, int barrier)
{
	uint16_t header = (uint16_t)(type << HSA_PACKET_HEADER_TYPE);

	header |= (uint16_t)(HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE);
	header |= (uint16_t)(HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
	if (barrier)
		header |= (uint16_t)(1u << HSA_PACKET_HEADER_BARRIER);
	return header;
}

uint64_t sample_enqueue_dispatch(hsa_queue_t *queue, const struct sample_dispatch *dispatch)
{
	hsa_kernel_dispatch_packet_t *packet;
	uint64_t index;

	packet = reserve_slot(queue, &index);
	/* Everything but the first 32 bits (header + setup), which publish() writes last. */
	memset((char *)packet + 4, 0, sizeof(*packet) - 4);
	packet->workgroup_size_x = dispatch->workgroup[0];
	packet->workgroup_size_y = dispatch->workgroup[1] ? dispatch->workgroup[1] : 1;
	packet->workgroup_size_z = dispatch->workgroup[2] ? dispatch->workgroup[2] : 1;
	packet->grid_size_x = dispatch->grid[0];
	packet->grid_size_y = dispatch->grid[1] ? dispatch->grid[1] : 1;
	packet->grid_size_z = dispatch->grid[2] ? dispatch->grid[2] : 1;
	packet->private_segment_size = dispatch->kernel->private_segment_size;
	packet->group_segment_size = dispatch->kernel->group_segment_size;
	packet->kernel_object = dispatch->kernel->object;
	packet->kernarg_address = dispatch->kernarg;
	packet->completion_signal = dispatch->completion;
	publish(packet, packet_header(HSA_PACKET_TYPE_KERNEL_DISPATCH, dispatch->barrier),
		(uint16_t)(dispatch->dimensions << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS));
	hsa_signal_store_screlease(queue->doorbell_signal, (hsa_signal_value_t)index);
	return index;
}

uint64_t sample_enqueue_barrier_and(hsa_queue_t *queue, const hsa_signal_t *deps, unsigned count,
				    hsa_signal_t completion)
{
	hsa_barrier_and_packet_t *packet;
	uint64_t index;
	unsigned i;

	packet = reserve_slot(queue, &index);
	memset((char *)packet + 4, 0, sizeof(*packet) - 4);
	for (i = 0; i < count && i < 5; i++)
		packet->dep_signal[i] = deps[i];
	packet->completion_signal = completion;
	publish(packet, packet_header(HSA_PACKET_TYPE_BARRIER_AND, 1), 0);
	hsa_signal_store_screlease(queue->doorbell_signal, (hsa_signal_value_t)index);
	return index;
}

uint64_t sample_enqueue_raw_header(hsa_queue_t *queue, uint16_t header)
{
	uint64_t index;
	void *packet = reserve_slot(queue, &index);

	memset((char *)packet + 4, 0, 60);
	publish(packet, header, 0);
	hsa_signal_store_screlease(queue->doorbell_signal, (hsa_signal_value_t)index);
	return index;
}

/* Waiting */

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t timestamp_frequency(void)
{
	uint64_t frequency = 0;

	if (hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &frequency) !=
		    HSA_STATUS_SUCCESS ||
	    frequency == 0)
		frequency = 1000000000u;
	return frequency;
}

hsa_status_t sample_wait_value(hsa_signal_t signal, hsa_signal_value_t value, const char *what)
{
	/* The timeout is only a hint to the runtime: wait in slices and watch the clock. */
	uint64_t slice = timestamp_frequency() / 10;
	double deadline = now_seconds() + SAMPLE_WAIT_TIMEOUT_SECONDS;
	hsa_signal_value_t seen;

	for (;;) {
		seen = hsa_signal_wait_scacquire(signal, HSA_SIGNAL_CONDITION_EQ, value, slice,
						 HSA_WAIT_STATE_BLOCKED);
		if (seen == value)
			return HSA_STATUS_SUCCESS;
		if (seen < 0 && value >= 0) {
			fprintf(stderr, "%s: failed to %s: the signal reports an error: value=%ld\n",
				program_name, what, (long)seen);
			return HSA_STATUS_ERROR;
		}
		if (now_seconds() > deadline) {
			fprintf(stderr, "%s: signal value=%ld expected=%ld\n", program_name,
				(long)seen, (long)value);
			return sample_report(SAMPLE_STATUS_TIMEOUT, what);
		}
	}
}

double sample_ticks_to_ns(uint64_t ticks)
{
	return (double)ticks * 1e9 / (double)timestamp_frequency();
}

int sample_parse_count(const char *text, unsigned long min, unsigned long max,
		       unsigned long *value)
{
	char *end;
	unsigned long parsed;

	if (!text || !*text || *text == '-' || *text == '+')
		return -1;
	errno = 0;
	parsed = strtoul(text, &end, 10);
	if (errno || *end || parsed < min || parsed > max)
		return -1;
	*value = parsed;
	return 0;
}
