#!/bin/sh
# error_path on the CPU runtime: each of its checks (an invalid argument or a stale handle,
# and the status the HSA specification names for it) becomes one TAP test here.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/samples/samples-lib.sh"
samples_require_built
samples_require_cpu_runtime

# Checks where the CPU runtime is known to answer another status than the specification's
# (reported to the runtime's owners): TODO tests, listed until the runtime is fixed.
known_deviations='hsa_signal_destroy of handle 0
hsa_queue_create of an unknown queue type
hsa_queue_destroy of NULL
hsa_amd_profiling_set_profiler_enabled on NULL
hsa_amd_memory_async_copy with completion signal handle 0'
is_known() {
	printf '%s\n' "$known_deviations" | grep -qxF "$1"
}

run_cpu error_path "$SAMPLES/error_path_kernels.so"
printf '%s\n' "$out" >"$samples_tmp/checks"
checks=0
unknown_failures=0
while IFS= read -r line; do
	case "$line" in
	"ok "[0-9]*" - "*)
		checks=$((checks + 1))
		ok 0 "error_path: ${line#ok * - }"
		;;
	"FAIL "[0-9]*" - "*)
		checks=$((checks + 1))
		what=${line#FAIL * - }
		name=${what%%: got *}
		if is_known "$name"; then
			todo 1 "error_path: $what" "CPU runtime deviates from the HSA spec here"
		else
			ok 1 "error_path: $what"
			unknown_failures=$((unknown_failures + 1))
		fi
		;;
	esac
done <"$samples_tmp/checks"

[ "$checks" -ge 50 ]
ok $? "error_path ran its checks ($checks)"
passed=$(grep -c '^ok [0-9]* - ' "$samples_tmp/checks")
summary=$(sed -n 's/^error_path: \([0-9]*\) of \([0-9]*\) checks.*/\1 \2/p' "$samples_tmp/checks")
is "$summary" "$passed $checks" "error_path's summary line counts the checks it printed"
if [ "$rc" = 0 ]; then
	ok 0 "error_path exits 0: every check returned the specified status"
elif [ "$rc" = 1 ] && [ "$unknown_failures" = 0 ]; then
	todo 1 "error_path exits 0: every check returned the specified status" \
		"only the known runtime deviations failed"
else
	ok 1 "error_path exits 0: every check returned the specified status"
	diag "exit status $rc; stderr: $err"
fi
grep -q '^ok [0-9]* - queue error callback for a reserved packet type: HSA_STATUS_ERROR_INVALID_PACKET_FORMAT$' \
	"$samples_tmp/checks"
ok $? "a packet with a reserved type reached the queue's error callback"
done_testing
