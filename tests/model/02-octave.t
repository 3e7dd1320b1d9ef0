#!/bin/sh
# hsatrace model's solver against an independent one: GNU Octave's queueing package (Debian
# octave-queueing): qncsmva (single class, multi-server stations, exact) and qncmmva (several
# classes, single-server stations, exact). First on networks given to the solver directly
# (tests/model/mva_solve; qncsmvald for a fractional capacity), then on the networks
# hsatrace model builds from a recorded multi_thread trace (read from its JSON): the devices
# apart (--devices-off-cpu) and the CPU runtime's one processor (qncsmvald when its
# capacity, the cores' worth, is fractional). Skipped when octave or its queueing package is
# absent (scripts/install-deps.sh installs octave-queueing).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
solve=$B/tests/model/mva_solve
command -v octave-cli >/dev/null || skip_all "octave-cli not installed (apt-get install octave-queueing)"
octave-cli --no-gui -q --eval 'pkg load queueing' >/dev/null 2>&1 ||
	skip_all "Octave's queueing package not installed (apt-get install octave-queueing)"
model_require "$S/multi_thread" "$solve"
plan 8
model_start

# Octave's throughputs (class 1 first) for an expression setting N, S, V, M, Z.
octave_x() { # OCTAVE-ASSIGNMENTS FUNCTION
	octave-cli --no-gui -q --eval "pkg load queueing; $1; [U, R, Q, X] = $2(N, S, V, M, Z);
		printf('%.12g ', X(:, 1)); printf('\n')" 2>/dev/null
}
# Octave's throughput of one class where a capacity in M may be fractional: the
# load-dependent MVA (qncsmvald) at rate min(n, M) / S with n customers, as test 3 does.
octave_x_ld() { # OCTAVE-ASSIGNMENTS
	octave-cli --no-gui -q --eval "pkg load queueing; $1; L = zeros(numel(S), N);
		for n = 1:N, L(:, n) = (S ./ min(n, M))'; end
		[U, R, Q, X] = qncsmvald(N, L, V, Z); printf('%.12g\n', X(1))" 2>/dev/null
}
# Whether two lists of numbers agree to 1e-6 relative.
agree() { # A B
	awk -v a="$1" -v b="$2" 'BEGIN { n = split(a, x, " "); if (n == 0 || n != split(b, y, " ")) exit 1
		for (i = 1; i <= n; i++) { d = (x[i] - y[i]) / y[i]; if (d > 1e-6 || d < -1e-6) exit 1 } }'
}

