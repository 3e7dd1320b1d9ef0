/*
 * hip_memory.hip - HIP memory on the CPU runtime: hipMalloc/hipFree, hipHostMalloc,
 * hipHostRegister/hipHostUnregister, hipMemcpy and hipMemcpyAsync in every direction,
 * hipMemcpy2D and hipMemcpy2DAsync in every direction, hipMemset, hipMemsetD8/D16/D32,
 * hipMemsetAsync, hipMemset2D.
 * Sizes and offsets are odd on purpose: ROCclr picks its blit kernels (byte, word, 16-byte
 * and rectangular copies, fills) by alignment, so every one of them runs.
 */
#include <stdlib.h>
#include <string.h>

#include "hip_check.h"

#define BIG (3u * 1024 * 1024 + 5) /* over ROCclr's staging buffers, not a multiple of 4 */
#define OFFSET 3u                  /* an unaligned start */

static void fill_pattern(unsigned char *buffer, size_t size, unsigned seed)
{
	for (size_t i = 0; i < size; i++)
		buffer[i] = (unsigned char)(i * 131u + seed + (i >> 11));
}

/* Index of the first byte that differs, or -1. */
static long first_difference(const unsigned char *a, const unsigned char *b, size_t size)
{
	for (size_t i = 0; i < size; i++)
		if (a[i] != b[i])
			return (long)i;
	return -1;
}

#define SAME(a, b, size, what)                                                       \
	do {                                                                         \
		long difference = first_difference((a), (b), (size));                \
		hip_check(difference < 0, "%s: %zu bytes equal (first difference at %ld)", \
			  (what), (size_t)(size), difference);                       \
	} while (0)

struct buffers {
	unsigned char *host_in, *host_out;
	unsigned char *device_a, *device_b;
};

static void synchronous_copies(struct buffers *b)
{
	fill_pattern(b->host_in, BIG, 1);
	HIP_OK(hipMemcpy(b->device_a, b->host_in, BIG, hipMemcpyHostToDevice));
	memset(b->host_out, 0, BIG);
	HIP_OK(hipMemcpy(b->host_out, b->device_a, BIG, hipMemcpyDeviceToHost));
	SAME(b->host_in, b->host_out, BIG, "host to device to host");

	HIP_OK(hipMemcpy(b->device_b + OFFSET, b->device_a + 1, BIG - 8, hipMemcpyDeviceToDevice));
	memset(b->host_out, 0, BIG);
	HIP_OK(hipMemcpy(b->host_out, b->device_b + OFFSET, BIG - 8, hipMemcpyDeviceToHost));
	SAME(b->host_in + 1, b->host_out, BIG - 8, "device to device at unaligned offsets");

	HIP_OK(hipMemcpy(b->device_b, b->device_a, 4096, hipMemcpyDeviceToDevice));
	HIP_OK(hipMemcpy(b->host_out, b->device_b, 4096, hipMemcpyDeviceToHost));
	SAME(b->host_in, b->host_out, 4096, "device to device, aligned");

	memset(b->host_out, 0, BIG);
	HIP_OK(hipMemcpy(b->host_out, b->host_in, 1000, hipMemcpyHostToHost));
	SAME(b->host_in, b->host_out, 1000, "host to host");

	memset(b->host_out, 0, BIG);
	HIP_OK(hipMemcpy(b->host_out + OFFSET, b->device_a + 5, 777, hipMemcpyDefault));
	SAME(b->host_in + 5, b->host_out + OFFSET, 777, "hipMemcpyDefault device to host");
}

