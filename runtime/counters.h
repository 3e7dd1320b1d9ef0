/*
 * counters.h - per-dispatch counters offered through the aqlprofile vendor extension.
 */
#ifndef HSAT_COUNTERS_H
#define HSAT_COUNTERS_H

#include "runtime/include/hsat_cpu_kernel.h"
#include "runtime/runtime.h"

struct hsat_dispatch;

/* After each kernel dispatch: feeds the counters of every running profile. */
void hsat_counters_record_dispatch(const struct hsat_dispatch *dispatch,
				   const struct hsat_cpu_kernel_descriptor *kernel, uint64_t begin,
				   uint64_t end);

/* Executes a vendor-specific AQL packet (aqlprofile start/stop/read). */
hsa_status_t hsat_counters_vendor_packet(const void *packet);

/* Deactivates every profile (last hsa_shut_down). */
void hsat_counters_release_all(void);

/* aqlprofile.c: the extension table (hsa_ven_amd_aqlprofile_1_00_pfn_t). */
size_t hsat_aqlprofile_table_size(void);
void hsat_aqlprofile_table(void *table);

#endif /* HSAT_COUNTERS_H */
