/* amdgcn_object.c - see amdgcn_object.h. Every offset read from the image is checked
 * against its size first: a malformed code object is refused, never read past its end. */
#include "runtime/amdgcn_object.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

#define KD_SUFFIX ".kd"
#define NOTE_OWNER "AMDGPU"
#define NT_AMDGPU_METADATA 32

/* [offset, offset + length) inside [0, size), without overflow. */
static bool inside(uint64_t offset, uint64_t length, size_t size)
{
	return offset <= size && length <= size - offset;
}

bool hsat_amdgcn_is_object(const void *bytes, size_t size)
{
	Elf64_Ehdr eh;

	if (!bytes || size < sizeof(eh))
		return false;
	memcpy(&eh, bytes, sizeof(eh));
	return memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 && eh.e_ident[EI_CLASS] == ELFCLASS64 &&
	       eh.e_ident[EI_DATA] == ELFDATA2LSB && eh.e_machine == EM_AMDGPU;
}

struct image {
	const unsigned char *bytes;
	size_t size;
	Elf64_Ehdr eh;
};

static bool section_at(const struct image *image, unsigned index, Elf64_Shdr *sh)
{
	if (index >= image->eh.e_shnum)
		return false;
	memcpy(sh, image->bytes + image->eh.e_shoff + (uint64_t)index * sizeof(*sh), sizeof(*sh));
	return sh->sh_type == SHT_NOBITS || inside(sh->sh_offset, sh->sh_size, image->size);
}

/* The file bytes of [address, address + length) through the section that holds them. */
static const unsigned char *bytes_at(const struct image *image, unsigned section,
				     uint64_t address, uint64_t length)
{
	Elf64_Shdr sh;

	if (!section_at(image, section, &sh) || sh.sh_type == SHT_NOBITS ||
	    address < sh.sh_addr || !inside(address - sh.sh_addr, length, sh.sh_size))
		return NULL;
	return image->bytes + sh.sh_offset + (address - sh.sh_addr);
}

/* The NUL-terminated string at offset in a string table section; NULL if it runs off. */
static const char *string_at(const struct image *image, const Elf64_Shdr *strtab,
			     uint64_t offset)
{
	const char *start = (const char *)image->bytes + strtab->sh_offset;

	if (offset >= strtab->sh_size || !memchr(start + offset, '\0', strtab->sh_size - offset))
		return NULL;
	return start + offset;
}

static bool is_descriptor_name(const char *name)
{
	size_t length = strlen(name), suffix = strlen(KD_SUFFIX);

	return length > suffix && strcmp(name + length - suffix, KD_SUFFIX) == 0;
}

static bool add_kernel(struct hsat_amdgcn_object *object, const char *name,
		       const unsigned char *descriptor)
{
	size_t length = strlen(name) - strlen(KD_SUFFIX);
	struct hsat_amdgcn_kernel *grown =
		realloc(object->kernels, (object->kernel_count + 1) * sizeof(*grown));
	struct hsat_amdgcn_kernel *kernel;

	if (!grown)
		return false;
	object->kernels = grown;
	kernel = &object->kernels[object->kernel_count];
	kernel->name = strndup(name, length);
	if (!kernel->name)
		return false;
	memcpy(kernel->descriptor, descriptor, HSAT_AMDGCN_DESCRIPTOR_SIZE);
	memset(&kernel->args, 0, sizeof(kernel->args));
	object->kernel_count++;
	return true;
}

/* Every defined 64-byte object symbol "NAME.kd" of one symbol table. */
static bool read_symbols(const struct image *image, const Elf64_Shdr *symtab,
			 struct hsat_amdgcn_object *object)
{
	Elf64_Shdr strtab;
	uint64_t count;

	if (symtab->sh_entsize != sizeof(Elf64_Sym) || !section_at(image, symtab->sh_link, &strtab) ||
	    strtab.sh_type != SHT_STRTAB)
		return false;
	count = symtab->sh_size / sizeof(Elf64_Sym);
	for (uint64_t i = 0; i < count; i++) {
		const unsigned char *descriptor;
		const char *name;
		Elf64_Sym sym;

		memcpy(&sym, image->bytes + symtab->sh_offset + i * sizeof(sym), sizeof(sym));
		if (ELF64_ST_TYPE(sym.st_info) != STT_OBJECT || sym.st_shndx == SHN_UNDEF ||
		    sym.st_shndx >= SHN_LORESERVE || sym.st_size != HSAT_AMDGCN_DESCRIPTOR_SIZE)
			continue;
		name = string_at(image, &strtab, sym.st_name);
		if (!name)
			return false;
		if (!is_descriptor_name(name))
			continue;
		descriptor = bytes_at(image, sym.st_shndx, sym.st_value, sym.st_size);
		if (!descriptor || !add_kernel(object, name, descriptor))
			return false;
	}
	return true;
}

