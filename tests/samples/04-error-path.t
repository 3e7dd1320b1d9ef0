#!/bin/sh
# error_path on the CPU runtime: each of its checks (an invalid argument or a stale handle,
# and the status the HSA specification names for it) becomes one TAP test here.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/samples/samples-lib.sh"
samples_require_built
samples_require_cpu_runtime

run_cpu error_path "$SAMPLES/error_path_kernels.so"
printf '%s\n' "$out" >"$samples_tmp/checks"
checks=0
while IFS= read -r line; do
	case "$line" in
	"ok "[0-9]*" - "*)
		checks=$((checks + 1))
		ok 0 "error_path: ${line#ok * - }"
		;;
	"FAIL "[0-9]*" - "*)
		checks=$((checks + 1))
		ok 1 "error_path: ${line#FAIL * - }"
		;;
	esac
done <"$samples_tmp/checks"

[ "$checks" -ge 70 ]
ok $? "error_path ran its checks ($checks)"
passed=$(grep -c '^ok [0-9]* - ' "$samples_tmp/checks")
summary=$(sed -n 's/^error_path: \([0-9]*\) of \([0-9]*\) checks.*/\1 \2/p' "$samples_tmp/checks")
is "$summary" "$passed $checks" "error_path's summary line counts the checks it printed"
is_rc 0 "error_path exits 0: every check returned the specified status"
grep -q '^ok [0-9]* - queue error callback for a reserved packet type: HSA_STATUS_ERROR_INVALID_PACKET_FORMAT$' \
	"$samples_tmp/checks"
ok $? "a packet with a reserved type reached the queue's error callback"

# The variant for ROCr on a GPU: no calls on destroyed objects or made-up handles, every other
# check still made.
run_cpu error_path --no-stale-handles "$SAMPLES/error_path_kernels.so"
is_rc 0 "error_path --no-stale-handles exits 0"
fewer=$(printf '%s\n' "$out" | grep -c '^ok [0-9]* - ')
stale=$(printf '%s\n' "$out" | grep -c 'destroyed\|made-up')
is "$stale" 0 "error_path --no-stale-handles makes no call on a destroyed object or made-up handle"
is "$fewer" "$((checks - $(grep -c 'destroyed\|made-up' "$samples_tmp/checks")))" \
	"error_path --no-stale-handles makes every other check"
done_testing
