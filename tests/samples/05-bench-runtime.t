#!/bin/sh
# The runtime benchmark's programs still run (short runs on the CPU runtime) and print each
# measure; their numbers are not judged here (no timing assertions in tests).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/samples/samples-lib.sh"
samples_require_cpu_runtime
bench=$HSATRACE_BUILD/bench/runtime
[ -x "$bench/dispatch_rate" ] && [ -x "$bench/signal_latency" ] &&
	[ -f "$bench/bench_kernels.so" ] || skip_all "bench/runtime programs not built ($bench)"
plan 6

run_capture env LD_LIBRARY_PATH="$CPU_RUNTIME" "$bench/dispatch_rate" \
	"$bench/bench_kernels.so" 200
is_rc 0 "dispatch_rate (200 dispatches) exits 0"
has "$out" "empty-kernel dispatch, pipelined (5 x 200 dispatches, one wait each): median "
ok $? "dispatch_rate prints the pipelined dispatch cost"
has "$out" "empty-kernel dispatch, round trip (51 x dispatch + wait): mean "
ok $? "dispatch_rate prints the round-trip cost"
has "$out" "empty kernel, 4194304 work-items in workgroups of 256: "
ok $? "dispatch_rate prints the cost per work-item"

run_capture env LD_LIBRARY_PATH="$CPU_RUNTIME" "$bench/signal_latency" 50
is_rc 0 "signal_latency (50 rounds) exits 0"
lines=$(printf '%s\n' "$out" | grep -cE '^signal wake-up, (blocked|active +) wait \(50 rounds\): median ')
is "$lines" 2 "signal_latency prints the blocked and the active wake-up latency"
done_testing