# One class: a 2-server CPU, a disk, a delay (qncsmva); then a 4-server station at 10 customers.
ours=$("$solve" 1 2 "5" "2 1" "0.003" "0.001 0.002")
theirs=$(octave_x "N = 5; S = [0.001 0.002]; V = [1 1]; M = [2 1]; Z = 0.003" qncsmva)
agree "$ours" "$theirs"
ok $? "one class, 2-server and 1-server stations, think time: $ours vs Octave $theirs"
ours=$("$solve" 1 3 "10" "4 1 1" "0.5" "0.8 0.12 0.05")
theirs=$(octave_x "N = 10; S = [0.8 0.12 0.05]; V = [1 1 1]; M = [4 1 1]; Z = 0.5" qncsmva)
agree "$ours" "$theirs"
ok $? "one class, 10 customers, a 4-server station as bottleneck: $ours vs Octave $theirs"
# A fractional capacity (the CPU runtime's cores' worth): rate min(j, 1.5) / D with j
# customers, against Octave's load-dependent MVA (qncsmvald) given those service times.
ours=$("$solve" 1 2 "6" "1.5 1" "0.01" "0.004 0.002")
theirs=$(octave-cli --no-gui -q --eval "pkg load queueing; N = 6; D = [0.004 0.002]; c = [1.5 1];
	S = zeros(2, N); for n = 1:N, S(:, n) = (D ./ min(n, c))'; end
	[U, R, Q, X] = qncsmvald(N, S, [1 1], 0.01); printf('%.12g', X(1))" 2>/dev/null)
agree "$ours" "$theirs"
ok $? "one class, a station of capacity 1.5: $ours vs Octave qncsmvald $theirs"
# Several classes, single servers (qncmmva): exact multi-class MVA over the lattice.
ours=$("$solve" 2 2 "2 3" "1 1" "0.01 0" "0.001 0.002 0.003 0.001")
theirs=$(octave_x "N = [2 3]; S = [0.001 0.002; 0.003 0.001]; V = ones(2, 2); M = [1 1]; Z = [0.01 0]" qncmmva)
agree "$ours" "$theirs"
ok $? "two classes: $ours vs Octave $theirs"
ours=$("$solve" 3 3 "3 2 4" "1 1 1" "0.02 0.05 0" "0.004 0.001 0.002 0.001 0.006 0.001 0.002 0.002 0.003")
theirs=$(octave_x "N = [3 2 4]; S = [0.004 0.001 0.002; 0.001 0.006 0.001; 0.002 0.002 0.003]; V = ones(3, 3); M = [1 1 1]; Z = [0.02 0.05 0]" qncmmva)
agree "$ours" "$theirs"
ok $? "three classes, three stations: $ours vs Octave $theirs"

rec "$tmp/mt" "$S/multi_thread" "$S/multi_thread_kernels.so" 3 6
ok $? "multi_thread recorded" || cat "$tmp/rec.log" >&2
# The network hsatrace model solved at 5 threads, from its JSON: N;S;M;Z;its throughput.
json_net() { # FILE SHARED(0|1)
	perl -MJSON::PP -e 'local $/; open my $f, "<", $ARGV[0] or die; my $j = decode_json(<$f>);
	my $c = $j->{classes}[0]; my @r = @{$j->{resources}}; my ($n, $z) = ($c->{predicted_threads}, $c->{delay_s});
	my (@s, @m);
	my $sh = $j->{shared_cpus};
	if ($ARGV[1] && $sh->{demand_source} eq "process cpu clock") {
		# one processor whose demand is the process CPU per cycle, the latency the think
		# time (a recording of >= 10 cycles with all threads cycling), the capacity the
		# solver took (predicted.host_cpu_capacity; when null the fitted capacity)
		my $cap = $j->{predicted}{host_cpu_capacity} // $sh->{capacity};
		@s = ($j->{predicted}{host_cpu_demand_s}); @m = ($cap); $z = $sh->{latency_s};
	} elsif ($ARGV[1]) {	# one processor: everything, and the runtime work, scaled; the rest of the delay
		my $d = $c->{runtime_work_s}; $d += $c->{demand_s}{$_->{name}} for @r;
		@s = ($d * $sh->{demand_factor}); @m = ($sh->{servers});
		$z -= $c->{runtime_work_s};
	} else {
		@s = map { $c->{demand_s}{$_->{name}} } @r; @m = map { $_->{predicted_servers} } @r;
	}
	printf "%d;%s;%s;%.12g;%.12g", $n, join(" ", map { sprintf "%.12g", $_ } @s), join(" ", @m), $z,
		$c->{predicted}{throughput_per_s}' "$@"
}
for shared in 0 1; do
	if [ $shared = 1 ]; then opt=""; what="the CPU runtime's one processor"; else opt=--devices-off-cpu; what="devices apart"; fi
	# shellcheck disable=SC2086
	"$hsat" model $opt -f json -w threads=5 -o "$tmp/m.json" "$tmp/mt" &&
		net=$(json_net "$tmp/m.json" $shared)
	IFS=';' read -r n s m z ours <<NET
$net
NET
	net="N = $n; S = [$s]; V = ones(size(S)); M = [$m]; Z = $z"
	if echo "$m" | grep -q '[.e]'; then	# a fractional cores' worth
		how=qncsmvald theirs=$(octave_x_ld "$net")
	else
		how=qncsmva theirs=$(octave_x "$net" qncsmva)
	fi
	agree "$ours" "$theirs"
	ok $? "the model of the trace at $n threads, $what (capacity $m): hsatrace $ours, Octave $how $theirs"
done