static void asynchronous_copies(struct buffers *b, hipStream_t stream)
{
	fill_pattern(b->host_in, BIG, 2);
	HIP_OK(hipMemcpyAsync(b->device_a, b->host_in, BIG, hipMemcpyHostToDevice, stream));
	HIP_OK(hipMemcpyAsync(b->device_b, b->device_a, BIG, hipMemcpyDeviceToDevice, stream));
	memset(b->host_out, 0, BIG);
	HIP_OK(hipMemcpyAsync(b->host_out, b->device_b, BIG, hipMemcpyDeviceToHost, stream));
	HIP_OK(hipStreamSynchronize(stream));
	SAME(b->host_in, b->host_out, BIG, "async host to device to device to host");

	memset(b->host_out, 0, BIG);
	HIP_OK(hipMemcpyAsync(b->host_out, b->host_in, 4099, hipMemcpyHostToHost, stream));
	HIP_OK(hipStreamSynchronize(stream));
	SAME(b->host_in, b->host_out, 4099, "async host to host");
}

static void pinned_memory(struct buffers *b)
{
	unsigned char *pinned = NULL, *registered = (unsigned char *)malloc(65536);
	void *mapped = NULL;

	HIP_OK(hipHostMalloc((void **)&pinned, 65536, hipHostMallocDefault));
	if (!pinned || !registered)
		return;
	fill_pattern(pinned, 65536, 3);
	HIP_OK(hipMemcpy(b->device_a, pinned, 65536, hipMemcpyHostToDevice));
	HIP_OK(hipMemcpy(b->host_out, b->device_a, 65536, hipMemcpyDeviceToHost));
	SAME(pinned, b->host_out, 65536, "from hipHostMalloc memory");

	HIP_OK(hipHostRegister(registered, 65536, hipHostRegisterDefault));
	HIP_OK(hipHostGetDevicePointer(&mapped, registered, 0));
	hip_check(mapped != NULL, "a registered buffer has a device pointer");
	memset(registered, 0, 65536);
	HIP_OK(hipMemcpy(registered, b->device_a, 65536, hipMemcpyDeviceToHost));
	SAME(pinned, registered, 65536, "into hipHostRegister memory");
	/* its device pointer is a device address of the same bytes */
	memset(b->host_out, 0, 65536);
	HIP_OK(hipMemcpy(b->host_out, mapped, 65536, hipMemcpyDeviceToHost));
	SAME(pinned, b->host_out, 65536, "from the device pointer of registered memory");
	fill_pattern(b->host_in, 65536, 9);
	HIP_OK(hipMemcpy(mapped, b->host_in, 65536, hipMemcpyHostToDevice));
	SAME(b->host_in, registered, 65536, "into the device pointer of registered memory");
	HIP_OK(hipHostUnregister(registered));
	/* registered again after it was unregistered, then used and unregistered once more */
	HIP_OK(hipHostRegister(registered, 65536, hipHostRegisterDefault));
	HIP_OK(hipMemcpy(registered, b->device_a, 4096, hipMemcpyDeviceToHost));
	SAME(pinned, registered, 4096, "into memory registered a second time");
	HIP_OK(hipHostUnregister(registered));
	free(registered);
	HIP_OK(hipHostFree(pinned));
}

