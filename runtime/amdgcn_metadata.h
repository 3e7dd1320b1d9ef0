/*
 * amdgcn_metadata - the explicit arguments of a kernel, as an amdgcn code object's metadata
 * says: the NT_AMDGPU_METADATA note (MessagePack, code object v3 and later), whose
 * "amdhsa.kernels" list gives each kernel's ".symbol" and ".args" (".offset", ".size",
 * ".value_kind"; the "hidden_*" kinds are the runtime's, not the program's).
 */
#ifndef HSAT_RUNTIME_AMDGCN_METADATA_H
#define HSAT_RUNTIME_AMDGCN_METADATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/include/hsat_cpu_kernel.h"

#define HSAT_AMDGCN_MAX_ARGS 64

struct hsat_amdgcn_args {
	bool known;        /* false: no metadata for the kernel, or more than the maximum */
	uint32_t count;
	struct hsat_cpu_kernel_arg args[HSAT_AMDGCN_MAX_ARGS];
};

/* The explicit arguments of the kernel whose descriptor symbol is symbol (NAME.kd) in the
 * note's MessagePack description; out->known is false when the metadata does not say or is
 * malformed (never read past size). */
void hsat_amdgcn_metadata_args(const unsigned char *msgpack, size_t size, const char *symbol,
			       struct hsat_amdgcn_args *out);

#endif
