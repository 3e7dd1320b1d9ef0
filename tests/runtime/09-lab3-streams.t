#!/bin/sh
# Lab 3 (docs/labs/03-streams.md), its commands run as the lab gives them: hip_streams'
# pipeline recorded with a synchronous hipMemcpy in the loop and with hipMemcpyAsync,
# unified, exported to CSV and measured by docs/labs/03-overlap.sh. The lab's claims, computed
# from the traces: with the synchronous copy no copy runs during a kernel and no two kernels
# run at once, the null stream's queue holds barriers only and the streams' queues never
# more than one chunk (4 packets); with hipMemcpyAsync the two streams overlap. 03-overlap.sh
# finds its columns by name: a CSV with one more column, quoted and holding a comma and
# quotes, measures the same.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_streams
kernels=$HIP_SAMPLES/hip_streams_kernels.so
hsat=$HSATRACE_BUILD/bin/hsatrace
overlap=$HSATRACE_SRC/docs/labs/03-overlap.sh
hip_record_require "$kernels" "$hsat" "$overlap"
plan 15
hip_record_start

# value NAME FILE: the number 03-overlap.sh printed for NAME
value() { awk -v name="$1" '$1 == name { print $2 }' "$2"; }

for mode in pipeline-sync pipeline; do
	# a sanitized tracer in an unsanitized program: libasan first
	HSATRACE_CPU_KERNELS=$kernels hip_capture env LD_PRELOAD="$(hip_asan_preload "$tracer")" \
		"$record" --no-kernel --runtime cpu -o "$tmp/rec-$mode" -- \
		"$HIP_SAMPLES/hip_streams" "$mode"
	hip_is_rc 0 "record of hip_streams $mode exits 0"
	case "$out" in
	*"churn() right (0 wrong)"*) ok 0 "$mode: the results are right under the tracer" ;;
	*) ok 1 "$mode: the results are right under the tracer" ;;
	esac
	"$hsat" unify "$tmp/rec-$mode" -o "$tmp/$mode" >/dev/null 2>"$tmp/unify.err" &&
		"$hsat" export -f csv -o "$tmp/$mode-csv" "$tmp/$mode" 2>"$tmp/export.err"
	ok $? "$mode: unified and exported to CSV" || cat "$tmp/unify.err" "$tmp/export.err" >&2
	sh "$overlap" "$tmp/$mode-csv" >"$tmp/$mode.overlap" 2>&1
	ok $? "$mode: 03-overlap.sh measures it: $(tr '\n' ' ' <"$tmp/$mode.overlap")"
done

sync=$tmp/pipeline-sync.overlap async=$tmp/pipeline.overlap
is "$(value copy_while_kernel "$sync") $(value kernels_together "$sync")" "0.0 0.0" \
	"synchronous hipMemcpy: no copy during a kernel, no two kernels at once"
"$hsat" stats -s queues -f csv "$tmp/pipeline-sync" >"$tmp/queues.csv"
# the null stream's queue: packets, none of them kernels
awk -F, '$1 == "queues" && $5 > 0 && $6 == 0' "$tmp/queues.csv" | grep -q .
ok $? "synchronous hipMemcpy: a third queue (the null stream's) holds barriers only"
[ "$(awk -F, '$1 == "queues" && $6 > 0 { print $8 }' "$tmp/queues.csv" | sort -n | tail -n 1)" -le 4 ]
ok $? "synchronous hipMemcpy: at most 4 packets (one chunk) in flight on the streams' queues" ||
	cat "$tmp/queues.csv" >&2
awk '$1 == "copy_while_kernel" && $2 > 0 { found = 1 } END { exit !found }' "$async"
ok $? "hipMemcpyAsync: copies ran while kernels ran ($(value copy_while_kernel "$async") ms)"
[ "$(value kernels "$sync")" != "" ] && [ "$(value copies "$async")" != "" ]
ok $? "both traces have kernels and copies to measure"
has_kernels=$(awk -F, 'NR > 1' "$tmp/pipeline-csv/kernels.csv" | wc -l)
is "$has_kernels" 8 "hipMemcpyAsync: the trace has the 8 kernels"

# One more column, first and last (values with a comma and quotes, RFC 4180-quoted).
mkdir "$tmp/wider-csv"
for table in kernels copies; do
	awk 'NR == 1 { print "note," $0 ",later"; next }
		{ print "\"a, \"\"b\"\"\"," $0 ",\"c,d\"" }' \
		"$tmp/pipeline-csv/$table.csv" >"$tmp/wider-csv/$table.csv"
done
sh "$overlap" "$tmp/wider-csv" >"$tmp/wider.overlap" 2>&1
is "$(cat "$tmp/wider.overlap")" "$(cat "$async")" \
	"03-overlap.sh reads the columns by name: one more column changes nothing"
