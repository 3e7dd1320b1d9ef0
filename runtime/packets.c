/*
 * packets.c - the packet processor: one thread per queue, woken by the doorbell, that
 * consumes AQL packets in order (HSA spec 2.9).
 *
 * A slot whose header type is INVALID is not ready: the processor sleeps until the doorbell
 * changes. A packet is copied out, its slot handed back (header INVALID, read index moved),
 * then executed. Packets complete one after the other, so the barrier bit always holds (it
 * only asks for less).
 * A malformed packet stops the queue and reports through the queue's error callback.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/aperture.h"
#include "runtime/blit_kernels.h"
#include "runtime/cpu_kernels.h"
#include "runtime/executable.h"
#include "runtime/queue.h"
#include "runtime/signal.h"
#include "runtime/workers.h"
#include "runtime/counters.h"

#define PACKET_BYTES 64

static uint16_t packet_type(uint16_t header)
{
	return (header >> HSA_PACKET_HEADER_TYPE) & ((1u << HSA_PACKET_HEADER_WIDTH_TYPE) - 1);
}

/* The header's acquire and release fences need no instruction here: the header is read with
 * acquire semantics, and completion signals are changed with sequentially consistent atomic
 * operations, which order every memory access of the packet's work before them. */

/* Completion: record the profiling times in the signal, then decrement it. */
static void complete(struct hsat_queue *queue, hsa_signal_t handle, uint64_t begin)
{
	struct hsat_signal *signal = hsat_signal_from_handle(handle);

	if (!signal)
		return;
	if (atomic_load(&queue->profiling)) {
		hsat_signal_set_times(signal, begin, hsat_now_ns());
	}
	hsat_signal_subtract(signal, 1);
}

static bool geometry_valid(const hsa_kernel_dispatch_packet_t *p, uint32_t dims)
{
	const uint32_t wg[3] = { p->workgroup_size_x, p->workgroup_size_y, p->workgroup_size_z };
	const uint32_t grid[3] = { p->grid_size_x, p->grid_size_y, p->grid_size_z };

	if (dims < 1 || dims > 3)
		return false;
	for (uint32_t i = 0; i < 3; i++) {
		if (wg[i] == 0 || grid[i] == 0)
			return false;
		if (i >= dims && (wg[i] != 1 || grid[i] != 1))
			return false;
	}
	return (uint64_t)wg[0] * wg[1] * wg[2] <= 1024;
}

/* The kernarg the kernel reads: while host memory is locked, a copy in which agent addresses
 * of locked memory are host addresses (aperture.h), *copy to be freed; else the packet's. */
static const void *agent_kernarg(const void *kernarg, uint32_t size, void **copy)
{
	*copy = NULL;
	if (!kernarg || size == 0 || !hsat_aperture_in_use())
		return kernarg;
	*copy = malloc(size);
	if (!*copy)
		return NULL;
	memcpy(*copy, kernarg, size);
	hsat_aperture_translate_words(*copy, size);
	return *copy;
}

