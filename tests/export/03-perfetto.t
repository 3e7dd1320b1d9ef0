#!/bin/sh
# hsatrace export --format perfetto on the sample traces: a JSON file (parsed by perl's
# JSON::PP, tests/export/perfetto_summary.pl) whose API slices, kernel slices and copy
# slices are as many as `hsatrace stats -f csv` counts calls, launches (per name) and copies;
# API slices nest per thread; every flow arrow's end has its start; one named track per
# queue and copy direction; barrier packets and counters as babeltrace2 counts them.
. "$(dirname "$0")/../lib/tap.sh"
bin=$HSATRACE_BUILD/libexec/hsatrace
export_=$bin/hsatrace-export
stats=$bin/hsatrace-stats
samples=$HSATRACE_SRC/traces-samples/traces
summary=$HSATRACE_SRC/tests/export/perfetto_summary.pl
[ -x "$export_" ] || skip_all "hsatrace-export not built ($export_)"
[ -x "$stats" ] || skip_all "hsatrace-stats not built ($stats)"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 not installed"
perl -MJSON::PP -e 1 2>/dev/null || skip_all "perl's JSON::PP missing"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) not installed"
plan 48
export LC_ALL=C
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

val() { sed -n "s/^$1=//p" "$tmp/summary"; }
. "$HSATRACE_SRC/tests/export/stats_csv.sh"
# stats_sum SECTION COLUMN: the sum of one column of a section of `hsatrace stats -f csv`.
stats_sum() {
	_sum=$(stats_query "$tmp/stats.csv" "$1" "SELECT SUM($2) FROM t")
	echo "${_sum:-0}"
}

for name in vector_copy matmul_pipeline multi_thread; do
	trace=$samples/$name/trace
	out=$tmp/$name.json
	"$export_" -f perfetto -o "$out" "$trace" 2>"$tmp/err"
	ok $? "$name: exported" || diag "$(cat "$tmp/err")"
	perl "$summary" <"$out" >"$tmp/summary" 2>"$tmp/err"
	ok $? "$name: the file is JSON" || diag "$(cat "$tmp/err")"
	"$stats" -f csv "$trace" >"$tmp/stats.csv" 2>/dev/null
	bt=$(babeltrace2 "$trace")
	is "$(val slice_api)" "$(stats_sum api calls)" "$name: one API slice per call of stats"
	is "$(val slice_kernel)" "$(stats_sum kernels launches)" "$name: one kernel slice per launch of stats"
	is "$(sed -n 's/^kernel=//p' "$tmp/summary")" \
		"$(stats_rows "$tmp/stats.csv" kernels "kernel, launches")" \
		"$name: kernel slices per (demangled) name = stats launches"
	is "$(val slice_copy)" "$(stats_sum copies count)" "$name: one copy slice per copy of stats"
	is "$(val bad_nesting)" 0 "$name: API slices nest on each thread"
	is "$(val bad_fields)" 0 "$name: every event has pid and tid, every slice ts and dur"
	is "$(val flow_ends)" "$(($(val slice_kernel) + $(val slice_copy)))" \
		"$name: a flow arrow into each kernel and copy"
	is "$(val flow_unmatched)" 0 "$name: each arrow starts at its launch, before it ends"
	is "$(val counter)" "$(printf '%s\n' "$bt" | grep -c ' hsa_activity:counter: ')" \
		"$name: one counter sample per counter event"
	is "$(($(val instant_barrier_and) + $(val instant_barrier_or)))" \
		"$(printf '%s\n' "$bt" | grep ' hsa_activity:packet_submit: ' |
			grep -cE 'packet_type = (3|5),')" "$name: each barrier packet on its queue"
	is "$(val meta_process_name)" \
		"$(printf '%s\n' "$bt" | grep -oE 'vpid = [0-9]+' | sort -u | wc -l)" \
		"$name: each process named"
	threads=$(printf '%s\n' "$bt" | grep -oE 'vpid = [0-9]+, vtid = [0-9]+' | sort -u | wc -l)
	is "$(($(val meta_thread_name) - $(grep -c '^track=' "$tmp/summary")))" "$threads" \
		"$name: each thread named"
	want=$(stats_query "$tmp/stats.csv" queues \
		"SELECT DISTINCT 'queue ' || queue_id FROM t WHERE kernel_packets > 0")
	is "$(sed -n 's/^track=\(queue .*\)/\1/p' "$tmp/summary" | sort)" "$want" \
		"$name: a track per queue, named"
done

is "$(val time_unit)" ns "displayTimeUnit is ns"
"$export_" -f perfetto -o - "$samples/multi_thread/trace" 2>/dev/null | cmp -s - "$tmp/multi_thread.json"
ok $? "-o - writes the same to standard output"
"$export_" -f perfetto -o "$tmp/multi_thread.json" "$samples/multi_thread/trace" 2>/dev/null
is $? 1 "an existing file without --force: exit 1"
