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
#   model_json PRELUDE FILE EXPR [ARG...]
#                             prints perl EXPR (in list context) over the model JSON FILE,
#                             decoded into $j, after PRELUDE (perl: the variables and subs
#                             the test's expressions share; "" for none); EXPR sees
#                             @ARGV = (FILE, EXPR, ARG...). A test's q() is this with its
#                             prelude: q() { model_json 'my $s = $j->{shared_cpus};' "$@"; }
#   close_to GOT WANT REL     true when |GOT - WANT| <= REL x |WANT| (and 1 ns)
#   bt_waits TRACE            the waits in babeltrace2's text of TRACE, one a line in the
#                             order of their returns: "vtid return_ns process_cpu_ns
#                             thread_cpu_begin_ns thread_cpu_end_ns vpid" (the clocks of the wait's
#                             hsa_activity:signal_wait: the process's, schema >= 2.3, 0 when
#                             it has none; the thread's at entry and return, schema >= 2.2, -
#                             when it has none). A wait re-issued after a timeout is one wait,
#                             as the model has it (model_slices.h): a wait that returned with
#                             its condition unmet, whose thread's next API call is a wait on
#                             the same signal, condition and value, continues into that one
#                             (its line is that one's, the thread's clock from its own entry)
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

# One string eval: PRELUDE's lexicals are EXPR's.
model_json() {
	perl -MJSON::PP -e 'my $prelude = shift; local $/; open my $f, "<", $ARGV[0] or die;
		my $j = decode_json(<$f>); print eval("$prelude;\n$ARGV[1]"), "\n"; die $@ if $@' "$@"
}

# (perl's "--": a negative GOT, e.g. a setup and teardown below 0, is no switch)
close_to() {
	perl -e 'my ($g, $w, $r) = @ARGV; exit !(abs($g - $w) <= $r * abs($w) + 1e-9)' -- "$@"
}

# A wait returns at its hsa_api_exit; its clocks are in the hsa_activity:signal_wait of the
# same correlation id, joined at the end (the two events' order is not relied on). A thread's
# last returned wait is held in $last until its next API entry tells whether it was re-issued.
bt_waits() {
	babeltrace2 --clock-cycles "$1" 2>/dev/null | perl -ne '
	my ($ts) = /^\[0*(\d+)\]/ or next;
	my ($pid, $tid) = /vpid = (\d+), vtid = (\d+)/ or next;
	my ($cid) = /correlation_id = (\d+)/ or next;
	$cid = "$tid $cid"; # correlation ids are per process
	sub met { my ($c, $v, $r) = @_; $c == 0 ? $r == $v : $c == 1 ? $r != $v :
		$c == 2 ? $r < $v : $c == 3 ? $r >= $v : 1 }
	if (/ hsa_activity:signal_wait: /) {
		$pcpu{$cid} = $1 if /process_cpu_ns = (\d+)/;
		$tcpu{$cid} = [$1, $2] if /thread_cpu_begin_ns = (\d+), thread_cpu_end_ns = (\d+)/;
	} elsif (/ \w+_api_entry:(\w+): /) {
		my $wait = $1 =~ /^hsa(?:_amd)?_signal_wait_/;
		my ($sig) = /[{,] signal = (\w+)/; my ($c) = /[{,] condition = (\d+)/;
		my ($v) = /compare_value = (-?\d+)/;
		my $key = $wait && defined $sig && defined $c && defined $v ? "$sig $c $v" : undef;
		my $p = delete $last{$tid};
		my $first = $cid;
		if ($p && $p->{unmet} && defined $key && $key eq $p->{key}) {
			$gone{$p->{cid}} = 1;
			$first = $p->{first};
		}
		$open{$cid} = { key => $key, c => $c, v => $v, first => $first } if $wait;
	} elsif (/ hsa_api_exit:hsa(?:_amd)?_signal_wait\w*: /) {
		my $o = delete $open{$cid} or next;
		my ($r) = /retval = (-?\d+)/;
		push @ret, [$tid, $ts, $cid, $o->{first}, $pid];
		$last{$tid} = { cid => $cid, key => $o->{key}, first => $o->{first},
			unmet => defined $o->{key} && defined $r && !met($o->{c}, $o->{v}, $r) };
	}
	END {
		for (grep { !$gone{$_->[2]} } @ret) {
			my ($b, $e) = ($tcpu{$_->[3]}, $tcpu{$_->[2]});
			print "$_->[0] $_->[1] ", $pcpu{$_->[2]} || 0, " ",
				$b && $e ? "$b->[0] $e->[1]" : "- -", " $_->[4]\n";
		}
	}'
}
