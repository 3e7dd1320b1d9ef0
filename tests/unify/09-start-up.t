#!/bin/sh
# unify's fixed cost (bench/unify/run --small): babeltrace2 parses a trace's metadata each
# time a source.ctf.fs is created on it, most of what unify spends on a small trace. Each
# trace is opened by babeltrace2 at most once as a whole and once for its activity streams
# alone: the checks that they open keep their sources for the first pass that reads them
# alone, and no GPU-events pass runs when it has nothing to write (no GPU record, every
# input copied). Counted from libbabeltrace2's own log (LIBBABELTRACE2_INIT_LOG_LEVEL=INFO,
# "Adding component to graph" of the class `fs`); the outputs still hold the events the
# re-encoding path writes (tests/unify/07-copy-path.t compares them field by field).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/unify-harness.sh"

shared=$HSATRACE_SRC/../shared/traces/lttng-2.11-kernel-ust-multi-domains
unify_require
plan 10

record_start
# Unifies "$@" into $tmp/$name.out (the copy path) with libbabeltrace2 logging: sets $sources,
# the source.ctf.fs components created, and $st, unify's exit status.
unify_counted() {
	name=$1
	shift
	LIBBABELTRACE2_INIT_LOG_LEVEL=INFO "$unify" --summary "$@" -o "$tmp/$name.out" \
		>"$tmp/$name.sum" 2>"$tmp/$name.log"
	st=$?
	sources=$(grep 'Adding component to graph' "$tmp/$name.log" | grep -c 'cc-type=SOURCE, cc-name="fs"')
}
events() { babeltrace2 "$1" 2>/dev/null | grep -c "$2"; }

# API-like events in the main channel, GPU activity in its own (as hsatrace record writes).
rec --event 'hsatrace_bench:*' -o "$tmp/gpu" -- "$app" --bulk 500 2>/dev/null
unify_counted gpu "$tmp/gpu"
is "$st" 0 "a recording with API and GPU activity streams unifies (exit 0)"
grep -q '^path=copy$' "$tmp/gpu.sum"
ok $? "its packets are copied"
is "$sources" 2 "its trace is opened twice by babeltrace2: its activity streams alone (first pass), the whole trace (GPU events)"
"$unify" --reencode "$tmp/gpu" -o "$tmp/gpu.re" 2>/dev/null
n=$(events "$tmp/gpu.out" 'hsa_gpu:')
[ "$n" -gt 0 ] && [ "$n" = "$(events "$tmp/gpu.re" 'hsa_gpu:')" ]
ok $? "the copy holds the re-encoding's $n synthesized hsa_gpu events"
is "$(events "$tmp/gpu.out" '')" "$(events "$tmp/gpu.re" '')" "and as many events in all"

# A base run and a counter pass, activity streams only: each trace's check that it opens
# is its first pass's source; the base run's is opened once more (the GPU events).
rec -c A,B -o "$tmp/passes" -- "$app" 2>/dev/null
unify_counted passes "$tmp/passes"
is "$st" 0 "a recording with a counter pass unifies (exit 0)"
is "$sources" 3 "its two traces are opened three times: each for its check and first pass, the base run's for the GPU events"
grep -q '^counters=[1-9]' "$tmp/passes.sum"
ok $? "the pass's counters are attached"

if [ -d "$shared" ]; then
	unify_counted shared "$shared"
	is "$st" 0 "../shared's kernel+UST session unifies (exit 0)"
	is "$sources" 2 "nothing to synthesize: each of its two traces is opened once (the check that it opens)"
else
	skip 2 "../shared/traces absent"
fi
