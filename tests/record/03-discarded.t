#!/bin/sh
# Discarded events: with tiny sub-buffers and a fast program, LTTng discards events; record
# reports them per channel, and unify finds the same total in the trace and keeps them as
# discarded-event records; its summary gives the same total as stats on the trace (the
# session daemon's counter can be garbage). --blocking then records everything.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
unify=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-unify
app=$HSATRACE_BUILD/tests/unify/gpu_emitter
record_require "$unify" "$app"
plan 9

record_start
rec() { "$record" --no-tracer --no-kernel -e activity --event 'hsatrace_bench:*' "$@"; }

"$record" --subbuf-size 1000 -- true 2>/dev/null
is $? 2 "a sub-buffer size that is not a power of two is a usage error"

rec --subbuf-size 4096 -o "$tmp/small" -- "$app" --bulk 200000 2>"$tmp/small.log"
ok $? "record with 4 KiB sub-buffers" || sed 's/^/# /' "$tmp/small.log" >&2
reported=$(sed -n 's/.*: \([0-9]*\) events discarded.*/\1/p' "$tmp/small.log" | awk '{ s += $1 } END { print s + 0 }')
if [ "$reported" -gt 0 ]; then
	"$unify" --summary "$tmp/small" -o "$tmp/small.out" >"$tmp/small.sum" 2>"$tmp/unify.log"
	ok $? "unify exits 0 on a trace with discarded events"
	is "$(sed -n 's/^discarded_events=//p' "$tmp/small.sum")" "$reported" \
		"unify counts the $reported discarded events record reported"
	grep -q "the tracer discarded $reported events" "$tmp/unify.log"
	ok $? "and reports them"
	stats=$("$HSATRACE_BUILD/libexec/hsatrace/hsatrace-stats" "$tmp/small" 2>/dev/null |
		sed -n 's/^discarded_events: //p')
	is "$stats" "$reported" "stats finds the same count in the trace"
	grep -q "trace written to $tmp/small (.*, $reported events discarded)" "$tmp/small.log"
	ok $? "the summary gives the total" || sed 's/^/# /' "$tmp/small.log" >&2
else
	skip 5 "the consumer kept up: nothing was discarded this time"
fi

rec --blocking --subbuf-size 4096 -o "$tmp/block" -- "$app" --bulk 20000 2>"$tmp/block.log"
ok $? "record --blocking with 4 KiB sub-buffers"
grep -q 'warning.*discarded' "$tmp/block.log"
ok $((! $?)) "nothing is discarded" || sed 's/^/# /' "$tmp/block.log" >&2

done_testing
