# hip-env.sh - sourced by scripts/demo.sh and tests/lib/model-harness.sh.
#
#   hip_env TRACER   the environment assignments (words for env) a HIP program needs when it
#                    is traced by TRACER (a libhsatrace.so); none for a plain build
#
# HIP programs are never sanitized: with a sanitized tracer (make check's build) gcc's libasan
# must come first in them, and the state libamdhip64 keeps for the process's life is no leak.
hip_env() {
	objdump -p "$1" 2>/dev/null | grep -q 'NEEDED.*libasan' || return 0
	printf 'LD_PRELOAD=%s ASAN_OPTIONS=%s' "$(gcc -print-file-name=libasan.so)" \
		"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0:verify_asan_link_order=0"
}
