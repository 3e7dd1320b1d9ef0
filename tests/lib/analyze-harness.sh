# analyze-harness.sh - the start that the tests of hsatrace analyze (tests/engine/*.t) share
# (sourced after tap.sh):
#
#   . "$(dirname "$0")/../lib/tap.sh"
#   . "$HSATRACE_SRC/tests/lib/analyze-harness.sh"
#   analyze_start [PATH...]   skip_all unless hsatrace-analyze and every PATH are built, then
#                             sets T, a temporary folder removed when the test exits
#
# Sets A (hsatrace-analyze).
A=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-analyze

analyze_start() {
	[ -x "$A" ] || skip_all "hsatrace-analyze is not built in $HSATRACE_BUILD"
	for _p in "$@"; do
		[ -e "$_p" ] || skip_all "not built: $_p"
	done
	T=$(mktemp -d) || exit 1
	# the folder as made: a test may reuse the name T after this
	_analyze_tmp=$T
	trap 'rm -rf "$_analyze_tmp"' EXIT
}
