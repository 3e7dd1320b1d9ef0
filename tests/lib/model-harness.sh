# model-harness.sh - the start that the tests of hsatrace model (tests/model/*.t) share
# (sourced after tap.sh).
#
#   . "$(dirname "$0")/../lib/tap.sh"
#   . "$HSATRACE_SRC/tests/lib/model-harness.sh"
#   model_require [PATH...]   skip_all unless hsatrace and every PATH are built
#   plan N
#   model_start               sets tmp, a folder removed when the test exits
#   rec OUT PROGRAM ARGS...   records PROGRAM on the CPU runtime in a private session daemon
#                             and unifies it into OUT (tests/engine/record-unified.sh); its
#                             messages go to $tmp/rec.log
#
# Sets B (the build), hsat (its bin/hsatrace), S (the samples) and M (bench/model's programs).
B=$HSATRACE_BUILD
hsat=$B/bin/hsatrace
S=$B/lib/hsatrace/samples
M=$B/bench/model

model_require() {
	for _p in "$hsat" "$@"; do
		[ -e "$_p" ] || skip_all "not built: $_p"
	done
}

model_start() {
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
}

rec() { sh "$HSATRACE_SRC/tests/engine/record-unified.sh" "$@" 2>"$tmp/rec.log"; }
