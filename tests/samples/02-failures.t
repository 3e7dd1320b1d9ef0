#!/bin/sh
# The samples fail cleanly: usage errors exit 2, a missing code object or kernel exits 1 with
# a message, and a code object computing a wrong result is caught by the CPU reference check.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/samples/samples-lib.sh"
samples_require_built
samples_require_cpu_runtime
broken=$HSATRACE_BUILD/tests/samples/broken_kernels.so
[ -f "$broken" ] || skip_all "broken_kernels.so not built ($broken)"
plan 16

for n in $SAMPLE_NAMES; do
	run_cpu "$n"
	is_rc 2 "$n without arguments is a usage error (2)"
done
run_cpu matmul_pipeline "$SAMPLES/matmul_pipeline_kernels.so" 0
is_rc 2 "matmul_pipeline N=0 is a usage error"
run_cpu multi_thread "$SAMPLES/multi_thread_kernels.so" many
is_rc 2 "multi_thread THREADS=many is a usage error"
run_cpu vector_copy --help
is_rc 0 "vector_copy --help exits 0"

run_cpu vector_copy "$samples_tmp/no-such-code-object.so"
is_rc 1 "vector_copy with a missing code object exits 1"
has "$err" "failed to open the code object"
ok $? "... saying it could not open the code object"
run_cpu matmul_pipeline "$SAMPLES/vector_copy_kernels.so"
is_rc 1 "matmul_pipeline with a code object lacking its kernels exits 1"
has "$err" "failed to find the kernel symbol: status=0x1013 HSA_STATUS_ERROR_INVALID_SYMBOL_NAME"
ok $? "... naming the HSA status"

run_cpu vector_copy "$broken"
is_rc 1 "vector_copy with a wrong kernel exits 1"
has "$err" "failed to verify the copy: mismatches=1 "
ok $? "... reporting the one wrong value"
run_cpu matmul_pipeline "$broken" 32 2
is_rc 1 "matmul_pipeline with a wrong kernel exits 1"
has "$err" "failed to verify C and the row sums: mismatches=2 "
ok $? "... reporting the wrong element and its row sum"
run_cpu multi_thread "$broken" 3 2
is_rc 1 "multi_thread with a wrong kernel exits 1 (and does not hang on the baton)"
done_testing
