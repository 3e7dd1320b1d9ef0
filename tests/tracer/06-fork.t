#!/bin/sh
# fork after hsa_init, with tracing active: the child dispatches on the queue and runtime it
# inherited and makes an async copy (tests/tracer/fork_app). Whatever the runtime lets the
# child do untraced, it must do traced: same output, same exit status, no hang (fork_app's
# alarm and waits with timeouts end a stuck process). The child's events are its own (LTTng-UST
# was told about the fork: they carry the child's vpid). Its kernel executions are recorded
# when the runtime runs async handlers in the child (the tracer checks), none otherwise.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/tracer/tracer-lib.sh"
FORK_APP=$HSATRACE_BUILD/tests/tracer/fork_app
[ -x "$FORK_APP" ] || skip_all "fork_app not built"
tracer_start "$@"
RUN="timeout 120 $FORK_APP $SAMPLES/error_path_kernels.so 10"

# shellcheck disable=SC2086
tracer_run plain LD_LIBRARY_PATH="$CPU_RUNTIME" -- $RUN
grep -q '^child: [0-9]* of 10 dispatches completed' "$TR/plain.out"
ok $? "untraced: the child reported ($(grep '^child:' "$TR/plain.out"))"
# shellcheck disable=SC2086
tracer_run idle LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" -- $RUN
same_output plain idle
ok $? "preloaded, no session: output and exit status identical"

# shellcheck disable=SC2086
tracer_record traced LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" -- $RUN
ok $? "traced: recorded"
same_output plain traced
ok $? "traced: output and exit status identical ($(grep '^child:' "$TR/traced.out"))"
is "$(stat traced unpaired)" 0 "traced: every API entry has its exit"

parent=$(sed -n 's/.*hsa_api_entry:hsa_init: .* vpid = \([0-9]*\),.*/\1/p' "$TR/traced.txt" | head -1)
child=$(sed -n 's/.*hsa_api_entry:hsa_amd_memory_async_copy: .* vpid = \([0-9]*\),.*/\1/p' \
	"$TR/traced.txt" | sort -u | grep -v "^$parent\$" | head -1)
ok $([ -n "$child" ]; echo $?) "traced: the child's async copy is recorded under its own vpid"
is "$(grep -c "hsa_api_exit:hsa_amd_memory_async_copy: .* vpid = $child,.* status = 0 }" \
	"$TR/traced.txt")" 1 "traced: the child's copy succeeded, as untraced"

# The child stops at its first dispatch that does not complete.
completed=$(sed -n 's/^child: \([0-9]*\) of 10 .*/\1/p' "$TR/plain.out")
attempts=$((completed < 10 ? completed + 1 : 10))
is "$(grep -c "hsa_activity:packet_submit: .* vpid = $child,.* packet_type = 2," "$TR/traced.txt")" \
	"$attempts" "traced: the child's $attempts kernel dispatches are recorded"
execs=$(grep -c "hsa_activity:kernel_exec: .* vpid = $child," "$TR/traced.txt")
diag "the child's kernel executions recorded: $execs of $completed"
ok $([ "$execs" -eq 0 ] || [ "$execs" -eq "$completed" ]; echo $?) \
	"traced: the child's kernel executions all recorded, or none (no async handlers there)"

done_testing
