# samples-lib.sh - what the tests of the sample programs share (sourced after tap.sh).
#
#   SAMPLES      the built programs and code objects ($HSATRACE_BUILD/lib/hsatrace/samples)
#   CPU_RUNTIME  the folder of the CPU runtime's libhsa-runtime64.so.1
#   samples_require_built          skip_all unless every sample program is built
#   samples_require_cpu_runtime    skip_all unless the CPU runtime library is built
#   run_cpu NAME CODE_OBJECT ARGS...   run a sample on the CPU runtime; stdout in $out,
#   run_rocr NAME CODE_OBJECT ARGS...  ... or on the system's HSA runtime; stderr in $err,
#                                      exit status in $rc
#   run_capture CMD...                 run any command the same way
#   is_rc WANT NAME                    assert the exit status, showing stderr otherwise

SAMPLES=$HSATRACE_BUILD/lib/hsatrace/samples
CPU_RUNTIME=$HSATRACE_BUILD/lib/hsatrace/cpu-runtime
SAMPLE_NAMES="vector_copy matmul_pipeline multi_thread error_path"
samples_tmp=$(mktemp -d "${TMPDIR:-/tmp}/hsatrace-samples.XXXXXX") || exit 1
trap 'rm -rf "$samples_tmp"' EXIT

samples_require_built() {
	for _n in $SAMPLE_NAMES; do
		[ -x "$SAMPLES/$_n" ] && [ -f "$SAMPLES/${_n}_kernels.so" ] ||
			skip_all "sample $_n not built ($SAMPLES/$_n)"
	done
}

samples_require_cpu_runtime() {
	[ -f "$CPU_RUNTIME/libhsa-runtime64.so.1" ] ||
		skip_all "CPU runtime not built ($CPU_RUNTIME/libhsa-runtime64.so.1)"
}

run_capture() {
	"$@" >"$samples_tmp/out" 2>"$samples_tmp/err"
	rc=$?
	out=$(cat "$samples_tmp/out")
	err=$(cat "$samples_tmp/err")
}

# is_rc WANT NAME: the last run's exit status is WANT; shows its stderr when it is not.
is_rc() {
	is "$rc" "$1" "$2" || diag "stderr: $(head -c 2000 "$samples_tmp/err")"
}

run_cpu() {
	_name=$1
	shift
	run_capture env LD_LIBRARY_PATH="$CPU_RUNTIME" "$SAMPLES/$_name" "$@"
}

run_rocr() {
	_name=$1
	shift
	run_capture env -u LD_LIBRARY_PATH "$SAMPLES/$_name" "$@"
}

# has TEXT PATTERN: the shell pattern matches somewhere in TEXT.
has() {
	case "$1" in *$2*) return 0 ;; esac
	return 1
}
