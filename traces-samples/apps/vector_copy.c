/*
 * vector_copy - the classic HSA sample: copy a vector on the GPU agent and check the copy.
 *
 *     vector_copy CODE_OBJECT [COUNT]
 *
 * The flow every HSA program follows, written out step by step: initialize, find the GPU
 * kernel agent and its kernarg region, create a queue, load the code object (reader,
 * executable, freeze), look the kernel symbol up, write one kernel dispatch packet with a
 * completion signal, ring the doorbell, wait, and verify the result on the host. Only the
 * reading of the kernel symbol's sizes is the shared one (sample_kernel_from_symbol).
 */
#include "traces-samples/apps/sample_kernel_args.h"
#include "traces-samples/apps/sample_util.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_COUNT (64u * 1024u)
#define WORKGROUP_SIZE 256u

struct vector_copy {
	hsa_agent_t gpu;
	hsa_region_t kernarg_region;
	hsa_region_t data_region;
	int have_gpu, have_kernarg_region, have_data_region;
	hsa_queue_t *queue;
	int code_object_fd;
	hsa_code_object_reader_t reader;
	int have_reader;
	hsa_executable_t executable;
	int have_executable;
	hsa_signal_t completion;
	uint32_t *in, *out;
	void *kernarg;
};

static hsa_status_t find_gpu(hsa_agent_t agent, void *data)
{
	struct vector_copy *vc = data;
	hsa_device_type_t type;
	hsa_agent_feature_t features = 0;

	if (hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS ||
	    hsa_agent_get_info(agent, HSA_AGENT_INFO_FEATURE, &features) != HSA_STATUS_SUCCESS)
		return HSA_STATUS_ERROR;
	if (type == HSA_DEVICE_TYPE_GPU && (features & HSA_AGENT_FEATURE_KERNEL_DISPATCH)) {
		vc->gpu = agent;
		vc->have_gpu = 1;
		return HSA_STATUS_INFO_BREAK;
	}
	return HSA_STATUS_SUCCESS;
}

/* The kernarg region holds kernel arguments; a fine-grained global region holds the data. */
static hsa_status_t find_regions(hsa_region_t region, void *data)
{
	struct vector_copy *vc = data;
	hsa_region_segment_t segment;
	hsa_region_global_flag_t flags = 0;

	if (hsa_region_get_info(region, HSA_REGION_INFO_SEGMENT, &segment) != HSA_STATUS_SUCCESS)
		return HSA_STATUS_ERROR;
	if (segment != HSA_REGION_SEGMENT_GLOBAL)
		return HSA_STATUS_SUCCESS;
	if (hsa_region_get_info(region, HSA_REGION_INFO_GLOBAL_FLAGS, &flags) != HSA_STATUS_SUCCESS)
		return HSA_STATUS_ERROR;
	if (flags & HSA_REGION_GLOBAL_FLAG_KERNARG) {
		if (!vc->have_kernarg_region) {
			vc->kernarg_region = region;
			vc->have_kernarg_region = 1;
		}
	} else if ((flags & HSA_REGION_GLOBAL_FLAG_FINE_GRAINED) && !vc->have_data_region) {
		vc->data_region = region;
		vc->have_data_region = 1;
	}
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t setup_agent_and_queue(struct vector_copy *vc)
{
	uint32_t queue_size = 0;
	hsa_status_t status;

	status = hsa_iterate_agents(find_gpu, vc);
	if (status != HSA_STATUS_SUCCESS && status != HSA_STATUS_INFO_BREAK)
		return sample_report(status, "iterate the agents");
	if (!vc->have_gpu) {
		fprintf(stderr, "%s: failed to find a GPU kernel agent\n", sample_program_name());
		return HSA_STATUS_ERROR_INVALID_AGENT;
	}
	status = hsa_agent_iterate_regions(vc->gpu, find_regions, vc);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "iterate the GPU agent's regions");
	if (!vc->have_kernarg_region || !vc->have_data_region) {
		fprintf(stderr, "%s: failed to find the kernarg and fine-grained regions\n",
			sample_program_name());
		return HSA_STATUS_ERROR_INVALID_REGION;
	}
	/* One packet is all it takes, but the agent has a minimum queue size. */
	status = hsa_agent_get_info(vc->gpu, HSA_AGENT_INFO_QUEUE_MIN_SIZE, &queue_size);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "read the minimum queue size");
	if (queue_size == 0)
		queue_size = 1;
	status = hsa_queue_create(vc->gpu, queue_size, HSA_QUEUE_TYPE_SINGLE, NULL, NULL,
				  UINT32_MAX, UINT32_MAX, &vc->queue);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "create the queue");
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t load_kernel(struct vector_copy *vc, const char *path,
				struct sample_kernel *kernel)
{
	hsa_executable_symbol_t symbol;
	hsa_status_t status;

