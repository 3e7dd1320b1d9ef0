#!/bin/sh
# hsatrace record with the harness's private session daemon: records a program's UST events
# with the vpid/vtid/procname contexts, and never leaves a session behind, whether the
# program succeeds, fails, crashes, cannot start, or record gets SIGINT; record exits with
# the program's status (128 + N for signal N), 126/127 for a program that cannot run (before
# any session exists), 125 for its own failure, and leaves the harness's daemon running.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
record_require "$app"
plan 34

record_start
no_session() { lttng list 2>&1 | grep -q 'Currently no available'; }

"$record" >/dev/null 2>&1
is $? 2 "no program is a usage error (2)"
"$record" --runtime gpu -- "$app" 1 x >/dev/null 2>&1
is $? 2 "an unknown runtime is a usage error (2)"
# Option values that say nothing, or not a number: usage errors naming the option, no session.
bad=""
for args in "-e ''" "-e ,," "--counters ''" "--counters ,," "--event ''" "--subbuf-size abc" \
	"--subbuf-size 0" "--subbuf-size -4096" "--subbuf-size 4096x"; do
	err=$(eval "\"\$record\" $args -o \"\$tmp/never\" -- \"\$app\" 1 x" 2>&1 >/dev/null)
	rc=$?
	opt=${args%% *}
	case "$opt" in -e) opt=--events ;; esac
	[ $rc -eq 2 ] && [ ! -e "$tmp/never" ] && case "$err" in "hsatrace record: $opt"*) true ;;
		*) false ;; esac || bad="$bad [$args: exit $rc, $err]"
done
is "$bad" "" "empty --events, --counters and --event, and a --subbuf-size that is no number: usage errors"
no_session
ok $? "... and no session was made"

# Every line record prints on an error is its own ("hsatrace record: ..."), never lttng's
# ("Error: URI parse unknown protocol bogus"), and names the --url that was wrong.
only_record_lines() { ! grep -v -e '^hsatrace record: ' -e "^Try 'hsatrace record --help'.\$" "$1"; }
"$record" --url bogus -- "$app" 1 x >/dev/null 2>"$tmp/url.err"
rc=$?
[ $rc -eq 2 ] && only_record_lines "$tmp/url.err" && grep -q -- "--url 'bogus'" "$tmp/url.err"
ok $? "--url bogus: a usage error (exit $rc) in record's own words, naming the URL" ||
	sed 's/^/# /' "$tmp/url.err" >&2
"$record" --url net://nonexistent.invalid -- "$app" 1 x >/dev/null 2>"$tmp/host.err"
rc=$?
[ $rc -eq 125 ] && only_record_lines "$tmp/host.err" &&
	grep -q -- "--url 'net://nonexistent.invalid'" "$tmp/host.err"
ok $? "--url to a host that does not resolve: record's failure (exit $rc) in its own words" ||
	sed 's/^/# /' "$tmp/host.err" >&2

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
is $? 2 "record exits with the program's status (2)"
grep -q 'exited with status 2' "$tmp/fail.log"
ok $? "and says how the program ended"
no_session
ok $? "no session is left after a failing program"

rec -o "$tmp/three" -- sh -c 'exit 3' 2>/dev/null
is $? 3 "record exits with the program's status (3)"

rec -o "$tmp/crash" -- sh -c 'kill -SEGV $$' 2>"$tmp/crash.log"
is $? 139 "record exits 128 + 11 when SIGSEGV killed the program"
grep -q 'killed by signal 11' "$tmp/crash.log"
ok $? "and names the signal"
no_session
ok $? "no session is left after a crash"

rec -o "$tmp/missing" -- "$tmp/no-such-program" 2>"$tmp/missing.log"
is $? 127 "a program that does not exist: 127"
grep -q "the program was not found: $tmp/no-such-program" "$tmp/missing.log"
ok $? "said plainly" || sed 's/^/# /' "$tmp/missing.log" >&2
grep -q 'trace written' "$tmp/missing.log"
ok $((! $?)) "no trace is said written"
[ ! -e "$tmp/missing" ]
ok $? "no output folder was created"
no_session
ok $? "no session is left when the program cannot start"
rec -o "$tmp/nopath" -- no-such-program-in-path 2>"$tmp/nopath.log"
is $? 127 "a program not in PATH: 127"
printf 'echo hi\n' >"$tmp/not-exec"
rec -o "$tmp/noexec" -- "$tmp/not-exec" 2>"$tmp/noexec.log"
is $? 126 "a file that is not executable: 126"
grep -q 'not an executable file' "$tmp/noexec.log"
ok $? "said plainly" || sed 's/^/# /' "$tmp/noexec.log" >&2
rec -o "$tmp/dir" -- /tmp 2>/dev/null
is $? 126 "a folder as the program: 126"

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
is $? 130 "record exits 128 + 2 after SIGINT (the program died of it)"
kill -0 "$child" 2>/dev/null
ok $((! $?)) "the program got the SIGINT and ended"
no_session
ok $? "no session is left after SIGINT"
grep -q 'interrupted' "$tmp/int.log"
ok $? "record says it was interrupted" || sed 's/^/# /' "$tmp/int.log" >&2

rec -o "$tmp/ok" -- "$app" 1 again 2>/dev/null
is $? 125 "a non-empty output folder is refused: record's own failure (125)"
lttng list >/dev/null 2>&1
ok $? "the session daemon that was already there is left running"
"$record" --help | grep -q '125 recording failed'
ok $? "--help documents the exit status"

done_testing
