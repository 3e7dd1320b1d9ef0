#!/bin/sh
# HIP streams and events on the CPU runtime: stream kinds and priorities (each stream does
# work), hipStreamWaitEvent ordering between streams, event timing, the null stream,
# launch-configuration errors, and the two-stream pipeline of copies and churn() kernels
# (run from its CPU build), whose results are checked against the host's; the pipeline on 1
# and 4 streams (`pipeline STREAMS`, bench/model's HIP row) and a bad STREAMS.
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

for n in 1 4; do
	HSATRACE_CPU_KERNELS=$kernels hip_run_cpu hip_streams pipeline $n
	hip_is_rc 0 "hip_streams pipeline $n exits 0"
	case $n in 1) streams="1 stream" ;; *) streams="$n streams" ;; esac
	has "$out" "PASS pipeline: 8 chunks of 1048576 words on $streams, churn() right (0 wrong)"
	ok $? "the pipeline on $streams computes the same"
	# its stop event waited for every stream's last work: one hipStreamWaitEvent each
	is "$(printf '%s\n' "$out" | grep -c '^PASS hipStreamWaitEvent(lanes\[0\]\.stream, lanes\[i\]\.done, 0)$')" \
		$((n - 1)) "pipeline $n: stream 0 waited for the $((n - 1)) other streams"
done

hip_run_cpu hip_streams bogus
hip_is_rc 2 "an unknown mode is a usage error"
has "$err" "usage: hip_streams"
ok $? "and says how to call it"
for bad in 0 9 2x -1 ''; do
	hip_run_cpu hip_streams pipeline "$bad"
	hip_is_rc 2 "pipeline '$bad': a bad stream count is a usage error"
	has "$err" "STREAMS 1..8"
	ok $? "pipeline '$bad': the usage says the stream counts"
done
hip_run_cpu hip_streams pipeline 2 3
hip_is_rc 2 "an argument too many is a usage error"
done_testing
