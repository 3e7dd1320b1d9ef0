/*
 * runtime.h - internals shared by the CPU HSA runtime's files (not installed).
 *
 * The exported hsa_* symbols are trampolines (trampolines.c) that jump through the
 * HsaApiTable (api_table.c). Each implemented entry is a hidden function named
 * impl_<hsa function>; api_table.c refers to them weakly, and every slot without one
 * gets a stub returning HSA_STATUS_ERROR (never a crash, never a silent success).
 */
#ifndef HSAT_RUNTIME_H
#define HSAT_RUNTIME_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include "runtime/include/hsat_api_table.h"

/* Declare impl_<name> with the exact type of <name> (api_table.c makes the references weak,
 * so a missing implementation reads as NULL there). */
#define HSAT_DECLARE_IMPL(name, index) extern __typeof__(name) impl_##name;
HSAT_CORE_API(HSAT_DECLARE_IMPL)
HSAT_AMD_EXT_API(HSAT_DECLARE_IMPL)
HSAT_FINALIZER_EXT_API(HSAT_DECLARE_IMPL)
HSAT_IMAGE_EXT_API(HSAT_DECLARE_IMPL)

/* The table the trampolines read, and what OnLoad receives. */
extern HsaApiTable hsat_api_table;
extern CoreApiTable hsat_core_table;
extern AmdExtTable hsat_amd_ext_table;

/* api_table.c: restore every slot to the runtime's own implementation. */
void hsat_api_table_reset(void);

/* system.c: reference-counted init state. */
bool hsat_initialized(void);
#define HSAT_REQUIRE_INIT()                                  \
	do {                                                 \
		if (!hsat_initialized())                     \
			return HSA_STATUS_ERROR_NOT_INITIALIZED; \
	} while (0)

/* Platform helpers (util.c). The system clock domain is CLOCK_MONOTONIC in nanoseconds
 * (frequency 1 GHz). */
#define HSAT_TIMESTAMP_FREQUENCY 1000000000ull
uint64_t hsat_now_ns(void);

/* Futexes: wait while *word == expected (timeout_ns UINT64_MAX = forever); wake all. */
void hsat_futex_wait(_Atomic uint32_t *word, uint32_t expected, uint64_t timeout_ns);
void hsat_futex_wake_all(_Atomic uint32_t *word);

/* Environment variable `name` as an unsigned in [min, max]; fallback when unset, or (with a
 * warning) when it is not such a number. */
unsigned hsat_env_unsigned(const char *name, unsigned fallback, unsigned min, unsigned max);

/* Internal logging on stderr, silent unless HSATRACE_RUNTIME_DEBUG is set. */
void hsat_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* HSAT_RUNTIME_H */
