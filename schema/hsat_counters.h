/*
 * hsat_counters.h - part of the hsatrace schema: the per-dispatch counters of hsatrace's CPU
 * runtime, which the tracer records by these names, offered the way a GPU offers them:
 * through the aqlprofile vendor extension (hsa_ven_amd_aqlprofile.h), reached with
 * hsa_system_get_major_extension_table(HSA_EXTENSION_AMD_AQLPROFILE, 1, ...).
 *
 * An event is {block_name, block_index 0, counter_id}. Each block has a fixed number of
 * counter slots per pass (get_info BLOCK_COUNTERS); a profile asking for more events of one
 * block than it has slots is refused by start(), as aqlprofile refuses it, so collecting every
 * counter takes several passes (runs). Counters are global to the emulated GPU, as hardware
 * counters are: a profile counts every dispatch that completes between its start and stop
 * packets, on any queue.
 */
#ifndef HSAT_COUNTERS_PUBLIC_H
#define HSAT_COUNTERS_PUBLIC_H

#include <stdint.h>

/* Blocks (values of hsa_ven_amd_aqlprofile_block_name_t). */
#define HSAT_COUNTER_BLOCK_GRBM 3u /* HSA_VEN_AMD_AQLPROFILE_BLOCK_NAME_GRBM */
#define HSAT_COUNTER_BLOCK_SQ 6u   /* HSA_VEN_AMD_AQLPROFILE_BLOCK_NAME_SQ */

#define HSAT_COUNTER_SLOTS_GRBM 2u
#define HSAT_COUNTER_SLOTS_SQ 2u

/* GRBM counters (ticks are nanoseconds: the system clock domain, 1 GHz). */
#define HSAT_GRBM_COUNT 0u       /* elapsed ticks from dispatch begin to end */
#define HSAT_GRBM_GUI_ACTIVE 1u  /* busy ticks: summed time compute units ran workgroups */
/* SQ counters */
#define HSAT_SQ_WAVES 0u         /* wavefronts launched: ceil(items of a workgroup / 64) each */
#define HSAT_SQ_WORK_ITEMS 1u    /* work-items executed */
#define HSAT_SQ_WORKGROUPS 2u    /* workgroups executed */
#define HSAT_SQ_KERNARG_BYTES 3u /* kernarg segment bytes of the dispatched kernels */

struct hsat_counter_info {
	const char *name;
	uint32_t block;
	uint32_t counter_id;
	const char *description;
};

/* Every counter, for tools that map names to events. */
static const struct hsat_counter_info hsat_counter_list[] __attribute__((unused)) = {
	{ "GRBM_COUNT", HSAT_COUNTER_BLOCK_GRBM, HSAT_GRBM_COUNT,
	  "elapsed ticks (ns) from dispatch begin to end" },
	{ "GRBM_GUI_ACTIVE", HSAT_COUNTER_BLOCK_GRBM, HSAT_GRBM_GUI_ACTIVE,
	  "busy ticks (ns) summed over the compute units that ran workgroups" },
	{ "SQ_WAVES", HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_WAVES,
	  "wavefronts launched (64 work-items each, per workgroup)" },
	{ "SQ_WORK_ITEMS", HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_WORK_ITEMS, "work-items executed" },
	{ "SQ_WORKGROUPS", HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_WORKGROUPS, "workgroups executed" },
	{ "SQ_KERNARG_BYTES", HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_KERNARG_BYTES,
	  "kernarg segment bytes of the dispatched kernels" },
};

#define HSAT_COUNTER_COUNT (sizeof(hsat_counter_list) / sizeof(hsat_counter_list[0]))

#endif /* HSAT_COUNTERS_PUBLIC_H */
