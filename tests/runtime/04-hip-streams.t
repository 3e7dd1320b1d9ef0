#!/bin/sh
# HIP streams and events on the CPU runtime: stream kinds and priorities, hipStreamWaitEvent
# ordering between streams, event timing, the null stream, launch-configuration errors.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_streams

hip_run_cpu hip_streams
hip_tap
hip_is_rc 0 "hip_streams exits 0 on the CPU runtime"
[ "$hip_checks" -ge 40 ]
ok $? "hip_streams made its checks ($hip_checks)"
done_testing
