/*
 * copy_engines.c - hsa_amd_memory_async_copy runs on one engine per direction (host to
 * device, device to host, device to device), as ROCr's SDMA queues: a device-to-host copy
 * held by a dependency holds up the device-to-host copies after it, in submission order, but
 * not a host-to-device or device-to-device copy submitted later; rect copies go by their
 * direction the same way.
 */
#include <stdlib.h>

#include "tests/runtime/rt_common.h"

#define BYTES 65536

static hsa_signal_t signal_of(hsa_signal_value_t value)
{
	hsa_signal_t s = { 0 };

	hsa_signal_create(value, 0, NULL, &s);
	return s;
}

int main(void)
{
	struct rt rt;
	char *a = malloc(BYTES), *b = malloc(BYTES), *c = malloc(BYTES), *d = malloc(BYTES);
	hsa_signal_t gate = { 0 }, held = { 0 }, behind = { 0 }, in = { 0 }, other = { 0 }, rect = { 0 };
	hsa_pitched_ptr_t dst = { d, 64, 64 * 4 }, src = { a, 64, 64 * 4 };
	hsa_dim3_t none = { 0, 0, 0 }, range = { 64, 4, 1 };

	if (!rt_setup(&rt) || !a || !b || !c || !d) {
		diag("runtime setup failed");
		return 1;
	}
	memset(a, 1, BYTES);
	memset(b, 0, BYTES);
	memset(c, 0, BYTES);
	memset(d, 0, BYTES);
	gate = signal_of(1);
	held = signal_of(1);
	behind = signal_of(1);
	in = signal_of(1);
	other = signal_of(1);
	rect = signal_of(1);
	is_int(hsa_amd_memory_async_copy(b, rt.cpu, a, rt.gpu, BYTES, 1, &gate, held),
	       HSA_STATUS_SUCCESS, "a device-to-host copy that waits for a signal");
	is_int(hsa_amd_memory_async_copy(c, rt.cpu, a, rt.gpu, BYTES, 0, NULL, behind),
	       HSA_STATUS_SUCCESS, "a second device-to-host copy, no dependency");
	is_int(hsa_amd_memory_async_copy(c, rt.gpu, a, rt.cpu, BYTES, 0, NULL, in),
	       HSA_STATUS_SUCCESS, "a host-to-device copy, no dependency");
	is_int(rt_wait_zero(in), 0, "the host-to-device copy completes while the first one waits");
	is_int(hsa_amd_memory_async_copy(d, rt.gpu, a, rt.gpu, BYTES, 0, NULL, other),
	       HSA_STATUS_SUCCESS, "a device-to-device copy, no dependency");
	is_int(rt_wait_zero(other), 0, "the device-to-device copy completes too");
	is_int(hsa_amd_memory_async_copy_rect(&dst, &none, &src, &none, &range, rt.gpu,
					      hsaHostToDevice, 0, NULL, rect),
	       HSA_STATUS_SUCCESS, "a host-to-device rect copy");
	is_int(rt_wait_zero(rect), 0, "it completes on the host-to-device engine");
	is_int(hsa_signal_load_scacquire(held), 1, "the waiting copy has not run");
	is_int(hsa_signal_load_scacquire(behind), 1,
	       "the device-to-host copy behind it waits its turn");
	ok(b[0] == 0 && b[BYTES - 1] == 0, "and the waiting copy wrote nothing");
	hsa_signal_store_screlease(gate, 0);
	is_int(rt_wait_zero(held), 0, "released, the waiting copy completes");
	is_int(rt_wait_zero(behind), 0, "and then the one behind it");
	ok(b[0] == 1 && b[BYTES - 1] == 1, "its bytes were copied");
	hsa_signal_destroy(gate);
	hsa_signal_destroy(held);
	hsa_signal_destroy(behind);
	hsa_signal_destroy(in);
	hsa_signal_destroy(other);
	hsa_signal_destroy(rect);
	hsa_executable_destroy(rt.executable);
	hsa_shut_down();
	free(a);
	free(b);
	free(c);
	free(d);
	done_testing();
	return exit_status();
}
