#!/bin/sh
# The CPU runtime's demand per cycle falling with the load (model_loaddemand.c): D(N) = work +
# handoff x p(N), p(N) = 1 - U (N-1)/N, from a real recording of multi_thread at 2 threads,
# computed again here without the model. From babeltrace2's text (perl, over bt_waits): per
# thread, it cycles from its first wait's return to its next-to-last one
# (tests/model/08-process-cpu.t); the stretches where exactly one thread cycles; in each, the
# samples bounding it (the first and last wait returning in it with the process clock) and the
# cycles (every wait return after the first sample and up to the last): the CPU per cycle at 1
# thread cycling, D1. From the model's JSON, the demand D and the cycle where both cycle
# (tested by 08) and the stretch's cycle: U = 2 D / cycle / cores, p = 1 - U / 2, handoff =
# (D1 - D) / (1 - p), work = D1 - handoff (below zero: 0, handoff = D / p); the latency the
# stretch's cycle minus D1. Then: the model reproduces its trace, the demand it solves with at
# threads=1 and 8 is the form's at the predicted throughput, and the fallback: a 1-thread
# recording and traces without the process clock keep the flat demand.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
model_require "$B/libexec/hsatrace/hsatrace-model" "$B/libexec/hsatrace/hsatrace-record" \
	"$S/multi_thread"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 is not installed"
plan 10
export LC_ALL=C
model_start
q() {
	model_json '
	my $s = $j->{shared_cpus}; my $p = $j->{predicted};' "$@"
}

# "cycles cpu_ns" over the stretches of trace $1 where exactly one thread cycles.
stretch() {
	bt_waits "$1" | perl -ne '
	my ($tid, $ts, $pcpu) = split;
	push @{$ret{$tid}}, $ts;
	push @all, [$ts, $pcpu];
	END {
		my @span = map { my @e = @{$ret{$_}}; @e >= 3 ? [$e[0], $e[-2]] : () } keys %ret;
		my %seen; my @edge = sort { $a <=> $b } grep { !$seen{$_}++ } map { @$_ } @span;
		my $load = sub { my $t = shift; scalar grep { $_->[0] <= $t && $t <= $_->[1] } @span };
		my (@win, $open);
		for my $i (0 .. $#edge - 1) {
			if ($load->(($edge[$i] + $edge[$i + 1]) / 2) == 1) {
				push @win, [$edge[$i], 0] unless $open;
				$win[-1][1] = $edge[$i + 1];
				$open = 1;
			} else {
				$open = 0;
			}
		}
		my ($n, $cpu) = (0, 0);
		for my $w (@win) {
			my @in = sort { $a->[0] <=> $b->[0] }
				grep { $_->[0] >= $w->[0] && $_->[0] <= $w->[1] && $_->[1] } @all;
			next unless @in >= 2 && $in[-1][1] > $in[0][1];
			$n += grep { $_->[0] > $in[0][0] && $_->[0] <= $in[-1][0] } @all;
			$cpu += $in[-1][1] - $in[0][1];
		}
		print "$n $cpu\n";
	}'
}

# The model needs >= 10 such cycles (MODEL_MIN_CYCLES_AT_LOAD); when both threads start
# together there are fewer: up to five recordings are tried for one whose text has them.
cycles=0 cpu=0
for i in 1 2 3 4 5; do
	rm -rf "$tmp/mt"
	rec "$tmp/mt" "$S/multi_thread" "$S/multi_thread_kernels.so" 2 300 || continue
	stretch "$tmp/mt" >"$tmp/want"
	read -r cycles cpu <"$tmp/want"
	[ "$cycles" -ge 10 ] && "$hsat" model -f json -o "$tmp/m.json" "$tmp/mt" &&
		[ "$(q "$tmp/m.json" '$s->{load_lo} // 0')" = 1 ] && break
	cycles=0
done
[ "$cycles" -ge 10 ]
ok $? "multi_thread recorded (2 threads x 300 dispatches) with $cycles cycles where one thread cycles" ||
	cat "$tmp/rec.log" >&2

got=$(q "$tmp/m.json" '"$s->{process_cpu_per_cycle_lo_s} $s->{process_cpu_cycles_lo}"')
perl -e 'my ($g, $n, $c, $k) = @ARGV; exit !($k > 0 && $n == $k && abs($g - $c / 1e9 / $k) <= 1e-6 * $g)' \
	$got "$cpu" "$cycles"
ok $? "the CPU per cycle at 1 thread cycling as the text has it ($got; $cpu ns / $cycles)"

# work and handoff as this test computes them, with the model's D, cycle, stretch cycle, cores
want=$(q "$tmp/m.json" 'my ($d, $cy, $cl, $k) = ($s->{process_cpu_per_cycle_s},
	$s->{process_cpu_cycle_s}, $s->{cycle_lo_s}, $j->{cores}); my $d1 = $ARGV[2] / 1e9 / $ARGV[3];
	my $p = 1 - 2 * $d / $cy / $k / 2;
	if (!($cl > $d1) || !($d1 > $d)) { "flat" } else {
		my $h = ($d1 - $d) / (1 - $p); my $w = $d1 - $h; ($w, $h) = (0, $d / $p) if $w < 0;
		sprintf "%.9g %.9g %.9g", $w, $h, $cl - $d1 }' "$cpu" "$cycles")
