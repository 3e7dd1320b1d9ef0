#!/bin/sh
# vector_copy, matmul_pipeline and multi_thread run to completion on the CPU runtime and
# verify their results against their own CPU reference (error_path: 04-error-path.t).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/samples/samples-lib.sh"
samples_require_built
samples_require_cpu_runtime
plan 15

run_cpu vector_copy "$SAMPLES/vector_copy_kernels.so"
is_rc 0 "vector_copy exits 0"
has "$out" "vector_copy: 65536 values copied on the GPU agent, result verified"
ok $? "vector_copy verified 65536 values"
run_cpu vector_copy "$SAMPLES/vector_copy_kernels.so" 1000
is_rc 0 "vector_copy of 1000 values (a partial workgroup) exits 0"
has "$out" "1000 values copied"
ok $? "vector_copy verified 1000 values"

run_cpu matmul_pipeline "$SAMPLES/matmul_pipeline_kernels.so"
is_rc 0 "matmul_pipeline exits 0"
has "$out" "matmul_pipeline: N=128 queues=3, C and row sums match the CPU reference"
ok $? "matmul_pipeline (N=128, 3 queues) matches the CPU reference"
kernels=$(printf '%s\n' "$out" | grep -c '^  kernel ')
is "$kernels" 4 "matmul_pipeline prints the profiled time of its 4 kernels"
copies=$(printf '%s\n' "$out" | grep -c '^  copy ')
is "$copies" 4 "matmul_pipeline prints the profiled time of its 4 async copies"
negative=$(printf '%s\n' "$out" | grep -E '^  (kernel|copy) ' | awk '$NF == "us" && $(NF-1) < 0' | wc -l)
is "$negative" 0 "every profiled time has begin <= end"
run_cpu matmul_pipeline "$SAMPLES/matmul_pipeline_kernels.so" 37 4
is_rc 0 "matmul_pipeline N=37 on 4 queues exits 0"
has "$out" "N=37 queues=4, C and row sums match"
ok $? "matmul_pipeline N=37 on 4 queues matches the CPU reference"

run_cpu multi_thread "$SAMPLES/multi_thread_kernels.so"
is_rc 0 "multi_thread exits 0"
has "$out" "multi_thread: 4 threads x 16 dispatches on their own queues verified, baton passed in order"
ok $? "multi_thread (4 threads) verified its buffers and the baton order"
run_cpu multi_thread "$SAMPLES/multi_thread_kernels.so" 12 3
is_rc 0 "multi_thread with 12 threads exits 0"
has "$out" "12 threads x 3 dispatches"
ok $? "multi_thread (12 threads, more than the cores) verified"

done_testing
