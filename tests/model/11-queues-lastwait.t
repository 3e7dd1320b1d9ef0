#!/bin/sh
# queues=N on the CPU runtime for a thread's last cycle (model_lastwait.c) on real HIP
# recordings: hip_streams' pipeline on 1 and on 4 streams (every chunk's copies and kernels
# submitted, then one wait: the thread's last cycle, which the fit keeps as measured).
# The model's structure as the program has it: one modelled thread, 8 churn() kernels and 8
# copies each way, all waited for; its last cycle's kernels on as many queues as the program
# has streams (ROCclr gives each stream its own HSA queue, 4 of them). From babeltrace2's text,
# without the model: the last cycle's span (the main thread's last two wait returns), the
# runtime's CPU in it (the process's CPU clock between them less the thread's own) and the
# kernels in it, the queues of all the thread's kernels; then the prediction: queues=2 takes
# span - max(span x Q / min(2, K), CPU / the JSON's capacity) off the 1-stream trace's
# total, nothing off the 4-stream one (2 < 4), and queues=1 nothing. pipeline-sync (a
# synchronous copy in the loop: the last cycle holds one kernel, or none when the trailing
# hipEventSynchronize had to wait) on 1 and 2 streams:
# queues=2 and 8 take nothing off, more queues cannot spread one kernel (nor 2 streams'
# program with queues=2, as traced); nor queues=2 at threads=2 (the bound is one thread's).
# Savings are compared within 1e-6 s.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
model_require "$B/libexec/hsatrace/hsatrace-model" "$B/libexec/hsatrace/hsatrace-record"
[ -n "$HIP_STREAMS" ] || skip_all "hip_streams not built (the HIP samples need hipcc)"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 is not installed"
plan 19
export LC_ALL=C
model_start
j() {
	model_json '
	my $p = $j->{predicted}; my ($t) = grep { defined $_->{class} } @{$j->{threads}};' "$@"
}

# "span_ns runtime_cpu_ns queues kernels" of the main thread's last cycle in trace $1: its
# span, the runtime's CPU in it, the queues of all its kernels, the kernels that ended in it.
# Its waits as bt_waits has them (a wait re-issued after a timeout is one, as in the model).
last_cycle() {
	bt_waits "$1" >"$tmp/waits"
	babeltrace2 --clock-cycles "$1" 2>/dev/null | perl -ne '
	BEGIN { open my $w, "<", shift or die; while (<$w>) {
		my ($tid, $ts, $pcpu, undef, $tend, $pid) = split;
		push @ret, [$ts, $tend, $pcpu] if $tid == $pid } }
	push @k, [$1, $2] if / hsa_activity:kernel_exec: .*queue_id = (\d+).*gpu_end_ns = (\d+)/;
	END {
		my ($p, $l) = @ret[-2, -1];
		my %q = map { $_->[0] => 1 } @k;
		my $n = grep { $_->[1] > $p->[0] && $_->[1] <= $l->[0] } @k;
		printf "%d %d %d %d\n", $l->[0] - $p->[0], ($l->[2] - $p->[2]) - ($l->[1] - $p->[1]),
			scalar keys %q, $n;
	}' "$tmp/waits"
}

# The saving queues=$3 should take, from last cycle $2 (last_cycle's line) and the capacity
# of the model's JSON $1: span - max(span x Q / min(N, K), CPU / capacity) when min(N, K) > Q.
want_saving() {
	perl -MJSON::PP -e 'local $/; open my $f, "<", $ARGV[0] or die; my $j = decode_json(<$f>);
	my ($span, $cpu, $q, $k) = split " ", $ARGV[1]; my $n = $ARGV[2];
	($span, $cpu) = map { ($_ < 0 ? 0 : $_) / 1e9 } $span, $cpu;
	my $used = $n < $k ? $n : $k; my $s = 0;
	if ($used > $q) { my $spread = $span * $q / $used;
		my $busy = $cpu / $j->{shared_cpus}{capacity};
		$s = $span - ($spread > $busy ? $spread : $busy) }
	printf "%.9f\n", $s' "$1" "$2" "$3"
}

