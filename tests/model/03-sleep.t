#!/bin/sh
# The closed system of known structure, end to end: bench/model/sleep_threads (threads that
# think with a timed blocked wait, then dispatch a kernel that sleeps on one shared queue: no
# CPU used by either) recorded at 1 thread, modelled with --devices-off-cpu (its kernels use
# no host CPU). The model is then the machine-repairman network: one queue server of the
# kernel's demand D, a delay Z. At 1, 2, 4 and 8 threads its predicted throughput is the
# closed form on the D and Z the model took from the trace, within 1 %.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
model_require "$M/sleep_threads" "$M/sleep_kernels.so"
plan 6
model_start

rec "$tmp/s1" "$M/sleep_threads" "$M/sleep_kernels.so" 1 40 2000 4000
ok $? "sleep_threads recorded (1 thread, 40 iterations)" || cat "$tmp/rec.log" >&2
json() { # FILE PERL-EXPR
	model_json "" "$@"
}
"$hsat" model --devices-off-cpu -f json -o "$tmp/m.json" "$tmp/s1"
# Per model cycle (an iteration is two waits: the think, the dispatch): the kernel's demand
# on the one GPU server, and everything else as the delay (host phases included: the
# repairman network has one queue).
D=$(json "$tmp/m.json" 'my $c = $j->{classes}[0]; my ($g) = grep { $_->{kind} eq "gpu" } @{$j->{resources}};
	$c->{demand_s}{$g->{name}}')
Z=$(json "$tmp/m.json" 'my $c = $j->{classes}[0]; $c->{measured}{cycle_s} - '"$D")
servers=$(json "$tmp/m.json" 'join ",", map { $_->{kind} eq "cpu" ? "cpu" : "$_->{kind}=$_->{servers}" } @{$j->{resources}}')
is "$servers" "cpu,gpu=1" "the host CPUs and one GPU server (one queue, calls never overlap)" ||
	diag "$(cat "$tmp/m.json")"
for t in 1 2 4 8; do
	"$hsat" model --devices-off-cpu -f json -w threads=$t -o "$tmp/t.json" "$tmp/s1"
	got=$(json "$tmp/t.json" '$j->{predicted}{throughput_per_s}')
	# The machine repairman, summed directly: p_k ~ N!/(N-k)! (D/Z)^k, X = (1 - p_0) / D.
	want=$(perl -e 'my ($N, $D, $Z) = @ARGV; my ($w, $sum) = (1, 0);
		for my $k (0 .. $N) { $w *= ($N - $k + 1) * $D / $Z if $k; $sum += $w }
		printf "%.9g", (1 - 1 / $sum) / $D' $t "$D" "$Z")
	awk -v a="$got" -v b="$want" 'BEGIN { d = (a - b) / b; exit !(a > 0 && d < 0.01 && d > -0.01) }'
	ok $? "$t thread(s): modelled $got cycles/s, the repairman's closed form $want"
done
