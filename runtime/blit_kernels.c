/* blit_kernels.c - see blit_kernels.h. The functions read their arguments with memcpy at the
 * OpenCL offsets (kernarg is only 16-byte aligned and the buffers may alias any type), and
 * bound-check their ids as the device code does. A copy or fill does the items of its
 * workgroup (ids from the work-item it gets, which is the workgroup's first); a stream
 * operation is one item. Copies use memmove: overlapping ranges (a race on a GPU) give one of
 * a GPU's possible results, not undefined behaviour. The hidden global offset is not
 * applied: ROCclr dispatches its blits at offset 0. */
#include "runtime/blit_kernels.h"

#include <sched.h>
#include <stdatomic.h>
#include <string.h>

#include "runtime/runtime.h"

static uint64_t arg_u64(const void *kernarg, size_t offset)
{
	uint64_t value;

	memcpy(&value, (const char *)kernarg + offset, sizeof(value));
	return value;
}

static uint32_t arg_u32(const void *kernarg, size_t offset)
{
	uint32_t value;

	memcpy(&value, (const char *)kernarg + offset, sizeof(value));
	return value;
}

static char *arg_ptr(const void *kernarg, size_t offset)
{
	return (char *)(uintptr_t)arg_u64(kernarg, offset);
}

/* The four typed views of one buffer (uchar, ushort, uint, ulong): the one that is set says
 * the element size. */
static size_t element_size(const void *kernarg, char **buffer)
{
	static const size_t sizes[4] = { 1, 2, 4, 8 };

	for (int i = 3; i >= 0; i--) {
		*buffer = arg_ptr(kernarg, 8 * (size_t)i);
		if (*buffer)
			return sizes[i];
	}
	return 0;
}

/* streamOpsWrite(uint* ptrUint, ulong* ptrUlong, ulong value, ulong sizeBytes): one item
 * stores value, 32-bit when ptrUint is set. */
static void stream_ops_write(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	_Atomic uint32_t *word = (_Atomic uint32_t *)(void *)arg_ptr(kernarg, 0);
	_Atomic uint64_t *dword = (_Atomic uint64_t *)(void *)arg_ptr(kernarg, 8);
	uint64_t value = arg_u64(kernarg, 16);

	(void)wi;
	if (word)
		atomic_store_explicit(word, (uint32_t)value, memory_order_relaxed);
	else if (dword)
		atomic_store_explicit(dword, value, memory_order_relaxed);
}

/* Condition of streamOpsWait, as the device code evaluates it: 0 GEQ (its mixed signed and
 * unsigned operands compare unsigned), 1 EQ, 2 AND, 3 NOR; any other value does not wait. */
static bool wait_condition_met(uint64_t current, uint64_t value, uint64_t op, uint64_t mask)
{
	switch (op) {
	case 0:
		return (current & mask) >= value;
	case 1:
		return (current & mask) == value;
	case 2:
		return ((current & mask) & value) != 0;
	case 3:
		return ((current | value) & mask) != mask;
	default:
		return true;
	}
}

/* streamOpsWait(uint* ptrUint, ulong* ptrUlong, ulong value, ulong compareOp, ulong mask):
 * one item spins (yielding its thread) until the condition holds, as the GPU wave does. */
static void stream_ops_wait(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	_Atomic uint32_t *word = (_Atomic uint32_t *)(void *)arg_ptr(kernarg, 0);
	_Atomic uint64_t *dword = (_Atomic uint64_t *)(void *)arg_ptr(kernarg, 8);
	uint64_t value = arg_u64(kernarg, 16), op = arg_u64(kernarg, 24);
	uint64_t mask = arg_u64(kernarg, 32);

	(void)wi;
	if (!word && !dword)
		return;
	if (word) {
		value = (uint32_t)value;
		mask = (uint32_t)mask;
	}
	while (!wait_condition_met(word ? atomic_load_explicit(word, memory_order_acquire)
					: atomic_load_explicit(dword, memory_order_acquire),
				   value, op, mask))
		sched_yield();
}

