#!/bin/sh
# HIP streams and events on the CPU runtime: stream kinds and priorities (each stream does
# work), hipStreamWaitEvent ordering between streams, event timing, the null stream,
# launch-configuration errors, and the two-stream pipeline of copies and churn() kernels
# (run from its CPU build), whose results are checked against the host's.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_streams
kernels=$HIP_SAMPLES/hip_streams_kernels.so
[ -f "$kernels" ] || skip_all "not built: $kernels"

HSATRACE_CPU_KERNELS=$kernels hip_run_cpu hip_streams
hip_tap
hip_is_rc 0 "hip_streams exits 0 on the CPU runtime"
[ "$hip_checks" -ge 50 ]
ok $? "hip_streams made its checks ($hip_checks)"
has "$out" "PASS pipeline: 8 chunks of 1048576 words on 2 streams, churn() right (0 wrong)"
ok $? "the pipeline's kernels ran and their results are right"

HSATRACE_CPU_KERNELS=$kernels hip_run_cpu hip_streams pipeline-sync
hip_is_rc 0 "hip_streams pipeline-sync exits 0"
has "$out" "PASS pipeline with a synchronous hipMemcpy: 8 chunks of 1048576 words on 2 streams, churn() right (0 wrong)"
ok $? "the serialized pipeline computes the same"

hip_run_cpu hip_streams bogus
hip_is_rc 2 "an unknown mode is a usage error"
has "$err" "usage: hip_streams"
ok $? "and says how to call it"
done_testing
