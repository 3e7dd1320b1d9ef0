#!/bin/sh
# hsatrace record --kernels with a relative FILE: the program gets its absolute path in
# HSATRACE_CPU_KERNELS, so a program whose working directory is not record's at its first
# dispatch still finds its kernels. Here record runs in one folder, where the relative path
# names the CPU build of matmul_tiled's kernel, and `env -C` starts the program in another,
# where the same relative path names nothing (so the test fails when record passes the path
# on as given). A list of several files is made absolute file by file.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require matmul_tiled
build=$HIP_SAMPLES/matmul_tiled.kernels.so
hip_record_require "$build"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 is not installed"
env -C / true 2>/dev/null || skip_all "env has no -C (coreutils 8.28 or later)"
plan 7
hip_record_start

mkdir -p "$tmp/here/builds" "$tmp/elsewhere" && cp "$build" "$tmp/here/builds/m.so" &&
	cp "$build" "$tmp/here/second.so"
ok $? "a folder with the kernels' build, and one without"
# What the program must get: the files' absolute paths, found by the shell, not by record.
want="$(cd "$tmp/here/builds" && pwd -P)/m.so:$(cd "$tmp/here" && pwd -P)/second.so"

# What the program's environment holds (no tracer, no HSA: only the variable's value).
(cd "$tmp/here" && "$record" --no-tracer --no-kernel --runtime cpu \
	--kernels builds/m.so:second.so -o "$tmp/env-rec" -- \
	env -C "$tmp/elsewhere" sh -c 'printf "%s\n" "$HSATRACE_CPU_KERNELS"' \
	>"$tmp/env.out" 2>"$tmp/env.err")
is "$?" 0 "record of a program printing HSATRACE_CPU_KERNELS exits 0" ||
	sed 's/^/#   /' "$tmp/env.err" >&2
is "$(cat "$tmp/env.out")" "$want" "HSATRACE_CPU_KERNELS holds each file's absolute path"

# The HIP program, started in the other folder, finds and runs its kernel's CPU build.
# (A sanitized tracer in an unsanitized program: libasan preloaded, as in
# tests/runtime/14-hip-kernels-record.t.)
cd "$tmp/here" || exit 1
hip_capture env -u HSATRACE_CPU_KERNELS LD_PRELOAD="$(hip_asan_preload "$tracer")" \
	ASAN_OPTIONS="verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
	"$record" --no-kernel --runtime cpu --hip --kernels builds/m.so -o "$tmp/rec" -- \
	env -C "$tmp/elsewhere" "$HIP_SAMPLES/matmul_tiled"
cd / || exit 1
hip_is_rc 0 "record --kernels builds/m.so of matmul_tiled run in another folder exits 0"
case "$out" in *"PASS matmul_tiled<16>()"*) true ;; *) false ;; esac
ok $? "the program's kernel ran from its CPU build and its result is right" ||
	diag "stdout: $(printf '%s' "$out" | tail -c 2000)"
babeltrace2 "$tmp/rec" >"$tmp/events" 2>"$tmp/bt.err"
ok $? "babeltrace2 reads the trace" || sed 's/^/#   /' "$tmp/bt.err" >&2
grep -q '_Z12matmul_tiledILi16EEvPKfS1_Pf4dims' "$tmp/events"
ok $? "the trace names the kernel's dispatch"
