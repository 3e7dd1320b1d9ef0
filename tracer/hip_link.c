/* hip_link - what libhsatrace-hip.so (tracer/hip/) finds in this library by name: the one
 * correlation counter of the process and the thread's "current HIP call", which the HSA
 * API entries, packet_submit, kernel_exec and copy_exec carry as hip_correlation_id. */
#include "tracer/call.h"

__attribute__((visibility("default"))) uint64_t hsatrace_correlation_id_new(void)
{
	return hsat_new_correlation_id();
}

__attribute__((visibility("default"))) uint64_t hsatrace_hip_call_swap(uint64_t cid)
{
	uint64_t outer = hsat_tls.hip_cid;

	hsat_tls.hip_cid = cid;
	return outer;
}
