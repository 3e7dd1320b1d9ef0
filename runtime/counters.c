/*
 * counters.c - per-dispatch counters (aqlprofile vendor extension). Not implemented yet:
 * vendor packets are refused as malformed.
 */
#include "runtime/counters.h"

void hsat_counters_record_dispatch(const struct hsat_dispatch *dispatch,
				   const struct hsat_cpu_kernel_descriptor *kernel, uint64_t begin,
				   uint64_t end)
{
	(void)dispatch;
	(void)kernel;
	(void)begin;
	(void)end;
}

hsa_status_t hsat_counters_vendor_packet(const void *packet)
{
	(void)packet;
	return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
}
