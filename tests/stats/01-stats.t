#!/bin/sh
# hsatrace stats on real LTTng traces of the schema's events (tests/stats/fake_hsa_app):
# every table equals what expect.awk computes on its own from babeltrace2's text output.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/lib/fake-app-trace.sh"
lttng_harness_unprivileged "$@"

app=$HSATRACE_BUILD/tests/stats/fake_hsa_app
stats=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-stats
[ -x "$app" ] || skip_all "fake_hsa_app not built ($app)"
[ -x "$stats" ] || skip_all "hsatrace-stats not built ($stats)"
plan 41
export LC_ALL=C

lttng_harness_start
ok $? "private lttng-sessiond started"
tmp=$LTTNG_HARNESS_DIR

# record MODE: one session, the contexts `hsatrace record` enables, one run of the app.
record() {
	fake_app_trace "$tmp/trace-$1" 'hsa_api_*,hsa_hot_*,hsa_activity:*,hsa_gpu:*,hsa_meta:*' "$@"
}
record exec && record both && record gpu
ok $? "three traces recorded (kernel_exec only, kernel_exec + hsa_gpu, hsa_gpu only)"
lttng create s-future -o "$tmp/trace-future" >/dev/null &&
	lttng enable-event -u 'hsa_meta:*,hsa_api_*' >/dev/null && lttng start >/dev/null &&
	"$app" exec 99.0 && lttng stop >/dev/null && lttng destroy >/dev/null
ok $? "a trace claiming schema 99.0 recorded"
lttng create s-past -o "$tmp/trace-past" >/dev/null &&
	lttng enable-event -u 'hsa_meta:*,hsa_api_*' >/dev/null &&
	lttng add-context -u -t vpid -t vtid -t procname >/dev/null && lttng start >/dev/null &&
	"$app" exec 1.0 && lttng stop >/dev/null && lttng destroy >/dev/null
ok $? "a trace claiming schema 1.0 recorded"

. "$HSATRACE_SRC/tests/stats/expected-rows.sh"
same_section() { # TRACE SECTION NAME
	g=$(got "$1" "$2")
	w=$(expected "$1" "$2")
	[ -n "$w" ] && [ "$g" = "$w" ]
	ok $? "$3" || { diag "got:"; diag "$g"; diag "want:"; diag "$w"; }
}

t=$tmp/trace-exec
"$stats" "$t" >"$tmp/out.txt" 2>"$tmp/err.txt"
ok $? "stats reads a recorded trace folder" || diag "$(cat "$tmp/err.txt")"
for s in api kernels copies queues waits; do
	same_section "$t" $s "$s: the table equals the independent computation"
done

q1=$(got "$t" queues | awk -F, '$3 == 1 { print $5 "=" $8 }')
case $q1 in 4=4) r=0 ;; *) r=1 ;; esac
ok $r "queue 1 had its 4 packets in flight at once (all submitted before any ran): $q1"
e=$(got "$t" api | awk -F, '$9 > 0 { print $2 "=" $9 }')
is "$e" "hsa_signal_create=1" "errors: the failed call counts, a stopped iteration (INFO_BREAK) does not"
w=$(got "$t" waits | awk -F, '{ print $4 ":" $7 }' | sort | tr '\n' ' ')
is "$w" "fake-worker:api fake_hsa_app:signal_wait " \
	"waits: signal_wait events where present, else hsa_signal_wait_* call time"

fns=$(expected "$t" api | cut -d, -f2)
missing=""
for f in $fns; do grep -q "^$f " "$tmp/out.txt" || missing="$missing $f"; done
[ -n "$fns" ] && [ -z "$missing" ]
ok $? "text output lists every function" || diag "missing:$missing"
for title in "HSA API calls" "Kernels (GPU time)" "Memory copies" "Queues" "Signal waits per thread"; do
	grep -qxF "$title" "$tmp/out.txt" || missing="$missing '$title'"
done
is "$missing" "" "text output has every table's title"

