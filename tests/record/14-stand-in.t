#!/bin/sh
# The session's per-user buffers are made before the program starts (analyses/record/
# buffers.c): while the program runs, record's stand-in (sh with only liblttng-ust preloaded,
# reading its stdin) is registered with the session daemon; it emits no event and is gone
# when record returns. With the statedump events enabled (which the stand-in would emit) there
# is none.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
record_require "$app"
command -v lttng >/dev/null || skip_all "lttng (the client) not installed"
plan 7

record_start
rec_timeout=60
# The program: lists the command lines of the UST applications the daemon knows, then emits
# its own event.
list_apps="lttng list -u | sed -n 's/^PID: \([0-9]*\) .*/\1/p' | while read -r p; do
	echo \"\$p \$(xargs -0 </proc/\$p/cmdline)\"; done"

rec -o "$tmp/a" -- sh -c "$list_apps >\"$tmp/apps\"; exec \"$app\" 7 a" 2>"$tmp/a.log"
ok $? "record succeeds" || sed 's/^/# /' "$tmp/a.log" >&2
sed 's/^/# app: /' "$tmp/apps" >&2
stand_in=$(grep 'read line' "$tmp/apps" | cut -d' ' -f1)
ok "$([ -n "$stand_in" ]; echo $?)" "the stand-in was registered while the program ran"
ok "$(kill -0 "$stand_in" 2>/dev/null && echo 1 || echo 0)" "the stand-in is gone when record returns"
vpids=$(babeltrace2 "$tmp/a" 2>/dev/null | sed -n 's/.*vpid = \([0-9]*\).*/\1/p' | sort -u)
is "$(echo "$vpids" | wc -l)" 1 "the trace holds one process's events"
ok "$([ -n "$vpids" ] && [ "$vpids" != "$stand_in" ]; echo $?)" "and not the stand-in's"

rec --event 'lttng_ust_statedump:*' -o "$tmp/b" -- sh -c "$list_apps >\"$tmp/apps-b\"; exec \"$app\" 8 b" \
	2>"$tmp/b.log"
ok $? "record with the statedump events succeeds" || sed 's/^/# /' "$tmp/b.log" >&2
ok "$(grep -c 'read line' "$tmp/apps-b")" "no stand-in when the statedump events are enabled"

done_testing
