/* hw_counters.h - hardware counters around kernel dispatches (HSATRACE_COUNTERS). */
#ifndef HSAT_HW_COUNTERS_H
#define HSAT_HW_COUNTERS_H

#include "tracer/tracer.h"

struct hw_profile;

/* OnLoad: reads HSATRACE_COUNTERS; returns one line for the user when it cannot be honoured
 * (no aqlprofile extension, unknown names), NULL otherwise. */
const char *hsat_hw_counters_attach(void);
bool hsat_hw_counters_on(void);

/* Fills the 64-byte start and stop packets that surround one dispatch (dispatch_id =
 * queue_id * 2^32 + packet_index names it in the counter events); NULL when not counting. */
struct hw_profile *hsat_hw_counters_begin(hsa_agent_t agent, uint64_t dispatch_id,
					  void *start_packet, void *stop_packet);
/* The program's signal of the dispatch, released (decremented) after the counters are read. */
void hsat_hw_counters_release_later(struct hw_profile *hw, hsa_signal_t program_signal);
/* After the packets were written: report the values when the stop packet completes. */
void hsat_hw_counters_arm(struct hw_profile *hw);

#endif
