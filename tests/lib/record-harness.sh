# record-harness.sh - the start that the tests of hsatrace record (tests/record/*.t) share
# (sourced after tap.sh, in the test itself: as root, lttng-harness.sh re-runs the test with
# its own arguments in a user namespace).
#
#   . "$(dirname "$0")/../lib/tap.sh"
#   . "$HSATRACE_SRC/tests/lib/record-harness.sh"
#   record_require [PATH...]   skip_all unless hsatrace-record and every PATH are built
#   record_require_traced [PATH...]
#                              the same, and the tracer and the CPU runtime (for tests that
#                              record a sample with the tracer)
#   plan N
#   record_start               starts the private session daemon (lttng_harness_start) and
#                              sets tmp, its folder (removed when the test exits)
#   rec ARGS...                hsatrace-record of the selftest program's events only, without
#                              the tracer or the kernel; under `timeout $rec_timeout` when the
#                              test sets rec_timeout
#
# Sets record (hsatrace-record), app (selftest_app, which emits hsatrace_selftest:hello with
# its two arguments) and lib (the build's lib/hsatrace).
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

record=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-record
app=$HSATRACE_BUILD/tests/foundation/selftest_app
lib=$HSATRACE_BUILD/lib/hsatrace

record_require() {
	[ -x "$record" ] || skip_all "hsatrace-record not built ($record)"
	skip_unless_built "$@"
}

record_require_traced() {
	record_require "$lib/libhsatrace.so" "$lib/cpu-runtime/libhsa-runtime64.so.1" "$@"
}

record_start() {
	lttng_harness_start || exit 1
	tmp=$LTTNG_HARNESS_DIR
}

rec() {
	# shellcheck disable=SC2086 # rec_timeout unset: no timeout word at all
	${rec_timeout:+timeout $rec_timeout} "$record" --no-tracer --no-kernel \
		--event 'hsatrace_selftest:*' "$@"
}
