/* hip_needed - DT_NEEDED libamdhip64 in a program's ELF file (see hip_needed.h). */
#include "analyses/record/hip_needed.h"

#include <elf.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define HIP_LIBRARY "libamdhip64.so"

struct elf_image {
	const unsigned char *bytes;
	size_t size;
};

/* Copies @len bytes at @offset of the image to @out; false when they are not all inside it.
 * A copy, not a pointer into the map: the file's offsets need not be aligned. */
static bool read_at(const struct elf_image *img, uint64_t offset, void *out, uint64_t len)
{
	if (offset > img->size || len > img->size - offset)
		return false;
	memcpy(out, img->bytes + offset, len);
	return true;
}

static bool read_phdr(const struct elf_image *img, const Elf64_Ehdr *eh, unsigned i,
		      Elf64_Phdr *ph)
{
	return read_at(img, eh->e_phoff + (uint64_t)i * sizeof(*ph), ph, sizeof(*ph));
}

/* The file offset of virtual address `addr` (through the PT_LOAD segments), or 0. */
static uint64_t file_offset(const struct elf_image *img, const Elf64_Ehdr *eh, uint64_t addr)
{
	Elf64_Phdr ph;

	for (unsigned i = 0; i < eh->e_phnum; i++)
		if (read_phdr(img, eh, i, &ph) && ph.p_type == PT_LOAD && addr >= ph.p_vaddr &&
		    addr - ph.p_vaddr < ph.p_filesz)
			return ph.p_offset + (addr - ph.p_vaddr);
	return 0;
}

/* The file offset of the dynamic string table (DT_STRTAB), or 0. */
static uint64_t dynamic_strtab(const struct elf_image *img, const Elf64_Ehdr *eh,
			       const Elf64_Phdr *dyn)
{
	uint64_t n = dyn->p_filesz / sizeof(Elf64_Dyn);
	Elf64_Dyn d;

	for (uint64_t i = 0; i < n && read_at(img, dyn->p_offset + i * sizeof(d), &d, sizeof(d)) &&
			     d.d_tag != DT_NULL; i++)
		if (d.d_tag == DT_STRTAB)
			return file_offset(img, eh, d.d_un.d_ptr);
	return 0;
}

/* Whether the string at @offset starts with HIP_LIBRARY (a versioned name follows it). */
static bool names_hip(const struct elf_image *img, uint64_t offset)
{
	char name[sizeof(HIP_LIBRARY) - 1];

	return read_at(img, offset, name, sizeof(name)) &&
	       memcmp(name, HIP_LIBRARY, sizeof(name)) == 0;
}

static bool dynamic_needs_hip(const struct elf_image *img, const Elf64_Ehdr *eh,
			      const Elf64_Phdr *dyn)
{
	uint64_t n = dyn->p_filesz / sizeof(Elf64_Dyn), strtab = dynamic_strtab(img, eh, dyn);
	Elf64_Dyn d;

	for (uint64_t i = 0; strtab && i < n &&
			     read_at(img, dyn->p_offset + i * sizeof(d), &d, sizeof(d)) &&
			     d.d_tag != DT_NULL; i++)
		if (d.d_tag == DT_NEEDED && d.d_un.d_val <= UINT64_MAX - strtab &&
		    names_hip(img, strtab + d.d_un.d_val))
			return true;
	return false;
}

static bool image_needs_hip(const struct elf_image *img)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;

	if (!read_at(img, 0, &eh, sizeof(eh)) || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64)
		return false;
	for (unsigned i = 0; i < eh.e_phnum; i++)
		if (read_phdr(img, &eh, i, &ph) && ph.p_type == PT_DYNAMIC)
			return dynamic_needs_hip(img, &eh, &ph);
	return false;
}

static bool file_needs_hip(const char *path)
{
	struct elf_image img = { NULL, 0 };
	struct stat st;
	bool needs = false;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	void *map;

	if (fd < 0)
		return false;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0)
		goto end;
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		goto end;
	img.bytes = map;
	img.size = (size_t)st.st_size;
	needs = image_needs_hip(&img);
	munmap(map, img.size);
end:
	close(fd);
	return needs;
}

bool rec_program_needs_hip(const char *argv0)
{
	const char *path = getenv("PATH");
	char *dirs, *save = NULL, candidate[4096];
	bool needs = false;

	if (strchr(argv0, '/'))
		return file_needs_hip(argv0);
	dirs = strdup(path && *path ? path : "/usr/local/bin:/usr/bin:/bin");
	if (!dirs)
		return false;
	/* the first executable match, as exec would run it */
	for (char *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		if (snprintf(candidate, sizeof(candidate), "%s/%s", *d ? d : ".", argv0) >=
		    (int)sizeof(candidate) || access(candidate, X_OK) != 0)
			continue;
		needs = file_needs_hip(candidate);
		break;
	}
	free(dirs);
	return needs;
}