static void two_dimensional(struct buffers *b)
{
	/* hipMallocPitch needs image support, which the emulated GPU does not report: the pitch
	 * of the device buffer is chosen here. */
	const size_t width = 301, height = 37, host_pitch = 320, pitch = 512;
	unsigned char *device = NULL;
	long bad = -1;

	HIP_OK(hipMalloc((void **)&device, pitch * height));
	fill_pattern(b->host_in, host_pitch * height, 4);
	HIP_OK(hipMemcpy2D(device, pitch, b->host_in, host_pitch, width, height,
			   hipMemcpyHostToDevice));
	memset(b->host_out, 0, host_pitch * height);
	HIP_OK(hipMemcpy2D(b->host_out, host_pitch, device, pitch, width, height,
			   hipMemcpyDeviceToHost));
	for (size_t row = 0; row < height && bad < 0; row++)
		if (first_difference(b->host_in + row * host_pitch, b->host_out + row * host_pitch,
				     width) >= 0)
			bad = (long)row;
	hip_check(bad < 0, "hipMemcpy2D round trip of %zu x %zu (first bad row %ld)", width,
		  height, bad);
	/* the bytes between rows are not part of the copy */
	hip_check(b->host_out[width] == 0 && b->host_out[host_pitch - 1] == 0,
		  "hipMemcpy2D leaves the padding of each row alone");
	/* device to device, into the second half of each row */
	HIP_OK(hipMemcpy2D(device + 256, pitch, device, pitch, width - 100, height,
			   hipMemcpyDeviceToDevice));
	HIP_OK(hipMemcpy2D(b->host_out, host_pitch, device + 256, pitch, width - 100, height,
			   hipMemcpyDeviceToHost));
	bad = -1;
	for (size_t row = 0; row < height && bad < 0; row++)
		if (first_difference(b->host_in + row * host_pitch, b->host_out + row * host_pitch,
				     width - 100) >= 0)
			bad = (long)row;
	hip_check(bad < 0, "hipMemcpy2D device to device (first bad row %ld)", bad);
	HIP_OK(hipFree(device));
}

/* hipMemcpy2D host to host, and hipMemcpy2DAsync host to device to device to host */
static void two_dimensional_more(struct buffers *b, hipStream_t stream)
{
	const size_t width = 123, height = 19, host_pitch = 200, pitch = 256;
	unsigned char *device = NULL, *device2 = NULL;
	long bad = -1;

	fill_pattern(b->host_in, host_pitch * height, 6);
	memset(b->host_out, 0, host_pitch * height);
	HIP_OK(hipMemcpy2D(b->host_out, host_pitch, b->host_in, host_pitch, width, height,
			   hipMemcpyHostToHost));
	for (size_t row = 0; row < height && bad < 0; row++)
		if (first_difference(b->host_in + row * host_pitch, b->host_out + row * host_pitch,
				     width) >= 0 || b->host_out[row * host_pitch + width] != 0)
			bad = (long)row;
	hip_check(bad < 0, "hipMemcpy2D host to host (first bad row %ld)", bad);

	HIP_OK(hipMalloc((void **)&device, pitch * height));
	HIP_OK(hipMalloc((void **)&device2, pitch * height));
	memset(b->host_out, 0, host_pitch * height);
	HIP_OK(hipMemcpy2DAsync(device, pitch, b->host_in, host_pitch, width, height,
				hipMemcpyHostToDevice, stream));
	HIP_OK(hipMemcpy2DAsync(device2, pitch, device, pitch, width, height,
				hipMemcpyDeviceToDevice, stream));
	HIP_OK(hipMemcpy2DAsync(b->host_out, host_pitch, device2, pitch, width, height,
				hipMemcpyDeviceToHost, stream));
	HIP_OK(hipStreamSynchronize(stream));
	bad = -1;
	for (size_t row = 0; row < height && bad < 0; row++)
		if (first_difference(b->host_in + row * host_pitch, b->host_out + row * host_pitch,
				     width) >= 0 || b->host_out[row * host_pitch + width] != 0)
			bad = (long)row;
	hip_check(bad < 0, "hipMemcpy2DAsync host to device to device to host (first bad row %ld)",
		  bad);
	HIP_OK(hipFree(device));
	HIP_OK(hipFree(device2));
}

