#!/bin/sh
# Packets that overlap in time (a packet's end after the next packet's beginning, each with an
# event before that end; events in order): every command reads the trace whole, events in
# time order across streams, as Trace Compass does, and makes of it what it makes of the same
# events in packets that do not overlap (overlap_trace --apart). babeltrace2's muxer stops at
# the second packet (issue 15 item 1); unify used to move the early events forward.
. "$(dirname "$0")/../lib/tap.sh"

bin=$HSATRACE_BUILD/libexec/hsatrace
ovl=$HSATRACE_BUILD/tests/damaged/overlap_trace
for p in "$ovl" "$bin/hsatrace-stats" "$bin/hsatrace-report" "$bin/hsatrace-export" \
	"$bin/hsatrace-unify" "$bin/hsatrace-analyze"; do
	[ -x "$p" ] || skip_all "not built: $p"
done
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 is not installed"
plan 13
suppress_babeltrace_leaks fast
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Events 4 and 5 are one API call: its entry in stream a's second packet (3500, before the
# first packet's end, 5000), its exit in stream b (4000).
entry=hsa_api_entry:hsa_init exit_=hsa_api_exit:hsa_init
mkdir "$tmp/o" "$tmp/a"
"$ovl" "$tmp/o/trace" "$entry" "$exit_" && "$ovl" --apart "$tmp/a/trace" "$entry" "$exit_"
ok $? "the two traces are written"
babeltrace2 "$tmp/o/trace" >/dev/null 2>&1
[ $? -ne 0 ] && babeltrace2 "$tmp/a/trace" >/dev/null 2>&1
ok $? "babeltrace2 stops on the overlapping one, reads the other"

"$bin/hsatrace-stats" -f csv "$tmp/o/trace" >"$tmp/o/stats.csv" 2>"$tmp/o/stats.err"
is "$?:$(cat "$tmp/o/stats.err")" "0:" "stats: exit 0, no warning (no time went back)"
"$bin/hsatrace-stats" -f csv "$tmp/a/trace" >"$tmp/a/stats.csv"
cmp -s "$tmp/o/stats.csv" "$tmp/a/stats.csv"
ok $? "stats: the same tables as with packets apart" || diag "$(diff "$tmp/a/stats.csv" "$tmp/o/stats.csv")"
grep -q '^api,hsa_init,1,500,' "$tmp/o/stats.csv"
ok $? "stats: the call across the overlap is one call of 500 ns" || diag "$(cat "$tmp/o/stats.csv")"

"$bin/hsatrace-report" -o "$tmp/o/page.html" "$tmp/o/trace" 2>"$tmp/o/report.err"
is "$?:$(cat "$tmp/o/report.err")" "0:" "report: exit 0, no warning"
"$bin/hsatrace-report" -o "$tmp/a/page.html" "$tmp/a/trace"
sed "s#$tmp/o/#DIR/#g" "$tmp/o/page.html" >"$tmp/o/page.cmp"
sed "s#$tmp/a/#DIR/#g" "$tmp/a/page.html" >"$tmp/a/page.cmp"
cmp -s "$tmp/o/page.cmp" "$tmp/a/page.cmp"
ok $? "report: the same page as with packets apart"

"$bin/hsatrace-export" -f csv -o "$tmp/o/csv" "$tmp/o/trace" 2>"$tmp/o/export.err"
is "$?:$(cat "$tmp/o/export.err")" "0:" "export: exit 0, no warning"
"$bin/hsatrace-export" -f csv -o "$tmp/a/csv" "$tmp/a/trace"
diff -r "$tmp/o/csv" "$tmp/a/csv" >/dev/null &&
	grep -q '^1,1,1,hsa_init,3500,4000,500,' "$tmp/o/csv/api_calls.csv"
ok $? "export: the same tables as with packets apart, the call from 3500 to 4000" ||
	diag "$(cat "$tmp/o/csv/api_calls.csv")"

"$bin/hsatrace-unify" "$tmp/o/trace" -o "$tmp/o/unified" 2>"$tmp/o/unify.err"
st=$?
[ $st = 0 ] && ! grep -q warning "$tmp/o/unify.err"
ok $? "unify: exit 0, no timestamp moved ($st)" || diag "$(cat "$tmp/o/unify.err")"
"$bin/hsatrace-unify" "$tmp/a/trace" -o "$tmp/a/unified" 2>/dev/null
babeltrace2 "$tmp/o/unified" >"$tmp/o/unified.txt" 2>"$tmp/o/bt.err" &&
	babeltrace2 "$tmp/a/unified" >"$tmp/a/unified.txt"
ok $? "unify: its output's packets do not overlap (babeltrace2 reads it)" || diag "$(head -3 "$tmp/o/bt.err")"
cmp -s "$tmp/o/unified.txt" "$tmp/a/unified.txt" &&
	[ "$(sed -n 's/.* n = \([0-9]*\),.*/\1/p' "$tmp/o/unified.txt" | tr '\n' ' ')" = "1 2 3 4 5 6 7 8 9 " ]
ok $? "unify: the same events, at the same times, in time order, as with packets apart" ||
	diag "$(cut -c1-60 "$tmp/o/unified.txt")"

cat >"$tmp/n.xml" <<'X'
<tmfxml><stateProvider id="n" version="1">
<eventHandler eventName="*"><stateChange><stateAttribute type="constant" value="n"/>
<stateValue type="eventField" value="n"/></stateChange></eventHandler>
</stateProvider></tmfxml>
X
"$bin/hsatrace-analyze" -q "$tmp/n.xml" "$tmp/o/trace" >"$tmp/o/n.txt" 2>"$tmp/o/analyze.err" &&
	"$bin/hsatrace-analyze" -q "$tmp/n.xml" "$tmp/a/trace" >"$tmp/a/n.txt" &&
	cmp -s "$tmp/o/n.txt" "$tmp/a/n.txt"
ok $? "analyze: the same intervals as with packets apart" || diag "$(cat "$tmp/o/analyze.err")"
