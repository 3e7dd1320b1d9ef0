#!/bin/sh
# The HIP layer (libhsatrace-hip.so) end to end on the CPU runtime: hsatrace record preloads it
# for a program that needs libamdhip64; every HIP call of the program is an entry/exit pair
# with its status; the HSA calls, packets and copies a HIP call causes carry its correlation
# id (hip_correlation_id); hipLaunchKernel names its kernel; the program's output and exit
# status are the same as untraced.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_square
record=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-record
hip_tracer=$HSATRACE_BUILD/lib/hsatrace/libhsatrace-hip.so
for f in "$record" "$hip_tracer" "$HIP_SAMPLES/hip_square_kernels.so" \
	"$HIP_SAMPLES/hip_streams_kernels.so"; do
	[ -f "$f" ] || skip_all "not built: $f"
done
kernels=$HIP_SAMPLES/hip_square_kernels.so:$HIP_SAMPLES/hip_streams_kernels.so
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 is not installed"
lttng_harness_start || exit 1
trap 'lttng_harness_stop; rm -rf "$hip_tmp"' EXIT # the harness's trap replaced hip-lib's
tmp=$LTTNG_HARNESS_DIR
asan=$(hip_asan_preload "$hip_tracer")

# record RUNTIME PROGRAM NAME [ARGS]: hsatrace record of PROGRAM; babeltrace2's text in $tmp/NAME.txt,
# check-hip.awk's facts in $tmp/NAME.check. --blocking: under load the default channel may
# discard events, and every check here counts them all.
record() {
	HSATRACE_CPU_KERNELS=$kernels hip_capture env LD_PRELOAD="$asan" "$record" --no-kernel \
		--blocking --runtime "$1" -o "$tmp/$3" -- "$2" ${4:+"$4"}
	printf '%s\n' "$out" >"$tmp/$3.out"
	printf '%s\n' "$err" >"$tmp/$3.err"
	babeltrace2 --clock-seconds "$tmp/$3" >"$tmp/$3.txt" 2>"$tmp/$3.bt.err"
	awk -f "$HSATRACE_SRC/tests/lib/bt-text.awk" -f "$HSATRACE_SRC/tests/tracer/check-hip.awk" \
		"$tmp/$3.txt" >"$tmp/$3.check"
}
fact() { awk -v k="$2" '$1 == k { print $2 }' "$tmp/$1.check"; }
fn_fact() { awk -v k="$2" -v f="$3" '$1 == k && $2 == f { print $3 }' "$tmp/$1.check"; }
bad() {
	grep '^bad ' "$tmp/$1.check" | head -5 | sed 's/^/#   /' >&2
	grep 'discarded' "$tmp/$1.err" | sed 's/^/#   /' >&2
}

# same_as_untraced RUNTIME PROGRAM NAME [ARG]: traced and untraced runs answer the same
# (times the programs print, as in "(21.28)", differ from run to run)
same_as_untraced() {
	if [ "$1" = cpu ]; then
		HSATRACE_CPU_KERNELS=$kernels hip_run_cpu "$2" ${4:+"$4"}
	else
		hip_run_rocr "$2" ${4:+"$4"}
	fi
	untraced_rc=$rc
	is "$rc" 0 "$3: exits 0 untraced"
	printf '%s\n' "$out" | sed -E 's/[0-9]+\.[0-9]+/N/g' >"$tmp/$3.untraced"
	record "$1" "$HIP_SAMPLES/$2" "$3" "$4"
	is "$rc" "$untraced_rc" "$3: the same exit status traced and untraced ($rc)"
	sed -E 's/[0-9]+\.[0-9]+/N/g' "$tmp/$3.out" >"$tmp/$3.out.n"
	diff "$tmp/$3.untraced" "$tmp/$3.out.n" >"$tmp/diff" 2>&1
	ok $? "$3: the same output traced and untraced" || sed 's/^/#   /' "$tmp/diff" >&2
	[ -s "$tmp/$3.txt" ]
	ok $? "$3: babeltrace2 reads the trace" || sed 's/^/#   /' "$tmp/$3.bt.err" >&2
}