static void fills(struct buffers *b, hipStream_t stream)
{
	unsigned char expected[4096];
	uint32_t words[1000];
	bool words_ok = true;

	HIP_OK(hipMemset(b->device_a, 0x11, BIG));
	HIP_OK(hipMemset(b->device_a + OFFSET, 0xab, 4093));
	HIP_OK(hipMemcpy(b->host_out, b->device_a, 4100, hipMemcpyDeviceToHost));
	memset(expected, 0x11, sizeof(expected));
	memset(expected + OFFSET, 0xab, 4093);
	SAME(expected, b->host_out, 4096, "hipMemset of an unaligned range");
	hip_check(b->host_out[4096] == 0x11, "hipMemset stops at its end");

	HIP_OK(hipMemsetD32((hipDeviceptr_t)b->device_b, 0xdeadbeef, 1000));
	HIP_OK(hipMemcpy(words, b->device_b, sizeof(words), hipMemcpyDeviceToHost));
	for (int i = 0; i < 1000; i++)
		words_ok = words_ok && words[i] == 0xdeadbeef;
	hip_check(words_ok, "hipMemsetD32 writes 1000 words");

	HIP_OK(hipMemsetAsync(b->device_b, 0x5a, BIG, stream));
	HIP_OK(hipMemcpyAsync(b->host_out, b->device_b, BIG, hipMemcpyDeviceToHost, stream));
	HIP_OK(hipStreamSynchronize(stream));
	memset(b->host_in, 0x5a, BIG);
	SAME(b->host_in, b->host_out, BIG, "hipMemsetAsync of 3 MiB");
}

/* hipMemsetD8 and hipMemsetD16 at odd offsets, hipMemset2D inside the rows of a pitch */
static void more_fills(struct buffers *b)
{
	uint16_t halves[777];
	unsigned char expected[64 * 9];
	bool halves_ok = true;

	HIP_OK(hipMemset(b->device_a, 0, 8192));
	HIP_OK(hipMemsetD8((hipDeviceptr_t)(b->device_a + 1), 0xc3, 1001));
	HIP_OK(hipMemcpy(b->host_out, b->device_a, 1003, hipMemcpyDeviceToHost));
	hip_check(b->host_out[0] == 0 && b->host_out[1] == 0xc3 && b->host_out[1001] == 0xc3 &&
			  b->host_out[1002] == 0,
		  "hipMemsetD8 writes 1001 bytes from an odd address");
	HIP_OK(hipMemsetD16((hipDeviceptr_t)(b->device_b + 2), 0xbeef, 777));
	HIP_OK(hipMemcpy(halves, b->device_b + 2, sizeof(halves), hipMemcpyDeviceToHost));
	for (int i = 0; i < 777; i++)
		halves_ok = halves_ok && halves[i] == 0xbeef;
	hip_check(halves_ok, "hipMemsetD16 writes 777 halves");

	HIP_OK(hipMemset(b->device_a, 0x11, 64 * 9));
	HIP_OK(hipMemset2D(b->device_a + 5, 64, 0x77, 40, 9));
	HIP_OK(hipMemcpy(b->host_out, b->device_a, 64 * 9, hipMemcpyDeviceToHost));
	memset(expected, 0x11, sizeof(expected));
	for (int row = 0; row < 9; row++)
		memset(expected + row * 64 + 5, 0x77, 40);
	SAME(expected, b->host_out, sizeof(expected), "hipMemset2D of 40 x 9 in rows of 64");
}

int main(void)
{
	struct buffers b = { (unsigned char *)malloc(BIG), (unsigned char *)malloc(BIG), NULL, NULL };
	hipStream_t stream = NULL;

	if (!b.host_in || !b.host_out) {
		fprintf(stderr, "hip_memory: out of host memory\n");
		return 1;
	}
	HIP_OK(hipMalloc((void **)&b.device_a, BIG));
	HIP_OK(hipMalloc((void **)&b.device_b, BIG));
	HIP_OK(hipStreamCreate(&stream));
	if (b.device_a && b.device_b && stream) {
		synchronous_copies(&b);
		asynchronous_copies(&b, stream);
		pinned_memory(&b);
		two_dimensional(&b);
		two_dimensional_more(&b, stream);
		fills(&b, stream);
		more_fills(&b);
	}
	HIP_OK(hipStreamDestroy(stream));
	HIP_OK(hipFree(b.device_a));
	HIP_OK(hipFree(b.device_b));
	HIP_OK(hipFree(NULL));
	free(b.host_in);
	free(b.host_out);
	return hip_check_exit_status();
}
