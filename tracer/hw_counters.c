/*
 * Hardware counters (HSATRACE_COUNTERS=NAME,NAME,...), collected per kernel dispatch through
 * the runtime's aqlprofile extension when it offers one, the way rocprofiler v1 does: the
 * intercept handler surrounds the dispatch with the profile's start and stop packets (both
 * carry the barrier bit, so the counts cover this dispatch), and when the stop packet
 * completes the values become hsa_activity:counter events (scope "dispatch", id =
 * queue_id * 2^32 + packet_index of the dispatch). Counters are global to the device, as on hardware: a dispatch
 * running at the same time on another queue is counted too.
 *
 * Without the extension (Debian's ROCr 5.2 lacks the non-free aqlprofile library) or with
 * names it does not know, the user gets one line saying why and the derived counters are
 * still recorded. Names are those of the schema's counter list (schema/hsat_counters.h).
 */
#include "tracer/hw_counters.h"
#include "tracer/call.h"
/* Defines a non-static object: include it in this file only. */
#include <hsa/hsa_ven_amd_aqlprofile.h>
#include "schema/hsat_counters.h"
#include "hsatrace/tp_hsa_activity.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COUNTERS 16

struct hw_profile {
	struct hsat_pending pending;	/* first: pending.c frees the profile through it */
	hsa_ven_amd_aqlprofile_profile_t profile;
	uint64_t dispatch_id;
};

static hsa_ven_amd_aqlprofile_1_00_pfn_t aql;
static hsa_ven_amd_aqlprofile_event_t events[MAX_COUNTERS];
static const char *names[MAX_COUNTERS];
static const char *units[MAX_COUNTERS];
static uint32_t n_events;
static bool counting;
static char message[256];

bool hsat_hw_counters_on(void)
{
	return counting;
}

static const struct hsat_counter_info *lookup(const char *name, size_t len)
{
	for (size_t i = 0; i < HSAT_COUNTER_COUNT; i++)
		if (strlen(hsat_counter_list[i].name) == len &&
		    !strncmp(hsat_counter_list[i].name, name, len))
			return &hsat_counter_list[i];
	return NULL;
}

/* Fills events[] from the list; returns the number of unknown names. */
static int parse(const char *list)
{
	int unknown = 0;

	n_events = 0;
	while (*list) {
		size_t len = strcspn(list, ", ");
		const struct hsat_counter_info *c = len ? lookup(list, len) : NULL;

		if (c && n_events < MAX_COUNTERS) {
			events[n_events].block_name = (hsa_ven_amd_aqlprofile_block_name_t)c->block;
			events[n_events].block_index = 0;
			events[n_events].counter_id = c->counter_id;
			units[n_events] = c->block == HSAT_COUNTER_BLOCK_GRBM ? "ticks" : "count";
			names[n_events++] = c->name;
		} else if (len) {
			unknown++;
		}
		list += len;
		list += strspn(list, ", ");
	}
	return unknown;
}

static bool extension_available(void)
{
	bool supported = false;
	uint16_t minor = 0;

	if (!hsat_real_core.hsa_system_major_extension_supported_fn ||
	    !hsat_real_core.hsa_system_get_major_extension_table_fn)
		return false;
	if (hsat_real_core.hsa_system_major_extension_supported_fn(HSA_EXTENSION_AMD_AQLPROFILE, 1,
								   &minor, &supported) ||
	    !supported)
		return false;
	return hsat_real_core.hsa_system_get_major_extension_table_fn(
		       HSA_EXTENSION_AMD_AQLPROFILE, 1, sizeof(aql), &aql) == HSA_STATUS_SUCCESS &&
	       aql.hsa_ven_amd_aqlprofile_start && aql.hsa_ven_amd_aqlprofile_stop &&
	       aql.hsa_ven_amd_aqlprofile_iterate_data;
}