for program in hip_square hip_memory hip_streams; do
	same_as_untraced cpu "$program" "$program"
	n=$(fact "$program" hip_entries)
	[ "$n" -gt 0 ] && [ "$(fact "$program" hip_exits)" = "$n" ] &&
		[ "$(fact "$program" unpaired)" = 0 ]
	ok $? "$program: every HIP call is an entry/exit pair ($n)" || bad "$program"
	# hip_streams launches with invalid configurations on purpose
	[ "$program" = hip_streams ] || is "$(fact "$program" hip_failed)" 0 "$program: no HIP call failed"
	n=$(fact "$program" nested_ok)
	[ "$n" -gt 0 ] && [ "$(fact "$program" nested_bad)" = 0 ] &&
		[ "$(fact "$program" hip_unknown)" = 0 ]
	ok $? "$program: the HSA calls of a HIP call nest inside it, on its thread ($n)" ||
		bad "$program"
	n=$(fact "$program" memcpy_calls)
	[ "$n" -gt 0 ] && [ "$(fact "$program" memcpy_with_activity)" = "$n" ]
	ok $? "$program: every hipMemcpy* but host-to-host ones has its copy or blit kernel ($n)" ||
		bad "$program"
done

n=$(fact hip_square launches)
[ "$n" -gt 0 ] && [ "$(fact hip_square launches_named)" = "$n" ] &&
	[ "$(fact hip_square launch_packets)" = "$n" ]
ok $? "hip_square: hipLaunchKernel names its kernel and its dispatch packet carries its id ($n)"
grep -q 'hip_api_entry:hipLaunchKernel:.*kernel_name = "_Z6squarePfPKfi".*numBlocks_x = 4,.*dimBlocks_x = 256,.*sharedMemBytes = 0, stream = 0x0' "$tmp/hip_square.txt"
ok $? "hip_square: the launch has the kernel's mangled name, grid, block, shared memory, stream"

# hipEventElapsedTime agrees with the activity it brackets: no shorter than the longest copy
# or kernel caused between the two hipEventRecord calls, no longer than the wall time
# from the first record to the question.
elapsed=$(fact hip_streams elapsed_ns)
longest=$(fact hip_streams bracket_max_ns)
wall=$(fact hip_streams bracket_wall_ns)
[ -n "$elapsed" ] && [ "$longest" -gt 0 ] && [ "$elapsed" -ge "$longest" ] &&
	[ "$elapsed" -le "$wall" ]
ok $? "hip_streams: hipEventElapsedTime ($elapsed ns) >= the longest bracketed activity ($longest ns), <= the wall time ($wall ns)"

# unify and stats: the HIP API table, the same counts and times as the events say.
unify=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-unify
stats=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-stats
"$unify" "$tmp/hip_memory" -o "$tmp/hip_memory.u" >/dev/null 2>"$tmp/unify.err"
ok $? "hip_memory: unify" || sed 's/^/#   /' "$tmp/unify.err" >&2
"$stats" -f csv "$tmp/hip_memory.u" >"$tmp/stats.csv" 2>"$tmp/stats.err"
ok $? "hip_memory: stats" || sed 's/^/#   /' "$tmp/stats.err" >&2
for f in hipMemcpy hipMalloc hipMemcpyAsync; do
	want="$(fn_fact hip_memory calls "$f"),$(fn_fact hip_memory total "$f")"
	got=$(awk -F, -v f="$f" '$1 == "hip" && $2 == f { print $3 "," $4 }' "$tmp/stats.csv")
	is "$got" "$want" "stats' HIP table: $f's calls and total time are its events' (calls,total_ns)"
done
awk -F, '$1 == "hip" { p += $8; n++ } END { exit !(n > 0 && p > 99.9 && p < 100.1) }' \
	"$tmp/stats.csv"
