#!/bin/sh
# The real pipeline on the CPU runtime: hsatrace record attaches libhsatrace.so to the
# matmul_pipeline sample (kernels, barriers, async copies) for a base run and two
# hardware-counter passes (the runtime's aqlprofile); unify keeps every event of the base
# run, materializes every kernel and copy at its exact GPU times, and attaches the counters
# to the base run's dispatches 1:1 (the sample is deterministic): SQ_WORK_ITEMS must equal
# each dispatch's grid size. One queue, so that no two kernels run at the same time (the
# counters are device-wide, as on hardware); several queues are covered by 02-gpu-passes.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

record=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-record
unify=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-unify
lib=$HSATRACE_BUILD/lib/hsatrace
app=$lib/samples/matmul_pipeline
for p in "$record" "$unify" "$app" "$lib/libhsatrace.so" "$lib/cpu-runtime/libhsa-runtime64.so.1"; do
	[ -e "$p" ] || skip_all "not built yet: $p"
done
plan 16

lttng_harness_start || exit 1
tmp=$LTTNG_HARNESS_DIR
val() { sed -n "s/^$1=//p" "$2"; }

"$record" --runtime cpu --no-kernel --counters SQ_WORK_ITEMS,SQ_WORKGROUPS --counters SQ_WAVES \
	-o "$tmp/rec" -- "$app" "$lib/samples/matmul_pipeline_kernels.so" 64 1 >/dev/null 2>"$tmp/rec.log"
ok $? "record matmul_pipeline with the tracer: a base run and two counter passes" ||
	sed 's/^/# /' "$tmp/rec.log" >&2
babeltrace2 "$tmp/rec/pass-0" >"$tmp/in.txt" 2>/dev/null
n_exec=$(grep -c ' hsa_activity:kernel_exec:' "$tmp/in.txt")
n_copy=$(grep -c ' hsa_activity:copy_exec:' "$tmp/in.txt")
[ "$n_exec" -gt 0 ] && [ "$n_copy" -gt 0 ]
ok $? "the base run has kernel_exec ($n_exec) and copy_exec ($n_copy) records"

"$unify" --summary "$tmp/rec" -o "$tmp/out" >"$tmp/sum" 2>"$tmp/unify.log"
ok $? "unify exits 0" || sed 's/^/# /' "$tmp/unify.log" >&2
babeltrace2 "$tmp/out" >"$tmp/out.txt" 2>/dev/null
ok $? "babeltrace2 reads the unified trace"
n_in=$(wc -l <"$tmp/in.txt")
is "$(grep -cv ' hsa_gpu:' "$tmp/out.txt")" "$n_in" "every event of the base run is in the output ($n_in)"
grep -v ' hsa_gpu:' "$tmp/out.txt" | cut -d' ' -f1,4- >"$tmp/out.cut"
cut -d' ' -f1,4- "$tmp/in.txt" >"$tmp/in.cut"
cmp -s "$tmp/in.cut" "$tmp/out.cut"
ok $? "and is in the output, unchanged and in order"
is "$(grep -c ' hsa_gpu:kernel_begin:' "$tmp/out.txt")/$(grep -c ' hsa_gpu:kernel_end:' "$tmp/out.txt")" \
	"$n_exec/$n_exec" "one kernel_begin and one kernel_end per kernel_exec"
is "$(grep -c ' hsa_gpu:copy_begin:' "$tmp/out.txt")/$(grep -c ' hsa_gpu:copy_end:' "$tmp/out.txt")" \
	"$n_copy/$n_copy" "one copy_begin and one copy_end per copy_exec"
is "$(val synthesized "$tmp/sum")" $((2 * n_exec + 2 * n_copy + 3 * n_exec)) \
	"synthesized: begin+end per kernel and copy, three counters per kernel"

babeltrace2 --clock-cycles "$tmp/out" 2>/dev/null | grep ' hsa_gpu:\(kernel\|copy\)_\(begin\|end\):' |
	sed -E 's/^\[0*([0-9]+)\].*_(begin|end):.*gpu_begin_ns = ([0-9]+), gpu_end_ns = ([0-9]+).*/\1 \2 \3 \4/' >"$tmp/times"
bad=$(awk '($2 == "begin" && $1 != $3) || ($2 == "end" && $1 != $4) || NF != 4 { n++ } END { print n + 0 }' "$tmp/times")
is "$bad" 0 "GPU events sit exactly at gpu_begin_ns / gpu_end_ns"
is "$(wc -l <"$tmp/times")" $((2 * n_exec + 2 * n_copy)) "all of them checked"
schema=$(sed -n 's/.*hsa_meta:trace_info:.*schema_version = "\([^"]*\)".*/\1/p' "$tmp/in.txt" | head -n 1)
babeltrace2 --output-format=ctf-metadata "$tmp/out" | grep -q "hsatrace_schema_version = \"$schema\""
ok $? "the schema version ($schema) is in the environment"

is "$(val matched "$tmp/sum") $(val unmatched_pass "$tmp/sum") $(val unmatched_base "$tmp/sum")" \
	"$((2 * n_exec)) 0 0" "every dispatch of both passes matches a base dispatch"
is "$(val counters "$tmp/sum")" $((3 * n_exec)) "three counters attached to each of the $n_exec kernels"
# SQ_WORK_ITEMS (measured in pass 1) against the grid of the base run's packet_submit.
sed -n 's/.*hsa_activity:packet_submit:.*queue_id = \([0-9]*\), packet_index = \([0-9]*\),.*grid_x = \([0-9]*\), grid_y = \([0-9]*\), grid_z = \([0-9]*\).*/\1 \2 \3 \4 \5/p' \
	"$tmp/out.txt" | awk '{ print $1, $2, $3 * $4 * $5 }' | sort >"$tmp/grids"
grep ' hsa_gpu:kernel_counter:.*counter = "SQ_WORK_ITEMS"' "$tmp/out.txt" |
	sed 's/.*queue_id = \([0-9]*\), packet_index = \([0-9]*\),.*value = \([0-9]*\).*/\1 \2 \3/' | sort >"$tmp/items"
is "$(wc -l <"$tmp/items")" "$n_exec" "one SQ_WORK_ITEMS per kernel"
[ -s "$tmp/items" ] && [ "$(comm -23 "$tmp/items" "$tmp/grids" | wc -l)" = 0 ]
ok $? "each SQ_WORK_ITEMS value is its dispatch's grid size" || cat "$tmp/items" "$tmp/grids" >&2

done_testing