/* --- copies and fills: one call per workgroup (arguments read once, runs copied at once) -- */

/* The workgroup's items along one dimension, [first, first + count), and no further than
 * limit (the kernel's own bound check). */
static uint64_t group_items(const struct hsat_cpu_workitem *wi, int dim, uint64_t limit,
			    uint64_t *first)
{
	uint64_t end = wi->global_id[dim] + wi->workgroup_size[dim];

	*first = wi->global_id[dim];
	if (end > wi->grid_size[dim])
		end = wi->grid_size[dim];
	if (end > limit)
		end = limit;
	return end > *first ? end - *first : 0;
}

/* copyBuffer(uchar* src, uchar* dst, ulong srcOrigin, ulong dstOrigin, ulong size,
 * uint remain): item id copies byte id when remain is 8, else 32-bit word id, and only
 * `remain` bytes for the last one. */
static void copy_buffer(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	const char *src = arg_ptr(kernarg, 0) + arg_u64(kernarg, 16);
	char *dst = arg_ptr(kernarg, 8) + arg_u64(kernarg, 24);
	uint64_t size = arg_u64(kernarg, 32), first;
	uint32_t remain = arg_u32(kernarg, 40);
	uint64_t count = group_items(wi, 0, size, &first);

	if (!count)
		return;
	if (remain == 8) {
		memmove(dst + first, src + first, count);
		return;
	}
	if (first + count == size) { /* the last item copies `remain` bytes */
		count--;
		memmove(dst + (size - 1) * 4, src + (size - 1) * 4, remain);
	}
	memmove(dst + first * 4, src + first * 4, count * 4);
}

/* copyBufferAligned(uint* src, uint* dst, ulong srcOrigin, ulong dstOrigin, ulong size,
 * uint alignment): elements of 16 bytes when alignment is 16, else of 4; origins in elements. */
static void copy_buffer_aligned(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	const char *src = arg_ptr(kernarg, 0);
	char *dst = arg_ptr(kernarg, 8);
	uint64_t src_origin = arg_u64(kernarg, 16), dst_origin = arg_u64(kernarg, 24), first;
	uint64_t count = group_items(wi, 0, arg_u64(kernarg, 32), &first);
	size_t element = arg_u32(kernarg, 40) == 16 ? 16 : 4;

	if (count)
		memmove(dst + (first + dst_origin) * element, src + (first + src_origin) * element,
			count * element);
}

/* fillBufferAligned(uchar*, ushort*, uint*, ulong*, pattern, uint patternSize, ulong offset,
 * ulong size): item id writes patternSize elements at element offset + id * patternSize. */
static void fill_buffer_aligned(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	const char *pattern = arg_ptr(kernarg, 32);
	uint32_t pattern_size = arg_u32(kernarg, 40);
	uint64_t offset = arg_u64(kernarg, 48), first;
	uint64_t count = group_items(wi, 0, arg_u64(kernarg, 56), &first);
	char *buffer;
	size_t element = element_size(kernarg, &buffer), bytes = pattern_size * element;

	if (!element || !bytes)
		return;
	for (uint64_t id = first; id < first + count; id++)
		memcpy(buffer + (offset + id * pattern_size) * element, pattern, bytes);
}

/* fillBufferAligned2D(4 views, pattern, uint patternSize, ulong origin, ulong width,
 * ulong height, ulong pitch): item (x, y) writes patternSize elements at element
 * origin + y * pitch + x. */