"$stats" --format json "$t" >"$tmp/out.json"
j=$(perl -MJSON::PP -e '
	local $/; my $d = decode_json(<STDIN>);
	my $calls = 0; $calls += $_->{calls} for @{$d->{api}};
	print join(",", scalar @{$d->{api}}, $calls, scalar @{$d->{kernels}},
		   $d->{kernels}[0]{kernel}, $d->{events})' <"$tmp/out.json")
ok $? "JSON output parses"
c=$(got "$t" api | awk -F, '{ n++; c += $3 } END { printf "%d,%d", n, c }')
k=$(got "$t" kernels | awk -F, 'NR == 1 { k = $2 } END { printf "%d,%s", NR, k }')
n=$(babeltrace2 "$t" | wc -l)
is "$j" "$c,$k,$n" "JSON has the same rows as CSV, and counts every event"

out=$("$stats" -f csv -s kernels "$t")
blocks=$(printf '%s\n' "$out" | cut -d, -f1 | sort -u | tr '\n' ' ')
is "$blocks" "kernels section " "--section kernels prints the kernels table only"
"$stats" -f csv -o "$tmp/out.csv" "$t" && "$stats" -f csv "$t" | cmp -s - "$tmp/out.csv"
ok $? "-o FILE writes what standard output gets, and reruns are identical"

# The schema version: shown, and a different major is warned about (but still read).
schema=$(sed -n 's/^#define HSAT_SCHEMA_VERSION "\(.*\)"$/\1/p' "$HSATRACE_SRC/schema/hsatrace_schema.h")
grep -qx "schema: $schema" "$tmp/out.txt"
ok $? "text output shows the trace's schema version ($schema)"
"$stats" -s api "$tmp/trace-future" >/dev/null 2>"$tmp/err.txt"
st=$?
[ $st = 0 ] && grep -q "warning: trace schema version 99.0" "$tmp/err.txt"
ok $? "a trace of another schema major: a warning, and the tables still" ||
	diag "status $st: $(cat "$tmp/err.txt")"
"$stats" -s api "$t" 2>&1 >/dev/null | grep -q warning
ok $((! $?)) "no warning for the current schema"
"$stats" -s api "$tmp/trace-past" >/dev/null 2>"$tmp/err-past.txt"
grep -q "warning: trace schema version 1.0, this hsatrace reads 2.x.*re-record it with .hsatrace record" \
	"$tmp/err-past.txt" && [ "$(wc -l <"$tmp/err-past.txt")" = 1 ]
ok $? "a trace of an older schema major: one line saying how to re-record" ||
	sed 's/^/# /' "$tmp/err-past.txt" >&2

# Losses: tiny buffers and a burst make the tracer discard; stats counts what babeltrace2
# reports, says so, and the report says it on the page.
fake_app_lossy_trace "$tmp/lossy"
lost=$(babeltrace2 "$tmp/lossy" 2>&1 >/dev/null | grep -o 'discarded [0-9]* event' |
	awk '{ n += $2 } END { print n + 0 }')
if [ "$lost" -eq 0 ]; then
	skip 3 "the tracer kept up with the burst: nothing was discarded"
else
	"$stats" -s queues "$tmp/lossy" >"$tmp/lossy.txt" 2>"$tmp/err.txt"
	is "$(sed -n 's/^discarded_events: //p' "$tmp/lossy.txt")" "$lost" \
		"discarded events counted as babeltrace2 reports them ($lost)"
	grep -q "warning: the tracer discarded $lost events" "$tmp/err.txt"
	ok $? "and a warning says the counts are low" || diag "$(cat "$tmp/err.txt")"
	"$HSATRACE_BUILD/libexec/hsatrace/hsatrace-report" -o "$tmp/lossy.html" "$tmp/lossy" \
		2>/dev/null && grep -q "id=\"losses\">The tracer discarded $lost events" "$tmp/lossy.html"
	ok $? "the report says so on the page"
fi

# A unified trace holds kernel_exec and the hsa_gpu events made from it: count once.
t=$tmp/trace-both
same_section "$t" kernels "kernel_exec + hsa_gpu: kernels counted once"
launches=$(got "$t" kernels | awk -F, '{ n += $(NF - 6) } END { print n }')	# the name may hold commas
is "$launches" "$(babeltrace2 "$t" | grep -c 'hsa_activity:kernel_exec:')" \
	"launches equal the number of kernel_exec events"
same_section "$t" queues "kernel_exec + hsa_gpu: queue occupancy unchanged"
t=$tmp/trace-gpu
same_section "$t" kernels "hsa_gpu only: kernels from kernel_begin/_end"
same_section "$t" queues "hsa_gpu only: queue occupancy from kernel_begin/_end"

# Several runs under one folder, like an `hsatrace record` output: all traces, muxed.
mkdir -p "$tmp/runs/run-1" "$tmp/runs/run-2"
cp -r "$tmp/trace-exec/ust" "$tmp/runs/run-1/" && cp -r "$tmp/trace-gpu/ust" "$tmp/runs/run-2/"
for s in api kernels waits; do
	same_section "$tmp/runs" $s "two runs in one folder: $s of both"
done

# Bad input: a clear message and exit 1 (2 for usage), never a crash.
clean_fail() { # WANT_STATUS PATTERN NAME CMD...
	want=$1 pattern=$2 name=$3
	shift 3
	"$@" >/dev/null 2>"$tmp/err.txt"
	st=$?
	grep -q "$pattern" "$tmp/err.txt" && [ "$st" = "$want" ] &&
		! grep -qE 'Sanitizer|runtime error' "$tmp/err.txt"
	ok $? "$name" || diag "status $st: $(cat "$tmp/err.txt")"
}
clean_fail 1 "cannot open trace '$tmp/nope'" "a missing path: exit 1 with the path" \
	"$stats" "$tmp/nope"
mkdir "$tmp/empty"
clean_fail 1 "no CTF trace" "a folder without a trace: exit 1" "$stats" "$tmp/empty"
cp -r "$tmp/trace-exec" "$tmp/bad"
for m in $(find "$tmp/bad" -name metadata); do printf '/* CTF 1.8 */\ntrace { nonsense' >"$m"; done
# babeltrace2 itself leaks on this error path: suppressed by name (tests/stats/lsan.supp).
clean_fail 1 "failed to read CTF trace: path=$tmp/bad/" "corrupt metadata: exit 1 naming the trace" \
	env ASAN_OPTIONS="${ASAN_OPTIONS:-}:fast_unwind_on_malloc=0" \
	LSAN_OPTIONS="suppressions=$HSATRACE_SRC/tests/stats/lsan.supp" "$stats" "$tmp/bad"
cp -r "$tmp/trace-exec" "$tmp/cut"
for f in $(find "$tmp/cut" -type f ! -name metadata ! -path '*/index/*'); do
	truncate -s 100 "$f"
done
"$stats" "$tmp/cut" >/dev/null 2>"$tmp/err.txt"
st=$?
{ [ $st = 0 ] || [ $st = 1 ]; } && ! grep -qE 'Sanitizer|runtime error' "$tmp/err.txt"
ok $? "truncated stream files: a result or a message, never a crash (status $st)"
clean_fail 2 "unknown format 'xml'" "a bad --format: exit 2" "$stats" --format xml "$t"
clean_fail 2 "unknown section 'bogus'" "a bad --section: exit 2" "$stats" -s api,bogus "$t"
"$stats" --help | grep -q '^usage: hsatrace stats'
ok $? "--help prints the usage and exits 0"

done_testing
