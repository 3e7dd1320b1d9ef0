#!/bin/sh
# hsatrace stats and report on real recordings: the matmul_pipeline and multi_thread samples,
# recorded by `hsatrace record` with the tracer on the CPU runtime. Every table equals what
# expect.awk computes from babeltrace2's output, and the samples' documented structure shows.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

B=$HSATRACE_BUILD
record=$B/libexec/hsatrace/hsatrace-record
stats=$B/libexec/hsatrace/hsatrace-stats
report=$B/libexec/hsatrace/hsatrace-report
unify=$B/libexec/hsatrace/hsatrace-unify
S=$B/lib/hsatrace/samples
skip_unless_built "$record" "$stats" "$report" "$B/lib/hsatrace/libhsatrace.so" \
	"$B/lib/hsatrace/cpu-runtime/libhsa-runtime64.so.1" "$S/matmul_pipeline" "$S/multi_thread" \
	"$S/error_path"
plan 23
export LC_ALL=C

lttng_harness_start
ok $? "private lttng-sessiond started"
tmp=$LTTNG_HARNESS_DIR
queues=3 threads=3
# A failed recording is the recorder's, tracer's or runtime's problem, tested in their own
# folders: the checks that need it are skipped, saying why, instead of failing here.
recorded() { # NAME DIR PROGRAM ARGS...
	name=$1 dir=$2
	shift 2
	if "$record" --runtime cpu --no-kernel --events all -o "$dir" -- "$@" >"$tmp/$name.log" 2>&1
	then
		return 0
	fi
	diag "recording $name failed; its checks are skipped:"
	sed 's/^/#   /' "$tmp/$name.log" | head -20 >&2
	return 1
}
recorded matmul_pipeline "$tmp/mm" "$S/matmul_pipeline" "$S/matmul_pipeline_kernels.so" 64 $queues
mm_ok=$?
recorded multi_thread "$tmp/mt" "$S/multi_thread" "$S/multi_thread_kernels.so" $threads 4
mt_ok=$?
recorded error_path "$tmp/ep" "$S/error_path" "$S/error_path_kernels.so"
ep_ok=$?