static hsa_status_t kernel_dispatch(struct hsat_queue *queue, const void *slot)
{
	hsa_kernel_dispatch_packet_t p;
	struct hsat_cpu_kernel_descriptor kernel;
	struct hsat_dispatch d;
	uint32_t dims, flags = 0;
	uint64_t begin;
	void *kernarg_copy;

	memcpy(&p, slot, sizeof(p));
	dims = (p.setup >> HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS) & 3;
	if (!geometry_valid(&p, dims))
		return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
	if (!hsat_kernel_resolve(p.kernel_object, &kernel, &flags))
		return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
	if (!kernel.entry) { /* an amdgcn kernel with no native implementation */
		hsat_cpu_kernels_report_missing(kernel.name);
		return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
	}
	/* a GPU would fault on the first kernarg load: report it as the fault it would be */
	if (kernel.kernarg_size && !p.kernarg_address)
		return (hsa_status_t)HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION;
	memset(&d, 0, sizeof(d));
	d.entry = kernel.entry;
	if (hsat_blit_kernel_is_whole_group(kernel.entry) || (flags & HSAT_CPU_KERNEL_WHOLE_GROUP))
		d.group_entry = kernel.entry;
	d.kernarg = p.kernarg_address;
	d.dimensions = dims;
	d.workgroup_size[0] = p.workgroup_size_x;
	d.workgroup_size[1] = p.workgroup_size_y;
	d.workgroup_size[2] = p.workgroup_size_z;
	d.grid_size[0] = p.grid_size_x;
	d.grid_size[1] = p.grid_size_y;
	d.grid_size[2] = p.grid_size_z;
	d.group_segment_fixed_size = kernel.group_segment_size;
	d.group_segment_size = p.group_segment_size > kernel.group_segment_size
				       ? p.group_segment_size
				       : kernel.group_segment_size;
	d.private_segment_size = p.private_segment_size > kernel.private_segment_size
					 ? p.private_segment_size
					 : kernel.private_segment_size;
	if (d.group_segment_size > HSAT_GROUP_SEGMENT_MAX ||
	    d.private_segment_size > HSAT_PRIVATE_SEGMENT_MAX)
		return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
	d.kernarg = agent_kernarg(p.kernarg_address, kernel.kernarg_size, &kernarg_copy);
	if (!d.kernarg && p.kernarg_address)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	begin = hsat_now_ns();
	hsat_workers_run(&d);
	free(kernarg_copy);
	if (atomic_load(&d.out_of_memory))
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	hsat_counters_record_dispatch(&d, &kernel, begin, hsat_now_ns());
	complete(queue, p.completion_signal, begin);
	return HSA_STATUS_SUCCESS;
}

/* A barrier's dependency as the packet named it. A destroyed signal never reaches 0 (its slot
 * may even serve another signal by now): its generation tells, and the queue stops with
 * INVALID_SIGNAL rather than waiting forever. One that was already 0 counts as met. */
struct dependency {
	struct hsat_signal *signal; /* NULL: no dependency, or met (barrier-AND) */
	uint32_t generation;
};

#define BARRIER_RECHECK_NS 100000000ull /* so that destroying the queue never hangs */

static hsa_status_t dependencies(const hsa_barrier_and_packet_t *p, struct dependency deps[5],
				 uint32_t *count)
{
	*count = 0;
	for (int i = 0; i < 5; i++) {
		deps[i].signal = hsat_signal_from_handle(p->dep_signal[i]);
		if (!deps[i].signal && p->dep_signal[i].handle)
			return HSA_STATUS_ERROR_INVALID_SIGNAL;
		if (deps[i].signal) {
			deps[i].generation = hsat_signal_generation(deps[i].signal);
			(*count)++;
		}
	}
	return HSA_STATUS_SUCCESS;
}

static bool destroyed(const struct dependency *dep)
{
	return !hsat_signal_still(dep->signal, dep->generation);
}

enum barrier_state { BARRIER_WAIT, BARRIER_MET, BARRIER_GONE };

/* MET when every dependency (AND) or one (OR) is 0, else GONE when a dependency still waited
 * for was destroyed. Barrier-AND forgets the dependencies it has seen at 0. */
static enum barrier_state barrier_state(struct dependency deps[5], bool any)
{
	bool gone = false, pending = false;

	for (int i = 0; i < 5; i++) {
		if (!deps[i].signal)
			continue;
		if (hsat_signal_value(deps[i].signal) == 0) {
			if (any)
				return BARRIER_MET;
			deps[i].signal = NULL;
			continue;
		}
		pending = true;
		gone = gone || destroyed(&deps[i]);
	}
	if (gone)
		return BARRIER_GONE;
	return pending ? BARRIER_WAIT : BARRIER_MET;
}

static hsa_status_t wait_dependencies(struct hsat_queue *queue, struct dependency deps[5],
				      bool any)
{
	enum barrier_state state = BARRIER_WAIT;

	hsat_signal_any_waiter_enter(); /* signal changes and destructions wake us */
	while (!atomic_load(&queue->stopping)) {
		uint32_t epoch = hsat_signal_any_epoch();

		state = barrier_state(deps, any);
		if (state != BARRIER_WAIT)
			break;
		hsat_signal_any_sleep(epoch, BARRIER_RECHECK_NS);
	}
	hsat_signal_any_waiter_leave();
	return state == BARRIER_GONE ? HSA_STATUS_ERROR_INVALID_SIGNAL : HSA_STATUS_SUCCESS;
}

