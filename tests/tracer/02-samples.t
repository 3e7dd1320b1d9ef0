#!/bin/sh
# Every sample program recorded with the tracer (LD_PRELOAD) on the CPU runtime, in a real
# session, read back with babeltrace2: calls pair up with their status, packets, kernels,
# copies and code objects are all there with the right names, kernel times fall inside their
# submit -> completion window, packets link to the doorbell store that submitted them, and
# each program prints exactly what it prints untraced.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/tracer/tracer-lib.sh"
tracer_start "$@"

sample() { # NAME: untraced and traced runs of a sample
	tracer_run "$1-plain" LD_LIBRARY_PATH="$CPU_RUNTIME" -- \
		"$SAMPLES/$1" "$SAMPLES/$1_kernels.so"
	tracer_record "$1" LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" -- \
		"$SAMPLES/$1" "$SAMPLES/$1_kernels.so"
	ok $? "$1: recorded and read back"
	same_output "$1-plain" "$1"
	ok $? "$1: output and exit status identical with and without the tracer"
	is "$(stat "$1" unpaired)" 0 "$1: every API entry has its exit, same function"
	is "$(stat "$1" trace_infos)" 1 "$1: one hsa_meta:trace_info"
	ok $([ "$(stat "$1" "exits hsa_init 0")" -ge 1 ]; echo $?) "$1: hsa_init recorded, succeeding"
	is "$(stat "$1" exec_unmatched)" 0 "$1: every kernel execution matches its packet and correlation id"
	is "$(stat "$1" exec_bad_window)" 0 "$1: kernel begin <= end, inside submit -> completion"
	is "$(stat "$1" packet_uncorrelated)" 0 "$1: every packet links to the doorbell store of its thread"
	is "$(stat "$1" code_object_loads)" "$(stat "$1" "exits hsa_executable_load_agent_code_object 0")" \
		"$1: one code_object_load per successful load"
	is "$(stat "$1" code_object_unloads)" "$(stat "$1" code_object_loads)" \
		"$1: every code object unloaded"
	is "$(stat "$1" alloc_bytes_unfreed)" 0 "$1: allocations and frees balance"
}

sample vector_copy
is "$(stat vector_copy dispatches)" 1 "vector_copy: one dispatch"
is "$(stat vector_copy "kernel vector_copy")" 1 "vector_copy: its execution, named vector_copy"

sample matmul_pipeline
# The program prints one line per kernel and per copy it timed, and how many queues it used.
out=$TR/matmul_pipeline-plain.out
queues=$(sed -n 's/.*queues=\([0-9]*\).*/\1/p' "$out")
is "$(stat matmul_pipeline dispatches)" "$(grep -c '^  kernel ' "$out")" \
	"matmul_pipeline: one dispatch per kernel it reports"
is "$(stat matmul_pipeline barriers)" $((queues + 1)) \
	"matmul_pipeline: a barrier per queue, and one before row_sums"
is "$(stat matmul_pipeline "kernel matmul_rows")" "$(grep -c '^  kernel matmul_rows' "$out")" \
	"matmul_pipeline: matmul_rows executions, by name"
is "$(stat matmul_pipeline "kernel row_sums")" "$(grep -c '^  kernel row_sums' "$out")" \
	"matmul_pipeline: row_sums executions, by name"
is "$(stat matmul_pipeline copies)" "$(stat matmul_pipeline "exits hsa_amd_memory_async_copy 0")" \
	"matmul_pipeline: one copy execution per successful async copy"
is "$(stat matmul_pipeline copies)" "$(grep -c '^  copy ' "$out")" \
	"matmul_pipeline: as many copies as it reports"
is "$(stat matmul_pipeline copy_bad_window)" 0 "matmul_pipeline: copy begin <= end <= completion"
# Barrier packets name the signals they wait for: the one before row_sums waits for exactly
# the completion signals of the matmul_rows dispatches (lab 1's "which packet waited for which").
grep ' hsa_activity:packet_submit:' "$TR/matmul_pipeline.txt" |
	awk -f "$HSATRACE_SRC/tests/lib/bt-text.awk" \
		-f "$HSATRACE_SRC/tests/tracer/check-barrier-deps.awk" >"$TR/deps.out"
is "$(cat "$TR/deps.out")" ok "matmul_pipeline: the last barrier-AND depends on every matmul_rows completion signal"

sample multi_thread
n=$(sed -n 's/.* \([0-9]*\) threads x \([0-9]*\) dispatches.*/\1 \2/p' \
	"$TR/multi_thread-plain.out" | awk '{ print $1 * $2 }')
is "$(stat multi_thread dispatches)" "$n" "multi_thread: all $n dispatches from its threads"
is "$(stat multi_thread "kernel add_value")" "$n" "multi_thread: $n add_value executions"

sample error_path
# String arguments are recorded as text, bounded and marked when cut; an unreadable one as "-".
names=$(grep ' hsa_api_entry:hsa_executable_get_symbol_by_name:' "$TR/error_path.txt" |
	sed -E 's/.*symbol_name = "([^"]*)", symbol_name_truncated = ([0-9]+).*/\1 \2/')
long=$(printf '%0255d' 0 | tr 0 x)
printf '%s\n' "$names" | grep -qx 'noop 0'
ok $? "error_path: symbol names recorded as text (noop)" || diag "$names"
printf '%s\n' "$names" | grep -qx "$long 1"
ok $? "error_path: a 300-byte name recorded as its first 255 bytes, marked truncated" || diag "$names"
[ "$(printf '%s\n' "$names" | grep -c '^- 0$')" -ge 2 ]
ok $? "error_path: the NULL and the unreadable names recorded as \"-\"" || diag "$names"
# Each check the program prints names the function and the status it got; the exit event of
# that function must carry it. Calls made before hsa_init never reach a tool (the runtime
# loads tools during hsa_init), except hsa_init/hsa_shut_down, which the preload interposes.
sed -n 's/^\(ok\|FAIL\) [0-9]* - \(hsa_[a-z_]*\)[ :].*: \(got \)\{0,1\}\(HSA_STATUS_[A-Z_]*\).*/\2 \4/p' \
	"$TR/error_path.out" >"$TR/error_path.checks"
missing=0
checked=0
while read -r fn st; do
	case "$st:$fn" in
	HSA_STATUS_ERROR_NOT_INITIALIZED:hsa_init | HSA_STATUS_ERROR_NOT_INITIALIZED:hsa_shut_down) ;;
	HSA_STATUS_ERROR_NOT_INITIALIZED:*) continue ;;
	esac
	checked=$((checked + 1))
	n=$(stat error_path "exits $fn $(status_value "$st")")
	[ "$n" -gt 0 ] || { missing=$((missing + 1)); diag "no exit of $fn with $st"; }
done <"$TR/error_path.checks"
ok $([ "$checked" -ge 40 ]; echo $?) "error_path: $checked checked calls found in its output"
is "$missing" 0 "error_path: each checked call's exit carries the status the program got"

done_testing
