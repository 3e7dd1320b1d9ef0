#!/bin/sh
# Debian's HIP runtime (libamdhip64 5.2.3, ROCclr) on the CPU runtime: one device, the ISA
# gfx906, and properties that are the CPU runtime's (compute units = HSATRACE_CPU_WORKERS).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_device

HSATRACE_CPU_WORKERS=3 hip_run_cpu hip_device 3
hip_tap
hip_is_rc 0 "hip_device exits 0 on the CPU runtime"
[ "$hip_checks" -ge 20 ]
ok $? "hip_device made its checks ($hip_checks)"

HSATRACE_CPU_WORKERS=5 hip_run_cpu hip_device 5
hip_is_rc 0 "with 5 workers, HIP sees 5 compute units"
done_testing
