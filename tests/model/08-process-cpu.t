#!/bin/sh
# The CPU runtime's demand per cycle from the process's CPU clock (schema 2.3's
# signal_wait.process_cpu_ns, model_shared.c, model_pcpu.c) on a real recording of multi_thread
# at 2 threads: computed again here from babeltrace2's text (perl, over model-harness.sh's
# bt_waits), without the model. Per thread, its cycles end at its waits' returns (hsa_api_exit
# of its hsa_signal_wait_*): it cycles from its first wait's return to its last wait's start,
# i.e. its next-to-last wait's return. The window where both threads cycle runs from the later
# first return to the earlier next-to-last one; the samples bounding it are the first and last
# wait (of either thread) returning in it; the cycles, every wait return after the first sample
# and up to the last. The demand per cycle is the clock's difference between the two samples
# over those cycles. Also: the model reproduces its trace, the output names the source, and
# traces of schema 2.2 and 2.1 (no process clock) model as before.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
model_require "$B/libexec/hsatrace/hsatrace-model" "$B/libexec/hsatrace/hsatrace-record" \
	"$S/multi_thread"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 is not installed"
plan 9
export LC_ALL=C
model_start
q() {
	model_json '
	my $s = $j->{shared_cpus};' "$@"
}

# The window, its bounding samples and cycles, from the text of trace $1:
# "first_ns cycles cpu_ns" ("- 0 0" when the threads never cycle together).
window() {
	bt_waits "$1" | perl -ne '
	my ($tid, $ts, $pcpu) = split;
	push @{$ret{$tid}}, $ts;
	push @all, [$ts, $pcpu];
	END {
		my ($from, $to);
		for my $t (keys %ret) {
			my @e = @{$ret{$t}};
			next if @e < 3;
			$from = $e[0] if !defined $from || $e[0] > $from;
			$to = $e[-2] if !defined $to || $e[-2] < $to;
		}
		my @in = !defined $from || $from >= $to ? () :
			grep { $_->[0] >= $from && $_->[0] <= $to && $_->[1] } @all;
		@in = sort { $a->[0] <=> $b->[0] } @in;
		if (@in) {
			my ($a, $b) = ($in[0], $in[-1]);
			my $n = grep { $_->[0] > $a->[0] && $_->[0] <= $b->[0] } @all;
			print "$a->[0] $n ", $b->[1] - $a->[1], "\n";
		} else {
			print "- 0 0\n";
		}
	}'
}

# The model takes the demand from the clock when the window holds >= 10 cycles
# (model_shared.c's MIN_CYCLES_AT_LOAD); on a busy machine one thread can do most of its
# dispatches before the other starts: up to five recordings are tried for one whose text
# (not the model) has such a window.
first=- cycles=0 cpu=0
for i in 1 2 3 4 5; do
	rm -rf "$tmp/mt"
	rec "$tmp/mt" "$S/multi_thread" "$S/multi_thread_kernels.so" 2 300 || continue
	window "$tmp/mt" >"$tmp/want"
	read -r first cycles cpu <"$tmp/want"
	[ "$cycles" -ge 10 ] && break
done
[ "$cycles" -ge 10 ]
ok $? "multi_thread recorded (2 threads x 300 dispatches) with $cycles cycles where both cycle" ||
	cat "$tmp/rec.log" >&2
"$hsat" model -f json -o "$tmp/m.json" "$tmp/mt"
ok $? "modelled"
is "$(q "$tmp/m.json" '$s->{demand_source}')" "process cpu clock" \
	"the demand comes from the process's CPU clock ($(q "$tmp/m.json" '$s->{demand_how}'))"

is "$(q "$tmp/m.json" '"$s->{process_cpu_first_ns} $s->{process_cpu_cycles}"')" "$first $cycles" \
	"the window's first sample and its cycles, as the text has them ($first, $cycles)"
got=$(q "$tmp/m.json" '$s->{process_cpu_per_cycle_s}')
perl -e 'my ($g, $c, $n) = @ARGV; exit !($n > 0 && abs($g - $c / 1e9 / $n) <= 1e-6 * $g)' \
	"$got" "$cpu" "$cycles"
ok $? "the demand per cycle is the clock's difference over the window / its cycles ($got s; $cpu ns / $cycles)"

is "$(q "$tmp/m.json" 'sprintf "%.3f", abs($j->{modelled}{error_pct})')" 0.000 \
	"the model reproduces its own trace"
"$hsat" model "$tmp/mt" | grep -q "^demand on the host CPUs: the process's CPU per cycle"
ok $? "the text output names the source"

# traces without the process clock: the fit as before, nothing from the clock
for old in "$HSATRACE_SRC/traces-samples/traces/multi_thread" \
	"$HSATRACE_SRC/tests/model/traces/multi_thread-2.1"; do
	"$hsat" model -f json -o "$tmp/old.json" "$old" &&
		is "$(q "$tmp/old.json" 'join " ", $s->{demand_source} =~ /^(calibrated|two-load fit)$/ ? "old" : $s->{demand_source},
			defined $s->{process_cpu_per_cycle_s} ? "clock" : "-", sprintf "%.3f", abs($j->{modelled}{error_pct})')" \
		"old - 0.000" "$(basename "$old"): no process clock, modelled as before ($(q "$tmp/old.json" '$s->{demand_source}'))"
done
