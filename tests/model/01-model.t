#!/bin/sh
# hsatrace model on real recordings of the samples (CPU runtime, private lttng-sessiond):
# the structure the programs have (tasks, calls), demands equal to `hsatrace stats`' numbers,
# the process span computed independently from babeltrace2's output, the model reproducing
# its own trace, what-if changes moving the prediction the way queueing says, the LQN file
# valid against LQN's schema, and the messages for what cannot be modelled.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/model-harness.sh"
model_require "$B/libexec/hsatrace/hsatrace-model" "$B/libexec/hsatrace/hsatrace-record" \
	"$S/multi_thread" "$S/matmul_pipeline" "$S/vector_copy"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 not installed"
plan 31
export LC_ALL=C
model_start
threads=3 dispatches=4

rec "$tmp/mt" "$S/multi_thread" "$S/multi_thread_kernels.so" $threads $dispatches
ok $? "multi_thread recorded ($threads threads, $dispatches dispatches each)" || cat "$tmp/rec.log" >&2
"$hsat" model -f json -o "$tmp/mt.json" "$tmp/mt"
ok $? "hsatrace model -f json exits 0"

# A perl one-liner over the JSON: prints what the expression yields.
q() {
	model_json '
	my @c = @{$j->{classes}}; my @r = @{$j->{resources}}; my @t = @{$j->{threads}};
	sub act { my ($c, $n) = @_; (grep { $_->{name} eq $n } @{$c->{activities}})[0] }' "$@"
}

is "$(q "$tmp/mt.json" 'scalar(@c) . " " . $c[0]{threads}')" "1 $threads" \
	"one class of thread, holding the $threads workers"
is "$(q "$tmp/mt.json" 'join ",", map { defined $_->{class} ? "c" : "-" } @t')" "-$(printf ',c%.0s' $(seq $threads))" \
	"the main thread waits for nothing: it is no class's"
is "$(q "$tmp/mt.json" '$c[0]{cycles_per_thread}')" $((dispatches + 1)) \
	"cycles per worker: one per dispatch waited for, one for the baton"
is "$(q "$tmp/mt.json" 'act($c[0], "add_value")->{count} . " " . act($c[0], "add_value")->{kind}')" \
	"$((threads * dispatches)) synch-call" "every add_value dispatch is a synchronous call"
is "$(q "$tmp/mt.json" 'act($c[0], "wait for another thread\x27s signal")->{count}')" $threads \
	"each worker waits once for another thread (the baton)"
is "$(q "$tmp/mt.json" 'join ",", map { $_->{kind} } @r')" "cpu,gpu" \
	"resources: the host CPUs and the one GPU agent (no copies)"

# Demands against hsatrace stats: kernel time, waits per thread.
stats_total=$("$hsat" stats -f csv -s kernels "$tmp/mt" | awk -F, '$1 == "kernels" && $2 == "add_value" { print $4 }')
model_total=$(q "$tmp/mt.json" 'my $a = act($c[0], "add_value"); sprintf "%.0f", $a->{count} * $a->{exec_mean_s} * 1e9')
[ -n "$stats_total" ] && awk -v a="$stats_total" -v b="$model_total" 'BEGIN { d = a - b; exit !(d <= 2 && d >= -2) }'
ok $? "add_value execution time equals stats' total ($model_total vs $stats_total ns)"
stats_waits=$("$hsat" stats -f csv -s waits "$tmp/mt" | awk -F, '$1 == "waits" { print $3 "=" $5 }' | sort | tr '\n' ' ')
model_waits=$(q "$tmp/mt.json" 'join " ", sort map { "$_->{vtid}=$_->{cycles}" } grep { $_->{cycles} } @t')
is "$model_waits " "$stats_waits" "each worker's cycles are its waits in stats"
sharing=$(q "$tmp/mt.json" '$r[1]{sharing}')
demand=$(q "$tmp/mt.json" 'my $a = act($c[0], "add_value"); sprintf "%.0f", $a->{count} * $a->{mean_s} * 1e9')
awk -v t="$stats_total" -v d="$demand" -v s="$sharing" 'BEGIN { exit !(d <= t + 2 && d * s >= t - 2) }'
ok $? "the GPU demand is the execution time with overlap taken out (sharing $sharing)"

# The process span, from babeltrace2's own output.
pid=$(q "$tmp/mt.json" '$j->{process}{vpid}')
span=$(babeltrace2 --clock-cycles "$tmp/mt" |
	awk -v p="$pid" 'index($0, "vpid = " p ",") { t = substr($1, 2) + 0; if (!n++) f = t; l = t }
		END { printf "%.9f", (l - f) / 1e9 }')
got=$(q "$tmp/mt.json" 'sprintf "%.9f", $j->{measured}{total_s}')
is "$got" "$span" "measured.total_s is the process's first to last event"
err=$(q "$tmp/mt.json" 'abs($j->{modelled}{error_pct}) < 20 ? "small" : $j->{modelled}{error_pct}')
is "$err" small "the model reproduces its own trace within 20 % (a loaded machine is noisy)"

# What-if: more threads raise throughput; a faster GPU shortens the run; the change is echoed.
"$hsat" model -f json --what-if threads=6 "$tmp/mt" >"$tmp/t6.json"
is "$(q "$tmp/t6.json" '($j->{predicted}{throughput_per_s} > $j->{modelled}{throughput_per_s} ? "more" : "less") . " $c[0]{predicted_threads} $j->{what_if}"')" \
	"more 6 threads=6" "threads=6: six customers, more cycles per second"
"$hsat" model -f json -w gpu-speed=4 -w cpus=8 "$tmp/mt" >"$tmp/g4.json"
is "$(q "$tmp/g4.json" '$j->{predicted}{total_s} < $j->{modelled}{total_s} ? "shorter" : "longer"')" shorter \
	"gpu-speed=4 cpus=8: a shorter predicted run"
is "$(q "$tmp/g4.json" '$r[0]{predicted_servers}')" 8 "cpus=8: the host CPUs have 8 servers"
out=$("$hsat" model -w threads=2 "$tmp/mt")
case "$out" in *"What-if threads=2: predicted total"*) r=0 ;; *) r=1 ;; esac
ok $r "text output prints the what-if prediction and its change"

