# tap.sh - TAP helpers for shell tests (sourced).
#
#   plan N | skip_all WHY | done_testing
#   ok COND_EXIT_STATUS "name"      e.g.  [ -f x ]; ok $? "x exists"
#   is GOT WANT "name"
#   run_ok "name" CMD...            runs CMD, passes when it exits 0
#   diag MSG
#   suppress_babeltrace_leaks [fast] for tests that feed babeltrace2 damaged traces (below)
# Paths: HSATRACE_SRC (the checkout), HSATRACE_BUILD (the build tree under test).

_tap_n=0
_tap_failed=0
_tap_planned=""

: "${HSATRACE_SRC:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${HSATRACE_BUILD:=$HSATRACE_SRC/build}"
export HSATRACE_SRC HSATRACE_BUILD

plan() { _tap_planned=$1; echo "1..$1"; }
diag() { echo "# $*" >&2; }
skip_all() { echo "1..0 # SKIP $*"; exit 0; }
# Skips the whole test unless every PATH exists (a part not built in this build tree).
skip_unless_built() { for _p in "$@"; do [ -e "$_p" ] || skip_all "not built: $_p"; done; }

# babeltrace2's own leaks on its error paths are not ours: suppressed by tests/stats/lsan.supp,
# matched through their callers, which needs the slow unwinder (several times slower on
# malloc), kept fast with "fast" where the test meets no leak that needs it.
suppress_babeltrace_leaks() {
	[ "${1:-}" = fast ] ||
		export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"
	export LSAN_OPTIONS="suppressions=$HSATRACE_SRC/tests/stats/lsan.supp:print_suppressions=0"
}

ok() {
	_tap_n=$((_tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $_tap_n - $2"
	else
		echo "not ok $_tap_n - $2"
		_tap_failed=$((_tap_failed + 1))
	fi
	return "$1"
}

skip() { # N WHY
	_i=0
	while [ "$_i" -lt "$1" ]; do
		_tap_n=$((_tap_n + 1))
		echo "ok $_tap_n # skip $2"
		_i=$((_i + 1))
	done
}

is() {
	if [ "$1" = "$2" ]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		diag "got '$1', want '$2'"
		return 1
	fi
}

run_ok() {
	_name=$1
	shift
	"$@"
	ok $? "$_name"
}

done_testing() {
	[ -z "$_tap_planned" ] && echo "1..$_tap_n"
	[ "$_tap_failed" -eq 0 ]
}
