/*
 * amdgcn_objects.c - amdgcn code objects on the CPU runtime, built here byte by byte as a
 * compiler lays them out (kernel descriptors "NAME.kd" of 64 bytes in .rodata, a symbol table):
 * their symbols and sizes, ROCclr's blit kernels dispatched and run natively (results
 * compared), a kernel with no native implementation refused at dispatch, and malformed
 * images (cut short, symbols or names out of bounds) refused at load without a crash.
 */
#include <elf.h>
#include <stdlib.h>

#include "tests/runtime/rt_common.h"

struct kernel_spec {
	const char *name;
	uint32_t group, private_, kernarg;
};

static const struct kernel_spec kernels[] = {
	{ "__amd_rocclr_copyBuffer", 0, 0, 48 + 56 },
	{ "__amd_rocclr_copyBufferAligned", 0, 0, 48 + 56 },
	{ "__amd_rocclr_fillBufferAligned", 0, 0, 64 + 56 },
	{ "__amd_rocclr_fillBufferAligned2D", 0, 0, 80 + 56 },
	{ "__amd_rocclr_copyBufferRect", 0, 0, 128 + 56 },
	{ "__amd_rocclr_streamOpsWrite", 0, 0, 32 + 56 },
	{ "__amd_rocclr_streamOpsWait", 0, 0, 40 + 56 },
	{ "_Z10not_nativePi", 256, 16, 8 + 56 },
};
#define KERNEL_COUNT (sizeof(kernels) / sizeof(kernels[0]))
#define RODATA_ADDRESS 0x1000u

/* The layout of the image: header, .rodata, .symtab, .strtab, .shstrtab, section headers. */
struct image {
	unsigned char *bytes;
	size_t size, rodata, symtab, strtab, shstrtab, sections;
};

static size_t put_string(unsigned char *table, size_t *used, const char *text)
{
	size_t at = *used;

	strcpy((char *)table + at, text);
	*used += strlen(text) + 1;
	return at;
}

static void put_section(struct image *im, unsigned index, uint32_t name, uint32_t type,
			uint64_t address, size_t offset, size_t size, uint32_t link,
			uint64_t entsize)
{
	Elf64_Shdr sh = { 0 };

	sh.sh_name = name;
	sh.sh_type = type;
	sh.sh_addr = address;
	sh.sh_offset = offset;
	sh.sh_size = size;
	sh.sh_link = link;
	sh.sh_entsize = entsize;
	sh.sh_addralign = 8;
	memcpy(im->bytes + im->sections + index * sizeof(sh), &sh, sizeof(sh));
}

static void put_symbols(struct image *im, size_t *strtab_used)
{
	for (size_t i = 0; i < KERNEL_COUNT; i++) {
		char name[128];
		Elf64_Sym descriptor = { 0 }, function = { 0 };
		uint32_t sizes[3] = { kernels[i].group, kernels[i].private_, kernels[i].kernarg };

		memcpy(im->bytes + im->rodata + 64 * i, sizes, sizeof(sizes));
		snprintf(name, sizeof(name), "%s.kd", kernels[i].name);
		descriptor.st_name = (uint32_t)put_string(im->bytes + im->strtab, strtab_used, name);
		descriptor.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
		descriptor.st_shndx = 1;
		descriptor.st_value = RODATA_ADDRESS + 64 * i;
		descriptor.st_size = 64;
		/* the code symbol, which the runtime does not need */
		function.st_name = (uint32_t)put_string(im->bytes + im->strtab, strtab_used,
							kernels[i].name);
		function.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
		function.st_shndx = 1;
		function.st_value = RODATA_ADDRESS;
		memcpy(im->bytes + im->symtab + (1 + 2 * i) * sizeof(Elf64_Sym), &descriptor,
		       sizeof(descriptor));
		memcpy(im->bytes + im->symtab + (2 + 2 * i) * sizeof(Elf64_Sym), &function,
		       sizeof(function));
	}
}

static struct image build_image(void)
{
	struct image im = { 0 };
	size_t strtab_used = 1, shstrtab_used = 1, symbols = 1 + 2 * KERNEL_COUNT;
	uint32_t names[4];
	Elf64_Ehdr eh = { 0 };

