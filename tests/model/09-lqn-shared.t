#!/bin/sh
# The .lqnx of a CPU-runtime trace (--lqn, model_lqn.c) is the network the solver solved:
# for every shared_cpus demand source (the sample traces of schema 2.3 have too few cycles
# for the process's CPU clock, but hip_streams: calibrated; a recording of multi_thread
# at 2 threads x 300: the process's CPU clock) and with --what-if, the file read with
# lqn-network.pl (the XML itself) against what the JSON documents, computed here with perl:
#
#   demand per cycle on host_cpus (own activity + calls x the called entries' demands)
#     = process_cpu_per_cycle_s x demand_factor (the process's CPU clock), else
#       (the classes' demand_s over every station + runtime_work_s) x demand_factor;
#   open load (asynch-calls) = the resources' async_demand_s / all cycles x demand_factor;
#   multiplicity = shared_cpus.servers (what-if cpus=N: N); reference task = the threads;
#   think time = shared_cpus.latency_s, else delay_s - runtime_work_s (>= 0);
#
# then the file's closed network solved by the repo's MVA (tests/model/mva_solve, the
# file's multiplicity as the capacity) gives the JSON's modelled (predicted) cycle when the
# capacity is an integer; with a fractional one, the file's network with the JSON's capacity
# does, and the rounded multiplicity's difference is reported. Valid against lqn.xsd. The
# two-load fit and a fractional capacity need cycles at two loads, which a recording has only
# by chance: shared_test's scenarios of known numbers (SHARED_TEST_OUT) give every source and
# a fractional capacity, checked the same way.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
model_require "$B/libexec/hsatrace/hsatrace-model" "$B/libexec/hsatrace/hsatrace-record" \
	"$S/multi_thread" "$B/tests/model/mva_solve"
plan 54
export LC_ALL=C
model_start
net="$HSATRACE_SRC/tests/model/lqn-network.pl"
xsd=$HSATRACE_SRC/../shared/reference/lqn/lqn.xsd

