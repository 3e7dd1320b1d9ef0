#!/bin/sh
# record killed by SIGKILL: the program dies with it (PR_SET_PDEATHSIG), and the next record
# destroys the session the dead one left active, says so, and the trace written so far reads.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
record_require "$app"
plan 7

record_start
rec_timeout=60

"$record" --no-tracer --no-kernel --event 'hsatrace_selftest:*' -o "$tmp/killed" -- \
	sh -c "sh -c 'sleep 0.5; exec \"$app\" 77 before'; echo \$\$ >\"$tmp/prog.pid\"; exec sleep 30" \
	2>"$tmp/killed.log" &
rpid=$!
i=0
while [ ! -s "$tmp/prog.pid" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
prog=$(cat "$tmp/prog.pid")
kill -KILL "$rpid"
wait "$rpid" 2>/dev/null
i=0
while kill -0 "$prog" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -0 "$prog" 2>/dev/null
r=$?
[ $r -eq 0 ] && kill "$prog"
ok $((! r)) "the program died with record"
lttng list 2>/dev/null | grep -q "hsatrace-$rpid-"
ok $? "the dead record's session is still there"

rec -o "$tmp/next" -- "$app" 1 next 2>"$tmp/next.log"
ok $? "the next record succeeds" || sed 's/^/# /' "$tmp/next.log" >&2
grep -q "destroying the session hsatrace-$rpid-.* left behind by a record that died (pid $rpid)" \
	"$tmp/next.log"
ok $? "and says it destroys the dead record's session" || sed 's/^/# /' "$tmp/next.log" >&2
lttng list 2>&1 | grep -q 'Currently no available'
ok $? "no session is left"
out=$(babeltrace2 "$tmp/killed" 2>&1)
ok $? "the killed recording is readable" || diag "$out"
case "$out" in *'value = 77'*) r=0 ;; *) r=1 ;; esac
ok $r "with the event emitted before record died"

done_testing
