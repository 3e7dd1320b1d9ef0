#!/bin/sh
# A wait re-issued after a timeout is one wait (model_slices.h), on a real recording:
# bench/model/sleep_threads at 1 thread, each of its 4 iterations a think (a 2 ms wait that
# times out, on a signal nobody sets, then a dispatch: not re-issued) and a dispatch of a
# kernel that sleeps 250 ms, waited for by sample_wait_value, which waits in 100 ms slices on
# the kernel's completion signal: 3 wait calls per dispatch, 2 of them timed out. Checked
# against babeltrace2's text of the same trace: the split waits are there, and the model has
# one cycle per logical wait (the think and the dispatch of each iteration), one kernel and
# one rest of the wait per dispatch, and the dispatches' waits last, kernel and rest
# together, from each dispatch's first slice's entry to its last slice's return.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
model_require "$B/libexec/hsatrace/hsatrace-model" "$B/libexec/hsatrace/hsatrace-record" \
	"$M/sleep_threads" "$M/sleep_kernels.so"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 is not installed"
plan 6
export LC_ALL=C
model_start
json() { # FILE PERL-EXPR ($c: the first class; act(NAME): its activity NAME's count x mean)
	model_json '
	my $c = $j->{classes}[0];
	sub act { my ($n) = @_; my ($a) = grep { $_->{name} eq $n } @{$c->{activities}};
		$a ? ($a->{count}, $a->{count} * $a->{mean_s}) : (0, 0) }' "$@"
}

rec "$tmp/s" "$M/sleep_threads" "$M/sleep_kernels.so" 1 4 250000 2000
ok $? "sleep_threads recorded (1 thread, 4 dispatches of a 250 ms kernel)" || cat "$tmp/rec.log" >&2
# From the text: "dispatches wait-calls timed-out kernel-s wait-s merged", the waits on the
# kernels' completion signals only (their submissions name them); a dispatch's wait runs
# from the first wait entry on its signal after its submission to the return that saw the
# value (EQ compare_value), the slices before it having timed out.
babeltrace2 --clock-cycles "$tmp/s" 2>/dev/null | perl -ne '
	my ($ts) = /^\[0*(\d+)\]/ or next;
	if (/hsa_activity:packet_submit: .*completion_signal = (\w+)/) { $done{$1} = 1; $n++; $open{$1} = -1 }
	elsif (/hsa_activity:kernel_exec: .*gpu_begin_ns = (\d+), gpu_end_ns = (\d+)/) { $k += $2 - $1 }
	elsif (/hsa_api_entry:hsa_signal_wait_\w+: .*\bcorrelation_id = (\d+), .*signal = (\w+), condition = 0, compare_value = (-?\d+)/ && $done{$2}) {
		$sig{$1} = $2; $want{$1} = $3; $open{$2} = $ts if $open{$2} < 0 }
	elsif (/hsa_api_exit:hsa_signal_wait_\w+: .*\bcorrelation_id = (\d+), .*retval = (-?\d+)/ && exists $sig{$1}) {
		my $s = $sig{$1}; $calls++;
		if ($2 == $want{$1}) { $w += $ts - $open{$s}; $open{$s} = -1 } else { $out++ } }
	END { printf "%d %d %d %.9f %.9f\n", $n, $calls, $out, $k / 1e9, $w / 1e9 }' >"$tmp/bt"
read -r dispatches calls timedout kernel_s wait_s <"$tmp/bt"
[ "$dispatches" -eq 4 ] && [ "$calls" -gt "$dispatches" ] && [ "$timedout" -eq $((calls - dispatches)) ]
ok $? "the trace holds split waits: $calls wait calls for $dispatches dispatches, $timedout timed out"
"$hsat" model -f json -o "$tmp/m.json" "$tmp/s" && "$hsat" model -o "$tmp/m.txt" "$tmp/s"
got=$(json "$tmp/m.json" '$c->{cycles_per_thread} . " " . join(" ", (act("sleep_ns"))[0], (act("rest of the wait for sleep_ns"))[0])')
is "$got" "$((2 * dispatches)) $dispatches $dispatches" \
	"the model: 2 cycles per iteration (think, dispatch), one kernel and one rest of the wait per dispatch"
got=$(json "$tmp/m.json" '(act("sleep_ns"))[1]')
close_to "$got" "$kernel_s" 1e-6
ok $? "its kernels' demand is the trace's kernel time ($got s, babeltrace2: $kernel_s s)"
got=$(json "$tmp/m.json" '(act("sleep_ns"))[1] + (act("rest of the wait for sleep_ns"))[1]')
close_to "$got" "$wait_s" 1e-6
ok $? "the dispatches' waits, first slice's entry to the last's return ($got s, babeltrace2: $wait_s s)"
grep -q "^($timedout wait(s) re-issued after a timeout on the same signal" "$tmp/m.txt"
ok $? "the text output counts the $timedout merged slices" || grep "re-issued" "$tmp/m.txt" >&2
