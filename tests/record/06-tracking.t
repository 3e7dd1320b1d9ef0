#!/bin/sh
# Only the program and its descendants: two recordings running at the same time in the same
# session daemon stay apart (each trace holds its own program's vpid only), and the children
# the program runs are recorded from their first event.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
record_require "$app"
plan 7

record_start
rec_timeout=60
values() { babeltrace2 "$1" 2>/dev/null | sed -n 's/.*value = \([0-9]*\).*/\1/p' | sort | tr '\n' ' '; }

# Each program waits until both recordings run, then emits its event (exec: same pid).
wait_go="while [ ! -e \"$tmp/go\" ]; do sleep 0.05; done"
rec -o "$tmp/a" -- sh -c "touch \"$tmp/a.up\"; $wait_go; exec \"$app\" 111 a" 2>"$tmp/a.log" &
apid=$!
rec -o "$tmp/b" -- sh -c "touch \"$tmp/b.up\"; $wait_go; exec \"$app\" 222 b" 2>"$tmp/b.log" &
bpid=$!
i=0
while { [ ! -e "$tmp/a.up" ] || [ ! -e "$tmp/b.up" ]; } && [ $i -lt 400 ]; do
	sleep 0.05; i=$((i + 1))
done
sleep 0.3	# both sessions are started before their programs are released
touch "$tmp/go"



wait "$apid"
ra=$?
wait "$bpid"
rb=$?

ok $((ra || rb)) "both recordings succeed" || sed 's/^/# /' "$tmp/a.log" "$tmp/b.log" >&2
is "$(values "$tmp/a")" "111 " "recording a holds only its program's event"
is "$(values "$tmp/b")" "222 " "recording b holds only its program's event"
vpids=$(babeltrace2 "$tmp/a" 2>/dev/null | sed -n 's/.*vpid = \([0-9]*\).*/\1/p' | sort -u | wc -l)
is "$vpids" 1 "one vpid in recording a"

# Descendants: sh runs the app at once (fork + exec: libhsatrace-follow.so holds it before
# main() until record tracks it), and a child shell that becomes the app after a while.
rec -o "$tmp/c" -- sh -c "\"$app\" 333 child; sh -c 'sleep 0.3; exec \"$app\" 555 late'; exec \"$app\" 444 parent" \
	2>"$tmp/c.log"
ok $? "a program that forks is recorded" || sed 's/^/# /' "$tmp/c.log" >&2
is "$(values "$tmp/c")" "333 444 555 " "the children's events and the program's are all recorded"
vpids=$(babeltrace2 "$tmp/c" 2>/dev/null | sed -n 's/.*vpid = \([0-9]*\).*/\1/p' | sort -u | wc -l)
is "$vpids" 3 "from three processes"

done_testing