	im.rodata = sizeof(Elf64_Ehdr);
	im.symtab = im.rodata + 64 * KERNEL_COUNT;
	im.strtab = im.symtab + symbols * sizeof(Elf64_Sym);
	im.shstrtab = im.strtab + 1024;
	im.sections = im.shstrtab + 64;
	im.size = im.sections + 5 * sizeof(Elf64_Shdr);
	im.bytes = calloc(1, im.size);
	if (!im.bytes)
		return im;
	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_ident[EI_OSABI] = 64; /* ELFOSABI_AMDGPU_HSA */
	eh.e_type = ET_DYN;
	eh.e_machine = EM_AMDGPU;
	eh.e_version = EV_CURRENT;
	eh.e_ehsize = sizeof(eh);
	eh.e_shoff = im.sections;
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shnum = 5;
	eh.e_shstrndx = 4;
	memcpy(im.bytes, &eh, sizeof(eh));
	names[0] = (uint32_t)put_string(im.bytes + im.shstrtab, &shstrtab_used, ".rodata");
	names[1] = (uint32_t)put_string(im.bytes + im.shstrtab, &shstrtab_used, ".symtab");
	names[2] = (uint32_t)put_string(im.bytes + im.shstrtab, &shstrtab_used, ".strtab");
	names[3] = (uint32_t)put_string(im.bytes + im.shstrtab, &shstrtab_used, ".shstrtab");
	put_symbols(&im, &strtab_used);
	put_section(&im, 1, names[0], SHT_PROGBITS, RODATA_ADDRESS, im.rodata, 64 * KERNEL_COUNT,
		    0, 0);
	put_section(&im, 2, names[1], SHT_SYMTAB, 0, im.symtab, symbols * sizeof(Elf64_Sym), 3,
		    sizeof(Elf64_Sym));
	put_section(&im, 3, names[2], SHT_STRTAB, 0, im.strtab, 1024, 0, 0);
	put_section(&im, 4, names[3], SHT_STRTAB, 0, im.shstrtab, 64, 0, 0);
	return im;
}

/* Loads bytes into a new frozen executable; the load's status. */
static hsa_status_t load(struct rt *rt, const void *bytes, size_t size, hsa_executable_t *out)
{
	hsa_code_object_reader_t reader;
	hsa_status_t status;

	out->handle = 0;
	status = hsa_code_object_reader_create_from_memory(bytes, size, &reader);
	if (status != HSA_STATUS_SUCCESS)
		return status;
	hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, NULL,
				  out);
	status = hsa_executable_load_agent_code_object(*out, rt->gpu, reader, NULL, NULL);
	if (status == HSA_STATUS_SUCCESS)
		hsa_executable_freeze(*out, NULL);
	hsa_code_object_reader_destroy(reader);
	return status;
}

static void test_symbols(struct rt *rt)
{
	bool sizes_ok = true, descriptors_ok = true;

	for (size_t i = 0; i < KERNEL_COUNT; i++) {
		char name[128];
		hsa_executable_symbol_t with_kd, plain;
		uint32_t kernarg = 0, group = 0, private_ = 0;
		uint64_t object = 0;

		snprintf(name, sizeof(name), "%s.kd", kernels[i].name);
		if (hsa_executable_get_symbol_by_name(rt->executable, name, &rt->gpu, &with_kd) ||
		    hsa_executable_get_symbol_by_name(rt->executable, kernels[i].name, &rt->gpu,
						      &plain) ||
		    with_kd.handle != plain.handle) {
			sizes_ok = false;
			continue;
		}
		hsa_executable_symbol_get_info(with_kd,
					       HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
					       &kernarg);
		hsa_executable_symbol_get_info(with_kd,
					       HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
					       &group);
		hsa_executable_symbol_get_info(
			with_kd, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE, &private_);
		hsa_executable_symbol_get_info(with_kd, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT,
					       &object);
		sizes_ok = sizes_ok && kernarg == kernels[i].kernarg && group == kernels[i].group &&
			   private_ == kernels[i].private_;
		descriptors_ok = descriptors_ok && object &&
				 ((const uint32_t *)(uintptr_t)object)[2] == kernels[i].kernarg;
	}
	ok(sizes_ok, "each kernel is found as NAME and NAME.kd, with its descriptor's sizes");
	ok(descriptors_ok, "each kernel object starts with the code object's kernel descriptor");
}

