#!/bin/sh
# hsatrace model's solver against an independent one: GNU Octave's queueing package (Debian
# octave-queueing), whose qncsmva solves single-class closed networks by MVA, multi-server
# stations included. The network is the one hsatrace model builds from a recorded
# multi_thread trace (its demands, servers and delay, read from the JSON), at 5 threads.
# Skipped when octave or its queueing package is absent (not installed by install-deps.sh:
# it pulls the whole of Octave).
. "$(dirname "$0")/../lib/tap.sh"

B=$HSATRACE_BUILD
hsat=$B/bin/hsatrace
S=$B/lib/hsatrace/samples
command -v octave-cli >/dev/null || skip_all "octave-cli not installed (apt-get install octave-queueing)"
octave-cli --no-gui -q --eval 'pkg load queueing' >/dev/null 2>&1 ||
	skip_all "Octave's queueing package not installed (apt-get install octave-queueing)"
for f in "$hsat" "$S/multi_thread"; do
	[ -e "$f" ] || skip_all "not built: $f"
done
plan 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sh "$HSATRACE_SRC/tests/engine/record-unified.sh" "$tmp/mt" "$S/multi_thread" \
	"$S/multi_thread_kernels.so" 3 6 2>"$tmp/rec.log"
ok $? "multi_thread recorded" || cat "$tmp/rec.log" >&2
"$hsat" model -f json -w threads=5 -o "$tmp/m.json" "$tmp/mt"
# The network as Octave arguments: N, S (demand per station), V (1), m (servers), Z.
args=$(perl -MJSON::PP -e 'local $/; open my $f, "<", $ARGV[0] or die; my $j = decode_json(<$f>);
	my $c = $j->{classes}[0]; my @r = @{$j->{resources}};
	printf "%d;[%s];[%s];[%s];%.12g;%.12g", $c->{predicted_threads},
		join(" ", map { sprintf "%.12g", $c->{demand_s}{$_->{name}} } @r),
		join(" ", map { 1 } @r), join(" ", map { $_->{predicted_servers} } @r),
		$c->{delay_s}, $c->{predicted}{throughput_per_s}' "$tmp/m.json")
IFS=';' read -r n s v m z ours <<EOF
$args
EOF
theirs=$(octave-cli --no-gui -q --eval "pkg load queueing; [U, R, Q, X] = qncsmva($n, $s, $v, $m, $z); printf('%.12g', X(1))")
awk -v a="$ours" -v b="$theirs" 'BEGIN { d = (a - b) / b; exit !(d < 1e-6 && d > -1e-6) }'
ok $? "throughput at $n threads: hsatrace $ours, Octave qncsmva $theirs"
