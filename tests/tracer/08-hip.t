#!/bin/sh
# The HIP layer (libhsatrace-hip.so) end to end on the CPU runtime: hsatrace record preloads it
# for a program that needs libamdhip64; every HIP call of the program is an entry/exit pair
# with its status; the HSA calls, packets and copies a HIP call causes carry its correlation
# id (hip_correlation_id); hipLaunchKernel names its kernel; the program's output and exit
# status are the same as untraced.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_square
record=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-record
hip_tracer=$HSATRACE_BUILD/lib/hsatrace/libhsatrace-hip.so
kernels=$HIP_SAMPLES/hip_square_kernels.so
for f in "$record" "$hip_tracer" "$kernels"; do
	[ -f "$f" ] || skip_all "not built: $f"
done
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 is not installed"
lttng_harness_start || exit 1
trap 'lttng_harness_stop; rm -rf "$hip_tmp"' EXIT # the harness's trap replaced hip-lib's
tmp=$LTTNG_HARNESS_DIR
asan=$(hip_asan_preload "$hip_tracer")

# record PROGRAM NAME: hsatrace record of PROGRAM; babeltrace2's text in $tmp/NAME.txt
record() {
	HSATRACE_CPU_KERNELS=$kernels hip_capture env LD_PRELOAD="$asan" "$record" --no-kernel \
		--runtime cpu -o "$tmp/$2" -- "$HIP_SAMPLES/$1"
	printf '%s\n' "$out" >"$tmp/$2.out"
	babeltrace2 "$tmp/$2" >"$tmp/$2.txt" 2>"$tmp/$2.bt.err"
}

for program in hip_square hip_memory; do
	HSATRACE_CPU_KERNELS=$kernels hip_run_cpu "$program"
	untraced_rc=$rc
	printf '%s\n' "$out" >"$tmp/$program.untraced"
	record "$program" "$program"
	is "$rc" "$untraced_rc" "$program: the same exit status traced and untraced ($rc)"
	diff "$tmp/$program.untraced" "$tmp/$program.out" >"$tmp/diff" 2>&1
	ok $? "$program: the same output traced and untraced" || sed 's/^/#   /' "$tmp/diff" >&2
	[ -s "$tmp/$program.txt" ]
	ok $? "$program: babeltrace2 reads the trace" || sed 's/^/#   /' "$tmp/$program.bt.err" >&2
	awk -f "$HSATRACE_SRC/tests/tracer/check-hip.awk" "$tmp/$program.txt" >"$tmp/$program.check"
	diag "$(tr '\n' ' ' <"$tmp/$program.check")"
done
done_testing