static void run(struct rt *rt, hsa_queue_t *queue, const char *name, const void *args,
		size_t size, const uint32_t grid[3], const uint16_t workgroup[3], uint32_t dims)
{
	char kernarg[256] = { 0 };
	hsa_signal_t done;
	void *buffer;

	memcpy(kernarg, args, size);
	buffer = rt_kernarg(rt, kernarg, sizeof(kernarg));
	hsa_signal_create(1, 0, NULL, &done);
	rt_dispatch(queue, rt_kernel(rt, name), buffer, grid, workgroup, dims, done, true);
	if (rt_wait_zero(done) != 0)
		diag("%s did not complete", name);
	hsa_signal_destroy(done);
	hsa_amd_memory_pool_free(buffer);
}

static void put64(unsigned char *args, size_t offset, uint64_t value)
{
	memcpy(args + offset, &value, sizeof(value));
}

static void put32(unsigned char *args, size_t offset, uint32_t value)
{
	memcpy(args + offset, &value, sizeof(value));
}

static void test_copies(struct rt *rt, hsa_queue_t *queue)
{
	unsigned char src[1000], dst[1000], args[128] = { 0 };
	bool same = true;

	for (int i = 0; i < 1000; i++)
		src[i] = (unsigned char)(i * 13 + 1);
	/* bytes: 997 of them from src+1 to dst+3 */
	memset(dst, 0, sizeof(dst));
	put64(args, 0, (uintptr_t)src);
	put64(args, 8, (uintptr_t)dst);
	put64(args, 16, 1);
	put64(args, 24, 3);
	put64(args, 32, 997);
	put32(args, 40, 8);
	run(rt, queue, "__amd_rocclr_copyBuffer", args, 48, (uint32_t[3]){ 1024, 1, 1 },
	    (uint16_t[3]){ 256, 1, 1 }, 1);
	ok(memcmp(dst + 3, src + 1, 997) == 0 && dst[0] == 0 && dst[2] == 0,
	   "copyBuffer copies bytes at their origins");
	/* words: 250 items, the last one copying `remain` = 2 bytes: 998 bytes */
	memset(dst, 0, sizeof(dst));
	put64(args, 16, 0);
	put64(args, 24, 0);
	put64(args, 32, 250);
	put32(args, 40, 2);
	run(rt, queue, "__amd_rocclr_copyBuffer", args, 48, (uint32_t[3]){ 256, 1, 1 },
	    (uint16_t[3]){ 256, 1, 1 }, 1);
	ok(memcmp(dst, src, 998) == 0 && dst[998] == 0, "copyBuffer copies words, then the rest");
	/* 16-byte elements, origins in elements */
	memset(dst, 0, sizeof(dst));
	put64(args, 16, 2);
	put64(args, 24, 1);
	put64(args, 32, 50);
	put32(args, 40, 16);
	run(rt, queue, "__amd_rocclr_copyBufferAligned", args, 48, (uint32_t[3]){ 64, 1, 1 },
	    (uint16_t[3]){ 64, 1, 1 }, 1);
	ok(memcmp(dst + 16, src + 32, 800) == 0 && dst[0] == 0 && dst[816] == 0,
	   "copyBufferAligned copies 16-byte elements");
	/* a 2D rectangle: 7 x 5 bytes, source pitch 40 from origin 3, destination pitch 20 */
	memset(dst, 0, sizeof(dst));
	memset(args, 0, sizeof(args));
	put64(args, 0, (uintptr_t)src);
	put64(args, 8, (uintptr_t)dst);
	put64(args, 32, 40);
	put64(args, 40, 400);
	put64(args, 48, 3);
	put64(args, 64, 20);
	put64(args, 72, 100);
	put64(args, 80, 0);
	put64(args, 96, 7);
	put64(args, 104, 5);
	put64(args, 112, 1);
	run(rt, queue, "__amd_rocclr_copyBufferRect", args, 128, (uint32_t[3]){ 16, 16, 1 },
	    (uint16_t[3]){ 16, 16, 1 }, 2);
	for (int y = 0; y < 5; y++)
		same = same && memcmp(dst + 20 * y, src + 3 + 40 * y, 7) == 0 && dst[20 * y + 7] == 0;
	ok(same, "copyBufferRect copies a pitched rectangle and nothing around it");
}

