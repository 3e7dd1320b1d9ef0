#!/bin/sh
# hsatrace model's host demand without a kernel trace: recorded by `hsatrace record` (which
# enables signal_wait's CPU clock by default), a host phase's demand is its thread's CPU time
# from the tracer and the output says so; --host-demand=wall on the same trace gives the time
# between calls, each phase then as long as its CPU time plus its time off a CPU;
# --host-demand=cpu refuses a 2.1 trace without CPU times, a bad source is a usage error, and
# a 2.1 trace (tests/model/traces) models as before (auto = wall there).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
model_require "$B/libexec/hsatrace/hsatrace-model" "$B/libexec/hsatrace/hsatrace-record" \
	"$S/multi_thread"
plan 10
export LC_ALL=C
model_start
# a trace of schema 2.1 (traces-samples/traces/multi_thread as it was before 2.2)
old=$HSATRACE_SRC/tests/model/traces/multi_thread-2.1

q() {
	model_json '
	my @c = @{$j->{classes}};
	sub act { my ($c, $n) = @_; (grep { $_->{name} eq $n } @{$c->{activities}})[0] }
	sub total { my ($c, $re) = @_; my $s = 0; $s += $_->{count} * $_->{mean_s} for grep { $_->{name} =~ $re } @{$c->{activities}}; $s }' "$@"
}

rec "$tmp/mt" "$S/multi_thread" "$S/multi_thread_kernels.so" 3 20
ok $? "multi_thread recorded (3 threads x 20 dispatches)" || cat "$tmp/rec.log" >&2
"$hsat" model -f json -o "$tmp/cpu.json" "$tmp/mt" &&
	"$hsat" model -f json --host-demand=wall -o "$tmp/wall.json" "$tmp/mt"
ok $? "modelled with the default source and with --host-demand=wall"
is "$(q "$tmp/cpu.json" '"$j->{host_demand_source} $j->{tracer_cpu_threads}"')" "tracer 3" \
	"by default: the 3 workers' host demand is their CPU time from the tracer"
"$hsat" model "$tmp/mt" | grep -q '^host demand: thread CPU time from the tracer'
ok $? "the text output names the source"
is "$(q "$tmp/wall.json" '$j->{host_demand_source} . " " . (act($j->{classes}[0], "off a CPU in host phases") ? "off" : "-")')" \
	"wall -" "--host-demand=wall: the time between calls, no time off a CPU"
# The phases between the setup and the teardown: CPU time <= wall time, and CPU time plus the
# time off a CPU = the wall time of the same phases (both sums over the class, in ns).
cpu=$(q "$tmp/cpu.json" 'sprintf "%.0f", 1e9 * total($c[0], qr/^host phase before/)')
off=$(q "$tmp/cpu.json" 'sprintf "%.0f", 1e9 * (total($c[0], qr/^off a CPU/))')
setup_cpu=$(q "$tmp/cpu.json" 'sprintf "%.0f", 1e9 * total($c[0], qr/^setup, then/)')
wall=$(q "$tmp/wall.json" 'sprintf "%.0f", 1e9 * total($c[0], qr/^host phase before/)')
setup_wall=$(q "$tmp/wall.json" 'sprintf "%.0f", 1e9 * total($c[0], qr/^setup, then/)')
awk -v c="$cpu" -v w="$wall" 'BEGIN { exit !(c > 0 && c <= w) }'
ok $? "host phases: CPU time $cpu ns <= wall time $wall ns"
awk -v c="$cpu" -v sc="$setup_cpu" -v o="$off" -v w="$wall" -v sw="$setup_wall" \
	'BEGIN { d = c + sc + o - w - sw; exit !(d <= 3 && d >= -3) }'
ok $? "CPU time + time off a CPU = the phases' wall time ($cpu + $setup_cpu + $off vs $wall + $setup_wall ns)"

"$hsat" model --host-demand=sometimes "$tmp/mt" >/dev/null 2>"$tmp/err"
is "$?:$(head -1 "$tmp/err")" "2:hsatrace model: --host-demand: unknown source 'sometimes' (auto, wall, cpu)" \
	"an unknown --host-demand is a usage error"
"$hsat" model --host-demand=cpu "$old" >/dev/null 2>"$tmp/err"
r=$?
ok "$([ $r -eq 1 ] && grep -q -- '--host-demand=cpu: the trace has no CPU time' "$tmp/err"; echo $?)" \
	"--host-demand=cpu on a 2.1 trace: exit 1, saying why" || diag "$(cat "$tmp/err")"
"$hsat" model -f json "$old" | grep -v '"host_demand' >"$tmp/old-auto.json" &&
	"$hsat" model -f json --host-demand=wall "$old" | grep -v '"host_demand' >"$tmp/old-wall.json" &&
	cmp -s "$tmp/old-auto.json" "$tmp/old-wall.json"
ok $? "a 2.1 trace: the default models it exactly as --host-demand=wall"
