# unify-harness.sh - the start that the recording tests of hsatrace unify (tests/unify/*.t)
# share, on top of record-harness.sh (sourced after tap.sh, in the test itself).
#
#   . "$(dirname "$0")/../lib/tap.sh"
#   . "$HSATRACE_SRC/tests/lib/unify-harness.sh"
#   unify_require [PATH...]    skip_all unless hsatrace-record, hsatrace-unify, gpu_emitter
#                              and every PATH are built
#   plan N
#   record_start               the private session daemon; sets tmp (record-harness.sh)
#   rec ARGS...                hsatrace-record of the activity category only, without the
#                              tracer or the kernel (gpu_emitter emits hsa_activity events)
#
# Sets record, unify (hsatrace-unify), app (tests/unify/gpu_emitter) and lib.
. "$HSATRACE_SRC/tests/lib/record-harness.sh"

unify=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-unify
app=$HSATRACE_BUILD/tests/unify/gpu_emitter

unify_require() {
	record_require "$unify" "$app" "$@"
}

rec() {
	"$record" --no-tracer --no-kernel -e activity "$@"
}
