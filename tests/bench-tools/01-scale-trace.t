#!/bin/sh
# bench/tc-kernel's scale-trace on the real LTTng 2.11 kernel trace of ../shared/traces: K=3
# gives a trace babeltrace2 reads without error, with 3 times the input's events, each
# repetition the input's events in the input's order with every time moved by one amount
# (at least the input's span), times strictly increasing in each stream, the discarded-event
# records repeated; `hsatrace analyze` runs on it; bad arguments are refused.
. "$(dirname "$0")/../lib/tap.sh"
scale=$HSATRACE_BUILD/bench/tc-kernel/scale-trace
analyze=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-analyze
in=$HSATRACE_SRC/../shared/traces/lttng-2.11-kernel-ust-multi-domains/kernel
[ -x "$scale" ] || skip_all "scale-trace not built ($scale)"
[ -d "$in" ] || skip_all "../shared/traces is absent (no real kernel trace to scale)"
plan 13

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hsatrace-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
out=$tmp/x3

"$scale" "$in" "$out" 3 2>"$tmp/log"
ok $? "scale-trace IN OUT 3 exits 0" || sed 's/^/# /' "$tmp/log" >&2
cmp -s "$in/metadata" "$out/metadata"
ok $? "the metadata is the input's, byte for byte"

babeltrace2 --clock-cycles "$out" >"$tmp/out.txt" 2>"$tmp/out.err" && ! grep -q ERROR "$tmp/out.err"
ok $? "babeltrace2 reads the scaled trace without error" || sed 's/^/# /' "$tmp/out.err" >&2
babeltrace2 --clock-cycles "$in" >"$tmp/in.txt" 2>/dev/null
n=$(wc -l <"$tmp/in.txt")
[ "$n" -gt 0 ]
ok $? "the input has events ($n)"
is "$(wc -l <"$tmp/out.txt")" "$((3 * n))" "3 times the input's events"

# Each line without its time and delta columns: the input's lines, three times over.
strip() { sed -E 's/^\[[0-9]+\] \([^)]*\) //' "$1"; }
strip "$tmp/in.txt" >"$tmp/in.body"
cat "$tmp/in.body" "$tmp/in.body" "$tmp/in.body" >"$tmp/want.body"
strip "$tmp/out.txt" | cmp -s - "$tmp/want.body"
ok $? "each repetition holds the input's events, in the input's order"

# Times: event i of repetition k is the input's event i moved by k x one shift.
stamps() { sed -E 's/^\[([0-9]+)\].*/\1/' "$1"; }
stamps "$tmp/in.txt" >"$tmp/in.t"
stamps "$tmp/out.txt" >"$tmp/out.t"
awk -v n="$n" 'NR == FNR { t[FNR - 1] = $1; next }
	{ i = FNR - 1; k = int(i / n); d = $1 - t[i % n]
	  if (k == 0 && d != 0) bad++
	  if (k == 1 && i % n == 0) s = d
	  if (k > 0 && d != k * s) bad++ }
	END { span = t[n - 1] - t[0]; exit !(bad == 0 && s > span) }' "$tmp/in.t" "$tmp/out.t"
ok $? "repetition k is moved by k times one shift, beyond the input's span"

# The packet context's cpu_id names the stream (one per CPU in an LTTng kernel trace).
sed -E 's/^\[([0-9]+)\] \([^)]*\) [^ ]+ [^ ]+ \{ cpu_id = ([0-9]+) \}.*/\2 \1/' "$tmp/out.txt" |
	awk 'NF != 2 { bad++ } ($1 in last) && $2 <= last[$1] { bad++ } { last[$1] = $2 }
	     END { exit bad > 0 }'
ok $? "times strictly increase in each stream"

discarded() { babeltrace2 "$1" -c sink.utils.counter 2>/dev/null | awk '/ Discarded event messages?$/ { n = $1 } END { print n + 0 }'; }
d=$(discarded "$in")
is "$(discarded "$out")" "$((3 * d))" "the input's discarded-event records, once per repetition ($d each)"

"$analyze" -q "$HSATRACE_SRC/xml-views/linux-kernel.xml" "$out" >/dev/null 2>"$tmp/an.err"
ok $? "hsatrace analyze runs on the scaled trace" || sed 's/^/# /' "$tmp/an.err" >&2

"$scale" "$in" "$tmp/k0" 0 2>/dev/null
is "$?" 2 "K=0 is a usage error (exit 2)"
"$scale" "$in" "$out" 2 2>"$tmp/again.err"
[ $? = 1 ] && [ "$(wc -l <"$tmp/again.err")" = 1 ]
ok $? "an existing OUT is refused: exit 1, one line" || sed 's/^/# /' "$tmp/again.err" >&2
"$scale" "$HSATRACE_SRC/tests" "$tmp/bad" 2 2>"$tmp/bad.err"
[ $? = 1 ] && [ "$(wc -l <"$tmp/bad.err")" = 1 ]
ok $? "a folder that is no trace is refused: exit 1, one line" || sed 's/^/# /' "$tmp/bad.err" >&2
done_testing