# ok if model JSON $1's thread has last cycle $2 (last_cycle's line) and $3 queues. A last
# cycle with no kernel of the thread's (pipeline-sync's trailing hipEventSynchronize waits
# when the stop marker is not yet done: the host raced the runtime) has nothing to spread,
# and the JSON says null.
same_last_cycle() {
	got=$(j "$1" 'my $c = $t->{last_cycle}; defined $c ? sprintf "%.0f %.0f %d %d",
		$c->{span_s} * 1e9, $c->{runtime_cpu_s} * 1e9, $c->{queues}, $c->{kernels} : "null"')
	# the JSON's seconds rounded to ns: within 1 ns of babeltrace2's
	perl -e 'my @g = split " ", $ARGV[0]; my @w = split " ", $ARGV[1];
		my $good = @w == 4 && $w[3] == 0 ? $ARGV[0] eq "null" :
			@g == 4 && abs($g[0] - $w[0]) <= 1 && abs($g[1] - ($w[1] < 0 ? 0 : $w[1])) <= 1 &&
			$g[2] == $w[2] && $w[2] == $ARGV[2] && $g[3] == $w[3];
		print STDERR "# the JSON has last cycle $ARGV[0], babeltrace2 $ARGV[1]\n" unless $good;
		exit !$good' "$got" "$2" "$3"
}

# ok if prediction $1 took saving $2 (within 1e-6 s) off the modelled total of $3
took() {
	perl -MJSON::PP -e 'sub rd { local $/; open my $f, "<", $_[0] or die; decode_json(<$f>) }
	my ($p, $m) = (rd($ARGV[0]), rd($ARGV[2])); my $s = $p->{predicted}{queues_saving_s};
	my $t = $m->{modelled}{total_s} - $p->{predicted}{total_s};
	my $good = abs($s - $ARGV[1]) <= 1e-6 && abs($t - $ARGV[1]) <= 1e-6;
	print STDERR "# saving $s, total less $t, want $ARGV[1]\n" unless $good;
	exit !$good' "$@"
}

for n in 1 4; do
	rec_hip "$tmp/hs$n" $n
	ok $? "hip_streams pipeline $n recorded" || cat "$tmp/rec.log" >&2
	"$hsat" model -f json -o "$tmp/m$n.json" "$tmp/hs$n"
	lc=$(last_cycle "$tmp/hs$n")
	[ $n = 1 ] && lc1=$lc
	# one class of one thread; per kind its count and whether it was waited for
	got=$(j "$tmp/m$n.json" 'my @c = @{$j->{classes}}; my %n;
		for my $a (@{$c[0]{activities}}) { $n{$a->{name} =~ /^churn/ ? "churn" : $a->{name}} .=
			"$a->{count}:$a->{kind}" if $a->{name} =~ /^(churn|copy )/ }
		join(" ", scalar @c, $c[0]{threads}, map { "$_=$n{$_}" } sort keys %n)')
	is "$got" "1 1 churn=8:synch-call copy device-to-host=8:synch-call copy host-to-device=8:synch-call" \
		"pipeline $n: one thread; 8 kernels and 8 copies each way, all waited for"
	same_last_cycle "$tmp/m$n.json" "$lc" $n
	ok $? "pipeline $n: its last cycle (span, runtime CPU, queues = the streams, kernels) as babeltrace2's text has it: $lc"
done

# 1 stream, queues=2: the bound's saving, recomputed
"$hsat" model -f json -w queues=2 -o "$tmp/p.json" "$tmp/hs1"
want=$(want_saving "$tmp/m1.json" "$lc1" 2)
took "$tmp/p.json" "$want" "$tmp/m1.json" && [ "$want" != 0.000000000 ]
ok $? "1 stream, queues=2: span - max(span / 2, runtime CPU / capacity) off the modelled total ($want s)"
"$hsat" model -f json -w queues=1 -o "$tmp/p1.json" "$tmp/hs1"
is "$(j "$tmp/p1.json" 'sprintf "%.9f", $p->{queues_saving_s}')" "0.000000000" \
	"1 stream, queues=1: nothing taken off"
"$hsat" model -f json -w queues=2 -o "$tmp/p4.json" "$tmp/hs4"
is "$(j "$tmp/p4.json" 'sprintf "%.9f %d", $p->{queues_saving_s}, $p->{total_s} == $j->{modelled}{total_s}')" \
	"0.000000000 1" "4 streams, queues=2: fewer queues than traced take nothing off"
# at 2 threads their last cycles would overlap on the same cores: no bound
"$hsat" model -f json -w queues=2 -w threads=2 -o "$tmp/p2.json" "$tmp/hs1"
is "$(j "$tmp/p2.json" 'sprintf "%.9f", $p->{queues_saving_s}')" "0.000000000" \
	"1 stream, queues=2 at threads=2: nothing taken off"
"$hsat" model -w queues=2 "$tmp/hs1" >"$tmp/p.txt"
grep -q "^queues: the last cycle's device work spread over more queues (a fork-join on the host CPUs) takes [0-9.]* s off a thread's span$" "$tmp/p.txt"
ok $? "the text output says what queues= took off"

# pipeline-sync: one kernel in the last cycle; more queues take nothing off
for n in 1 2; do
	rec_hip "$tmp/hsync$n" $n pipeline-sync
	ok $? "hip_streams pipeline-sync $n recorded" || cat "$tmp/rec.log" >&2
	"$hsat" model -f json -o "$tmp/ms$n.json" "$tmp/hsync$n"
	lc=$(last_cycle "$tmp/hsync$n")
	# one thread whose last cycle is measured: the class's restriction is not why it saves nothing
	classes=$(j "$tmp/ms$n.json" 'my @c = @{$j->{classes}}; scalar(@c) . " $c[0]{threads}"')
	same_last_cycle "$tmp/ms$n.json" "$lc" $n && [ "$classes" = "1 1" ]
	ok $? "pipeline-sync $n: one thread; its last cycle as babeltrace2's text has it: $lc" ||
		echo "# classes, threads of the first: $classes" >&2
	for q in 2 8; do
		"$hsat" model -f json -w queues=$q -o "$tmp/ps.json" "$tmp/hsync$n"
		want=$(want_saving "$tmp/ms$n.json" "$lc" $q)
		took "$tmp/ps.json" "$want" "$tmp/ms$n.json" && [ "$want" = 0.000000000 ]
		ok $? "pipeline-sync $n, queues=$q: nothing off the modelled total (last cycle: $lc)"
	done
done
done_testing
