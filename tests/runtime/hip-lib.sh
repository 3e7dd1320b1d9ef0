# hip-lib.sh - what the tests of the HIP programs share (sourced after tap.sh).
#
# The programs (traces-samples/apps/hip) are built by hipcc and linked with Debian's
# libamdhip64; they are not sanitized, so on a sanitized CPU runtime gcc's libasan is
# preloaded (it must come first) and leaks inside HIP, comgr and LLVM, which never free their
# process-lifetime state, are suppressed.
#
#   HIP_SAMPLES                the built programs
#   hip_require PROGRAM        skip_all unless hipcc, libamdhip64 and the program are there
#   hip_run_cpu PROGRAM ARGS   run on the CPU runtime: stdout in $out, stderr in $err, $rc
#   hip_run_rocr PROGRAM ARGS  run on the system's HSA runtime (ROCr), the same way
#   hip_tap                    one TAP line per "PASS ..."/"FAIL ..." line of $out; the count
#                              in $hip_checks
#   hip_is_rc WANT NAME        the last run exited WANT (its stderr shown when not)
#   has TEXT PART              whether TEXT contains PART
# Its temporary folder is removed by an EXIT trap: a test that sets its own trap removes
# "$hip_tmp" there.
#
# The recording tests (lttng-harness.sh sourced and lttng_harness_unprivileged "$@" run
# before this file):
#   hip_record_require [PATH...]  skip_all unless hsatrace-record ($record), the tracer
#                                 ($tracer) and every PATH are built
#   hip_record_start              starts the private session daemon and sets tmp, its
#                                 folder; the EXIT trap stops it and removes "$hip_tmp" too
HIP_SAMPLES=$HSATRACE_BUILD/lib/hsatrace/samples/hip
CPU_RUNTIME=$HSATRACE_BUILD/lib/hsatrace/cpu-runtime
record=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-record
tracer=$HSATRACE_BUILD/lib/hsatrace/libhsatrace.so
hip_tmp=$(mktemp -d "${TMPDIR:-/tmp}/hsatrace-hip.XXXXXX") || exit 1
trap 'rm -rf "$hip_tmp"' EXIT

hip_require() {
	command -v hipcc >/dev/null || skip_all "hipcc is not installed (Debian package hipcc)"
	ldconfig -p 2>/dev/null | grep -q 'libamdhip64\.so\.5 ' ||
		skip_all "libamdhip64 is not installed (Debian package libamdhip64-5)"
	[ -f "$CPU_RUNTIME/libhsa-runtime64.so.1" ] ||
		skip_all "CPU runtime not built ($CPU_RUNTIME/libhsa-runtime64.so.1)"
	[ -x "$HIP_SAMPLES/$1" ] || skip_all "HIP program $1 not built ($HIP_SAMPLES/$1)"
}

# The libasan to preload when LIBRARY is built with AddressSanitizer, else nothing.
hip_asan_preload() {
	objdump -p "$1" 2>/dev/null | grep -q 'NEEDED.*libasan' || return 0
	gcc -print-file-name=libasan.so
}

hip_capture() {
	printf 'leak:libamdhip64.so\nleak:libamd_comgr.so\nleak:libLLVM\n' >"$hip_tmp/lsan.supp"
	LSAN_OPTIONS="suppressions=$hip_tmp/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
		timeout 300 "$@" >"$hip_tmp/out" 2>"$hip_tmp/err"
	rc=$?
	out=$(cat "$hip_tmp/out")
	err=$(cat "$hip_tmp/err")
}

hip_run_cpu() {
	_program=$1
	shift
	hip_capture env LD_LIBRARY_PATH="$CPU_RUNTIME" \
		LD_PRELOAD="$(hip_asan_preload "$CPU_RUNTIME/libhsa-runtime64.so.1")" \
		"$HIP_SAMPLES/$_program" "$@"
}

hip_run_rocr() {
	_program=$1
	shift
	hip_capture env -u LD_LIBRARY_PATH "$HIP_SAMPLES/$_program" "$@"
}

hip_tap() {
	hip_checks=0
	while IFS= read -r _line; do
		case "$_line" in
		"PASS "*) ok 0 "${_line#PASS }" ;;
		"FAIL "*) ok 1 "${_line#FAIL }" ;;
		*) continue ;;
		esac
		hip_checks=$((hip_checks + 1))
	done <<EOF_OUT
$out
EOF_OUT
}

# hip_is_rc WANT NAME: the last run's exit status is WANT; shows its stderr when it is not.
hip_is_rc() {
	is "$rc" "$1" "$2" || diag "stderr: $(printf '%s' "$err" | tail -c 3000)"
}

has() { case "$1" in *"$2"*) return 0 ;; esac; return 1; }

hip_record_require() {
	for _f in "$record" "$tracer" "$@"; do
		[ -f "$_f" ] || skip_all "not built: $_f"
	done
}

hip_record_start() {
	lttng_harness_start || exit 1
	trap 'lttng_harness_stop; rm -rf "$hip_tmp"' EXIT # the harness's trap replaced ours
	tmp=$LTTNG_HARNESS_DIR
}
