#!/bin/sh
# The real LTTng 2.11 kernel+UST session of ../shared/traces unifies into one readable CTF
# trace holding every input event, unchanged, with the UST clock values kept and the
# tracer's discarded-event records carried over.
. "$(dirname "$0")/../lib/tap.sh"
unify=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-unify
in=$HSATRACE_SRC/../shared/traces/lttng-2.11-kernel-ust-multi-domains
[ -x "$unify" ] || skip_all "hsatrace-unify not built ($unify)"
[ -d "$in" ] || skip_all "../shared/traces is absent (no real LTTng session to unify)"
plan 10

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hsatrace-unify.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out

"$unify" --summary "$in" -o "$out" >"$tmp/summary" 2>"$tmp/log"
ok $? "unify exits 0" || sed 's/^/# /' "$tmp/log" >&2

n=$(find "$out" -name metadata | wc -l)
is "$n" 1 "the output is one CTF trace (one metadata file)"

babeltrace2 "$out" >"$tmp/out.txt" 2>"$tmp/out.err"
ok $? "babeltrace2 reads the unified trace"

babeltrace2 "$in" >"$tmp/in.txt" 2>"$tmp/in.err"
want=$(wc -l <"$tmp/in.txt")
got=$(wc -l <"$tmp/out.txt")
is "$got" "$want" "as many events as babeltrace2 reads from the input"
# Its kernel and UST clocks differ (LTTng measured each offset): the kernel trace's times
# are moved onto the UST clock as its packets are copied, so that Trace Compass, which reads
# the times of a trace with one clock, reads them right.
grep -q "^path=copy\$" "$tmp/summary" && grep -q "^copied_traces=2\$" "$tmp/summary" &&
	grep -q 'copying .*/kernel with its times moved by .* ns onto .*/ust.s clock' "$tmp/log" &&
	[ "$(babeltrace2 --output-format=ctf-metadata "$out" | grep -c '^clock {')" = 1 ]
ok $? "two clocks: both copied onto one, and said how" || cat "$tmp/summary" "$tmp/log" >&2
"$unify" --reencode --summary "$in" -o "$tmp/re" >"$tmp/re.summary" 2>/dev/null
grep -q "^events_out=$want\$" "$tmp/re.summary"
ok $? "re-encoded, the summary counts the same number of events" || cat "$tmp/re.summary" >&2

# Same events in the same order: time of day, name, contexts and fields (column 3 is the
# hostname, column 2 the delta which differs where streams interleave differently).
cut -d' ' -f1,4- "$tmp/in.txt" >"$tmp/in.cut"
cut -d' ' -f1,4- "$tmp/out.txt" >"$tmp/out.cut"
cmp -s "$tmp/in.cut" "$tmp/out.cut"
ok $? "every event is kept with its time, name and fields, in time order"

# The output clock is the UST clock: its events keep their raw cycle values.
babeltrace2 --clock-cycles "$in/ust" 2>/dev/null | cut -d' ' -f1 >"$tmp/in.cyc"
babeltrace2 --clock-cycles "$out" 2>/dev/null | grep ' sample_component:' | cut -d' ' -f1 >"$tmp/out.cyc"
cmp -s "$tmp/in.cyc" "$tmp/out.cyc"
ok $? "UST events keep their clock cycle values"

# The tracer's discarded events are carried over (babeltrace2 warns about them again).
want=$(sed -n 's/.*Tracer discarded \([0-9]*\) events.*/\1/p' "$tmp/in.err" | sort -u | awk '{s+=$1} END {print s+0}')
grep -q "^discarded_events=$want\$" "$tmp/summary"
ok $? "discarded events reported: $want" || cat "$tmp/summary" >&2
got=$(sed -n 's/.*Tracer discarded \([0-9]*\) events.*/\1/p' "$tmp/out.err" | sort -u | awk '{s+=$1} END {print s+0}')
is "$got" "$want" "the discarded-events record is in the output"

done_testing
