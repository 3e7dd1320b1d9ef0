#!/bin/sh
# "Never change what the program sees", with the system's ROCr (Debian's libhsa-runtime64,
# real ROCr 5.2) on a machine without a GPU: a HIP program recorded by
# `hsatrace record --runtime system` prints exactly what it prints without the tracer
# (hipErrorNoDevice) and exits the same. Skips where /dev/kfd exists (a GPU could answer).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_device
[ -e /dev/kfd ] && skip_all "/dev/kfd exists: a GPU may make HIP find a device here"
ldconfig -p 2>/dev/null | grep -q 'libhsa-runtime64\.so\.1 ' ||
	skip_all "no system libhsa-runtime64.so.1 (Debian package libhsa-runtime64-1)"
hip_record_require
[ -x "$HIP_SAMPLES/hip_memory" ] || skip_all "HIP program hip_memory not built"
plan 9
hip_record_start
asan=$(hip_asan_preload "$tracer")

hip_run_rocr hip_device --count
is "$out" "devices 0 status hipErrorNoDevice" "without the tracer: HIP finds no device"
plain_out=$out plain_rc=$rc

# a sanitized tracer in an unsanitized program: libasan first
hip_capture env -u LD_LIBRARY_PATH LD_PRELOAD="$asan" "$record" --no-kernel --runtime system \
	-o "$tmp/rec-count" -- "$HIP_SAMPLES/hip_device" --count
is "$out" "$plain_out" "recorded: the same output"
is "$rc" "$plain_rc" "recorded: the same exit status ($plain_rc)"

# a program that goes on without a device: every HIP call fails (hipErrorInvalidDevice)
hip_run_rocr hip_memory
plain_out=$out plain_rc=$rc
[ "$plain_rc" -ne 0 ] && printf '%s\n' "$plain_out" | grep -q '^FAIL hipMalloc' &&
	! printf '%s\n' "$plain_out" | grep -q '^PASS'
ok $? "without the tracer: hip_memory's calls all fail, no device (exit $plain_rc)"
hip_capture env -u LD_LIBRARY_PATH LD_PRELOAD="$asan" "$record" --no-kernel --runtime system \
	-o "$tmp/rec-memory" -- "$HIP_SAMPLES/hip_memory"
is "$out" "$plain_out" "recorded: hip_memory prints the same $(printf '%s\n' "$out" | wc -l) lines"
is "$rc" "$plain_rc" "recorded: the same exit status"

# the tracer was there: the recording holds the program's HSA calls on ROCr
command -v babeltrace2 >/dev/null || {
	skip 3 "babeltrace2 is not installed"
	exit 0
}
babeltrace2 "$tmp/rec-count" >"$tmp/events" 2>"$tmp/bt.err"
ok $? "babeltrace2 reads the recording" || sed 's/^/#   /' "$tmp/bt.err" >&2
grep -q 'hsa_api_entry:hsa_init' "$tmp/events"
ok $? "the tracer recorded ROCr's hsa_init"
grep -q 'hsa_api_exit:hsa_init' "$tmp/events"
ok $? "and its return"
