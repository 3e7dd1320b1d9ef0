#!/bin/sh
# HIP memory on the CPU runtime: hipMalloc/hipFree, hipHostMalloc, hipHostRegister, hipMemcpy
# and hipMemcpyAsync in every direction, hipMemcpy2D, hipMemset; ROCclr's blit kernels
# (copies and fills) run natively and the bytes are compared.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_memory

hip_run_cpu hip_memory
hip_tap
hip_is_rc 0 "hip_memory exits 0 on the CPU runtime"
[ "$hip_checks" -ge 50 ]
ok $? "hip_memory made its checks ($hip_checks)"
done_testing
