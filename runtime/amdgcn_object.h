/*
 * amdgcn_object - the kernels of an AMD GPU (amdgcn) code object, read from its bytes.
 *
 * HIP and OpenCL (ROCclr) hand the runtime amdgcn ELF code objects: their own blit kernels,
 * compiled at run time by comgr, and the device code of hipcc-built programs. The emulated
 * GPU cannot run amdgcn instructions; it reads each kernel's name and its 64-byte kernel
 * descriptor (the `NAME.kd` symbol: group, private and kernarg segment sizes at offsets 0, 4,
 * 8), so that the executable offers the same symbols as ROCr and a native implementation can
 * stand in for the kernel (blit_kernels.h); and, from the metadata note, where its explicit
 * arguments are (amdgcn_metadata.h), so that a CPU build that reads them elsewhere is refused.
 */
#ifndef HSAT_RUNTIME_AMDGCN_OBJECT_H
#define HSAT_RUNTIME_AMDGCN_OBJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/amdgcn_metadata.h"

#define HSAT_AMDGCN_DESCRIPTOR_SIZE 64

struct hsat_amdgcn_kernel {
	char *name;                                          /* without ".kd" */
	uint8_t descriptor[HSAT_AMDGCN_DESCRIPTOR_SIZE];     /* AMD kernel descriptor, verbatim */
	struct hsat_amdgcn_args args;                        /* its explicit arguments */
};

struct hsat_amdgcn_object {
	size_t kernel_count;
	struct hsat_amdgcn_kernel *kernels;
};

/* A 64-bit little-endian ELF for EM_AMDGPU (any type): the bytes say so, nothing more. */
bool hsat_amdgcn_is_object(const void *bytes, size_t size);

/* The kernels of a whole amdgcn image; NULL when it is malformed (headers, the symbol table
 * or a descriptor outside the image) or out of memory. */
struct hsat_amdgcn_object *hsat_amdgcn_object_create(const void *bytes, size_t size);
void hsat_amdgcn_object_destroy(struct hsat_amdgcn_object *object);

#endif
