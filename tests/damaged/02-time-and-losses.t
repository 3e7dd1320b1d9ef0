#!/bin/sh
# Timestamps going back in a stream: stats, report and analyze read the trace as unify does
# (the late event moved forward to its predecessor's time, counted, unify's warning), exit 0. Events
# the tracer discarded: analyze warns as stats and unify do. Damaged streams: messages name
# the file (unify, stats, analyze) and carry no babeltrace2 addresses.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/lib/fake-app-trace.sh"
lttng_harness_unprivileged "$@"

bin=$HSATRACE_BUILD/libexec/hsatrace
app=$HSATRACE_BUILD/tests/stats/fake_hsa_app
ooo=$HSATRACE_BUILD/tests/unify/ooo_trace
xml=$HSATRACE_SRC/xml-views/hsa-api-callstack.xml
for p in "$app" "$ooo" "$bin/hsatrace-stats" "$bin/hsatrace-report" "$bin/hsatrace-unify" \
	"$bin/hsatrace-analyze"; do
	[ -x "$p" ] || skip_all "not built: $p"
done
plan 15
suppress_babeltrace_leaks

lttng_harness_start || exit 1
tmp=$LTTNG_HARNESS_DIR
clamped='warning: 1 out-of-order timestamps moved forward to keep streams monotonic'

"$ooo" "$tmp/ooo"
"$bin/hsatrace-stats" "$tmp/ooo" >"$tmp/ooo.txt" 2>"$tmp/ooo-stats.log"
ok $? "timestamps going back: stats exits 0" || diag "$(cat "$tmp/ooo-stats.log")"
grep -q "^hsatrace stats: $clamped\$" "$tmp/ooo-stats.log"
ok $? "with unify's warning" || diag "$(cat "$tmp/ooo-stats.log")"
is "$(sed -n 's/^events: //p' "$tmp/ooo.txt")" 5 "every event read"
is "$(sed -n 's/^span_ns: //p' "$tmp/ooo.txt")" 4000 "the time span is that of the events (1000 to 5000)"
"$bin/hsatrace-report" -o "$tmp/ooo.html" "$tmp/ooo" 2>"$tmp/ooo-report.log" &&
	xmllint --noout "$tmp/ooo.html"
ok $? "report: exits 0 with a page" || diag "$(cat "$tmp/ooo-report.log")"
grep -q "^hsatrace report: $clamped\$" "$tmp/ooo-report.log"
ok $? "with the same warning"
"$bin/hsatrace-unify" "$tmp/ooo" -o "$tmp/ooo.out" 2>"$tmp/ooo-unify.log"
grep -q "^hsatrace unify: $clamped\$" "$tmp/ooo-unify.log"
ok $? "the warning unify prints"
cat >"$tmp/seq.xml" <<'X'
<tmfxml><stateProvider id="seq" version="1">
<eventHandler eventName="ooo:tick"><stateChange><stateAttribute type="constant" value="seq"/>
<stateValue type="eventField" value="seq"/></stateChange></eventHandler>
</stateProvider></tmfxml>
X
"$bin/hsatrace-analyze" -q "$tmp/seq.xml" "$tmp/ooo" >"$tmp/ooo-analyze.txt" 2>"$tmp/ooo-analyze.log" &&
	grep -q "^hsatrace analyze: $clamped\$" "$tmp/ooo-analyze.log"
ok $? "analyze: exits 0 with the same warning (babeltrace2's muxer stopped it)" ||
	diag "$(cat "$tmp/ooo-analyze.log")"
is "$(cut -f3,6 "$tmp/ooo-analyze.txt" | tr '\t\n' ': ')" "1000:0 3000:2 4000:3 5000:4 " \
	"analyze: the late event (seq 2, at 2000) at its predecessor's time, 3000 (replacing seq 1 there)"

# Tiny buffers and a burst make the tracer discard.
fake_app_lossy_trace "$tmp/lossy"
lost=$(babeltrace2 "$tmp/lossy" 2>&1 >/dev/null | grep -o 'discarded [0-9]* event' |
	awk '{ n += $2 } END { print n + 0 }')
trace=$(dirname "$(find "$tmp/lossy" -name metadata | head -n 1)")
if [ "$lost" -eq 0 ]; then
	skip 2 "the tracer kept up with the burst: nothing was discarded"
else
	"$bin/hsatrace-analyze" -S "$xml" "$trace" >/dev/null 2>"$tmp/lossy-analyze.log"
	ok $? "discarded events: analyze exits 0" || diag "$(cat "$tmp/lossy-analyze.log")"
	grep -q "^hsatrace analyze: warning: the tracer discarded $lost events and 0 packets" \
		"$tmp/lossy-analyze.log"
	ok $? "and warns as stats and unify do ($lost events)" || diag "$(cat "$tmp/lossy-analyze.log")"
fi

# Corrupted packets: the message names the stream file, babeltrace2's causes follow.
cp -r "$tmp/lossy" "$tmp/bad" && chmod -R u+w "$tmp/bad"
biggest=$(ls -S "$trace" | grep -v -e metadata -e index | head -n 1)
file=$tmp/bad/${trace#"$tmp/lossy/"}/$biggest
size=$(stat -c %s "$file")
# At a packet start (4 KiB sub-buffers): its header is what babeltrace2 refuses.
dd if=/dev/zero of="$file" bs=1 seek=$((size / 2 / 4096 * 4096)) count=2000 conv=notrunc 2>/dev/null
"$bin/hsatrace-stats" "$tmp/bad" >/dev/null 2>"$tmp/bad-stats.log"
st=$?
[ $st = 1 ] && grep -q "failed to read the trace: file=$file\$" "$tmp/bad-stats.log"
ok $? "corrupted packets: stats names the stream file (exit $st)" || diag "$(cat "$tmp/bad-stats.log")"
"$bin/hsatrace-unify" "$tmp/bad" -o "$tmp/bad.out" 2>"$tmp/bad-unify.log"
grep -q "damaged, the rest of it is skipped: file=$file\$" "$tmp/bad-unify.log"
ok $? "unify names it too" || diag "$(cat "$tmp/bad-unify.log")"
"$bin/hsatrace-analyze" -S "$xml" "$tmp/bad/${trace#"$tmp/lossy/"}" >/dev/null 2>"$tmp/bad-analyze.log"
st=$?
[ $st = 1 ] && grep -q "failed to read the CTF trace: path=.* file=$file reason=" "$tmp/bad-analyze.log"
ok $? "analyze names it too (exit $st)" || diag "$(cat "$tmp/bad-analyze.log")"

! grep -l 'addr=0x' "$tmp"/*.log
ok $? "no message carries babeltrace2's addresses"

done_testing
