#!/bin/sh
# A hipcc-built program's own kernel on the CPU runtime: with its CPU build listed in
# HSATRACE_CPU_KERNELS it runs and computes the right values; without one (or with a file
# that cannot be loaded, which is named) its dispatch fails, one line names the kernel
# demangled and says how to give it a CPU build, and nothing runs silently. A bare file name
# is a file of the working directory (as in docs/kernels.md's example), not a library name
# for dlopen to search.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_square
kernels=$HIP_SAMPLES/hip_square_kernels.so
[ -f "$kernels" ] || skip_all "not built: $kernels"

HSATRACE_CPU_KERNELS=$kernels hip_run_cpu hip_square
hip_tap
hip_is_rc 0 "hip_square exits 0 with its CPU build"
has "$out" "PASS square() squared 1000 values (0 wrong)"
ok $? "the kernel ran from its CPU build"

HSATRACE_CPU_KERNELS= hip_run_cpu hip_square
[ "$rc" -ne 0 ]
ok $? "without a CPU build the program does not succeed (ROCclr stops it: $rc)"
has "$err" "kernel square(float*, float const*, int) (_Z6squarePfPKfi) has no CPU implementation"
ok $? "one line names the kernel, demangled and mangled" || diag "$err"
has "$err" "HSATRACE_CPU_KERNELS"
ok $? "and says how to give it one"
has "$out" "PASS square() squared"
ok $((! $?)) "no result is claimed"
is "$(printf '%s\n' "$err" | grep -c 'has no CPU implementation')" 1 "the line is printed once"

HSATRACE_CPU_KERNELS=/nonexistent/kernels.so hip_run_cpu hip_square
has "$err" "HSATRACE_CPU_KERNELS: cannot load /nonexistent/kernels.so"
ok $? "a file that cannot be loaded is named"
has "$err" "has no CPU implementation"
ok $? "and the kernel is still refused, not run"
mkdir "$hip_tmp/cwd" && cp "$kernels" "$hip_tmp/cwd/app.kernels.so"
out=$(cd "$hip_tmp/cwd" && HSATRACE_CPU_KERNELS=app.kernels.so hip_run_cpu hip_square &&
	printf '%s\n' "$out")
has "$out" "PASS square() squared 1000 values (0 wrong)"
ok $? "a bare file name in HSATRACE_CPU_KERNELS is loaded from the working directory"
done_testing
