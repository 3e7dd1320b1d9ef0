/*
 * cycles_app - the tracer's own HSA program: repeated hsa_init/hsa_shut_down cycles, several
 * threads submitting barrier packets at once, and a fork, each printing what it observed so a
 * test can compare the output with and without the tracer.
 *
 *     cycles_app CYCLES THREADS PACKETS_PER_THREAD
 */
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct worker {
	hsa_agent_t agent;
	unsigned packets;
	unsigned completed;
	unsigned waited_any;	/* hsa_amd_signal_wait_any found the completed signal */
	hsa_status_t status;
};

static hsa_status_t find_gpu(hsa_agent_t agent, void *data)
{
	hsa_device_type_t type;
	hsa_status_t st = hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type);

	if (st == HSA_STATUS_SUCCESS && type == HSA_DEVICE_TYPE_GPU) {
		*(hsa_agent_t *)data = agent;
		return HSA_STATUS_INFO_BREAK;
	}
	return st;
}

/* One barrier-AND packet with a completion signal, waited for. */
static hsa_status_t submit_barrier(hsa_queue_t *queue, hsa_signal_t done)
{
	uint64_t index = hsa_queue_add_write_index_screlease(queue, 1);
	hsa_barrier_and_packet_t *p = (hsa_barrier_and_packet_t *)queue->base_address +
				      (index & (queue->size - 1));
	uint16_t header = (HSA_PACKET_TYPE_BARRIER_AND << HSA_PACKET_HEADER_TYPE) |
			  (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
			  (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);

	while (index - hsa_queue_load_read_index_scacquire(queue) >= queue->size)
		;
	memset((char *)p + 4, 0, sizeof(*p) - 4);
	p->completion_signal = done;
	hsa_signal_store_relaxed(done, 1);
	__atomic_store_n(&p->header, header, __ATOMIC_RELEASE);
	hsa_signal_store_screlease(queue->doorbell_signal, (hsa_signal_value_t)index);
	if (hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, 10000000000ull,
				      HSA_WAIT_STATE_BLOCKED) != 0)
		return HSA_STATUS_ERROR;
	return HSA_STATUS_SUCCESS;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	hsa_queue_t *queue = NULL;
	hsa_signal_t done = { 0 };

	w->status = hsa_queue_create(w->agent, 64, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, UINT32_MAX,
				     UINT32_MAX, &queue);
	if (w->status == HSA_STATUS_SUCCESS)
		w->status = hsa_signal_create(1, 0, NULL, &done);
	for (unsigned i = 0; w->status == HSA_STATUS_SUCCESS && i < w->packets; i++) {
		w->status = submit_barrier(queue, done);
		w->completed += w->status == HSA_STATUS_SUCCESS;
	}
	if (w->status == HSA_STATUS_SUCCESS) {
		hsa_signal_condition_t cond = HSA_SIGNAL_CONDITION_EQ;
		hsa_signal_value_t zero = 0, seen = -1;

		w->waited_any = hsa_amd_signal_wait_any(1, &done, &cond, &zero, 1000000000ull,
							HSA_WAIT_STATE_BLOCKED, &seen) == 0 &&
				seen == 0;
	}
	if (done.handle)
		hsa_signal_destroy(done);
	if (queue)
		hsa_queue_destroy(queue);
	return NULL;
}

/* A 16x4-byte rectangle out of a 64-byte-pitched host buffer; 1 when it arrived intact. */
static int rect_copy(hsa_agent_t agent)
{
	unsigned char src[4 * 64], dst[4 * 64];
	hsa_pitched_ptr_t from = { src, 64, sizeof(src) }, to = { dst, 64, sizeof(dst) };
	hsa_dim3_t origin = { 0, 0, 0 }, range = { 16, 4, 1 };
	hsa_signal_t done;
	int ok = 1;

	for (unsigned i = 0; i < sizeof(src); i++)
		src[i] = (unsigned char)i;
	memset(dst, 0, sizeof(dst));
	if (hsa_signal_create(1, 0, NULL, &done) != HSA_STATUS_SUCCESS)
		return 0;
	if (hsa_amd_memory_async_copy_rect(&to, &origin, &from, &origin, &range, agent,
					   hsaHostToHost, 0, NULL, done) != HSA_STATUS_SUCCESS ||
	    hsa_signal_wait_scacquire(done, HSA_SIGNAL_CONDITION_EQ, 0, 10000000000ull,
				      HSA_WAIT_STATE_BLOCKED) != 0)
		ok = 0;
	for (unsigned row = 0; ok && row < 4; row++)
		ok = !memcmp(dst + row * 64, src + row * 64, 16);
	hsa_signal_destroy(done);
	return ok;
}

/* A forked child only asks for a status string (the runtime's threads are not in it). */
static int fork_child(void)
{
	const char *s = NULL;
	pid_t pid = fork();
	int status = 0;

	if (pid == 0)
		_exit(hsa_status_string(HSA_STATUS_SUCCESS, &s) == HSA_STATUS_SUCCESS && s ? 0 : 1);
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int cycle(unsigned n, unsigned threads, unsigned packets)
{
	struct worker w[16];
	pthread_t tid[16];
	hsa_agent_t gpu = { 0 };
	unsigned completed = 0, waited_any = 0;
	hsa_status_t st = hsa_init();

	if (st != HSA_STATUS_SUCCESS) {
		printf("cycle %u: hsa_init failed: 0x%x\n", n, st);
		return 1;
	}
	hsa_iterate_agents(find_gpu, &gpu);
	for (unsigned t = 0; t < threads; t++) {
		w[t] = (struct worker){ gpu, packets, 0, 0, HSA_STATUS_SUCCESS };
		pthread_create(&tid[t], NULL, work, &w[t]);
	}
	for (unsigned t = 0; t < threads; t++) {
		pthread_join(tid[t], NULL);
		completed += w[t].completed;
		waited_any += w[t].waited_any;
	}
	printf("cycle %u: %u of %u barrier packets completed, %u wait-any satisfied, "
	       "rect copy %s, forked child exit %d\n", n, completed, threads * packets, waited_any,
	       rect_copy(gpu) ? "intact" : "FAILED", fork_child());
	st = hsa_shut_down();
	return st != HSA_STATUS_SUCCESS || completed != threads * packets;
}

int main(int argc, char **argv)
{
	unsigned cycles, threads, packets;
	int failed = 0;

	if (argc != 4) {
		fprintf(stderr, "usage: cycles_app CYCLES THREADS PACKETS_PER_THREAD\n");
		return 2;
	}
	cycles = (unsigned)atoi(argv[1]);
	threads = (unsigned)atoi(argv[2]);
	packets = (unsigned)atoi(argv[3]);
	if (threads < 1 || threads > 16) {
		fprintf(stderr, "cycles_app: THREADS must be 1..16\n");
		return 2;
	}
	for (unsigned n = 1; n <= cycles; n++)
		failed |= cycle(n, threads, packets);
	return failed;
}
