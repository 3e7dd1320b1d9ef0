/*
 * hip_needed_test - rec_program_needs_hip on real files: a HIP sample program (DT_NEEDED
 * libamdhip64), this test program (ELF without HIP), a shell script, a static program, a
 * missing file, a name looked up in PATH, and damaged copies of the HIP program (cut at every
 * length of its first pages, 32-bit class, misaligned program headers): none may crash (this
 * runs under ASan and UBSan) and none of them needs HIP.
 */
#include "analyses/record/hip_needed.h"
#include "tap.h"

#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Every length is tried up to this size (a small program: headers, .dynamic and .dynstr
 * included); beyond it, every 4 KiB. */
#define CUT_EVERY_BYTE 65536

struct bytes {
	unsigned char *data;
	size_t size;
};

static int read_file(const char *path, struct bytes *out)
{
	FILE *f = fopen(path, "rb");
	long size;
	int ret = -1;

	out->data = NULL;
	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) <= 0 || fseek(f, 0, SEEK_SET) != 0)
		goto end;
	out->size = (size_t)size;
	out->data = malloc(out->size);
	if (out->data && fread(out->data, 1, out->size, f) == out->size)
		ret = 0;
end:
	fclose(f);
	return ret;
}

static int write_file(const char *path, const void *data, size_t size, mode_t mode)
{
	FILE *f = fopen(path, "wb");
	int ret;

	if (!f)
		return -1;
	ret = fwrite(data, 1, size, f) == size ? 0 : -1;
	if (fclose(f) != 0)
		ret = -1;
	return ret == 0 ? chmod(path, mode) : -1;
}

/* Cuts @hip at every length (see CUT_EVERY_BYTE), shrinking one file with truncate(2) from
 * the whole program down to nothing; a crash ends the test. A cut copy may still be taken for
 * a HIP program, but only if it keeps the library's name. */
static void check_truncated(const char *path, const struct bytes *hip)
{
	const unsigned char *name = memmem(hip->data, hip->size, "libamdhip64.so", 14);
	size_t name_end = name ? (size_t)(name - hip->data) + 14 : hip->size;
	size_t step = hip->size <= CUT_EVERY_BYTE ? 1 : 4096, calls = 0;
	size_t shortest_found = hip->size;

	if (write_file(path, hip->data, hip->size, 0755) != 0) {
		ok(0, "a copy of the HIP program written");
		ok(0, "so no truncated copies");
		return;
	}
	for (size_t len = hip->size; len-- > 0;) {
		if (len % step && len >= CUT_EVERY_BYTE)
			continue;
		if (truncate(path, (off_t)len) != 0)
			break;
		calls++;
		if (rec_program_needs_hip(path))
			shortest_found = len;
	}
	ok(calls >= (hip->size < CUT_EVERY_BYTE ? hip->size : CUT_EVERY_BYTE),
	   "%zu truncated copies read, down to an empty file", calls);
	ok(shortest_found >= name_end,
	   "no copy cut before the end of the name libamdhip64.so (at %zu) needs HIP (shortest "
	   "found: %zu of %zu bytes)", name_end, shortest_found, hip->size);
}

static void check_damaged(const char *path, const struct bytes *hip)
{
	Elf64_Ehdr eh;
	unsigned char *copy = malloc(hip->size);

	if (!copy || hip->size < sizeof(eh)) {
		ok(0, "damaged copies made");
		free(copy);
		return;
	}
	memcpy(copy, hip->data, hip->size);
	copy[EI_CLASS] = ELFCLASS32;
	ok(write_file(path, copy, hip->size, 0755) == 0 && !rec_program_needs_hip(path),
	   "a 32-bit ELF class is no HIP program");
	memcpy(copy, hip->data, hip->size);
	memcpy(&eh, copy, sizeof(eh));
	eh.e_phoff += 1;
	memcpy(copy, &eh, sizeof(eh));
	ok(write_file(path, copy, hip->size, 0755) == 0 && !rec_program_needs_hip(path),
	   "misaligned program headers are read without a fault (and find no HIP)");
	memcpy(copy, hip->data, hip->size);
	memcpy(&eh, copy, sizeof(eh));
	eh.e_phoff = UINT64_MAX - 8;
	memcpy(copy, &eh, sizeof(eh));
	ok(write_file(path, copy, hip->size, 0755) == 0 && !rec_program_needs_hip(path),
	   "program headers past the end of the file are no HIP program");
	free(copy);
}

