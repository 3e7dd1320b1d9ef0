/*
 * aqlprofile.c - per-dispatch counters through the aqlprofile vendor extension
 * (hsa_ven_amd_aqlprofile_1_00_pfn_t), as schema/hsat_counters.h describes.
 *
 * start/stop/read build AMD vendor-specific AQL packets (format PM4_IB) whose body names an
 * operation and the profile's command buffer; the packet processor executes them:
 *   START  zeroes the profile's accumulators and makes it active (counters are GPU-global);
 *   READ   copies the accumulators to the output buffer;
 *   STOP   copies them and deactivates the profile.
 * Every kernel dispatch that completes adds its values to every active profile.
 */
#include <pthread.h>
#include <string.h>

#include <hsa/hsa_ven_amd_aqlprofile.h>

#include "runtime/agents.h"
#include "runtime/counters.h"
#include "runtime/fork.h"
#include "schema/hsat_counters.h"
#include "runtime/workers.h"

#define AMD_AQL_FORMAT_PM4_IB 1u
#define PACKET_MAGIC_LO 0x5348u /* "HS" */
#define PACKET_MAGIC_HI 0x5441u /* "AT" */
#define COMMAND_MAGIC 0x434f554e54455253ull
#define MAX_EVENTS 16

enum op { OP_START = 1, OP_STOP = 2, OP_READ = 3 };

/* Lives in the profile's command buffer (tool memory, like the PM4 commands it stands for). */
struct command {
	uint64_t magic;
	uint32_t event_count;
	uint32_t active;
	hsa_ven_amd_aqlprofile_event_t events[MAX_EVENTS];
	uint64_t values[MAX_EVENTS];
	uint64_t *output;
	struct command *next_active;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct command *active;
static _Atomic unsigned active_count; /* lets dispatches skip the lock when nothing counts */
static _Thread_local const char *last_error = "no error";

void hsat_counters_at_fork(enum hsat_fork_phase phase)
{
	hsat_fork_mutex(&lock, phase);
}

static uint32_t block_slots(uint32_t block)
{
	switch (block) {
	case HSAT_COUNTER_BLOCK_GRBM:
		return HSAT_COUNTER_SLOTS_GRBM;
	case HSAT_COUNTER_BLOCK_SQ:
		return HSAT_COUNTER_SLOTS_SQ;
	default:
		return 0;
	}
}

static bool event_valid(const hsa_ven_amd_aqlprofile_event_t *event)
{
	for (size_t i = 0; i < HSAT_COUNTER_COUNT; i++)
		if (hsat_counter_list[i].block == (uint32_t)event->block_name &&
		    hsat_counter_list[i].counter_id == event->counter_id && event->block_index == 0)
			return true;
	return false;
}

/* --- dispatch accounting ------------------------------------------------------------------ */

static uint64_t event_value(const hsa_ven_amd_aqlprofile_event_t *event,
			    const struct hsat_dispatch *d,
			    const struct hsat_cpu_kernel_descriptor *kernel, uint64_t elapsed)
{
	if ((uint32_t)event->block_name == HSAT_COUNTER_BLOCK_GRBM)
		return event->counter_id == HSAT_GRBM_COUNT ? elapsed : atomic_load(&d->busy_ns);
	switch (event->counter_id) {
	case HSAT_SQ_WAVES:
		return atomic_load(&d->waves);
	case HSAT_SQ_WORK_ITEMS:
		return atomic_load(&d->work_items);
	case HSAT_SQ_WORKGROUPS:
		return d->group_count;
	default:
		return kernel->kernarg_size;
	}
}

void hsat_counters_record_dispatch(const struct hsat_dispatch *d,
				   const struct hsat_cpu_kernel_descriptor *kernel, uint64_t begin,
				   uint64_t end)
{
	if (atomic_load_explicit(&active_count, memory_order_relaxed) == 0)
		return;
	pthread_mutex_lock(&lock);
	for (struct command *c = active; c; c = c->next_active)
		for (uint32_t i = 0; i < c->event_count; i++)
			c->values[i] += event_value(&c->events[i], d, kernel, end - begin);
	pthread_mutex_unlock(&lock);
}

static void deactivate_locked(struct command *command)
{
	for (struct command **link = &active; *link; link = &(*link)->next_active) {
		if (*link == command) {
			*link = command->next_active;
			atomic_fetch_sub(&active_count, 1);
			break;
		}
	}
	command->active = 0;
}

void hsat_counters_release_all(void)
{
	pthread_mutex_lock(&lock);
	while (active)
		deactivate_locked(active);
	pthread_mutex_unlock(&lock);
}

hsa_status_t hsat_counters_vendor_packet(const void *slot)
{
	hsa_ext_amd_aql_pm4_packet_t packet;
	struct command *command;
	uint64_t address;

	memcpy(&packet, slot, sizeof(packet));
	if ((packet.pm4_command[0] & 0xff) != AMD_AQL_FORMAT_PM4_IB ||
	    packet.pm4_command[1] != PACKET_MAGIC_LO || packet.pm4_command[2] != PACKET_MAGIC_HI)
		return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
	memcpy(&address, &packet.pm4_command[4], sizeof(address));
	command = (struct command *)(uintptr_t)address;
	if (!command || command->magic != COMMAND_MAGIC)
		return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
	pthread_mutex_lock(&lock);
	switch (packet.pm4_command[3]) {
	case OP_START:
		memset(command->values, 0, sizeof(command->values));
		if (!command->active) {
			command->active = 1;
			command->next_active = active;
			active = command;
			atomic_fetch_add(&active_count, 1);
		}
		break;
	case OP_STOP:
		if (command->active)
			deactivate_locked(command);
		/* stop also reads */
		__attribute__((fallthrough));
	case OP_READ:
		memcpy(command->output, command->values, command->event_count * sizeof(uint64_t));
		break;
	default:
		pthread_mutex_unlock(&lock);
		return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
	}
	pthread_mutex_unlock(&lock);
	return HSA_STATUS_SUCCESS;
}

/* --- the extension's functions ---------------------------------------------------------- */

static uint32_t aql_version_major(void)
{
	return HSA_AQLPROFILE_VERSION_MAJOR;
}

static uint32_t aql_version_minor(void)
{
	return HSA_AQLPROFILE_VERSION_MINOR;
}

static hsa_status_t aql_error_string(const char **text)
{
	if (!text)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*text = last_error;
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t fail(hsa_status_t status, const char *why)
{
	last_error = why;
	return status;
}

static hsa_status_t aql_validate_event(hsa_agent_t agent,
				       const hsa_ven_amd_aqlprofile_event_t *event, bool *result)
{
	if (hsat_agent_from_handle(agent) != &hsat_gpu_agent)
		return fail(HSA_STATUS_ERROR_INVALID_AGENT, "not a kernel agent");
	if (!event || !result)
		return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "NULL argument");
	*result = event_valid(event);
	return HSA_STATUS_SUCCESS;
}

/* Checks the profile: PMC type, known events, no block over its slots. */
static hsa_status_t check_profile(const hsa_ven_amd_aqlprofile_profile_t *profile)
{
	uint32_t used[HSA_VEN_AMD_AQLPROFILE_BLOCKS_NUMBER] = { 0 };

	if (!profile || hsat_agent_from_handle(profile->agent) != &hsat_gpu_agent)
		return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "bad profile or agent");
	if (profile->type != HSA_VEN_AMD_AQLPROFILE_EVENT_TYPE_PMC)
		return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "only PMC profiles are supported");
	if (!profile->events || profile->event_count == 0 || profile->event_count > MAX_EVENTS)
		return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "bad event list");
	for (uint32_t i = 0; i < profile->event_count; i++) {
		const hsa_ven_amd_aqlprofile_event_t *event = &profile->events[i];

		if (!event_valid(event))
			return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "invalid event");
		if (++used[event->block_name] > block_slots(event->block_name))
			return fail(HSA_STATUS_ERROR, "Input metrics out of HW limit: a block "
						      "has fewer counter slots than events asked");
	}
	return HSA_STATUS_SUCCESS;
}

