/* hip_needed - DT_NEEDED libamdhip64 in a program's ELF file (see hip_needed.h). */
#include "analyses/record/hip_needed.h"

#include <elf.h>
#include <fcntl.h>
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

static const void *at(const struct elf_image *img, uint64_t offset, uint64_t len)
{
	return offset <= img->size && len <= img->size - offset ? img->bytes + offset : NULL;
}

/* The file offset of virtual address `addr` (through the PT_LOAD segments), or 0. */
static uint64_t file_offset(const struct elf_image *img, const Elf64_Ehdr *eh, uint64_t addr)
{
	for (unsigned i = 0; i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = at(img, eh->e_phoff + (uint64_t)i * sizeof(*ph), sizeof(*ph));

		if (ph && ph->p_type == PT_LOAD && addr >= ph->p_vaddr &&
		    addr - ph->p_vaddr < ph->p_filesz)
			return ph->p_offset + (addr - ph->p_vaddr);
	}
	return 0;
}

static bool dynamic_needs_hip(const struct elf_image *img, const Elf64_Ehdr *eh,
			      const Elf64_Phdr *dyn)
{
	uint64_t n = dyn->p_filesz / sizeof(Elf64_Dyn), strtab = 0;
	const Elf64_Dyn *d = at(img, dyn->p_offset, n * sizeof(Elf64_Dyn));

	if (!d)
		return false;
	for (uint64_t i = 0; i < n && d[i].d_tag != DT_NULL; i++)
		if (d[i].d_tag == DT_STRTAB)
			strtab = file_offset(img, eh, d[i].d_un.d_ptr);
	for (uint64_t i = 0; strtab && i < n && d[i].d_tag != DT_NULL; i++) {
		const char *name = at(img, strtab + d[i].d_un.d_val, sizeof(HIP_LIBRARY) - 1);

		if (d[i].d_tag == DT_NEEDED && name &&
		    strncmp(name, HIP_LIBRARY, sizeof(HIP_LIBRARY) - 1) == 0)
			return true;
	}
	return false;
}

static bool image_needs_hip(const struct elf_image *img)
{
	const Elf64_Ehdr *eh = at(img, 0, sizeof(*eh));

	if (!eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64)
		return false;
	for (unsigned i = 0; i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = at(img, eh->e_phoff + (uint64_t)i * sizeof(*ph), sizeof(*ph));

		if (ph && ph->p_type == PT_DYNAMIC)
			return dynamic_needs_hip(img, eh, ph);
	}
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
