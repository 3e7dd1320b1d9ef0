#!/bin/sh
# With no session daemon for the user, hsatrace record starts one (lttng-sessiond
# --daemonize, under the user's LTTNG_HOME) and records, then stops the daemon it started
# (the harness's stop is only a safety net).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
record_require "$app"
plan 6

# A private LTTNG_HOME where no daemon runs yet; the harness's stop kills whatever daemon
# writes its pid file there, and removes the folder.
LTTNG_HARNESS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/hsatrace-lttng.XXXXXX") || exit 1
export LTTNG_HOME=$LTTNG_HARNESS_DIR
trap lttng_harness_stop EXIT
tmp=$LTTNG_HARNESS_DIR

lttng list >/dev/null 2>&1
ok $((! $?)) "no session daemon answers at first"
rec -o "$tmp/t" -- "$app" 5 started 2>"$tmp/log"
ok $? "record exits 0" || sed 's/^/# /' "$tmp/log" >&2
grep -q 'starting `lttng-sessiond --daemonize`' "$tmp/log"
ok $? "it said so and started a daemon for this LTTNG_HOME"
lttng list >/dev/null 2>&1
ok $((! $?)) "the daemon it started no longer answers"
[ ! -f "$LTTNG_HOME/.lttng/lttng-sessiond.pid" ]
ok $? "and removed its pid file (it stopped)"
out=$(babeltrace2 "$tmp/t" 2>&1)
case "$out" in *'value = 5'*'word = "started"'*) r=0 ;; *) r=1 ;; esac
ok $r "the program's event is recorded" || diag "$out"

done_testing