static void build_packet(const hsa_ven_amd_aqlprofile_profile_t *profile, enum op op,
			 hsa_ext_amd_aql_pm4_packet_t *packet)
{
	uint64_t address = (uint64_t)(uintptr_t)profile->command_buffer.ptr;

	memset(packet, 0, sizeof(*packet));
	packet->header = (uint16_t)((HSA_PACKET_TYPE_VENDOR_SPECIFIC << HSA_PACKET_HEADER_TYPE) |
				    (1 << HSA_PACKET_HEADER_BARRIER) |
				    (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
				    (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
	packet->pm4_command[0] = AMD_AQL_FORMAT_PM4_IB;
	packet->pm4_command[1] = PACKET_MAGIC_LO;
	packet->pm4_command[2] = PACKET_MAGIC_HI;
	packet->pm4_command[3] = (uint16_t)op;
	memcpy(&packet->pm4_command[4], &address, sizeof(address));
}

static bool buffers_ready(const hsa_ven_amd_aqlprofile_profile_t *profile)
{
	return profile->command_buffer.ptr && profile->command_buffer.size >= sizeof(struct command) &&
	       profile->output_buffer.ptr &&
	       profile->output_buffer.size >= profile->event_count * sizeof(uint64_t);
}

static hsa_status_t aql_start(hsa_ven_amd_aqlprofile_profile_t *profile,
			      hsa_ext_amd_aql_pm4_packet_t *packet)
{
	struct command *command;
	hsa_status_t status = check_profile(profile);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	if (!packet) { /* size query: report the buffers the profile needs */
		profile->command_buffer.size = sizeof(struct command);
		profile->output_buffer.size = profile->event_count * sizeof(uint64_t);
		return HSA_STATUS_SUCCESS;
	}
	if (!buffers_ready(profile))
		return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "command or output buffer too small");
	command = profile->command_buffer.ptr;
	memset(command, 0, sizeof(*command));
	command->magic = COMMAND_MAGIC;
	command->event_count = profile->event_count;
	memcpy(command->events, profile->events, profile->event_count * sizeof(*profile->events));
	command->output = profile->output_buffer.ptr;
	memset(command->output, 0, profile->event_count * sizeof(uint64_t));
	build_packet(profile, OP_START, packet);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t later_packet(const hsa_ven_amd_aqlprofile_profile_t *profile, enum op op,
				 hsa_ext_amd_aql_pm4_packet_t *packet)
{
	hsa_status_t status = check_profile(profile);

	if (status != HSA_STATUS_SUCCESS)
		return status;
	if (!packet || !buffers_ready(profile) ||
	    ((struct command *)profile->command_buffer.ptr)->magic != COMMAND_MAGIC)
		return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "profile not started");
	build_packet(profile, op, packet);
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t aql_stop(const hsa_ven_amd_aqlprofile_profile_t *profile,
			     hsa_ext_amd_aql_pm4_packet_t *packet)
{
	return later_packet(profile, OP_STOP, packet);
}

static hsa_status_t aql_read(const hsa_ven_amd_aqlprofile_profile_t *profile,
			     hsa_ext_amd_aql_pm4_packet_t *packet)
{
	return later_packet(profile, OP_READ, packet);
}

static hsa_status_t aql_legacy_get_pm4(const hsa_ext_amd_aql_pm4_packet_t *packet, void *data)
{
	(void)packet;
	(void)data;
	return fail(HSA_STATUS_ERROR, "legacy PM4 (gfx8) is not supported");
}

static hsa_status_t block_id(hsa_ven_amd_aqlprofile_id_query_t *query)
{
	if (!query->name)
		return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "NULL block name");
	if (strcmp(query->name, "GRBM") == 0)
		query->id = HSAT_COUNTER_BLOCK_GRBM;
	else if (strcmp(query->name, "SQ") == 0)
		query->id = HSAT_COUNTER_BLOCK_SQ;
	else
		return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "unknown block");
	query->instance_count = 1;
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t aql_get_info(const hsa_ven_amd_aqlprofile_profile_t *profile,
				 hsa_ven_amd_aqlprofile_info_type_t attribute, void *value)
{
	if (!profile || !value)
		return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "NULL argument");
	switch (attribute) {
	case HSA_VEN_AMD_AQLPROFILE_INFO_COMMAND_BUFFER_SIZE:
		*(uint32_t *)value = sizeof(struct command);
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_AQLPROFILE_INFO_PMC_DATA_SIZE:
		*(uint32_t *)value = profile->event_count * (uint32_t)sizeof(uint64_t);
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_AQLPROFILE_INFO_BLOCK_COUNTERS:
		if (!profile->events || profile->event_count == 0 ||
		    !block_slots(profile->events[0].block_name))
			return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "unknown block");
		*(uint32_t *)value = block_slots(profile->events[0].block_name);
		return HSA_STATUS_SUCCESS;
	case HSA_VEN_AMD_AQLPROFILE_INFO_BLOCK_ID:
		return block_id(value);
	default:
		return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "attribute not supported");
	}
}

