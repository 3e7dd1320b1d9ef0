#!/bin/sh
# Without a kernel tracer (not root, no lttng-modules) record says so in one calm line and
# records user space: no liblttng-ctl PERROR, no "Fatal error", no error text of the daemon.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
record_require "$app"
plan 4

record_start

timeout 60 "$record" --no-tracer --event 'hsatrace_selftest:*' -o "$tmp/t" -- "$app" 9 quiet \
	2>"$tmp/log"
ok $? "record exits 0 without a kernel tracer" || sed 's/^/# /' "$tmp/log" >&2
is "$(grep -ci kernel "$tmp/log")" 1 "one line about the kernel"
grep -q 'not recording the kernel (.*): user space only' "$tmp/log"
ok $? "saying what is recorded" || sed 's/^/# /' "$tmp/log" >&2
grep -Eqi 'PERROR|fatal|requires|error' "$tmp/log"
ok $((! $?)) "nothing alarming" || sed 's/^/# /' "$tmp/log" >&2

done_testing
