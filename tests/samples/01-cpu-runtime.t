#!/bin/sh
# Every sample program runs to completion on the CPU runtime and verifies its results
# against its own CPU reference.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/samples/samples-lib.sh"
samples_require_built
samples_require_cpu_runtime
plan 22

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

run_cpu error_path "$SAMPLES/error_path_kernels.so"
is_rc 0 "error_path exits 0"
failed=$(printf '%s\n' "$out" | grep '^FAIL ')
is "$failed" "" "error_path: no check failed"
checks=$(printf '%s\n' "$out" | grep -c '^ok [0-9]* - ')
summary=$(printf '%s\n' "$out" | sed -n 's/^error_path: \([0-9]*\) of \([0-9]*\) checks.*/\1 \2/p')
is "$summary" "$checks $checks" "error_path: its summary counts every printed check as passed"
[ "$checks" -ge 40 ]
ok $? "error_path ran at least 40 checks ($checks)"
has "$out" "queue error callback for a reserved packet type: HSA_STATUS_ERROR_INVALID_PACKET_FORMAT"
ok $? "error_path: a bad packet header reaches the queue error callback"
has "$out" "hsa_signal_destroy of a destroyed signal: HSA_STATUS_ERROR_INVALID_SIGNAL"
ok $? "error_path: a stale signal handle is refused"
done_testing