how=$(q "$tmp/m.json" '$s->{load_demand_how}')
got=$(q "$tmp/m.json" 'defined $s->{demand_work_s} ? "$s->{demand_work_s} $s->{demand_handoff_s} $s->{latency_s}" : "flat"')
case $want:$got in
flat:flat) ok 0 "flat as computed here ($how)" ;;
flat:*) ok 1 "flat as computed here, the model has $got" ;;
*:flat) echo "$how" | grep -q "^flat: no cores' worth"
	ok $? "no cores' worth gives the cycle, so flat ($how)" ;;
*) ok 0 "the form applies ($how)" ;;
esac
if [ "$got" = flat ]; then
	is "$(q "$tmp/m.json" 'join " ", map { $_ // "null" } $s->{demand_handoff_s}, $s->{demand_util}')" \
		"null null" "flat: no handoff nor utilization in the JSON"
	is "$(q "$tmp/m.json" '$s->{capacity} >= 1 ? "ok" : $s->{capacity}')" ok "the cores' worth"
else
	perl -e 'my @w = split " ", $ARGV[0]; my @g = split " ", $ARGV[1];
		exit !(@g == 3 && !grep { abs($g[$_] - $w[$_]) > 1e-6 * abs($w[$_]) + 1e-12 } 0 .. 2)' \
		"$want" "$got"
	ok $? "work, handoff and latency ($got; computed here $want)"
	is "$(q "$tmp/m.json" '$s->{capacity} >= 1 && $s->{capacity} <= $j->{cores} ? "ok" : $s->{capacity}')" \
		ok "the cores' worth in [1, cores] ($(q "$tmp/m.json" '$s->{capacity}'))"
fi

is "$(q "$tmp/m.json" 'sprintf "%.3f", abs($j->{modelled}{error_pct})')" 0.000 \
	"the model reproduces its own trace"

# the demand solved at 1 and 8 threads: the form at the predicted throughput, of the threads
# running at once (at most the cores) the others' share; the cores' worth the traced one up
# to the traced population, beyond it the cores less cores x f^(N / traced), f the traced
# shortfall's fraction of the cores (flat: D and the traced worth)
for n in 1 8; do
	"$hsat" model -f json -w threads=$n -o "$tmp/w.json" "$tmp/mt"
	perl -MJSON::PP -e 'local $/; open my $f, "<", $ARGV[0] or die; my $j = decode_json(<$f>);
		my ($s, $p, $n, $k) = ($j->{shared_cpus}, $j->{predicted}, $ARGV[1], $j->{cores});
		my ($want, $c) = ($s->{process_cpu_per_cycle_s}, $s->{capacity});
		if (defined $s->{demand_work_s}) {
			my ($w, $h, $run) = ($s->{demand_work_s}, $s->{demand_handoff_s}, $n < $k ? $n : $k);
			$want = ($w + $h) / (1 + $h * $p->{throughput_per_s} * ($run - 1) / $run / $k);
			my $traced = $j->{classes}[0]{threads};
			$c = $k - $k * (($k - $c) / $k) ** ($n / $traced) if $n > $traced && $c < $k;
		}
		exit !(abs($p->{host_cpu_demand_s} - $want) <= 1e-6 * $want &&
		       abs($p->{host_cpu_capacity} - $c) <= 1e-6 * $c)' "$tmp/w.json" "$n"
	ok $? "threads=$n: the demand at the predicted throughput ($(q "$tmp/w.json" '$p->{host_cpu_demand_s}') s), the cores' worth ($(q "$tmp/w.json" '$p->{host_cpu_capacity}'))"
done

# fallback: one thread has no stretch at a lower load: the flat demand, at any population
rec "$tmp/one" "$S/multi_thread" "$S/multi_thread_kernels.so" 1 100 &&
	"$hsat" model -f json -w threads=4 -o "$tmp/one.json" "$tmp/one" &&
	is "$(q "$tmp/one.json" 'join " ", defined $s->{demand_work_s} ? "split" : "flat",
		$s->{load_demand_how} =~ /^flat/ ? "why" : "-",
		abs($p->{host_cpu_demand_s} - $s->{process_cpu_per_cycle_s}) <= 1e-12 ? "D" : $p->{host_cpu_demand_s}')" \
	"flat why D" "one thread, threads=4: the traced demand ($(q "$tmp/one.json" '$s->{load_demand_how}'))"

# traces without the process clock: nothing of the form
for old in "$HSATRACE_SRC/tests/model/traces/multi_thread-2.1"; do
	"$hsat" model -f json -w threads=8 -o "$tmp/old.json" "$old" &&
		is "$(q "$tmp/old.json" 'join " ", map { $_ // "null" } $s->{demand_work_s},
			$s->{load_demand_how}, $p->{host_cpu_demand_s}')" "null null null" \
		"$(basename "$old"): no process clock, no load-dependent demand"
done
