#!/bin/sh
# The session daemon dies while the program runs: record cannot stop the session, so the
# recording is lost or cut short. It must say which (what reached the disk, whether it reads,
# how many events), exit 125, and never claim "trace written".
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
record_require "$app"
plan 7

record_start
sessiond=$(cat "$LTTNG_HOME/.lttng/lttng-sessiond.pid")

# The program emits its event, says it is running, then waits to be released.
"$record" --no-tracer --no-kernel --event 'hsatrace_selftest:*' -o "$tmp/t" -- \
	sh -c "\"$app\" 7 lost && touch \"$tmp/running\" && while [ ! -e \"$tmp/release\" ]; do sleep 0.05; done" \
	2>"$tmp/log" &
rpid=$!
i=0
while [ ! -e "$tmp/running" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
[ -e "$tmp/running" ]
ok $? "the program runs under record"
kill -KILL "$sessiond"
while kill -0 "$sessiond" 2>/dev/null; do sleep 0.05; done
touch "$tmp/release"
wait $rpid
is $? 125 "record exits 125 (its own failure) when the session daemon died during the run"
# What reached the disk depends on what the dying consumer wrote: record must say which.
if babeltrace2 "$tmp/t" >"$tmp/read" 2>/dev/null && [ -s "$tmp/read" ]; then
	n=$(wc -l <"$tmp/read")
	grep -q "the session daemon stopped answering: the recording is incomplete (pass 0): the $n events that reached $tmp/t read" "$tmp/log"
	ok $? "it says the recording is incomplete and how many events read ($n)" ||
		sed 's/^/# /' "$tmp/log" >&2
	grep -q 'value = 7' "$tmp/read"
	ok $? "and they are the program's" || sed 's/^/# /' "$tmp/read" >&2
else
	grep -q 'the session daemon stopped answering: the recording is lost (pass 0): ' "$tmp/log"
	ok $? "it says the recording is lost" || sed 's/^/# /' "$tmp/log" >&2
	grep -Eq "nothing reached $tmp/t|reached $tmp/t without their metadata|reached $tmp/t but do not read" "$tmp/log"
	ok $? "and what reached the disk" || sed 's/^/# /' "$tmp/log" >&2
fi
grep -q 'failed to destroy' "$tmp/log"
ok $((! $?)) "without a second, redundant error about the destruction"
grep -q 'trace written' "$tmp/log"
ok $((! $?)) "it does not claim a trace was written"
no_daemon_left() { lttng list >/dev/null 2>&1; }
no_daemon_left
ok $((! $?)) "record did not start another daemon behind the user's back"

done_testing
