#!/bin/sh
# The harness starts a private lttng-sessiond, a test program's LTTng-UST event is recorded
# in a real session, babeltrace2 reads it back, and the daemon is stopped afterwards.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

app=$HSATRACE_BUILD/tests/foundation/selftest_app
[ -x "$app" ] || skip_all "selftest_app not built ($app)"
plan 9

lttng_harness_start
ok $? "private lttng-sessiond started"
pidfile=$LTTNG_HOME/.lttng/lttng-sessiond.pid
pid=$(cat "$pidfile" 2>/dev/null)
kill -0 "$pid" 2>/dev/null
ok $? "its pid file is under the private LTTNG_HOME"

trace=$LTTNG_HARNESS_DIR/trace
lttng create selftest -o "$trace" >/dev/null &&
	lttng enable-event -u 'hsatrace_selftest:*' >/dev/null &&
	lttng start >/dev/null
ok $? "session created and started"

"$app" 4242 harness
ok $? "the test program ran"

lttng stop >/dev/null && lttng destroy >/dev/null
ok $? "session stopped and destroyed"

out=$(babeltrace2 "$trace" 2>&1)
ok $? "babeltrace2 reads the trace"
n=$(printf '%s\n' "$out" | grep -c 'hsatrace_selftest:hello')
is "$n" 1 "exactly one event recorded"
case "$out" in
*'value = 4242'*'word = "harness"'*) r=0 ;;
*) r=1 ;;
esac
ok $r "its fields are the ones the program emitted" || diag "$out"

lttng_harness_stop
kill -0 "$pid" 2>/dev/null
ok $((! $?)) "the daemon is gone after stop"

done_testing