static void test_fills(struct rt *rt, hsa_queue_t *queue)
{
	uint32_t words[64] = { 0 }, pattern[2] = { 0x11223344, 0x55667788 };
	uint16_t shorts[64] = { 0 }, short_pattern = 0xbeef;
	unsigned char args[128] = { 0 };
	bool filled = true;

	put64(args, 16, (uintptr_t)words);
	put64(args, 32, (uintptr_t)pattern);
	put32(args, 40, 2);
	put64(args, 48, 4);
	put64(args, 56, 10);
	run(rt, queue, "__amd_rocclr_fillBufferAligned", args, 64, (uint32_t[3]){ 64, 1, 1 },
	    (uint16_t[3]){ 64, 1, 1 }, 1);
	for (int i = 0; i < 64; i++)
		filled = filled && words[i] == (i < 4 || i >= 24 ? 0 : pattern[i % 2]);
	ok(filled, "fillBufferAligned writes a 2-word pattern 10 times from word 4");
	memset(args, 0, sizeof(args));
	put64(args, 8, (uintptr_t)shorts);
	put64(args, 32, (uintptr_t)&short_pattern);
	put32(args, 40, 1);
	put64(args, 48, 1);
	put64(args, 56, 3);
	put64(args, 64, 4);
	put64(args, 72, 8);
	run(rt, queue, "__amd_rocclr_fillBufferAligned2D", args, 80, (uint32_t[3]){ 16, 16, 1 },
	    (uint16_t[3]){ 16, 16, 1 }, 2);
	filled = true;
	for (int i = 0; i < 64; i++) {
		bool inside = i >= 1 && (i - 1) / 8 < 4 && (i - 1) % 8 < 3;

		filled = filled && shorts[i] == (inside ? short_pattern : 0);
	}
	ok(filled, "fillBufferAligned2D fills a 3 x 4 rectangle of shorts, pitch 8");
}

static void test_stream_ops(struct rt *rt, hsa_queue_t *queue)
{
	_Atomic uint64_t value = 0;
	unsigned char args[64] = { 0 };
	hsa_signal_t done;
	uint64_t index;
	void *kernarg;

	put64(args, 8, (uintptr_t)&value);
	put64(args, 16, 0x1234567890ull);
	run(rt, queue, "__amd_rocclr_streamOpsWrite", args, 32, (uint32_t[3]){ 1, 1, 1 },
	    (uint16_t[3]){ 1, 1, 1 }, 1);
	ok(atomic_load(&value) == 0x1234567890ull, "streamOpsWrite stores a 64-bit value");
	/* the wait holds its queue until the host makes (value & 0xff) == 0x90 */
	atomic_store(&value, 0x9000); /* 0x90, but above the mask */
	memset(args, 0, sizeof(args));
	put64(args, 8, (uintptr_t)&value);
	put64(args, 16, 0x90);
	put64(args, 24, 1); /* EQ */
	put64(args, 32, 0xff);
	kernarg = rt_kernarg(rt, args, sizeof(args));
	hsa_signal_create(1, 0, NULL, &done);
	index = rt_dispatch(queue, rt_kernel(rt, "__amd_rocclr_streamOpsWait"), kernarg,
			    (uint32_t[3]){ 1, 1, 1 }, (uint16_t[3]){ 1, 1, 1 }, 1, done, true);
	while (hsa_queue_load_read_index_scacquire(queue) <= index)
		sched_yield(); /* the packet processor has taken the wait */
	usleep(20000);
	ok(hsa_signal_load_scacquire(done) == 1, "streamOpsWait waits while the condition is false");
	atomic_store(&value, 0xabc90);
	ok(rt_wait_zero(done) == 0, "and completes once (value & mask) == 0x90");
	hsa_signal_destroy(done);
	hsa_amd_memory_pool_free(kernarg);
}

static _Atomic hsa_status_t queue_error;

static void on_queue_error(hsa_status_t status, hsa_queue_t *source, void *data)
{
	(void)source;
	(void)data;
	atomic_store(&queue_error, status);
}

