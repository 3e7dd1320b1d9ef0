#!/bin/sh
# A stream file cut inside a packet (a crash, a full disk): babeltrace2 refuses the whole trace,
# so every event was lost to stats, report and analyze. They now read it as unify does: the
# other streams whole, the cut one up to its last complete packet, saying what was dropped;
# exit 1 after writing what they read. The expected events come from babeltrace2 itself on a
# copy cut exactly at that packet's end. And metadata cut inside one of its packets, on which
# babeltrace2 2.0.4 spins forever: every command says so and exits 1, without hanging.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

bin=$HSATRACE_BUILD/libexec/hsatrace
app=$HSATRACE_BUILD/tests/stats/fake_hsa_app
xml=$HSATRACE_SRC/xml-views/hsa-api-callstack.xml
for p in "$app" "$bin/hsatrace-stats" "$bin/hsatrace-report" "$bin/hsatrace-analyze" \
	"$bin/hsatrace-unify" "$bin/hsatrace-export"; do
	[ -x "$p" ] || skip_all "not built: $p"
done
plan 16
suppress_babeltrace_leaks fast

lttng_harness_start || exit 1
tmp=$LTTNG_HARNESS_DIR
# 4 KiB sub-buffers: packets of 4096 bytes, many of them.
lttng create s-cut -o "$tmp/rec" >/dev/null &&
	lttng enable-channel -u --subbuf-size 4096 --num-subbuf 64 small >/dev/null &&
	lttng enable-event -u -c small 'hsa_hot_*,hsa_activity:*' >/dev/null &&
	lttng add-context -u -c small -t vpid -t vtid >/dev/null &&
	lttng start >/dev/null && "$app" bulk 2000 >/dev/null && lttng stop >/dev/null &&
	lttng destroy >/dev/null
trace=$(dirname "$(find "$tmp/rec" -name metadata | head -n 1)")
biggest=$(ls -S "$trace" | grep -v -e metadata -e index | head -n 1)
size=$(stat -c %s "$trace/$biggest")
keep=$((size / 2 / 4096 * 4096))
[ "$keep" -ge 8192 ]
ok $? "a recording with a multi-packet stream ($biggest: $size bytes)"

cp -r "$trace" "$tmp/cut" && rm -rf "$tmp/cut/index"	# as in a unified trace: no index
truncate -s $((keep + 1000)) "$tmp/cut/$biggest"
cp -r "$tmp/cut" "$tmp/whole-packets" && truncate -s "$keep" "$tmp/whole-packets/$biggest"
want=$(babeltrace2 "$tmp/whole-packets" 2>/dev/null | wc -l)
babeltrace2 "$tmp/cut" >/dev/null 2>&1
[ $? -ne 0 ] && [ "$want" -gt 0 ]
ok $? "babeltrace2 refuses the cut trace; the copy cut at the packet's end has $want events"

"$bin/hsatrace-stats" "$tmp/cut" >"$tmp/stats.txt" 2>"$tmp/stats.err"
is $? 1 "stats: exit 1 (part of the trace is missing)"
is "$(sed -n 's/^events: //p' "$tmp/stats.txt")" "$want" "stats: every event of the complete packets" ||
	sed 's/^/# /' "$tmp/stats.err"
grep -q "warning: stream cut at its last readable packet: file=$tmp/cut/$biggest kept=.*(1000 bytes dropped)" "$tmp/stats.err"
ok $? "stats: says which file was cut and what was dropped" || sed 's/^/# /' "$tmp/stats.err"

"$bin/hsatrace-report" -o "$tmp/page.html" "$tmp/cut" 2>"$tmp/report.err"
is $? 1 "report: exit 1"
[ -s "$tmp/page.html" ] && grep -q 'stream cut at its last readable packet' "$tmp/report.err"
ok $? "report: the page is written, the cut said" || sed 's/^/# /' "$tmp/report.err"

"$bin/hsatrace-analyze" "$xml" "$tmp/cut" >"$tmp/cut.iv" 2>"$tmp/analyze.err"
is $? 1 "analyze: exit 1, the results up to the damage printed"
"$bin/hsatrace-analyze" "$xml" "$tmp/whole-packets" >"$tmp/whole.iv" 2>/dev/null
[ -s "$tmp/whole.iv" ] && cmp -s "$tmp/whole.iv" "$tmp/cut.iv"
ok $? "analyze: the same intervals as on the copy cut at the packet's end" ||
	sed 's/^/# /' "$tmp/analyze.err"
grep -q 'cut inside a packet' "$tmp/analyze.err"
ok $? "analyze: says the trace is incomplete and why" || sed 's/^/# /' "$tmp/analyze.err"
# The metadata (packetized, 4 KiB packets) cut inside its last packet.
cp -r "$trace" "$tmp/meta-cut"
msize=$(stat -c %s "$tmp/meta-cut/metadata")
truncate -s $((msize - 1000)) "$tmp/meta-cut/metadata"
[ "$(head -c 4 "$tmp/meta-cut/metadata" | od -An -tx1 | tr -d ' ')" = 571dd175 ]
ok $? "the recording's metadata is packetized ($msize bytes), now cut"
for cmd in "stats" "report -o $tmp/m.html" "analyze $xml" "unify -o $tmp/m.out" \
	"export -f sqlite -o $tmp/m.db"; do
	set -- $cmd
	name=$1
	shift
	case $name in
	unify | export) timeout 60 "$bin/hsatrace-$name" "$tmp/meta-cut" "$@" ;;
	*) timeout 60 "$bin/hsatrace-$name" "$@" "$tmp/meta-cut" ;;
	esac >/dev/null 2>"$tmp/m-$name.err"
	rc=$?
	[ $rc = 1 ] && grep -q "warning: metadata cut inside its packet .*path=$tmp/meta-cut" "$tmp/m-$name.err"
	ok $? "metadata cut inside a packet: $name says so and exits 1 (got $rc; 124 = hung)" ||
		sed 's/^/# /' "$tmp/m-$name.err"
done
done_testing