	vc->code_object_fd = open(path, O_RDONLY | O_CLOEXEC);
	if (vc->code_object_fd < 0) {
		perror(path);
		fprintf(stderr, "%s: failed to open the code object: path=%s\n",
			sample_program_name(), path);
		return HSA_STATUS_ERROR_INVALID_FILE;
	}
	status = hsa_code_object_reader_create_from_file(vc->code_object_fd, &vc->reader);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "create the code object reader");
	vc->have_reader = 1;
	status = hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
					   NULL, &vc->executable);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "create the executable");
	vc->have_executable = 1;
	status = hsa_executable_load_agent_code_object(vc->executable, vc->gpu, vc->reader, NULL,
						       NULL);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "load the code object");
	status = hsa_executable_freeze(vc->executable, NULL);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "freeze the executable");
	status = hsa_executable_get_symbol_by_name(vc->executable, "vector_copy.kd", &vc->gpu,
						   &symbol);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "find the kernel symbol vector_copy.kd");
	return sample_kernel_from_symbol(symbol, kernel);
}

static hsa_status_t prepare_buffers(struct vector_copy *vc, const struct sample_kernel *kernel,
				    uint64_t count)
{
	struct vector_copy_args args;
	size_t bytes = count * sizeof(uint32_t);
	hsa_status_t status;
	uint64_t i;

	status = hsa_memory_allocate(vc->data_region, bytes, (void **)&vc->in);
	if (status == HSA_STATUS_SUCCESS)
		status = hsa_memory_allocate(vc->data_region, bytes, (void **)&vc->out);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "allocate the vectors");
	for (i = 0; i < count; i++) {
		vc->in[i] = (uint32_t)(i * 2654435761u) ^ 0x5a5a5a5au;
		vc->out[i] = 0;
	}
	if (kernel->kernarg_size < sizeof(args)) {
		fprintf(stderr, "%s: failed to pass the arguments: kernarg_size=%u expected>=%zu\n",
			sample_program_name(), kernel->kernarg_size, sizeof(args));
		return HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS;
	}
	status = hsa_memory_allocate(vc->kernarg_region, kernel->kernarg_size, &vc->kernarg);
	if (status != HSA_STATUS_SUCCESS)
		return sample_report(status, "allocate the kernel arguments");
	args.in = vc->in;
	args.out = vc->out;
	args.count = count;
	memset(vc->kernarg, 0, kernel->kernarg_size);
	memcpy(vc->kernarg, &args, sizeof(args));
	return HSA_STATUS_SUCCESS;
}