static void test_no_native(struct rt *rt)
{
	hsa_queue_t *queue = NULL;
	hsa_signal_t done;
	int out[64] = { 0 };
	void *kernarg = rt_kernarg(rt, &(int *){ out }, sizeof(int *));

	hsa_signal_create(1, 0, NULL, &done);
	hsa_queue_create(rt->gpu, 64, HSA_QUEUE_TYPE_MULTI, on_queue_error, NULL, 0, 0, &queue);
	rt_dispatch(queue, rt_kernel(rt, "_Z10not_nativePi"), kernarg, (uint32_t[3]){ 64, 1, 1 },
		    (uint16_t[3]){ 64, 1, 1 }, 1, done, true);
	for (int i = 0; i < 10000 && !atomic_load(&queue_error); i++)
		usleep(1000);
	is_int(atomic_load(&queue_error), HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
	       "a kernel with no CPU implementation fails its dispatch");
	ok(hsa_signal_load_scacquire(done) == 1 && out[0] == 0,
	   "and does not complete or run (no silent no-op)");
	hsa_queue_destroy(queue);
	hsa_signal_destroy(done);
	hsa_amd_memory_pool_free(kernarg);
}

/* Every prefix of the image, and images with one field pointing out of it. */
static void test_malformed(struct rt *rt, const struct image *im)
{
	unsigned char *bad = malloc(im->size);
	hsa_executable_t executable;
	bool refused = true;
	Elf64_Sym sym;
	Elf64_Shdr sh;

	for (size_t size = 16; bad && size < im->size; size += 7) {
		hsa_status_t status = load(rt, im->bytes, size, &executable);

		refused = refused && status == HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
		hsa_executable_destroy(executable);
	}
	ok(refused, "every cut-short image is refused with INVALID_CODE_OBJECT");
	if (!bad)
		return;
	memcpy(bad, im->bytes, im->size);
	memcpy(&sym, bad + im->symtab + sizeof(sym), sizeof(sym));
	sym.st_value = RODATA_ADDRESS + 64 * KERNEL_COUNT - 8; /* a descriptor past .rodata */
	memcpy(bad + im->symtab + sizeof(sym), &sym, sizeof(sym));
	is_int(load(rt, bad, im->size, &executable), HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
	       "a descriptor outside its section is refused");
	hsa_executable_destroy(executable);
	memcpy(bad, im->bytes, im->size);
	sym.st_value = RODATA_ADDRESS;
	sym.st_name = 1u << 30; /* a name outside the string table */
	memcpy(bad + im->symtab + sizeof(sym), &sym, sizeof(sym));
	is_int(load(rt, bad, im->size, &executable), HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
	       "a symbol name outside the string table is refused");
	hsa_executable_destroy(executable);
	memcpy(bad, im->bytes, im->size);
	memcpy(&sh, bad + im->sections + 2 * sizeof(sh), sizeof(sh));
	sh.sh_link = 99; /* no such string table */
	memcpy(bad + im->sections + 2 * sizeof(sh), &sh, sizeof(sh));
	is_int(load(rt, bad, im->size, &executable), HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
	       "a symbol table linked to no section is refused");
	hsa_executable_destroy(executable);
	free(bad);
}

int main(void)
{
	struct rt rt;
	struct image im = build_image();
	hsa_executable_t test_kernels;
	hsa_queue_t *queue = NULL;

	plan(20);
	if (!ok(im.bytes && rt_setup(&rt), "runtime initialised, amdgcn image built"))
		return exit_status();
	test_kernels = rt.executable;
	is_int(load(&rt, im.bytes, im.size, &rt.executable), HSA_STATUS_SUCCESS,
	       "an amdgcn code object loads on the emulated GPU");
	test_symbols(&rt);
	hsa_queue_create(rt.gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 0, 0, &queue);
	test_copies(&rt, queue);
	test_fills(&rt, queue);
	test_stream_ops(&rt, queue);
	hsa_queue_destroy(queue);
	test_no_native(&rt);
	test_malformed(&rt, &im);
	hsa_executable_destroy(rt.executable);
	hsa_executable_destroy(test_kernels);
	free(im.bytes);
	is_int(hsa_shut_down(), HSA_STATUS_SUCCESS, "hsa_shut_down");
	return exit_status();
}
