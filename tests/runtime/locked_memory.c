/*
 * locked_memory.c - agent addresses of locked host memory (runtime/aperture.c): a lock gives
 * an address apart from the host one (as a discrete GPU's, which HIP's hipHostUnregister
 * needs), with the same offset in its page; pointer info answers for both; copies, rect
 * copies, fills, hsa_memory_copy and a kernel's pointer arguments reach the host bytes
 * through it; a range locked again inside a locked one is seen at the matching agent
 * address; after the last unlock the agent address is refused, and a new lock reuses it.
 */
#include <stdlib.h>

#include "tests/runtime/rt_common.h"

#define WORDS 5000

static void test_addresses(uint32_t *host, uint32_t **agent)
{
	hsa_amd_pointer_info_t info;
	void *inner = NULL;

	is_int(hsa_amd_memory_lock(host, WORDS * 4, NULL, 0, (void **)agent), HSA_STATUS_SUCCESS,
	       "lock %d words", WORDS);
	ok(*agent && *agent != host, "the agent address is not the host address (%p, %p)",
	   (void *)*agent, (void *)host);
	is_int((int)((uintptr_t)*agent % 4096), (int)((uintptr_t)host % 4096),
	       "the agent address has the host address's offset in its page");
	memset(&info, 0, sizeof(info));
	info.size = sizeof(info);
	hsa_amd_pointer_info(*agent + 10, &info, NULL, NULL, NULL);
	ok(info.type == HSA_EXT_POINTER_TYPE_LOCKED && info.hostBaseAddress == host &&
		   info.agentBaseAddress == *agent && info.sizeInBytes == WORDS * 4,
	   "pointer info of an agent address inside the range: the locked range");
	is_int(hsa_amd_memory_lock(host + 100, 400, NULL, 0, &inner), HSA_STATUS_SUCCESS,
	       "lock a range inside the locked one");
	ok(inner == (void *)(*agent + 100), "it is seen at the matching agent address");
	is_int(hsa_amd_memory_unlock(host + 100), HSA_STATUS_SUCCESS, "unlock the inner lock");
}

static void test_copies(struct rt *rt, uint32_t *host, uint32_t *agent, uint32_t *device)
{
	hsa_signal_t done = { 0 };
	hsa_pitched_ptr_t dst = { agent, 64, 64 * 8 }, src = { device, 32, 32 * 8 };
	hsa_dim3_t none = { 0, 0, 0 }, range = { 16, 8, 1 };
	int bad = 0;

	hsa_signal_create(1, 0, NULL, &done);
	for (int i = 0; i < WORDS; i++)
		device[i] = 0x1000u + (uint32_t)i;
	is_int(hsa_amd_memory_async_copy(agent, rt->cpu, device, rt->gpu, WORDS * 4, 0, NULL, done),
	       HSA_STATUS_SUCCESS, "async copy into the agent address");
	rt_wait_zero(done);
	for (int i = 0; i < WORDS; i++)
		bad += host[i] != 0x1000u + (uint32_t)i;
	is_int(bad, 0, "the host bytes hold the copy");
	memset(host, 0, WORDS * 4);
	hsa_signal_store_relaxed(done, 1);
	is_int(hsa_amd_memory_async_copy_rect(&dst, &none, &src, &none, &range, rt->gpu,
					      hsaDeviceToHost, 0, NULL, done),
	       HSA_STATUS_SUCCESS, "rect copy into the agent address");
	rt_wait_zero(done);
	ok(memcmp(host + 16 * 7, device + 8 * 7, 16) == 0 && host[16 * 7 + 4] == 0,
	   "its last row landed at the host address, the padding untouched");
	is_int(hsa_amd_memory_fill(agent + 1, 0x5a5a5a5au, 3), HSA_STATUS_SUCCESS,
	       "fill through the agent address");
	ok(host[0] == device[0] && host[1] == 0x5a5a5a5au && host[3] == 0x5a5a5a5au &&
		   host[4] == 0,
	   "the fill wrote its 3 words at the host address");
	is_int(hsa_memory_copy(device, agent + 1, 8), HSA_STATUS_SUCCESS,
	       "hsa_memory_copy from the agent address");
	ok(device[0] == 0x5a5a5a5au && device[1] == 0x5a5a5a5au, "it read the host bytes");
	hsa_signal_destroy(done);
}

