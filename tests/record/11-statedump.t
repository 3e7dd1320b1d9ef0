#!/bin/sh
# liblttng-ust's base-address statedump (ELF headers of every loaded object, read at each
# traced process's start) is skipped unless its events are asked for: the program runs with
# LTTNG_UST_WITHOUT_BADDR_STATEDUMP=1 by default; an --event pattern matching
# lttng_ust_statedump:* keeps it and records its bin_info events; a value the user set is kept.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
app=$lib/samples/vector_copy
record_require_traced "$app"
command -v babeltrace2 >/dev/null || skip_all "no babeltrace2"
plan 6

record_start
rec() { timeout 120 "$record" --runtime cpu --no-kernel "$@"; }
show='echo "${LTTNG_UST_WITHOUT_BADDR_STATEDUMP-<unset>}"'

rec -o "$tmp/default" -- sh -c "$show" >"$tmp/default.out" 2>"$tmp/default.log"
is "$(cat "$tmp/default.out")" "1" "by default the program runs without the statedump" ||
	sed 's/^/# /' "$tmp/default.log" >&2

LTTNG_UST_WITHOUT_BADDR_STATEDUMP=0 rec -o "$tmp/user" -- sh -c "$show" \
	>"$tmp/user.out" 2>"$tmp/user.log"
is "$(cat "$tmp/user.out")" "0" "a value the user set is kept"

rec -o "$tmp/asked" --event 'lttng_ust_statedump:*' -- sh -c "$show" \
	>"$tmp/asked.out" 2>"$tmp/asked.log"
is "$(cat "$tmp/asked.out")" "<unset>" "asking for lttng_ust_statedump:* keeps the statedump"

rec -o "$tmp/dump" --event 'lttng_ust_statedump:*' -- "$app" \
	"$lib/samples/vector_copy_kernels.so" >/dev/null 2>"$tmp/dump.log"
ok $? "an HSA program is recorded with the statedump asked for" ||
	sed 's/^/# /' "$tmp/dump.log" >&2
n=$(babeltrace2 "$tmp/dump" 2>/dev/null | grep -c 'lttng_ust_statedump:bin_info')
[ "$n" -gt 0 ]
ok $? "its bin_info events are in the trace ($n)"

LTTNG_UST_WITHOUT_BADDR_STATEDUMP=1 rec -o "$tmp/off" --event 'lttng_ust_statedump:*' -- \
	"$app" "$lib/samples/vector_copy_kernels.so" >/dev/null 2>"$tmp/off.log"
n=$(babeltrace2 "$tmp/off" 2>/dev/null | grep -c 'lttng_ust_statedump:bin_info')
is "$n" "0" "without the statedump, the same recording has no bin_info event"

done_testing