/* A name without a slash is looked up in PATH: the first executable match counts. */
static void check_path_lookup(const char *dir, const struct bytes *hip)
{
	char first[4096], second[4096], path_var[8300];
	const char *saved = getenv("PATH");
	char *old = saved ? strdup(saved) : NULL;

	snprintf(first, sizeof(first), "%s/a", dir);
	snprintf(second, sizeof(second), "%s/b", dir);
	mkdir(first, 0755);
	mkdir(second, 0755);
	snprintf(path_var, sizeof(path_var), "%s:%s", first, second);
	snprintf(first + strlen(first), sizeof(first) - strlen(first), "/hipprog");
	snprintf(second + strlen(second), sizeof(second) - strlen(second), "/hipprog");
	setenv("PATH", path_var, 1);
	ok(write_file(first, hip->data, hip->size, 0644) == 0 &&
	   write_file(second, hip->data, hip->size, 0755) == 0 && rec_program_needs_hip("hipprog"),
	   "a HIP program found in PATH (a non-executable copy before it skipped)");
	chmod(first, 0755);
	write_file(first, "#!/bin/sh\n", 10, 0755);
	ok(!rec_program_needs_hip("hipprog"), "the first executable match in PATH is the one read");
	ok(!rec_program_needs_hip("no-such-program-anywhere"), "a name in no PATH folder");
	if (old)
		setenv("PATH", old, 1);
	else
		unsetenv("PATH");
	free(old);
	unlink(first);
	unlink(second);
}

int main(void)
{
	const char *build = getenv("HSATRACE_BUILD");
	char hip_path[4096], dir[] = "/tmp/hip_needed_test.XXXXXX", file[4200];
	struct bytes hip = { NULL, 0 };

	plan(14);
	ok(!rec_program_needs_hip("/proc/self/exe"), "an ELF program without HIP (this test)");
	ok(!rec_program_needs_hip("/nonexistent/program"), "a missing file");
	ok(!rec_program_needs_hip("/tmp"), "a folder");
	if (access("/sbin/ldconfig", R_OK) == 0)
		ok(!rec_program_needs_hip("/sbin/ldconfig"), "a static program (ldconfig)");
	else
		skip(1, "no /sbin/ldconfig (a static program) here");
	if (!mkdtemp(dir))
		return 1;
	snprintf(file, sizeof(file), "%s/script", dir);
	ok(write_file(file, "#!/bin/sh\nexec true\n", 20, 0755) == 0 && !rec_program_needs_hip(file),
	   "a shell script");
	snprintf(hip_path, sizeof(hip_path), "%s/lib/hsatrace/samples/hip/hip_device",
		 build ? build : "build");
	if (read_file(hip_path, &hip) != 0) {
		skip(9, "no HIP sample program built (hip_device: hipcc missing?)");
		goto end;
	}
	ok(rec_program_needs_hip(hip_path), "the HIP sample program hip_device needs HIP");
	check_path_lookup(dir, &hip);
	snprintf(file, sizeof(file), "%s/damaged", dir);
	check_truncated(file, &hip);
	check_damaged(file, &hip);
	unlink(file);
end:
	snprintf(file, sizeof(file), "%s/script", dir);
	unlink(file);
	snprintf(file, sizeof(file), "%s/a", dir);
	rmdir(file);
	snprintf(file, sizeof(file), "%s/b", dir);
	rmdir(file);
	rmdir(dir);
	free(hip.data);
	return exit_status();
}
