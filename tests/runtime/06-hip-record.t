#!/bin/sh
# hsatrace record of a HIP program on the CPU runtime: the tracer sees what ROCclr asks of the
# HSA runtime (agents, pools, the blit code object, queues), and the dispatches of ROCclr's
# blit kernels, by name, in the trace babeltrace2 reads.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_memory
hip_record_require
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 is not installed"
plan 6
hip_record_start
# As in 10-hip-same-output.t: the exit status compared is the program's, not LeakSanitizer's,
# whose stop-the-world at exit can fault (and exit 1) while LTTng-UST's threads are exiting
# (seen in two full runs of make check on a loaded machine, never alone).
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS

# a sanitized tracer in an unsanitized program: libasan first
hip_capture env LD_PRELOAD="$(hip_asan_preload "$tracer")" "$record" --no-kernel --runtime cpu \
	-o "$tmp/rec" -- "$HIP_SAMPLES/hip_memory"
hip_is_rc 0 "record of hip_memory on the CPU runtime exits 0"
passed=$(printf '%s\n' "$out" | grep -c '^PASS ')
failed=$(printf '%s\n' "$out" | grep -c '^FAIL ')
[ "$passed" -ge 50 ] && [ "$failed" -eq 0 ]
ok $? "hip_memory's checks pass under the tracer ($passed passed, $failed failed)"
babeltrace2 "$tmp/rec" >"$tmp/events" 2>"$tmp/bt.err"
ok $? "babeltrace2 reads the trace" || sed 's/^/#   /' "$tmp/bt.err" >&2
grep -q 'hsa_api_entry:hsa_executable_load_agent_code_object' "$tmp/events"
ok $? "ROCclr's blit code object load is traced"
grep -q '__amd_rocclr_copyBuffer' "$tmp/events"
ok $? "dispatches of the copy blit kernel are traced by name"
grep -q '__amd_rocclr_fillBufferAligned' "$tmp/events"
ok $? "dispatches of the fill blit kernel are traced by name"
