#!/bin/sh
# bench/hip's launch benchmark still runs (a short run on the CPU runtime) and prints both
# measures; its numbers are not judged here (no timing assertions in tests).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
bench=$HSATRACE_BUILD/bench/hip
hip_require hip_device # hipcc, libamdhip64 and the CPU runtime
[ -x "$bench/hip_launch" ] && [ -f "$bench/hip_launch_kernels.so" ] ||
	skip_all "bench/hip's launch benchmark not built ($bench)"
plan 5

HIP_SAMPLES=$bench HSATRACE_CPU_KERNELS=$bench/hip_launch_kernels.so hip_run_cpu hip_launch 50
hip_is_rc 0 "hip_launch (50 launches a round) exits 0"
has "$out" "empty kernel, pipelined"
ok $? "it prints the pipelined launch cost"
has "$out" "empty kernel, hipDeviceSynchronize each"
ok $? "it prints the launch cost with hipDeviceSynchronize each"

HIP_SAMPLES=$bench hip_run_cpu hip_launch 0
hip_is_rc 2 "a bad launch count is a usage error"
has "$err" "usage: hip_launch"
ok $? "and says how to call it"