/* Writes the dispatch packet, publishes its header last, and rings the doorbell. */
static void dispatch(struct vector_copy *vc, const struct sample_kernel *kernel, uint32_t count)
{
	hsa_queue_t *queue = vc->queue;
	uint64_t index = hsa_queue_add_write_index_relaxed(queue, 1);
	hsa_kernel_dispatch_packet_t *packet =
		(hsa_kernel_dispatch_packet_t *)queue->base_address + (index & (queue->size - 1));
	uint16_t header;

	memset((char *)packet + 4, 0, sizeof(*packet) - 4);
	packet->workgroup_size_x = (uint16_t)(count < WORKGROUP_SIZE ? count : WORKGROUP_SIZE);
	packet->workgroup_size_y = 1;
	packet->workgroup_size_z = 1;
	packet->grid_size_x = count;
	packet->grid_size_y = 1;
	packet->grid_size_z = 1;
	packet->kernel_object = kernel->object;
	packet->kernarg_address = vc->kernarg;
	packet->group_segment_size = kernel->group_segment_size;
	packet->private_segment_size = kernel->private_segment_size;
	packet->completion_signal = vc->completion;
	header = (uint16_t)(HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE |
			    HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE |
			    HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
	__atomic_store_n((uint32_t *)packet,
			 header | (1u << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS) << 16,
			 __ATOMIC_RELEASE);
	hsa_signal_store_screlease(queue->doorbell_signal, (hsa_signal_value_t)index);
}

static uint64_t count_mismatches(const struct vector_copy *vc, uint64_t count)
{
	uint64_t i, bad = 0;

	for (i = 0; i < count; i++)
		if (vc->out[i] != vc->in[i])
			bad++;
	return bad;
}

static void release(struct vector_copy *vc)
{
	if (vc->kernarg)
		hsa_memory_free(vc->kernarg);
	if (vc->out)
		hsa_memory_free(vc->out);
	if (vc->in)
		hsa_memory_free(vc->in);
	if (vc->completion.handle)
		hsa_signal_destroy(vc->completion);
	if (vc->have_executable)
		hsa_executable_destroy(vc->executable);
	if (vc->have_reader)
		hsa_code_object_reader_destroy(vc->reader);
	if (vc->code_object_fd >= 0)
		close(vc->code_object_fd);
	if (vc->queue)
		hsa_queue_destroy(vc->queue);
}

static int usage(void)
{
	fprintf(stderr, "usage: %s CODE_OBJECT [COUNT]\n"
			"Copies COUNT (default %u) 32-bit values on the GPU agent and checks them.\n",
		sample_program_name(), DEFAULT_COUNT);
	return SAMPLE_EXIT_USAGE;
}

int main(int argc, char **argv)
{
	struct vector_copy vc = { .code_object_fd = -1 };
	struct sample_kernel kernel;
	unsigned long count = DEFAULT_COUNT;
	uint64_t mismatches;
	hsa_status_t status;
	int exit_code = SAMPLE_EXIT_FAILURE;

	sample_set_program_name(argv[0]);
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		usage();
		return SAMPLE_EXIT_OK;
	}
	if (argc < 2 || argc > 3 ||
	    (argc == 3 && sample_parse_count(argv[2], 1, 1ul << 26, &count)))
		return usage();
	if (sample_init() != HSA_STATUS_SUCCESS)
		return SAMPLE_EXIT_FAILURE;
	if (setup_agent_and_queue(&vc) != HSA_STATUS_SUCCESS ||
	    load_kernel(&vc, argv[1], &kernel) != HSA_STATUS_SUCCESS)
		goto cleanup;
	status = hsa_signal_create(1, 0, NULL, &vc.completion);
	if (status != HSA_STATUS_SUCCESS) {
		sample_report(status, "create the completion signal");
		vc.completion.handle = 0;
		goto cleanup;
	}
	if (prepare_buffers(&vc, &kernel, count) != HSA_STATUS_SUCCESS)
		goto cleanup;
	dispatch(&vc, &kernel, (uint32_t)count);
	if (sample_wait_value(vc.completion, 0, "wait for the vector_copy dispatch") !=
	    HSA_STATUS_SUCCESS)
		goto cleanup;
	mismatches = count_mismatches(&vc, count);
	if (mismatches) {
		fprintf(stderr, "%s: failed to verify the copy: mismatches=%lu count=%lu\n",
			sample_program_name(), (unsigned long)mismatches, count);
		goto cleanup;
	}
	printf("vector_copy: %lu values copied on the GPU agent, result verified\n", count);
	exit_code = SAMPLE_EXIT_OK;
cleanup:
	release(&vc);
	hsa_shut_down();
	return exit_code;
}
