#!/bin/sh
# hsatrace record --kernels: the HIP matrix multiply recorded on the CPU runtime with the CPU
# build of its kernel; the program passes its checks and the trace names the kernel's
# dispatch. A --kernels file that cannot be read is a usage error before anything runs.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require matmul_tiled
build=$HIP_SAMPLES/matmul_tiled.kernels.so
hip_record_require "$build"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 is not installed"
plan 6
hip_record_start

"$record" --runtime cpu --kernels "$tmp/missing.so" -o "$tmp/never" -- /bin/true \
	>/dev/null 2>"$tmp/usage.err"
is "$?" 2 "a --kernels file that cannot be read is a usage error"
grep -q "cannot read $tmp/missing.so" "$tmp/usage.err"
ok $? "naming the file"

# a sanitized tracer in an unsanitized program: libasan is preloaded, after record's own
# sanitized preload library, so ASan is told not to insist on coming first
hip_capture env -u HSATRACE_CPU_KERNELS LD_PRELOAD="$(hip_asan_preload "$tracer")" \
	ASAN_OPTIONS="verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
	"$record" --no-kernel --runtime cpu --kernels "$build" -o "$tmp/rec" -- \
	"$HIP_SAMPLES/matmul_tiled"
hip_is_rc 0 "record --kernels of matmul_tiled exits 0"
case "$out" in *"PASS matmul_tiled<16>()"*) true ;; *) false ;; esac
ok $? "the program's kernel ran from its CPU build and its result is right"
babeltrace2 "$tmp/rec" >"$tmp/events" 2>"$tmp/bt.err"
ok $? "babeltrace2 reads the trace" || sed 's/^/#   /' "$tmp/bt.err" >&2
grep -q '_Z12matmul_tiledILi16EEvPKfS1_Pf4dims' "$tmp/events"
ok $? "the trace names the kernel's dispatch"
