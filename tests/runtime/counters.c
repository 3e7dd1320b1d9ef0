/*
 * counters.c - per-dispatch counters through the aqlprofile vendor extension: validation,
 * the per-pass slot limit (refused like aqlprofile refuses it), start/read/stop packets around
 * dispatches, and values that match what was dispatched.
 */
#include <stdlib.h>

#include <hsa/hsa_ven_amd_aqlprofile.h>

#include "schema/hsat_counters.h"
#include "tests/runtime/rt_common.h"

static hsa_ven_amd_aqlprofile_1_00_pfn_t api;

static hsa_ven_amd_aqlprofile_event_t event(uint32_t block, uint32_t id)
{
	hsa_ven_amd_aqlprofile_event_t e = { (hsa_ven_amd_aqlprofile_block_name_t)block, 0, id };

	return e;
}

static void submit_packet(hsa_queue_t *queue, const hsa_ext_amd_aql_pm4_packet_t *packet,
			  hsa_signal_t completion)
{
	uint64_t index;
	char *slot = rt_reserve(queue, &index);
	hsa_ext_amd_aql_pm4_packet_t copy = *packet;

	copy.completion_signal = completion;
	memcpy(slot + 4, (char *)&copy + 4, 60);
	rt_publish(queue, slot, index, copy.header, copy.pm4_command[0]);
}

struct collected {
	uint64_t values[8];
	int count;
};

static hsa_status_t collect(hsa_ven_amd_aqlprofile_info_type_t type,
			    hsa_ven_amd_aqlprofile_info_data_t *info, void *data)
{
	struct collected *c = data;

	if (type == HSA_VEN_AMD_AQLPROFILE_INFO_PMC_DATA && c->count < 8)
		c->values[c->count++] = info->pmc_data.result;
	return HSA_STATUS_SUCCESS;
}

static void dispatch_and_wait(struct rt *rt, hsa_queue_t *queue, const char *kernel,
			      void *kernarg, uint32_t items, uint16_t wg)
{
	uint32_t grid[3] = { items, 1, 1 };
	uint16_t workgroup[3] = { wg, 1, 1 };
	hsa_signal_t done;

	hsa_signal_create(1, 0, NULL, &done);
	rt_dispatch(queue, rt_kernel(rt, kernel), kernarg, grid, workgroup, 1, done, false);
	rt_wait_zero(done);
	hsa_signal_destroy(done);
}

static void prepare(hsa_ven_amd_aqlprofile_profile_t *profile, hsa_agent_t gpu,
		    const hsa_ven_amd_aqlprofile_event_t *events, uint32_t count)
{
	memset(profile, 0, sizeof(*profile));
	profile->agent = gpu;
	profile->type = HSA_VEN_AMD_AQLPROFILE_EVENT_TYPE_PMC;
	profile->events = events;
	profile->event_count = count;
}