/* vector_copy(in = the agent address, out = device): the kernel reads the host bytes */
static void test_kernel(struct rt *rt, uint32_t *host, uint32_t *agent, uint32_t *device)
{
	struct {
		const uint32_t *in;
		uint32_t *out;
	} args = { agent, device };
	const uint32_t grid[3] = { WORDS, 1, 1 };
	const uint16_t group[3] = { 100, 1, 1 };
	hsa_queue_t *queue = NULL;
	hsa_signal_t done = { 0 };
	void *kernarg = rt_kernarg(rt, &args, sizeof(args));
	int bad = 0;

	for (int i = 0; i < WORDS; i++)
		host[i] = 7u * (uint32_t)i;
	memset(device, 0, WORDS * 4);
	hsa_signal_create(1, 0, NULL, &done);
	is_int(hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
				UINT32_MAX, &queue),
	       HSA_STATUS_SUCCESS, "queue");
	if (queue && kernarg) {
		rt_dispatch(queue, rt_kernel(rt, "vector_copy"), kernarg, grid, group, 1, done, true);
		is_int(rt_wait_zero(done), 0, "the kernel ran");
	}
	for (int i = 0; i < WORDS; i++)
		bad += device[i] != 7u * (uint32_t)i;
	is_int(bad, 0, "a kernel given the agent address read the host bytes");
	ok(memcmp(kernarg, &args, sizeof(args)) == 0, "the packet's kernarg was left as written");
	if (queue)
		hsa_queue_destroy(queue);
	hsa_amd_memory_pool_free(kernarg);
	hsa_signal_destroy(done);
}

static void test_unlock(struct rt *rt, uint32_t *host, uint32_t *agent, uint32_t *device)
{
	hsa_signal_t done = { 0 };
	uint32_t *other = malloc(WORDS * 4), *again = NULL;
	hsa_amd_pointer_info_t info;

	hsa_signal_create(1, 0, NULL, &done);
	is_int(hsa_amd_memory_unlock(host), HSA_STATUS_SUCCESS, "unlock");
	is_int(hsa_amd_memory_async_copy(agent, rt->cpu, device, rt->gpu, 64, 0, NULL, done),
	       HSA_STATUS_ERROR_INVALID_ARGUMENT, "a copy to the old agent address is refused");
	memset(&info, 0, sizeof(info));
	info.size = sizeof(info);
	hsa_amd_pointer_info(agent, &info, NULL, NULL, NULL);
	is_int(info.type, HSA_EXT_POINTER_TYPE_UNKNOWN, "the old agent address is unknown");
	is_int(hsa_amd_memory_lock(other, WORDS * 4, NULL, 0, (void **)&again), HSA_STATUS_SUCCESS,
	       "lock another buffer");
	ok((uintptr_t)again / 4096 == (uintptr_t)agent / 4096,
	   "its agent range reuses the freed one (first page %p, was %p)", (void *)again,
	   (void *)agent);
	is_int(hsa_amd_memory_unlock(other), HSA_STATUS_SUCCESS, "unlock it");
	hsa_signal_destroy(done);
	free(other);
}

int main(void)
{
	struct rt rt;
	uint32_t *host = malloc(WORDS * 4), *agent = NULL, *device = NULL;

	if (!rt_setup(&rt) || !host ||
	    hsa_amd_memory_pool_allocate(rt.fine_pool, WORDS * 4, 0, (void **)&device) !=
		    HSA_STATUS_SUCCESS) {
		diag("runtime setup failed");
		return 1;
	}
	test_addresses(host, &agent);
	test_copies(&rt, host, agent, device);
	test_kernel(&rt, host, agent, device);
	test_unlock(&rt, host, agent, device);
	hsa_amd_memory_pool_free(device);
	hsa_executable_destroy(rt.executable);
	hsa_shut_down();
	free(host);
	done_testing();
	return exit_status();
}
