#!/bin/sh
# hsatrace record with the harness's private session daemon: records a program's UST events
# with the vpid/vtid/procname contexts, and never leaves a session behind, whether the
# program succeeds, fails, crashes, cannot start, or record gets SIGINT.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

record=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-record
app=$HSATRACE_BUILD/tests/foundation/selftest_app
[ -x "$record" ] || skip_all "hsatrace-record not built ($record)"
[ -x "$app" ] || skip_all "selftest_app not built ($app)"
plan 20

lttng_harness_start || exit 1
tmp=$LTTNG_HARNESS_DIR
rec() { "$record" --no-tracer --no-kernel --event 'hsatrace_selftest:*' "$@"; }
no_session() { lttng list 2>&1 | grep -q 'Currently no available'; }

"$record" >/dev/null 2>&1
is $? 2 "no program is a usage error (2)"
"$record" --runtime gpu -- "$app" 1 x >/dev/null 2>&1
is $? 2 "an unknown runtime is a usage error (2)"

rec -o "$tmp/ok" -- "$app" 4242 recorded 2>"$tmp/ok.log"
ok $? "record exits 0 when the program succeeds" || sed 's/^/# /' "$tmp/ok.log" >&2
out=$(babeltrace2 "$tmp/ok" 2>&1)
ok $? "babeltrace2 reads the recorded trace"
is "$(printf '%s\n' "$out" | grep -c 'hsatrace_selftest:hello')" 1 "the program's event is recorded"
case "$out" in
*'vpid = '*'vtid = '*'procname = "selftest_app"'*'value = 4242'*) r=0 ;;
*) r=1 ;;
esac
ok $r "with the vpid, vtid and procname contexts" || diag "$out"
no_session
ok $? "no session is left after a successful run"

rec -o "$tmp/fail" -- "$app" >/dev/null 2>"$tmp/fail.log"
is $? 1 "record exits 1 when the program fails"
grep -q 'exited with status 2' "$tmp/fail.log"
ok $? "and says how the program ended"
no_session
ok $? "no session is left after a failing program"

rec -o "$tmp/crash" -- sh -c 'kill -SEGV $$' 2>"$tmp/crash.log"
is $? 1 "record exits 1 when the program crashes"
grep -q 'killed by signal 11' "$tmp/crash.log"
ok $? "and names the signal"
no_session
ok $? "no session is left after a crash"

rec -o "$tmp/missing" -- "$tmp/no-such-program" 2>/dev/null
is $? 1 "a program that cannot start is a failure"
no_session
ok $? "no session is left when the program cannot start"

# SIGINT to record is forwarded to the program; the session still goes away.
# (record itself, not a shell function, so that $! is its pid)
"$record" --no-tracer --no-kernel -o "$tmp/int" -- sleep 30 2>"$tmp/int.log" &
rpid=$!
i=0
until lttng list 2>/dev/null | grep -q 'hsatrace-.*\[active\]' && pgrep -P "$rpid" sleep >/dev/null; do
	i=$((i + 1))
	[ "$i" -gt 200 ] && break
	sleep 0.05
done
child=$(pgrep -P "$rpid" sleep)
kill -INT "$rpid"
wait "$rpid"
is $? 1 "record exits 1 after SIGINT"
kill -0 "$child" 2>/dev/null
ok $((! $?)) "the program got the SIGINT and ended"
no_session
ok $? "no session is left after SIGINT"
grep -q 'interrupted' "$tmp/int.log"
ok $? "record says it was interrupted" || sed 's/^/# /' "$tmp/int.log" >&2

rec -o "$tmp/ok" -- "$app" 1 again 2>/dev/null
is $? 1 "a non-empty output folder is refused"

done_testing