. "$HSATRACE_SRC/tests/stats/expected-rows.sh"
# PAGE KEY: what a report's timeline holds (tests/report/page_counts.pl reads its data).
page_count() { perl "$HSATRACE_SRC/tests/report/page_counts.pl" "$1" | awk -v k="$2" '$1 == k { print $2 }'; }
check_matmul_pipeline() {
	for s in api kernels copies queues waits; do
		g=$(got "$tmp/mm" $s)
		w=$(expected "$tmp/mm" $s)
		[ -n "$w" ] && [ "$g" = "$w" ]
		ok $? "matmul_pipeline: the $s table equals the independent computation" ||
			{ diag "got:"; diag "$g"; diag "want:"; diag "$w"; }
	done

	# What the sample does (traces-samples/README.md): per queue a barrier-AND then matmul_rows,
	# then on queue 0 a barrier-AND on every band and row_sums; four copies, two each way.
	# (the table is ordered by total time, which the machine's load decides: compare as a set)
	k=$(got "$tmp/mm" kernels | awk -F, '{ printf "%s=%s ", $2, $3 }' | tr ' ' '\n' | sort | tr '\n' ' ')
	is "$k" "matmul_rows=$queues row_sums=1 " "one matmul_rows per queue, one row_sums"
	o=$(got "$tmp/mm" queues | awk -F, '{ n++; o += $7 } END { print n ":" o }')
	is "$o" "$queues:$((queues + 1))" "$queues queues holding $((queues + 1)) barrier packets"
	c=$(got "$tmp/mm" copies | awk -F, '{ printf "%s=%s ", $2, $3 }' | tr ' ' '\n' | sort | tr '\n' ' ')
	is "$c" "device-to-host=2 host-to-device=2 " "two copies each way"
	hot=$(got "$tmp/mm" api | grep -c '^api,hsa_queue_load_read_index_scacquire,\|^api,hsa_signal_store_screlease,')
	is "$hot" 2 "hot functions (recorded with --events all) are in the api table"

	"$report" -o "$tmp/mm.html" "$tmp/mm" && xmllint --noout "$tmp/mm.html"
	ok $? "report on the real recording: a well-formed page"
	counters=$(babeltrace2 "$tmp/mm" | grep ' hsa_activity:counter:' |
		sed 's/.*name = "\([^"]*\)", scope = "\([^"]*\)", id = \([0-9A-Fx]*\).*/\1 \2 \3/' |
		sort -u | wc -l)
	"$report" --max-lanes 2 -o "$tmp/mm2.html" "$tmp/mm" &&
		[ "$(page_count "$tmp/mm2.html" counters)" = 2 ] &&
		grep -q "Only the first 2 of $counters counters are drawn" "$tmp/mm2.html"
	ok $? "--max-lanes 2 draws 2 of the $counters counters and says so"
	bars=$(page_count "$tmp/mm.html" bars_kernel)
	is "$bars" "$(babeltrace2 "$tmp/mm" | grep -c ' hsa_activity:kernel_exec:')" \
		"one kernel bar per kernel_exec"

	# The unified trace holds kernel_exec/copy_exec and the hsa_gpu events made from them.
	if [ ! -x "$unify" ]; then
		skip 3 "hsatrace-unify not built ($unify)"
	elif ! "$unify" "$tmp/mm" -o "$tmp/mm.unified" >"$tmp/unify.log" 2>&1; then
		diag "unify failed:"
		sed 's/^/#   /' "$tmp/unify.log" | head -20 >&2
		skip 3 "hsatrace unify failed on the recording"
	else
		gpu=$(babeltrace2 "$tmp/mm.unified" | grep -c ' hsa_gpu:kernel_end:')
		is "$gpu" "$(babeltrace2 "$tmp/mm" | grep -c ' hsa_activity:kernel_exec:')" \
			"the unified trace has an hsa_gpu:kernel_end per kernel_exec"
		"$stats" -f csv "$tmp/mm" | grep -v '^$' >"$tmp/raw.csv"
		"$stats" -f csv "$tmp/mm.unified" | grep -v '^$' >"$tmp/unified.csv"
		cmp -s "$tmp/raw.csv" "$tmp/unified.csv"
		ok $? "stats of the unified trace equal those of the recording (nothing counted twice)" ||
			diag "$(diff "$tmp/raw.csv" "$tmp/unified.csv" | head -10)"
		"$report" -o "$tmp/unified.html" "$tmp/mm.unified"
		is "$(page_count "$tmp/unified.html" bars_kernel)" "$gpu" \
			"report of the unified trace: one kernel bar per dispatch"
	fi
}

check_multi_thread() {
	for s in api kernels queues waits; do
		g=$(got "$tmp/mt" $s)
		w=$(expected "$tmp/mt" $s)
		[ -n "$w" ] && [ "$g" = "$w" ]
		ok $? "multi_thread: the $s table equals the independent computation" ||
			{ diag "got:"; diag "$g"; diag "want:"; diag "$w"; }
	done
	n=$(got "$tmp/mt" waits | wc -l)
	is "$n" "$threads" "multi_thread: each of the $threads threads blocks in signal waits"
}

check_error_path() {
	g=$(got "$tmp/ep" api)
	w=$(expected "$tmp/ep" api)
	[ -n "$w" ] && [ "$g" = "$w" ]
	ok $? "error_path: the api table, errors included, equals the independent computation" ||
		{ diag "got:"; diag "$g"; diag "want:"; diag "$w"; }
	n=$(printf '%s\n' "$g" | awk -F, '{ n += $9 } END { print n + 0 }')
	[ "$n" -gt 0 ]
	ok $? "error_path: its failed calls are counted ($n)"
}

if [ $mm_ok = 0 ]; then check_matmul_pipeline; else skip 15 "the matmul_pipeline recording failed"; fi
if [ $mt_ok = 0 ]; then check_multi_thread; else skip 5 "the multi_thread recording failed"; fi
if [ $ep_ok = 0 ]; then check_error_path; else skip 2 "the error_path recording failed"; fi

done_testing
