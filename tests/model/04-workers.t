#!/bin/sh
# hsatrace model --what-if workers=N on real recordings of multi_thread on the CPU runtime
# (private lttng-sessiond), at 1 and 2 workers (HSATRACE_CPU_WORKERS): the traced worker
# count read from the trace, the hand-off the change costs taken from the trace's own launch
# latency, the prediction moving the way the runtime's structure says (each worker beyond
# the first is woken per dispatch: more workers, a longer run; fewer, a shorter one), a
# wake-up's CPU as the trace's host threads spent it inside their waits (recomputed here
# from the trace; the launch latency on a trace without CPU clocks), as traced when N is the
# traced count, the GPU's servers with the devices apart, and bad values.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
model_require "$B/libexec/hsatrace/hsatrace-model" "$B/libexec/hsatrace/hsatrace-record" \
	"$S/multi_thread"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 not installed"
plan 14
export LC_ALL=C
model_start
q() {
	model_json '
	my @r = @{$j->{resources}}; my ($g) = grep { $_->{kind} eq "gpu" } @r;' "$@"
}

for w in 1 2; do
	HSATRACE_CPU_WORKERS=$w rec "$tmp/w$w" "$S/multi_thread" "$S/multi_thread_kernels.so" 2 20
	ok $? "multi_thread recorded with HSATRACE_CPU_WORKERS=$w" || cat "$tmp/rec.log" >&2
	"$hsat" model -f json -o "$tmp/w$w.json" "$tmp/w$w"
	is "$(q "$tmp/w$w.json" '$j->{workers}{traced} . " " . (defined $j->{workers}{what_if} ? "set" : "none")')" \
		"$w none" "the model reads the $w worker(s) the trace's agent_info reports"
done

"$hsat" model -f json -w workers=2 -o "$tmp/up.json" "$tmp/w1"
is "$(q "$tmp/up.json" '$j->{predicted}{total_s} > $j->{modelled}{total_s} ? "longer" : "not longer"')" \
	longer "1 -> 2 workers: a longer predicted run (one more wake-up a dispatch)"
is "$(q "$tmp/up.json" 'my $w = $j->{workers}; join " ", $w->{what_if}, $w->{wakeups_per_dispatch_change},
	$w->{handbacks_per_dispatch_change}, $w->{handoff_s} == $g->{launch_latency_s} && $w->{handoff_s} > 0 ? "h" : "?"')" \
	"2 1 1 h" "1 -> 2 workers: one wake-up and one hand-back a dispatch, each the trace's idle launch latency"
# The wake-up's CPU recomputed from the trace: the mean of thread_cpu_end_ns -
# thread_cpu_begin_ns of the waits (bt_waits: a wait re-issued after a timeout is one, from
# its first entry) whose API exit is in the process clock's window
# (process_cpu_first_ns, process_cpu_last_ns]; what one wake-up is charged. Without the
# window (a recording too short for one), the share of the hand-off instead.
wake=$(bt_waits "$tmp/w1" | perl -MJSON::PP -e '
	open my $f, "<", shift or die; local $/; my $j = decode_json(<$f>); $/ = "\n";
	my $s = $j->{shared_cpus}; my $w = $j->{workers};
	if (($s->{demand_source} // "") ne "process cpu clock") {
		print defined $w->{wakeup_cpu_s} ? "a wake-up measured without the window\n" :
			abs($w->{wakeup_cpu_charged_s} - $w->{handoff_cpu_share} * $w->{handoff_s}) <
			1e-9 ? "same\n" : "charged $w->{wakeup_cpu_charged_s}\n";
		exit;
	}
	my ($n, $sum);
	while (<STDIN>) {
		my (undef, $ts, undef, $begin, $end) = split;
		next unless $begin ne "-" && $ts > $s->{process_cpu_first_ns} &&
			$ts <= $s->{process_cpu_last_ns};
		$n++; $sum += ($end - $begin) / 1e9;
	}
	my $want = $n ? $sum / $n : -1;
	print $n && $w->{wakeup_cpu_waits} == $n && abs($w->{wakeup_cpu_s} - $want) < 1e-6 * $want &&
		$w->{wakeup_cpu_charged_s} == $w->{wakeup_cpu_s} ? "same\n" :
		"$want over $n, got $w->{wakeup_cpu_s} over $w->{wakeup_cpu_waits}\n"' "$tmp/up.json")
is "$wake" same "1 -> 2 workers: a wake-up's CPU is the host threads' mean CPU inside their steady waits, recomputed from the trace"
"$hsat" model -f json -w workers=3 -o "$tmp/old.json" "$HSATRACE_SRC/tests/model/traces/multi_thread-2.1"
is "$(q "$tmp/old.json" 'my $w = $j->{workers}; join " ", defined $w->{wakeup_cpu_s} ? "measured" : "null",
	$w->{wakeup_cpu_charged_s} == $w->{handoff_s} ? "h" : "?", $w->{wakeup_cpu_from}, $w->{wakeups_per_dispatch_change}')" \
	"null h the hand-off 1" "a schema 2.1 trace (no CPU clocks): a wake-up is charged the idle launch latency, as before"

"$hsat" model -f json -w workers=4 -o "$tmp/up4.json" "$tmp/w1"
longer=$(perl -e 'print $ARGV[0] > $ARGV[1] ? "longer" : "not longer"' \
	"$(q "$tmp/up4.json" '$j->{predicted}{total_s}')" "$(q "$tmp/up.json" '$j->{predicted}{total_s}')")
is "$longer" longer "4 workers: longer than 2 (three wake-ups a dispatch)"

"$hsat" model -f json -w workers=1 -o "$tmp/down.json" "$tmp/w2"
is "$(q "$tmp/down.json" '$j->{predicted}{total_s} < $j->{modelled}{total_s} ? "shorter" : "not shorter"')" \
	shorter "2 -> 1 worker: a shorter predicted run"
"$hsat" model -f json -w workers=2 -o "$tmp/same.json" "$tmp/w2"
is "$(q "$tmp/same.json" 'sprintf "%.9g", $j->{predicted}{total_s}')" \
	"$(q "$tmp/same.json" 'sprintf "%.9g", $j->{modelled}{total_s}')" "workers=2 on a 2-worker trace: as traced"

out=$("$hsat" model -w workers=2 "$tmp/w1")
case "$out" in *"note: workers=2 (traced: 1): the CPU runtime's workers are host threads"*"(on a real GPU workers= is the dispatches it runs at once)
What-if workers=2: predicted total"*) r=0 ;; *) r=1 ;; esac
ok $r "text output says what workers= means on the CPU runtime, and predicts"

"$hsat" model --devices-off-cpu -f json -w workers=3 -o "$tmp/apart.json" "$tmp/w1"
is "$(q "$tmp/apart.json" '$g->{predicted_servers} . " " . ($j->{workers}{note} =~ /dispatches at once/ ? "said" : "unsaid")')" \
	"3 said" "--devices-off-cpu: workers=3 is the GPU's 3 dispatches at once, said so"

bad=""
for w in workers=0 workers= workers=abc workers=1.5 workers=-2 workers=100001; do
	"$hsat" model -w "$w" "$tmp/w1" >/dev/null 2>"$tmp/err"
	[ $? -eq 2 ] && grep -q "^hsatrace model: --what-if workers: bad value" "$tmp/err" || bad="$bad $w"
done
is "$bad" "" "bad workers= values exit 2 with a message"
