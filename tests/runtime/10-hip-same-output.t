#!/bin/sh
# "Never change what the program sees" on the CPU runtime: HIP programs print exactly the
# same and exit the same with and without `hsatrace record` (hip_device's properties,
# hip_memory's copies and fills, hip_square's kernel: outputs without times).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_memory
hip_record_require "$HIP_SAMPLES/hip_device" "$HIP_SAMPLES/hip_square" \
	"$HIP_SAMPLES/hip_square_kernels.so"
plan 6
hip_record_start
export HSATRACE_CPU_WORKERS=2 HSATRACE_CPU_KERNELS=$HIP_SAMPLES/hip_square_kernels.so
# Under the sanitizer build the exit status compared is the program's, not LeakSanitizer's:
# its stop-the-world at exit can fault (and exit 1) while LTTng-UST's threads are exiting.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS

# same PROGRAM ARGS...: run it plain and recorded, compare stdout and exit status
same() {
	hip_run_cpu "$@"
	plain_out=$out plain_rc=$rc
	_program=$1
	shift
	# a sanitized tracer in an unsanitized program: libasan first
	hip_capture env LD_PRELOAD="$(hip_asan_preload "$tracer")" "$record" --no-kernel \
		--runtime cpu -o "$tmp/rec-$_program" -- "$HIP_SAMPLES/$_program" "$@"
	is "$out" "$plain_out" \
		"$_program: the same $(printf '%s\n' "$out" | grep -c '^PASS') result lines, recorded or not"
	is "$rc" "$plain_rc" "$_program: the same exit status ($plain_rc)" ||
		diag "stderr: $(printf "%s" "$err" | tail -c 2000)"
}

same hip_device 2
same hip_memory
same hip_square
