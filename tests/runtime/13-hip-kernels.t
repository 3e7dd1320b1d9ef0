#!/bin/sh
# Unmodified hipcc-built programs whose kernels run from the CPU builds `hsatrace kernels`
# wrote from the same sources (make builds NAME.kernels.so beside each program): vector add,
# a tiled matrix multiply (shared memory, __syncthreads, a template), a reduction (dynamic
# shared memory, atomics, a struct). Each checks its results against a CPU reference. Without
# a CPU build the dispatch fails with one line naming the kernel and the command that builds
# one; a CPU build of another source (a struct argument grown) is refused, not run: its
# arguments differ from the code object's metadata.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require matmul_tiled
kernels=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-kernels

for program in vector_add matmul_tiled reduction; do
	build=$HIP_SAMPLES/$program.kernels.so
	if [ ! -f "$build" ]; then
		ok 1 "$program: its CPU build $build exists"
		continue
	fi
	HSATRACE_CPU_KERNELS=$build hip_run_cpu "$program"
	hip_tap
	hip_is_rc 0 "$program exits 0 with its CPU build"
	[ "$hip_checks" -ge 3 ]
	ok $? "$program made its checks ($hip_checks)"
done
has "$out" "PASS atomicMin"
ok $? "the reduction's atomics were checked"

HSATRACE_CPU_KERNELS= hip_run_cpu matmul_tiled
[ "$rc" -ne 0 ]
ok $? "without a CPU build matmul_tiled does not succeed (rc $rc)"
has "$err" "kernel void matmul_tiled<16>(float const*, float const*, float*, dims)"
ok $? "one line names the kernel, demangled" || diag "$err"
has "$err" "hsatrace kernels FILE.hip -o FILE.kernels.so"
ok $? "and the command that builds its CPU build"
is "$(printf '%s\n' "$err" | grep -c 'has no CPU implementation')" 1 "the line is printed once"
has "$out" "PASS matmul_tiled"
ok $((! $?)) "no result is claimed"

# The same kernel, but its struct argument is now 512 bytes longer: refused, not run.
sed 's/int rows, inner, cols;/int rows, inner, cols; double grown[64];/' \
	"$HSATRACE_SRC/traces-samples/apps/hip/matmul_tiled.hip" >"$hip_tmp/grown.hip"
cp "$HSATRACE_SRC/traces-samples/apps/hip/hip_check.h" "$hip_tmp/"
"$kernels" "$hip_tmp/grown.hip" -o "$hip_tmp/grown.so" 2>"$hip_tmp/build.err"
ok $? "a CPU build of the changed source is made" || diag "$(cat "$hip_tmp/build.err")"
HSATRACE_CPU_KERNELS=$hip_tmp/grown.so hip_run_cpu matmul_tiled
[ "$rc" -ne 0 ]
ok $? "with a CPU build of another source the program does not succeed"
case "$err" in
*"kernel void matmul_tiled<16>"*"its CPU build reads argument 4 at offset "*"the code object's metadata puts it at "*) true ;;
*) false ;;
esac
ok $? "the mismatch is named, with the kernel" || diag "$err"
has "$out" "PASS matmul_tiled"
ok $((! $?)) "and nothing is computed with it"
done_testing