int main(void)
{
	struct rt rt;
	hsa_queue_t *queue;
	bool supported = false, valid = false;
	const char *error = NULL;
	uint32_t slots = 0;
	hsa_ven_amd_aqlprofile_event_t too_many[3], pass1[4], pass2[2];
	hsa_ven_amd_aqlprofile_profile_t profile;
	hsa_ext_amd_aql_pm4_packet_t start, read, stop;
	hsa_signal_t stopped, was_read;
	struct collected got = { { 0 }, 0 };
	enum { N = 1000 };
	uint32_t *in = calloc(N, 4), *out = calloc(N, 4);
	struct { uint32_t *in, *out; } args = { in, out };
	void *kernarg;

	plan(20);
	if (!ok(rt_setup(&rt), "runtime initialised"))
		return exit_status();
	kernarg = rt_kernarg(&rt, &args, sizeof(args));
	hsa_queue_create(rt.gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue);
	hsa_system_extension_supported(HSA_EXTENSION_AMD_AQLPROFILE, 1, 0, &supported);
	ok(supported, "the aqlprofile extension is supported");
	is_int(hsa_system_get_major_extension_table(HSA_EXTENSION_AMD_AQLPROFILE, 1, sizeof(api),
						    &api),
	       HSA_STATUS_SUCCESS, "its table is filled");
	is_int(api.hsa_ven_amd_aqlprofile_version_major(), HSA_AQLPROFILE_VERSION_MAJOR,
	       "library major version");

	too_many[0] = event(HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_WAVES);
	api.hsa_ven_amd_aqlprofile_validate_event(rt.gpu, &too_many[0], &valid);
	ok(valid, "SQ_WAVES is a valid event");
	too_many[0] = event(HSAT_COUNTER_BLOCK_SQ, 99);
	api.hsa_ven_amd_aqlprofile_validate_event(rt.gpu, &too_many[0], &valid);
	ok(!valid, "an unknown counter id is not");

	too_many[0] = event(HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_WAVES);
	too_many[1] = event(HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_WORK_ITEMS);
	too_many[2] = event(HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_WORKGROUPS);
	prepare(&profile, rt.gpu, too_many, 3);
	api.hsa_ven_amd_aqlprofile_get_info(&profile, HSA_VEN_AMD_AQLPROFILE_INFO_BLOCK_COUNTERS,
					    &slots);
	is_int(slots, HSAT_COUNTER_SLOTS_SQ, "SQ has %u counter slots per pass", HSAT_COUNTER_SLOTS_SQ);
	is_int(api.hsa_ven_amd_aqlprofile_start(&profile, NULL), HSA_STATUS_ERROR,
	       "3 SQ events in one pass are refused");
	api.hsa_ven_amd_aqlprofile_error_string(&error);
	ok(error && strstr(error, "HW limit"), "with the aqlprofile message (%s)", error);

	/* pass 1: two SQ and two GRBM counters around one dispatch */
	pass1[0] = event(HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_WAVES);
	pass1[1] = event(HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_WORK_ITEMS);
	pass1[2] = event(HSAT_COUNTER_BLOCK_GRBM, HSAT_GRBM_COUNT);
	pass1[3] = event(HSAT_COUNTER_BLOCK_GRBM, HSAT_GRBM_GUI_ACTIVE);
	prepare(&profile, rt.gpu, pass1, 4);
	is_int(api.hsa_ven_amd_aqlprofile_start(&profile, NULL), HSA_STATUS_SUCCESS,
	       "a pass within the slots: size query");
	profile.command_buffer.ptr = calloc(1, profile.command_buffer.size);
	profile.output_buffer.ptr = calloc(1, profile.output_buffer.size);
	ok(api.hsa_ven_amd_aqlprofile_start(&profile, &start) == HSA_STATUS_SUCCESS &&
		   api.hsa_ven_amd_aqlprofile_stop(&profile, &stop) == HSA_STATUS_SUCCESS,
	   "start and stop packets built");
	hsa_signal_create(1, 0, NULL, &stopped);
	submit_packet(queue, &start, (hsa_signal_t){ 0 });
	dispatch_and_wait(&rt, queue, "vector_copy", kernarg, N, 64);
	submit_packet(queue, &stop, stopped);
	is_int(rt_wait_zero(stopped), 0, "the stop packet completed");
	api.hsa_ven_amd_aqlprofile_iterate_data(&profile, collect, &got);
	is_int(got.count, 4, "one value per event");
	is_int(got.values[0], 16, "SQ_WAVES: 16 workgroups of <= 64 items, one wave each");
	is_int(got.values[1], N, "SQ_WORK_ITEMS: %d", N);
	ok(got.values[2] > 0, "GRBM_COUNT: elapsed ticks %llu", (unsigned long long)got.values[2]);
	ok(got.values[3] > 0, "GRBM_GUI_ACTIVE: busy ticks %llu", (unsigned long long)got.values[3]);
	free(profile.command_buffer.ptr);
	free(profile.output_buffer.ptr);

	/* pass 2: the other SQ counters, with a read between two dispatches */
	pass2[0] = event(HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_WORKGROUPS);
	pass2[1] = event(HSAT_COUNTER_BLOCK_SQ, HSAT_SQ_KERNARG_BYTES);
	prepare(&profile, rt.gpu, pass2, 2);
	api.hsa_ven_amd_aqlprofile_start(&profile, NULL);
	profile.command_buffer.ptr = calloc(1, profile.command_buffer.size);
	profile.output_buffer.ptr = calloc(1, profile.output_buffer.size);
	api.hsa_ven_amd_aqlprofile_start(&profile, &start);
	api.hsa_ven_amd_aqlprofile_read(&profile, &read);
	api.hsa_ven_amd_aqlprofile_stop(&profile, &stop);
	hsa_signal_create(1, 0, NULL, &was_read);
	hsa_signal_store_relaxed(stopped, 1);
	submit_packet(queue, &start, (hsa_signal_t){ 0 });
	dispatch_and_wait(&rt, queue, "vector_copy", kernarg, N, 100);
	submit_packet(queue, &read, was_read);
	rt_wait_zero(was_read);
	got.count = 0;
	api.hsa_ven_amd_aqlprofile_iterate_data(&profile, collect, &got);
	ok(got.values[0] == 10 && got.values[1] == 2 * sizeof(void *),
	   "a read after one dispatch: 10 workgroups, 16 kernarg bytes");
	dispatch_and_wait(&rt, queue, "empty", NULL, 1, 1);
	submit_packet(queue, &stop, stopped);
	rt_wait_zero(stopped);
	got.count = 0;
	api.hsa_ven_amd_aqlprofile_iterate_data(&profile, collect, &got);
	ok(got.values[0] == 11 && got.values[1] == 2 * sizeof(void *),
	   "the stop after a second dispatch: 11 workgroups, kernarg bytes summed");
	free(profile.command_buffer.ptr);
	free(profile.output_buffer.ptr);

	hsa_signal_destroy(stopped);
	hsa_signal_destroy(was_read);
	hsa_queue_destroy(queue);
	hsa_amd_memory_pool_free(kernarg);
	hsa_executable_destroy(rt.executable);
	is_int(hsa_shut_down(), HSA_STATUS_SUCCESS, "hsa_shut_down");
	free(in);
	free(out);
	return exit_status();
}