const char *hsat_hw_counters_attach(void)
{
	const char *wanted = getenv("HSATRACE_COUNTERS");
	int unknown;

	counting = false;
	if (!wanted || !*wanted)
		return NULL;
	if (!extension_available())
		return "hardware counters unavailable: the HSA runtime offers no aqlprofile "
		       "extension; HSATRACE_COUNTERS ignored, derived counters still recorded";
	unknown = parse(wanted);
	counting = n_events > 0 && hsat_can_intercept_queues() && hsat_can_swap_signals();
	if (!unknown && counting)
		return NULL;
	snprintf(message, sizeof(message), "HSATRACE_COUNTERS: %d unknown counter name(s) "
		 "ignored (known: GRBM_COUNT, GRBM_GUI_ACTIVE, SQ_WAVES, SQ_WORK_ITEMS, "
		 "SQ_WORKGROUPS, SQ_KERNARG_BYTES)%s", unknown,
		 counting ? "" : "; no hardware counter recorded");
	return message;
}

struct emit_ctx {
	const struct hw_profile *hw;
	uint32_t next;
};

static hsa_status_t emit_value(hsa_ven_amd_aqlprofile_info_type_t type,
			       hsa_ven_amd_aqlprofile_info_data_t *info, void *data)
{
	struct emit_ctx *ctx = data;

	if (type == HSA_VEN_AMD_AQLPROFILE_INFO_PMC_DATA && ctx->next < n_events) {
		hsat_emit_counter(names[ctx->next], "dispatch", ctx->hw->dispatch_id,
				  (int64_t)info->pmc_data.result, units[ctx->next]);
		ctx->next++;
	}
	return HSA_STATUS_SUCCESS;
}

static void free_buffers(struct hsat_pending *p)
{
	struct hw_profile *hw = (struct hw_profile *)p;

	free(hw->profile.command_buffer.ptr);
	free(hw->profile.output_buffer.ptr);
}

static void profile_done(struct hsat_pending *p)
{
	struct hw_profile *hw = (struct hw_profile *)p;
	struct emit_ctx ctx = { hw, 0 };

	aql.hsa_ven_amd_aqlprofile_iterate_data(&hw->profile, emit_value, &ctx);
	free_buffers(p);
}

struct hw_profile *hsat_hw_counters_begin(hsa_agent_t agent, uint64_t dispatch_id,
					  void *start_packet, void *stop_packet)
{
	struct hw_profile *hw;
	hsa_ven_amd_aqlprofile_profile_t *pr;

	if (!counting)
		return NULL;
	hw = calloc(1, sizeof(*hw));
	if (!hw)
		return NULL;
	pr = &hw->profile;
	pr->agent = agent;
	pr->type = HSA_VEN_AMD_AQLPROFILE_EVENT_TYPE_PMC;
	pr->events = events;
	pr->event_count = n_events;
	hw->dispatch_id = dispatch_id;
	hw->pending.done = profile_done;
	hw->pending.forget = free_buffers;
	/* A start without a packet asks for the buffer sizes. */
	if (aql.hsa_ven_amd_aqlprofile_start(pr, NULL) != HSA_STATUS_SUCCESS)
		goto error;
	pr->command_buffer.ptr = calloc(1, pr->command_buffer.size);
	pr->output_buffer.ptr = calloc(1, pr->output_buffer.size);
	if (!pr->command_buffer.ptr || !pr->output_buffer.ptr ||
	    aql.hsa_ven_amd_aqlprofile_start(pr, start_packet) != HSA_STATUS_SUCCESS ||
	    aql.hsa_ven_amd_aqlprofile_stop(pr, stop_packet) != HSA_STATUS_SUCCESS ||
	    hsat_pending_prepare(&hw->pending))
		goto error;
	/* The stop packet completes on the tracer's signal; the program never sees it. */
	((hsa_ext_amd_aql_pm4_packet_t *)stop_packet)->completion_signal = hw->pending.proxy;
	return hw;
error:
	free_buffers(&hw->pending);
	free(hw);
	return NULL;
}

void hsat_hw_counters_release_later(struct hw_profile *hw, hsa_signal_t program_signal)
{
	hw->pending.orig = program_signal;
}

void hsat_hw_counters_arm(struct hw_profile *hw)
{
	hsat_pending_arm(&hw->pending);
}
