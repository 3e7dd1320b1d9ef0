#!/bin/sh
# The tracer never changes what the program sees, on bad input either: error_path's invalid
# arguments, destroyed and made-up handles (dispatch and queue creation, async copies, signal
# waits, executables and code objects) run untraced, then traced, and every check line must
# be the same: the same status, the same value, the same completion (or none) of the
# operation. Traced twice: with every event (the hooks and their API events), and with the
# activity events only (the hooks without API events).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/tracer/tracer-lib.sh"
tracer_start "$@"
EP="$SAMPLES/error_path $SAMPLES/error_path_kernels.so"

# shellcheck disable=SC2086
tracer_run plain LD_LIBRARY_PATH="$CPU_RUNTIME" -- $EP
checks=$(grep -c '^\(ok\|FAIL\) [0-9]* - ' "$TR/plain.out")
ok $([ "$checks" -ge 90 ]; echo $?) "untraced: error_path printed its checks ($checks)"

# compare NAME: each check of the untraced run, the same in NAME's run (one test per check).
compare() {
	_n=0
	while IFS= read -r _line; do
		case "$_line" in
		"ok "[0-9]*" - "* | "FAIL "[0-9]*" - "*) ;;
		*) continue ;;
		esac
		_n=$((_n + 1))
		_got=$(sed -n "$_n{p;q}" "$TR/$1.checks")
		is "$_got" "$_line" "$1: ${_line#* [0-9]* - }"
	done <"$TR/plain.out"
	is "$(wc -l <"$TR/$1.checks")" "$_n" "$1: as many checks as untraced"
	is "$(tail -1 "$TR/$1.out")" "$(tail -1 "$TR/plain.out")" "$1: the same exit status"
}

# shellcheck disable=SC2086
tracer_record traced LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" -- $EP
ok $? "traced, every event: recorded"
grep '^\(ok\|FAIL\) [0-9]* - ' "$TR/traced.out" >"$TR/traced.checks"
compare traced
is "$(stat traced unpaired)" 0 "traced: every API entry has its exit"

# shellcheck disable=SC2086
TRACER_EVENTS='hsa_activity:*,hsa_meta:*' \
	tracer_record activity LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" -- $EP
ok $? "traced, activity events only: recorded"
grep '^\(ok\|FAIL\) [0-9]* - ' "$TR/activity.out" >"$TR/activity.checks"
compare activity

done_testing
