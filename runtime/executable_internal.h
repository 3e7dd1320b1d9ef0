/*
 * executable_internal.h - the executable records, shared by executable.c (the core API) and
 * loader.c (the AMD loader extension). Everything here is guarded by hsat_executables_lock.
 */
#ifndef HSAT_EXECUTABLE_INTERNAL_H
#define HSAT_EXECUTABLE_INTERNAL_H

#include <pthread.h>

#include "runtime/include/hsat_cpu_kernel.h"
#include "runtime/runtime.h"

struct reader {
	void *bytes;
	size_t size;
	struct reader *next;
};

/* The first 64 bytes follow AMD's code object v3 kernel descriptor, which a kernel_object
 * addresses on ROCr: tools that read it find the segment sizes where they expect them. */
struct amd_style_kernel_descriptor {
	uint32_t group_segment_fixed_size;   /* offset 0 */
	uint32_t private_segment_fixed_size; /* 4 */
	uint32_t kernarg_size;               /* 8 */
	uint8_t reserved[52];
};

struct kernel_symbol {
	_Alignas(64) struct amd_style_kernel_descriptor descriptor; /* kernel_object points here */
	struct hsat_executable *executable;
	const struct hsat_cpu_kernel_descriptor *kernel;
	uint32_t flags;          /* HSAT_CPU_KERNEL_* (version 2 code objects) */
	struct kernel_symbol *next;
};

_Static_assert(sizeof(struct amd_style_kernel_descriptor) == 64, "a kernel descriptor is 64 bytes");
_Static_assert(offsetof(struct kernel_symbol, descriptor) == 0, "descriptor first");

struct hsat_loaded_object {
	void *library;           /* dlopen handle; NULL for an amdgcn object */
	int fd;                  /* its memfd, open while loaded (see open_copy); -1 if none */
	/* An amdgcn object (amdgcn_object.h) is not mapped: its kernels are read from the bytes
	 * and run by native implementations (entry NULL: none, the dispatch is refused). */
	struct hsat_cpu_kernel_descriptor *native_kernels;
	struct hsat_cpu_kernel_info *native_info; /* the flags of their CPU builds */
	struct hsat_cpu_code_object native_table;
	void *bytes;             /* the runtime's copy of the code object */
	size_t size;
	uintptr_t load_base;     /* where the object is mapped, and how far it extends */
	size_t load_size;
	struct hsat_executable *executable;
	struct hsat_loaded_object *next;
};

struct hsat_executable {
	hsa_profile_t profile;
	hsa_default_float_rounding_mode_t rounding;
	bool frozen;
	struct hsat_loaded_object *objects;
	struct kernel_symbol *symbols;
	struct hsat_executable *next;
};

extern pthread_mutex_t hsat_executables_lock;
extern struct hsat_executable *hsat_executables;

/* NULL unless handle names a live executable; call with the lock held. */
struct hsat_executable *hsat_executable_find_locked(uint64_t handle);

#endif /* HSAT_EXECUTABLE_INTERNAL_H */