/* The symbol table: .symtab when present (it lists everything), else .dynsym. */
static bool find_symbol_table(const struct image *image, Elf64_Shdr *found)
{
	bool have = false;

	for (unsigned i = 0; i < image->eh.e_shnum; i++) {
		Elf64_Shdr sh;

		if (!section_at(image, i, &sh))
			return false;
		if (sh.sh_type == SHT_SYMTAB || (sh.sh_type == SHT_DYNSYM && !have)) {
			*found = sh;
			have = true;
		}
	}
	return have;
}

/* The description of the AMDGPU metadata note in one SHT_NOTE section, or NULL. */
static const unsigned char *metadata_in(const struct image *image, const Elf64_Shdr *sh,
					size_t *size)
{
	uint64_t at = 0;

	while (at + sizeof(Elf64_Nhdr) <= sh->sh_size) {
		Elf64_Nhdr note;
		uint64_t name_at = at + sizeof(note), desc_at;

		memcpy(&note, image->bytes + sh->sh_offset + at, sizeof(note));
		desc_at = name_at + ((note.n_namesz + 3ull) & ~3ull);
		if (!inside(desc_at, note.n_descsz, sh->sh_size))
			return NULL;
		if (note.n_type == NT_AMDGPU_METADATA && note.n_namesz == sizeof(NOTE_OWNER) &&
		    memcmp(image->bytes + sh->sh_offset + name_at, NOTE_OWNER,
			   sizeof(NOTE_OWNER)) == 0) {
			*size = note.n_descsz;
			return image->bytes + sh->sh_offset + desc_at;
		}
		at = desc_at + ((note.n_descsz + 3ull) & ~3ull);
	}
	return NULL;
}

/* Each kernel's explicit arguments, from the metadata note (none: they stay unknown). */
static bool read_metadata(const struct image *image, struct hsat_amdgcn_object *object)
{
	const unsigned char *metadata = NULL;
	size_t size = 0;

	for (unsigned i = 0; i < image->eh.e_shnum && !metadata; i++) {
		Elf64_Shdr sh;

		if (section_at(image, i, &sh) && sh.sh_type == SHT_NOTE)
			metadata = metadata_in(image, &sh, &size);
	}
	for (size_t k = 0; metadata && k < object->kernel_count; k++) {
		struct hsat_amdgcn_kernel *kernel = &object->kernels[k];
		size_t length = strlen(kernel->name);
		char *symbol = malloc(length + sizeof(KD_SUFFIX));

		if (!symbol)
			return false;
		memcpy(symbol, kernel->name, length);
		memcpy(symbol + length, KD_SUFFIX, sizeof(KD_SUFFIX));
		hsat_amdgcn_metadata_args(metadata, size, symbol, &kernel->args);
		free(symbol);
	}
	return true;
}

struct hsat_amdgcn_object *hsat_amdgcn_object_create(const void *bytes, size_t size)
{
	struct image image = { .bytes = bytes, .size = size };
	struct hsat_amdgcn_object *object = NULL;
	Elf64_Shdr symtab = { 0 };

	if (!hsat_amdgcn_is_object(bytes, size))
		goto error;
	memcpy(&image.eh, bytes, sizeof(image.eh));
	if (image.eh.e_shentsize != sizeof(Elf64_Shdr) ||
	    !inside(image.eh.e_shoff, (uint64_t)image.eh.e_shnum * sizeof(Elf64_Shdr), size))
		goto error;
	object = calloc(1, sizeof(*object));
	if (!object || !find_symbol_table(&image, &symtab) ||
	    !read_symbols(&image, &symtab, object) || !read_metadata(&image, object))
		goto error;
	return object;
error:
	hsat_amdgcn_object_destroy(object);
	return NULL;
}

void hsat_amdgcn_object_destroy(struct hsat_amdgcn_object *object)
{
	if (!object)
		return;
	for (size_t i = 0; i < object->kernel_count; i++)
		free(object->kernels[i].name);
	free(object->kernels);
	free(object);
}
