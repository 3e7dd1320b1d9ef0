/* elf_check.c - see elf_check.h. */
#include "runtime/elf_check.h"

#include <elf.h>
#include <stdint.h>
#include <string.h>

/* [offset, offset + length) inside [0, size), without overflow. */
static bool inside(uint64_t offset, uint64_t length, size_t size)
{
	return offset <= size && length <= size - offset;
}

static bool header_fits_host(const Elf64_Ehdr *eh)
{
	return memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 && eh->e_ident[EI_CLASS] == ELFCLASS64 &&
	       eh->e_ident[EI_DATA] == ELFDATA2LSB && eh->e_type == ET_DYN &&
	       eh->e_machine == EM_X86_64;
}

static bool segments_inside(const unsigned char *image, const Elf64_Ehdr *eh, size_t size)
{
	if (eh->e_phentsize != sizeof(Elf64_Phdr) || eh->e_phnum == 0 ||
	    !inside(eh->e_phoff, (uint64_t)eh->e_phnum * sizeof(Elf64_Phdr), size))
		return false;
	for (unsigned i = 0; i < eh->e_phnum; i++) {
		Elf64_Phdr ph;

		memcpy(&ph, image + eh->e_phoff + i * sizeof(ph), sizeof(ph));
		if (ph.p_type != PT_NULL && !inside(ph.p_offset, ph.p_filesz, size))
			return false;
	}
	return true;
}

static bool sections_inside(const unsigned char *image, const Elf64_Ehdr *eh, size_t size)
{
	if (eh->e_shnum == 0)
		return true;
	if (eh->e_shentsize != sizeof(Elf64_Shdr) ||
	    !inside(eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr), size))
		return false;
	for (unsigned i = 0; i < eh->e_shnum; i++) {
		Elf64_Shdr sh;

		memcpy(&sh, image + eh->e_shoff + i * sizeof(sh), sizeof(sh));
		if (sh.sh_type != SHT_NOBITS && sh.sh_type != SHT_NULL &&
		    !inside(sh.sh_offset, sh.sh_size, size))
			return false;
	}
	return true;
}

bool hsat_elf_image_complete(const void *bytes, size_t size)
{
	Elf64_Ehdr eh;

	if (!bytes || size < sizeof(eh))
		return false;
	memcpy(&eh, bytes, sizeof(eh));
	return header_fits_host(&eh) && segments_inside(bytes, &eh, size) &&
	       sections_inside(bytes, &eh, size);
}
