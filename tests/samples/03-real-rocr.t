#!/bin/sh
# On the system's own HSA runtime (Debian's ROCr) without a GPU, hsa_init fails: every sample
# exits 1 with a message naming the HSA status, and none crashes.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/samples/samples-lib.sh"
samples_require_built
[ -e /dev/kfd ] && skip_all "/dev/kfd exists: a GPU may make hsa_init succeed here"
ldconfig -p 2>/dev/null | grep -q 'libhsa-runtime64\.so\.1 ' ||
	skip_all "no system libhsa-runtime64.so.1"
plan 12

for n in $SAMPLE_NAMES; do
	run_rocr "$n" "$SAMPLES/${n}_kernels.so"
	is_rc 1 "$n on ROCr without a GPU exits 1 (no crash)"
	has "$err" "$n: failed to initialize the HSA runtime (hsa_init): status=0x"
	ok $? "$n says hsa_init failed"
	has "$err" "HSA_STATUS_ERROR"
	ok $? "$n names the HSA status"
done
done_testing