static hsa_status_t aql_iterate_data(const hsa_ven_amd_aqlprofile_profile_t *profile,
				     hsa_ven_amd_aqlprofile_data_callback_t callback, void *data)
{
	const uint64_t *results;

	if (!profile || !callback || !buffers_ready(profile))
		return fail(HSA_STATUS_ERROR_INVALID_ARGUMENT, "bad profile or callback");
	results = profile->output_buffer.ptr;
	for (uint32_t i = 0; i < profile->event_count; i++) {
		hsa_ven_amd_aqlprofile_info_data_t info;
		hsa_status_t status;

		memset(&info, 0, sizeof(info));
		info.sample_id = 0;
		info.pmc_data.event = profile->events[i];
		info.pmc_data.result = results[i];
		status = callback(HSA_VEN_AMD_AQLPROFILE_INFO_PMC_DATA, &info, data);
		if (status != HSA_STATUS_SUCCESS)
			return status;
	}
	return HSA_STATUS_SUCCESS;
}

size_t hsat_aqlprofile_table_size(void)
{
	return sizeof(hsa_ven_amd_aqlprofile_1_00_pfn_t);
}

void hsat_aqlprofile_table(void *out)
{
	hsa_ven_amd_aqlprofile_1_00_pfn_t table = {
		aql_version_major, aql_version_minor, aql_error_string, aql_validate_event,
		aql_start,         aql_stop,          aql_read,         aql_legacy_get_pm4,
		aql_get_info,      aql_iterate_data,
	};

	memcpy(out, &table, sizeof(table));
}