static void fill_buffer_aligned_2d(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	const char *pattern = arg_ptr(kernarg, 32);
	uint32_t pattern_size = arg_u32(kernarg, 40);
	uint64_t origin = arg_u64(kernarg, 48), pitch = arg_u64(kernarg, 72), x0, y0;
	uint64_t width = group_items(wi, 0, arg_u64(kernarg, 56), &x0);
	uint64_t height = group_items(wi, 1, arg_u64(kernarg, 64), &y0);
	char *buffer;
	size_t element = element_size(kernarg, &buffer), bytes = pattern_size * element;

	if (!element || !bytes)
		return;
	for (uint64_t y = y0; y < y0 + height; y++)
		for (uint64_t x = x0; x < x0 + width; x++)
			memcpy(buffer + (origin + y * pitch + x) * element, pattern, bytes);
}

/* copyBufferRect(src, dst, ulong4 srcRect, ulong4 dstRect, ulong4 size) at 0, 8, 32, 64, 96:
 * rect = {row pitch, slice pitch, origin, -}; item (x, y, z) copies one element: a byte, or
 * (the aligned kernel) 16 bytes when size.w is 16, else 4. */
static void copy_rect(const void *kernarg, const struct hsat_cpu_workitem *wi, size_t element)
{
	const char *src = arg_ptr(kernarg, 0);
	char *dst = arg_ptr(kernarg, 8);
	uint64_t x0, y0, z0;
	uint64_t width = group_items(wi, 0, arg_u64(kernarg, 96), &x0);
	uint64_t height = group_items(wi, 1, arg_u64(kernarg, 104), &y0);
	uint64_t depth = group_items(wi, 2, arg_u64(kernarg, 112), &z0);

	if (!width)
		return;
	for (uint64_t z = z0; z < z0 + depth; z++) {
		for (uint64_t y = y0; y < y0 + height; y++) {
			uint64_t s = arg_u64(kernarg, 48) + x0 + y * arg_u64(kernarg, 32) +
				     z * arg_u64(kernarg, 40);
			uint64_t d = arg_u64(kernarg, 80) + x0 + y * arg_u64(kernarg, 64) +
				     z * arg_u64(kernarg, 72);

			memmove(dst + d * element, src + s * element, width * element);
		}
	}
}

static void copy_buffer_rect(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	copy_rect(kernarg, wi, 1);
}

static void copy_buffer_rect_aligned(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	copy_rect(kernarg, wi, arg_u64(kernarg, 120) == 16 ? 16 : 4);
}

/* Each kernel by name, and whether its function does a whole workgroup per call (the copies
 * and fills) or one work-item (the stream operations, dispatched as one item). */
static const struct {
	const char *name;
	hsat_cpu_kernel_fn entry;
	bool whole_group;
} blit_kernels[] = {
	{ "__amd_rocclr_fillBufferAligned", fill_buffer_aligned, true },
	{ "__amd_rocclr_fillBufferAligned2D", fill_buffer_aligned_2d, true },
	{ "__amd_rocclr_copyBuffer", copy_buffer, true },
	{ "__amd_rocclr_copyBufferAligned", copy_buffer_aligned, true },
	{ "__amd_rocclr_copyBufferRect", copy_buffer_rect, true },
	{ "__amd_rocclr_copyBufferRectAligned", copy_buffer_rect_aligned, true },
	{ "__amd_rocclr_streamOpsWrite", stream_ops_write, false },
	{ "__amd_rocclr_streamOpsWait", stream_ops_wait, false },
};
#define BLIT_KERNEL_COUNT (sizeof(blit_kernels) / sizeof(blit_kernels[0]))

hsat_cpu_kernel_fn hsat_blit_kernel_find(const char *name)
{
	for (size_t i = 0; name && i < BLIT_KERNEL_COUNT; i++)
		if (strcmp(blit_kernels[i].name, name) == 0)
			return blit_kernels[i].entry;
	return NULL;
}

bool hsat_blit_kernel_is_whole_group(hsat_cpu_kernel_fn entry)
{
	for (size_t i = 0; entry && i < BLIT_KERNEL_COUNT; i++)
		if (blit_kernels[i].entry == entry)
			return blit_kernels[i].whole_group;
	return false;
}