# What the JSON says the solver took, one line per class: "N Z D ASYNC" (what-if: the
# predicted threads), then "servers capacity".
want() { perl -MJSON::PP -e '
	local $/; open my $f, "<", $ARGV[0] or die; my $j = decode_json(<$f>);
	my $s = $j->{shared_cpus} or die "no shared_cpus\n";
	my $f = $s->{demand_factor};
	my ($async, $cycles) = (0, 0);
	$async += $_->{async_demand_s} for @{$j->{resources}};
	$cycles += $_->{cycles_per_thread} * $_->{threads} for @{$j->{classes}};
	for my $c (@{$j->{classes}}) {
		my $d = 0;
		if ($s->{demand_source} eq "process cpu clock") {
			# the demand at the predicted load (it falls with the load: model_loaddemand)
			$d = $j->{predicted}{host_cpu_demand_s} // $s->{process_cpu_per_cycle_s};
		} else {
			$d += $_ for values %{$c->{demand_s}};
			$d += $c->{runtime_work_s};
		}
		my $z = defined $s->{latency_s} ? $s->{latency_s} : $c->{delay_s} - $c->{runtime_work_s};
		printf "%d %.12g %.12g %.12g\n", $c->{predicted_threads}, $z < 0 ? 0 : $z, $d * $f,
			$async / $cycles * $f;
	}
	print "$ARGV[1] $s->{capacity}\n"' "$@"; }

# "ok" when the file's network (lqn-network.pl) is the JSON's, else what differs.
compare() { perl -e '
	my ($have, $want, $servers) = @ARGV;
	my @h = split /\n/, $have; my @w = split /\n/, $want;
	my ($p, $cap) = split " ", pop @w;
	my (undef, undef, $mult) = split " ", shift @h;
	my @bad;
	push @bad, "multiplicity $mult, servers $servers" if $mult != $servers;
	push @bad, scalar(@h) . " reference tasks, " . scalar(@w) . " classes" if @h != @w;
	for my $i (0 .. $#w) {
		my (undef, $t, @x) = split " ", $h[$i] // "";
		my @y = split " ", $w[$i];
		for my $k (0 .. 3) {
			my ($a, $b) = ($x[$k] // "nan", $y[$k]);
			push @bad, "$t field $k: $a, want $b"
				unless $a eq $b || abs($a - $b) <= 1e-7 * (abs($b) + 1e-12);
		}
	}
	print @bad ? join("; ", @bad) : "ok"' "$@"; }

# The file's one-class closed network solved by mva_solve at capacity CAP: its cycle.
mva_cycle() { # FILE.lqnx CAP
	perl -e '
		my ($cap, $mva, $have) = @ARGV;
		my ($t) = grep /^class /, split /\n/, $have;
		my (undef, undef, $n, $z, $d) = split " ", $t;
		my $x = `$mva 1 1 "$n" "$cap" "$z" "$d"`;
		die "mva_solve failed\n" if $? || !$x;
		printf "%.12g\n", $n / $x' "$2" "$B/tests/model/mva_solve" "$(perl "$net" "$1" host_cpus)"; }

valid() {
	if [ -f "$xsd" ] && command -v xmllint >/dev/null; then
		xmllint --noout --schema "$xsd" "$1" 2>"$tmp/xsd.log"
		ok $? "$2: valid against lqn.xsd" || cat "$tmp/xsd.log" >&2
	else
		skip 1 "../shared/reference/lqn/lqn.xsd or xmllint absent"
	fi
}

q() { model_json "" "$@"; }

# check TRACE NAME [WHAT-IF...]: the file against the JSON, solved again (4 tests)
check() {
	_t=$1 _n=$2
	shift 2
	if ! "$hsat" model -f json -o "$tmp/$_n.json" --lqn "$tmp/$_n.lqnx" "$@" "$_t"; then
		ok 1 "$_n: modelled"
		skip 3 "$_n: no model"
		return
	fi
	verify "$_n"
}

# verify NAME: $tmp/NAME.lqnx against $tmp/NAME.json (4 tests)
verify() {
	_n=$1
	_servers=$(q "$tmp/$_n.json" '$j->{what_if} && $j->{what_if} =~ /cpus=(\d+)/ ? $1 : $j->{shared_cpus}{servers}')
	_src=$(q "$tmp/$_n.json" '$j->{shared_cpus}{demand_source}')
	_res=$(compare "$(perl "$net" "$tmp/$_n.lqnx" host_cpus)" \
		"$(want "$tmp/$_n.json" "$_servers")" "$_servers")
	is "$_res" ok "$_n ($_src): host_cpus' multiplicity, threads, think time, demand and open load per cycle are the JSON's"
	valid "$tmp/$_n.lqnx" "$_n"
	_cap=$(q "$tmp/$_n.json" '$j->{what_if} && $j->{what_if} =~ /cpus=(\d+)/ ? $1 : $j->{shared_cpus}{capacity}')
	_key=$(q "$tmp/$_n.json" '$j->{what_if} ? "predicted" : "modelled"')
	_json=$(q "$tmp/$_n.json" "\$j->{classes}[0]{$_key}{cycle_s}")
	_one=$(q "$tmp/$_n.json" '@{$j->{classes}} == 1 && !grep { $_->{async_demand_s} } @{$j->{resources}}')
	if [ "$_one" != 1 ]; then
		skip 2 "$_n: not one class without open load (mva_solve's network)"
		return
	fi
	_got=$(mva_cycle "$tmp/$_n.lqnx" "$_cap")
	perl -e 'exit !(abs($ARGV[0] - $ARGV[1]) <= 1e-6 * $ARGV[1])' "$_got" "$_json"
	ok $? "$_n: the file's network at capacity $_cap solved by mva_solve: cycle $_got s, the JSON's $_key $_json s"
	_int=$(mva_cycle "$tmp/$_n.lqnx" "$_servers")
	if [ "$_servers" = "$_cap" ]; then
		is "$_int" "$_got" "$_n: the capacity is the multiplicity ($_servers): the file is exact"
	else
		perl -e 'exit !($ARGV[0] > 0)' "$_int"
		ok $? "$_n: capacity $_cap written as multiplicity $_servers: solved as written, cycle $_int s ($(perl -e 'printf "%+.1f", 100 * ($ARGV[0] / $ARGV[1] - 1)' "$_int" "$_json") %)"
	fi
}

# the sample traces (schema 2.3, too few cycles for the clock but hip_streams'), the 2.1 one
for t in multi_thread hip_streams matmul_pipeline; do
	check "$HSATRACE_SRC/traces-samples/traces/$t" "$t"
done
check "$HSATRACE_SRC/tests/model/traces/multi_thread-2.1" "multi_thread-2.1"

# shared_test's scenarios of known numbers: every demand source, the two-load fit and a
# fractional capacity (the process's CPU clock, 120 us cycles, 10 alone: 1.11 cores' worth)
mkdir "$tmp/sc"
SHARED_TEST_OUT=$tmp/sc "$B/tests/model/shared.t" >"$tmp/sc.log" 2>&1
ok $? "shared_test's scenarios written" || tail -5 "$tmp/sc.log" >&2
for n in calibrated-100-10 two-load-200-10 two-load-150-10 process-cpu-150-3 \
	process-cpu-100-3 process-cpu-120-10 process-cpu-150-10; do
	cp "$tmp/sc/$n.json" "$tmp/sc/$n.lqnx" "$tmp/" 2>/dev/null
	verify "$n"
done

rec "$tmp/mt" "$S/multi_thread" "$S/multi_thread_kernels.so" 2 300
ok $? "multi_thread recorded (2 threads x 300 dispatches)" || cat "$tmp/rec.log" >&2
check "$tmp/mt" "recorded"
check "$tmp/mt" "what-if" -w threads=4 -w cpus=2