"$hsat" model -w bogus=1 "$tmp/mt" >/dev/null 2>"$tmp/err"
is "$?:$(head -1 "$tmp/err")" "2:hsatrace model: --what-if: unknown key 'bogus' (threads, gpu-speed, copy-speed, cpus, gpus, queues, workers)" \
	"an unknown what-if key is a usage error"
bad=""
for w in threads=0 threads= gpu-speed=0 gpu-speed=abc copy-speed=-1 cpus=1.5 queues=x gpus=0 nokey; do
	"$hsat" model -w "$w" "$tmp/mt" >/dev/null 2>"$tmp/err"
	[ $? -eq 2 ] && grep -q "^hsatrace model: --what-if" "$tmp/err" || bad="$bad $w"
done
is "$bad" "" "bad what-if values exit 2 with a message"
"$hsat" model -w threads=nosuch:2 "$tmp/mt" >/dev/null 2>"$tmp/err"
is "$?:$(head -1 "$tmp/err" | sed 's/.*: //')" "1:no thread class 'nosuch'" "threads= of an unknown class says so"

# LQN file, valid against LQN's schema.
"$hsat" model --lqn "$tmp/mt.lqnx" -w threads=5 "$tmp/mt" >/dev/null
ok $? "--lqn writes the model"
is "$(grep -c 'scheduling="ref" multiplicity="5"' "$tmp/mt.lqnx")" 1 "one reference task, its 5 threads"
xsd=$HSATRACE_SRC/../shared/reference/lqn/lqn.xsd
if [ -f "$xsd" ]; then
	xmllint --noout --schema "$xsd" "$tmp/mt.lqnx" 2>"$tmp/xsd.log"
	ok $? "the LQN file validates against lqn.xsd" || cat "$tmp/xsd.log" >&2
else
	skip 1 "../shared/reference/lqn/lqn.xsd absent"
fi

# matmul_pipeline: one thread submitting everything, waiting at the end.
rec "$tmp/mm" "$S/matmul_pipeline" "$S/matmul_pipeline_kernels.so" 64 3
ok $? "matmul_pipeline recorded" || cat "$tmp/rec.log" >&2
"$hsat" model -f json -o "$tmp/mm.json" "$tmp/mm"
is "$(q "$tmp/mm.json" 'join " ", scalar(@c), $c[0]{threads}, act($c[0], "matmul_rows")->{count}, act($c[0], "row_sums")->{count}, act($c[0], "copy device-to-host")->{count}')" \
	"1 1 3 1 2" "matmul_pipeline: one thread waiting for 3 matmul_rows, row_sums and both copies back"
is "$(q "$tmp/mm.json" 'act($c[0], "copy host-to-device")->{count} . " " . act($c[0], "copy host-to-device")->{kind}')" \
	"2 synch-call" "the copies to the device, which the queues wait for, are synchronous too"

# The CPU runtime with one worker reports 1 compute unit on its CPU agent: the host CPUs are
# then the CPUs the process's events were recorded on (counted here from babeltrace2's text).
HSATRACE_CPU_WORKERS=1 rec "$tmp/w1" "$S/multi_thread" "$S/multi_thread_kernels.so" 2 20
ok $? "multi_thread recorded with HSATRACE_CPU_WORKERS=1" || cat "$tmp/rec.log" >&2
"$hsat" model -f json -o "$tmp/w1.json" "$tmp/w1"
pid=$(q "$tmp/w1.json" '$j->{process}{vpid}')
seen=$(babeltrace2 "$tmp/w1" | grep "vpid = $pid," | sed -n 's/.*{ cpu_id = \([0-9]*\) }.*/\1/p' | sort -u | wc -l)
is "$(q "$tmp/w1.json" '$r[0]{servers}')" "$seen" \
	"one CPU worker: host CPUs = the $seen CPUs its events were on, not the worker count"

# What cannot be modelled.
rec "$tmp/vc" "$S/vector_copy" "$S/vector_copy_kernels.so"
"$hsat" model "$tmp/vc" >/dev/null 2>"$tmp/err"
is "$?:$(sed 's/.*: the trace/the trace/' "$tmp/err")" "1:the trace holds 1 cycle (one wait): at least 2 are needed to estimate a demand" \
	"vector_copy (one wait): too few cycles, said so"
# A trace of an older schema major (the engine's test trace says 1.0 in trace_info).
"$hsat" model "$HSATRACE_SRC/tests/engine/traces/multi_thread" >/dev/null 2>"$tmp/err"
grep -q "warning: trace schema version 1.0, this hsatrace reads 2.x (API events renamed, so no API calls to model): re-record it" "$tmp/err"
ok $? "a 1.0 trace: warned that its API events were renamed, and how to re-record" || diag "$(cat "$tmp/err")"
foreign=$HSATRACE_SRC/../shared/traces/lttng-2.11-kernel-ust-multi-domains
if [ -d "$foreign" ]; then
	"$hsat" model "$foreign" >/dev/null 2>"$tmp/err"
	r=$?
	grep -q "no HSA API events" "$tmp/err" && [ $r -eq 1 ]
	ok $? "a trace without HSA events: exit 1, saying so"
else
	skip 1 "../shared/traces absent"
fi
