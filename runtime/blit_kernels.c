/* blit_kernels.c - see blit_kernels.h. Each function is one work-item of the kernel; they
 * read their arguments with memcpy at the OpenCL offsets (kernarg is only 16-byte aligned
 * and the buffers may alias any type), and bound-check their id as the device code does. The
 * hidden global offset is not applied: ROCclr dispatches its blits at offset 0. */
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

/* fillBufferAligned(uchar*, ushort*, uint*, ulong*, pattern, uint patternSize, ulong offset,
 * ulong size): item id writes patternSize elements at element offset + id * patternSize. */
static void fill_buffer_aligned(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	uint64_t id = wi->global_id[0];
	const char *pattern = arg_ptr(kernarg, 32);
	uint32_t pattern_size = arg_u32(kernarg, 40);
	uint64_t offset = arg_u64(kernarg, 48), size = arg_u64(kernarg, 56);
	char *buffer;
	size_t element = element_size(kernarg, &buffer);

	if (id >= size || !element)
		return;
	memcpy(buffer + (offset + id * pattern_size) * element, pattern, pattern_size * element);
}

/* fillBufferAligned2D(4 views, pattern, uint patternSize, ulong origin, ulong width,
 * ulong height, ulong pitch): item (x, y) writes at element origin + y * pitch + x. */
static void fill_buffer_aligned_2d(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	uint64_t x = wi->global_id[0], y = wi->global_id[1];
	const char *pattern = arg_ptr(kernarg, 32);
	uint32_t pattern_size = arg_u32(kernarg, 40);
	uint64_t origin = arg_u64(kernarg, 48), width = arg_u64(kernarg, 56);
	uint64_t height = arg_u64(kernarg, 64), pitch = arg_u64(kernarg, 72);
	char *buffer;
	size_t element = element_size(kernarg, &buffer);

	if (x >= width || y >= height || !element)
		return;
	memcpy(buffer + (origin + y * pitch + x) * element, pattern, pattern_size * element);
}

/* copyBuffer(uchar* src, uchar* dst, ulong srcOrigin, ulong dstOrigin, ulong size,
 * uint remain): bytes when remain is 8, else 32-bit words and `remain` bytes for the last. */
static void copy_buffer(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	uint64_t id = wi->global_id[0];
	const char *src = arg_ptr(kernarg, 0) + arg_u64(kernarg, 16);
	char *dst = arg_ptr(kernarg, 8) + arg_u64(kernarg, 24);
	uint64_t size = arg_u64(kernarg, 32);
	uint32_t remain = arg_u32(kernarg, 40);

	if (id >= size)
		return;
	if (remain == 8)
		dst[id] = src[id];
	else if (id < size - 1)
		memcpy(dst + id * 4, src + id * 4, 4);
	else
		memcpy(dst + id * 4, src + id * 4, remain);
}

/* copyBufferAligned(uint* src, uint* dst, ulong srcOrigin, ulong dstOrigin, ulong size,
 * uint alignment): elements of 16 bytes when alignment is 16, else of 4; origins in elements. */
static void copy_buffer_aligned(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	uint64_t id = wi->global_id[0];
	const char *src = arg_ptr(kernarg, 0);
	char *dst = arg_ptr(kernarg, 8);
	uint64_t src_origin = arg_u64(kernarg, 16), dst_origin = arg_u64(kernarg, 24);
	uint64_t size = arg_u64(kernarg, 32);
	size_t element = arg_u32(kernarg, 40) == 16 ? 16 : 4;

	if (id >= size)
		return;
	memcpy(dst + (id + dst_origin) * element, src + (id + src_origin) * element, element);
}

/* copyBufferRect(src, dst, ulong4 srcRect, ulong4 dstRect, ulong4 size) at 0, 8, 32, 64, 96:
 * rect = {row pitch, slice pitch, origin, -}; element = byte, or (aligned) uint4 when size.w
 * is 16, else uint. */
static void copy_rect(const void *kernarg, const struct hsat_cpu_workitem *wi, size_t element)
{
	uint64_t x = wi->global_id[0], y = wi->global_id[1], z = wi->global_id[2];
	const char *src = arg_ptr(kernarg, 0);
	char *dst = arg_ptr(kernarg, 8);
	uint64_t src_offset, dst_offset;

	if (x >= arg_u64(kernarg, 96) || y >= arg_u64(kernarg, 104) || z >= arg_u64(kernarg, 112))
		return;
	src_offset = arg_u64(kernarg, 48) + x + y * arg_u64(kernarg, 32) + z * arg_u64(kernarg, 40);
	dst_offset = arg_u64(kernarg, 80) + x + y * arg_u64(kernarg, 64) + z * arg_u64(kernarg, 72);
	memcpy(dst + dst_offset * element, src + src_offset * element, element);
}

static void copy_buffer_rect(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	copy_rect(kernarg, wi, 1);
}

static void copy_buffer_rect_aligned(const void *kernarg, const struct hsat_cpu_workitem *wi)
{
	copy_rect(kernarg, wi, arg_u64(kernarg, 120) == 16 ? 16 : 4);
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

static const struct {
	const char *name;
	hsat_cpu_kernel_fn entry;
} blit_kernels[] = {
	{ "__amd_rocclr_fillBufferAligned", fill_buffer_aligned },
	{ "__amd_rocclr_fillBufferAligned2D", fill_buffer_aligned_2d },
	{ "__amd_rocclr_copyBuffer", copy_buffer },
	{ "__amd_rocclr_copyBufferAligned", copy_buffer_aligned },
	{ "__amd_rocclr_copyBufferRect", copy_buffer_rect },
	{ "__amd_rocclr_copyBufferRectAligned", copy_buffer_rect_aligned },
	{ "__amd_rocclr_streamOpsWrite", stream_ops_write },
	{ "__amd_rocclr_streamOpsWait", stream_ops_wait },
};

hsat_cpu_kernel_fn hsat_blit_kernel_find(const char *name)
{
	for (size_t i = 0; name && i < sizeof(blit_kernels) / sizeof(blit_kernels[0]); i++)
		if (strcmp(blit_kernels[i].name, name) == 0)
			return blit_kernels[i].entry;
	return NULL;
}
