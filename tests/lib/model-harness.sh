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
#   rec_hip OUT STREAMS [MODE] records hip_streams MODE (pipeline, or pipeline-sync) STREAMS
#                             the same way (HIP programs are not sanitized: with a
#                             sanitized tracer gcc's libasan comes first in them:
#                             scripts/hip-env.sh, as in scripts/demo.sh); HIP_STREAMS is
#                             the program, empty when the HIP samples are not built
#   bt_waits TRACE            the wait returns in babeltrace2's text of TRACE, one a line in
#                             time order: "vtid return_ns process_cpu_ns" (the process's CPU
#                             clock of the wait's hsa_activity:signal_wait, schema >= 2.3; 0
#                             when it has none)
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

HIP_STREAMS=""
[ -x "$S/hip/hip_streams" ] && [ -f "$S/hip/hip_streams_kernels.so" ] && HIP_STREAMS=$S/hip/hip_streams
. "$HSATRACE_SRC/scripts/hip-env.sh"
rec_hip() {
	# shellcheck disable=SC2046 # hip_env's words are separate assignments
	env $(hip_env "$B/lib/hsatrace/libhsatrace.so") \
		HSATRACE_CPU_KERNELS="$S/hip/hip_streams_kernels.so" \
		sh "$HSATRACE_SRC/tests/engine/record-unified.sh" "$1" "$HIP_STREAMS" "${3:-pipeline}" \
		"$2" 2>"$tmp/rec.log"
}

# A wait returns at its hsa_api_exit; its clock is in the hsa_activity:signal_wait of the same
# correlation id, joined at the end (the two events' order is not relied on).
bt_waits() {
	babeltrace2 --clock-cycles "$1" 2>/dev/null | perl -ne '
	next unless /^\[0*(\d+)\].* (hsa_api_exit:hsa(?:_amd)?_signal_wait\w*|hsa_activity:signal_wait): .*vtid = (\d+).*correlation_id = (\d+)/;
	my ($ts, $ev, $tid, $cid) = ($1, $2, $3, $4);
	if ($ev eq "hsa_activity:signal_wait") {
		$pcpu{$cid} = $1 if /process_cpu_ns = (\d+)/;
		next;
	}
	push @ret, [$tid, $ts, $cid];
	END { print "$_->[0] $_->[1] ", $pcpu{$_->[2]} || 0, "\n" for @ret }'
}