ok $? "stats' HIP table: the percentages add up to 100"
awk -F, '$1 == "api" && $2 == "hsa_amd_memory_async_copy" { f = 1 } END { exit !f }' "$tmp/stats.csv"
ok $? "stats' HSA table stays beside it"
"$stats" -f json -s hip "$tmp/hip_memory.u" >"$tmp/stats.json" 2>>"$tmp/stats.err"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); r = [x for x in d["hip"] if x["function"] == "hipMemcpy"]; sys.exit(not (r and r[0]["calls"] == int(sys.argv[2])))' \
	"$tmp/stats.json" "$(fn_fact hip_memory calls hipMemcpy)"
ok $? "stats -f json -s hip: the HIP table alone, hipMemcpy's calls"
"$stats" -s hip "$tmp/hip_memory.u" | grep -q '^HIP API calls$'
ok $? "stats (text) titles it HIP API calls"

# The call-stack view (xml-views/hsa-api.xml, run by hsatrace analyze): HIP calls are the top
# of each thread's stack, and every HSA call made inside a HIP call is drawn below it.
analyze=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-analyze
"$analyze" -q -i 'Processes/*/Threads/*/CallStack/*' "$HSATRACE_SRC/xml-views/hsa-api.xml" \
	"$tmp/hip_memory.u" >"$tmp/stack.tsv" 2>"$tmp/analyze.err"
ok $? "hsatrace analyze runs the call-stack view" || sed 's/^/#   /' "$tmp/analyze.err" >&2
awk -F'\t' '$5 == "string" {
	n = split($2, p, "/"); thread = p[2] "/" p[4]; level = p[n]
	if (level == 1) { k = ++top[thread]; tb[thread, k] = $3; te[thread, k] = $4; tv[thread, k] = $6 }
	else { m++; lt[m] = thread; ls[m] = $3; lv[m] = $6; if ($6 ~ /^hip/) deep_hip++ }
}
END {
	for (i = 1; i <= m; i++) {
		if (lv[i] !~ /^hsa_/) continue
		for (k = 1; k <= top[lt[i]]; k++)
			if (tb[lt[i], k] <= ls[i] && ls[i] <= te[lt[i], k] && tv[lt[i], k] ~ /^hip/) { below++; break }
	}
	printf "%d %d\n", below, deep_hip
}' "$tmp/stack.tsv" >"$tmp/stack.facts"
is "$(cut -d' ' -f1 "$tmp/stack.facts")" "$(fact hip_memory nested_ok)" \
	"call-stack view: the HSA calls below a HIP call are those the trace says it caused"
is "$(cut -d' ' -f2 "$tmp/stack.facts")" 0 "call-stack view: no HIP call below another call"

