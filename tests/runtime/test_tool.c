/*
 * test_tool.c - an HSA_TOOLS_LIB tool for the runtime tests: its OnLoad records what the
 * runtime passed, keeps the table, and patches one entry (hsa_signal_create) with a wrapper
 * that counts calls. The test reads all this back through the test_tool_* functions.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "runtime/include/hsat_api_table.h"

#define EXPORT __attribute__((visibility("default")))

static HsaApiTable *saved_table;
static __typeof__(hsa_signal_create) *real_signal_create;
static _Atomic int signal_create_calls;
static int on_load_calls;
static uint64_t seen_version, seen_failed_count;
static char first_failed[256];
static int agents_seen_in_onload;
static int *unload_flag;

static hsa_status_t counting_signal_create(hsa_signal_value_t value, uint32_t num_consumers,
					   const hsa_agent_t *consumers, hsa_signal_t *signal)
{
	signal_create_calls++;
	return real_signal_create(value, num_consumers, consumers, signal);
}

static hsa_status_t count_agent(hsa_agent_t agent, void *data)
{
	(void)agent;
	(*(int *)data)++;
	return HSA_STATUS_SUCCESS;
}

EXPORT bool OnLoad(HsaApiTable *table, uint64_t runtime_version, uint64_t failed_tool_count,
		   const char *const *failed_tool_names)
{
	on_load_calls++;
	saved_table = table;
	seen_version = runtime_version;
	seen_failed_count = failed_tool_count;
	if (failed_tool_count > 0)
		strncpy(first_failed, failed_tool_names[0], sizeof(first_failed) - 1);
	/* the agents exist when tools are loaded */
	table->core_->hsa_iterate_agents_fn(count_agent, &agents_seen_in_onload);
	real_signal_create = table->core_->hsa_signal_create_fn;
	table->core_->hsa_signal_create_fn = counting_signal_create;
	return true;
}

EXPORT void OnUnload(void)
{
	if (unload_flag)
		*unload_flag = 1;
}

EXPORT HsaApiTable *test_tool_table(void)
{
	return saved_table;
}

EXPORT int test_tool_signal_create_calls(void)
{
	return signal_create_calls;
}

EXPORT void test_tool_onload_info(int *calls, uint64_t *version, uint64_t *failed_count,
				  const char **failed_name, int *agents)
{
	*calls = on_load_calls;
	*version = seen_version;
	*failed_count = seen_failed_count;
	*failed_name = first_failed;
	*agents = agents_seen_in_onload;
}

EXPORT void test_tool_set_unload_flag(int *flag)
{
	unload_flag = flag;
}