static hsa_status_t barrier(struct hsat_queue *queue, const void *slot, bool any)
{
	hsa_barrier_and_packet_t p; /* same layout as the OR packet */
	struct dependency deps[5];
	uint32_t count;
	uint64_t begin = hsat_now_ns();
	hsa_status_t status;

	memcpy(&p, slot, sizeof(p));
	status = dependencies(&p, deps, &count);
	if (status == HSA_STATUS_SUCCESS)
		status = count ? wait_dependencies(queue, deps, any) : HSA_STATUS_SUCCESS;
	if (status == HSA_STATUS_SUCCESS)
		complete(queue, p.completion_signal, begin);
	return status;
}

/* AMD vendor packets: the aqlprofile start/stop/read packets. */
static hsa_status_t vendor_packet(struct hsat_queue *queue, const void *slot)
{
	hsa_signal_t completion;
	uint64_t begin = hsat_now_ns();
	hsa_status_t status = hsat_counters_vendor_packet(slot);

	if (status == HSA_STATUS_SUCCESS) {
		memcpy(&completion, (const char *)slot + 56, sizeof(completion));
		complete(queue, completion, begin);
	}
	return status;
}

static hsa_status_t process(struct hsat_queue *queue, const void *slot, uint16_t header)
{
	switch (packet_type(header)) {
	case HSA_PACKET_TYPE_KERNEL_DISPATCH:
		return kernel_dispatch(queue, slot);
	case HSA_PACKET_TYPE_BARRIER_AND:
		return barrier(queue, slot, false);
	case HSA_PACKET_TYPE_BARRIER_OR:
		return barrier(queue, slot, true);
	case HSA_PACKET_TYPE_VENDOR_SPECIFIC:
		return vendor_packet(queue, slot);
	default: /* AGENT_DISPATCH is for agents with that feature; others are malformed */
		return HSA_STATUS_ERROR_INVALID_PACKET_FORMAT;
	}
}

static void report(struct hsat_queue *queue, hsa_status_t status)
{
	atomic_store(&queue->inactive, true);
	hsat_debug("queue %lu stopped: status=0x%x", (unsigned long)queue->amd.hsa_queue.id, status);
	if (queue->callback)
		queue->callback(status, queue->report_as, queue->callback_data);
}

void *hsat_packet_processor(void *arg)
{
	struct hsat_queue *queue = arg;
	char *ring = queue->amd.hsa_queue.base_address;
	uint64_t mask = queue->amd.hsa_queue.size - 1;

	while (!atomic_load(&queue->stopping)) {
		uint64_t index = hsat_queue_read_index(queue);
		char *slot = ring + (index & mask) * PACKET_BYTES;
		uint32_t epoch = hsat_signal_epoch(queue->doorbell);
		uint16_t header = atomic_load_explicit((_Atomic uint16_t *)slot,
						       memory_order_acquire);
		_Alignas(64) char packet[PACKET_BYTES];
		hsa_status_t status;

		if (packet_type(header) == HSA_PACKET_TYPE_INVALID ||
		    atomic_load(&queue->inactive)) {
			hsat_signal_sleep(queue->doorbell, epoch, UINT64_MAX);
			continue;
		}
		/* Fetch the packet and free its slot at once, as a command processor does: the
		 * read index tells producers which slots they may reuse. */
		memcpy(packet, slot, PACKET_BYTES);
		atomic_store_explicit((_Atomic uint16_t *)slot,
				      HSA_PACKET_TYPE_INVALID << HSA_PACKET_HEADER_TYPE,
				      memory_order_release);
		hsat_queue_set_read_index(queue, index + 1);
		status = process(queue, packet, header);
		if (status != HSA_STATUS_SUCCESS)
			report(queue, status);
	}
	hsat_workers_thread_done();
	return NULL;
}