# export sqlite: HIP calls are api_calls of layer hip, outermost; the HSA calls inside them one
# level or more below.
export=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-export
"$export" "$tmp/hip_memory.u" -f sqlite -o "$tmp/hip.db" 2>"$tmp/export.err"
ok $? "hip_memory: export sqlite" || sed 's/^/#   /' "$tmp/export.err" >&2
q() { python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$tmp/hip.db" "$1"; }
is "$(q "SELECT COUNT(*) FROM api_calls WHERE layer = 'hip'")" "$(fact hip_memory hip_entries)" \
	"export: one api_calls row of layer hip per HIP call"
is "$(q "SELECT COUNT(*) FROM api_calls WHERE layer = 'hip' AND depth != 0")" 0 \
	"export: HIP calls are outermost (depth 0)"
is "$(q "SELECT COUNT(*) FROM api_calls h JOIN api_calls a ON a.pid = h.pid AND a.tid = h.tid AND a.layer = 'hsa' AND a.start_ns > h.start_ns AND a.end_ns < h.end_ns AND a.depth > 0 WHERE h.layer = 'hip'")" \
	"$(fact hip_memory nested_ok)" "export: the HSA calls inside HIP calls are below them (depth > 0)"

# export perfetto: every HIP call a slice on its thread, the HSA calls inside it nested (depth
# one more, within its time).
"$export" "$tmp/hip_memory.u" -f perfetto -o "$tmp/hip.json" 2>>"$tmp/export.err"
python3 - "$tmp/hip.json" >"$tmp/perfetto.facts" <<'EOF_PY'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"] if isinstance(d, dict) else d
api = [e for e in ev if e.get("ph") == "X" and e.get("cat") == "api"]
hip = [e for e in api if e["name"].startswith("hip")]
hsa = [e for e in api if e["name"].startswith("hsa_")]
inside = sum(1 for a in hsa for h in hip
             if a["tid"] == h["tid"] and h["ts"] < a["ts"] and a["ts"] + a["dur"] < h["ts"] + h["dur"]
             and a["args"]["depth"] > h["args"]["depth"])
print(len(hip), inside)
EOF_PY
is "$(cut -d' ' -f1 "$tmp/perfetto.facts")" "$(fact hip_memory hip_entries)" \
	"export perfetto: one slice per HIP call"
is "$(cut -d' ' -f2 "$tmp/perfetto.facts")" "$(fact hip_memory nested_ok)" \
	"export perfetto: the HSA calls inside HIP calls are nested slices below them"

# report: the HIP calls are in the page's data, by name.
report=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-report
"$report" "$tmp/hip_memory.u" -o "$tmp/hip.html" 2>"$tmp/report.err"
grep -q '"hipMemcpyAsync"' "$tmp/hip.html" && grep -q '"hsa_amd_memory_async_copy"' "$tmp/hip.html"
ok $? "report: the HIP calls are on the page beside the HSA calls" || sed 's/^/#   /' "$tmp/report.err" >&2

# Kernels by their demangled HIP names (stats' kernel table of the unified hip_square trace).
"$unify" "$tmp/hip_square" -o "$tmp/hip_square.u" >/dev/null 2>>"$tmp/unify.err"
"$stats" -f csv -s kernels "$tmp/hip_square.u" >"$tmp/kernels.csv" 2>>"$tmp/stats.err"
grep -q '^kernels,"square(float\*, float const\*, int)",1,' "$tmp/kernels.csv"
ok $? "stats: hip_square's kernel by its demangled name, launched once" || {
	sed 's/^/#   /' "$tmp/kernels.csv" "$tmp/unify.err" "$tmp/stats.err" >&2
	diag "kernel_exec events in the recording: $(grep -c 'hsa_activity:kernel_exec' "$tmp/hip_square.txt")"
}

# An HSA program without HIP: the HIP layer is not preloaded, no HIP event class registered.
hip_capture env LD_PRELOAD="$asan" "$record" --no-kernel --runtime cpu -o "$tmp/hsa_only" -- \
	"$HSATRACE_BUILD/lib/hsatrace/samples/vector_copy" \
	"$HSATRACE_BUILD/lib/hsatrace/samples/vector_copy_kernels.so"
is "$rc" 0 "an HSA program without HIP is recorded"
grep -rlq 'hsa_api_entry' "$tmp/hsa_only" && ! grep -rq 'hip_api_entry' "$tmp/hsa_only"
ok $? "its trace's metadata has the HSA event classes and no HIP one"

# --no-hip: a HIP program recorded with the HSA tracer alone.
HSATRACE_CPU_KERNELS=$kernels hip_capture env LD_PRELOAD="$asan" "$record" --no-kernel --no-hip \
	--runtime cpu -o "$tmp/no_hip" -- "$HIP_SAMPLES/hip_square"
is "$rc" 0 "--no-hip: hip_square is recorded"
grep -rlq 'hsa_api_entry' "$tmp/no_hip" && ! grep -rq 'hip_api_entry' "$tmp/no_hip"
ok $? "--no-hip: HSA events, no HIP event class"

# Real ROCr without a GPU: hipErrorNoDevice, the same traced and untraced.
if [ -e /dev/kfd ]; then
	skip 6 "there is a GPU (/dev/kfd): the no-GPU case cannot be checked"
else
	same_as_untraced system hip_device hip_device_rocr --count
	is "$(cat "$tmp/hip_device_rocr.out")" "devices 0 status hipErrorNoDevice" \
		"hip_device_rocr: hipErrorNoDevice under the tracer"
	grep -q 'hip_api_exit:hipGetDeviceCount:.*status = 100' "$tmp/hip_device_rocr.txt"
	ok $? "hip_device_rocr: hipGetDeviceCount's hipErrorNoDevice (100) is recorded"
fi
done_testing
