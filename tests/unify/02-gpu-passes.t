#!/bin/sh
# Record a deterministic GPU scenario with hsatrace record (base run + two counter passes),
# unify it, and check: every input event of the base run is in the output plus exactly the
# documented synthesized events; hsa_gpu:kernel_begin/_end sit exactly at the GPU times of
# their kernel_exec records; counters of the passes are attached dispatch by dispatch
# (queue, sequence, kernel name); a dispatch missing from a pass and another schema version
# are reported.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/unify-harness.sh"
unify_require
plan 30

record_start
val() { sed -n "s/^$1=//p" "$2"; }

rec -c A,B -c C -o "$tmp/rec" -- "$app" 2>"$tmp/rec.log"
ok $? "record: base run and two counter passes" || sed 's/^/# /' "$tmp/rec.log" >&2
is "$(grep -cv '^#' "$tmp/rec/hsatrace-passes")" 3 "hsatrace-passes lists three passes"

"$unify" --summary "$tmp/rec" -o "$tmp/out" >"$tmp/sum" 2>"$tmp/unify.log"
ok $? "unify exits 0" || sed 's/^/# /' "$tmp/unify.log" >&2
babeltrace2 "$tmp/out" >"$tmp/out.txt" 2>/dev/null
ok $? "babeltrace2 reads the unified trace"

# Expected numbers come from the base run itself, read by babeltrace2.
babeltrace2 "$tmp/rec/pass-0" >"$tmp/in.txt" 2>/dev/null
n_in=$(wc -l <"$tmp/in.txt")
n_exec=$(grep -c 'hsa_activity:kernel_exec:' "$tmp/in.txt")
is "$(val path "$tmp/sum")" copy "the base run's packets were copied (path=copy)"
# Synthesized: begin+end per kernel, one counter event per name (A, B, C) per dispatch.
want_syn=$((n_exec * 2 + n_exec * 3))
is "$(val synthesized "$tmp/sum")" "$want_syn" "synthesized = 2 per kernel + 3 counters per dispatch"
is "$(wc -l <"$tmp/out.txt")" $((n_in + want_syn)) "the output holds input + synthesized events"
grep -v ' hsa_gpu:' "$tmp/out.txt" | cut -d' ' -f1,4- >"$tmp/out.cut"
cut -d' ' -f1,4- "$tmp/in.txt" >"$tmp/in.cut"
cmp -s "$tmp/in.cut" "$tmp/out.cut"
ok $? "every input event is kept unchanged, in order"
is "$(grep -c ' hsa_gpu:kernel_begin:' "$tmp/out.txt")" "$n_exec" "one kernel_begin per kernel_exec"

# Exact GPU times: the output clock is the UST clock, so cycles are the recorded ns.
babeltrace2 --clock-cycles "$tmp/out" 2>/dev/null | grep ' hsa_gpu:kernel_\(begin\|end\):' |
	sed -E 's/^\[0*([0-9]+)\].*kernel_(begin|end):.*gpu_begin_ns = ([0-9]+), gpu_end_ns = ([0-9]+).*/\1 \2 \3 \4/' >"$tmp/times"
bad=$(awk '($2 == "begin" && $1 != $3) || ($2 == "end" && $1 != $4) { n++ } END { print n + 0 }' "$tmp/times")
is "$bad" 0 "kernel_begin/_end sit exactly at gpu_begin_ns/gpu_end_ns"
is "$(wc -l <"$tmp/times")" $((n_exec * 2)) "all of them were checked"
ls "$tmp/out" | grep -q '^hsa_gpu_queue_1_' && ls "$tmp/out" | grep -q '^hsa_gpu_queue_2_'
ok $? "GPU events are on streams of their own, one per queue"

# Matching: each counter value encodes the dispatch it was measured on.
is "$(val matched "$tmp/sum")" $((n_exec * 2)) "every dispatch of both passes matched"
is "$(val unmatched_pass "$tmp/sum")/$(val unmatched_base "$tmp/sum")" "0/0" "none left unmatched"
grep ' hsa_gpu:kernel_counter:' "$tmp/out.txt" |
	sed -E 's/.*queue_id = ([0-9]+), packet_index = ([0-9]+).*value = ([0-9]+).*/\1 \2 \3/' >"$tmp/ctr"
bad=$(awk '{ if (int($3 / 1000) != $1 || int(($3 % 1000) / 10) != $2) n++ } END { print n + 0 }' "$tmp/ctr")
is "$bad" 0 "each counter is attached to the dispatch it was measured on"
is "$(wc -l <"$tmp/ctr")" $((n_exec * 3)) "all counters attached (queue-scope ones are not)"

# A C++ kernel name the tracer left mangled is demangled in the hsa_gpu events (what the views
# label), computed independently by binutils' c++filt; kernel_exec keeps the traced name.
readable=$(c++filt _Z6reducePfj)
grep ' hsa_gpu:kernel_begin:' "$tmp/out.txt" | grep -qF "kernel_name = \"$readable\"" &&
	! grep ' hsa_gpu:kernel_begin:' "$tmp/out.txt" | grep -q 'kernel_name = "_Z6reducePfj"' &&
	grep ' hsa_activity:kernel_exec:' "$tmp/out.txt" | grep -q 'kernel_name = "_Z6reducePfj"'
ok $? "hsa_gpu events name the kernel demangled ($readable), kernel_exec keeps _Z6reducePfj"

# The counters view shows them: HwCounters/<name> takes every kernel_counter value.
analyze=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-analyze
grep ' hsa_gpu:kernel_counter:' "$tmp/out.txt" |
	sed -E 's/.*counter = "([^"]*)", value = (-?[0-9]+).*/HwCounters\/\1 \2/' | sort -u >"$tmp/ctr.want"
"$analyze" -i 'HwCounters/*' "$HSATRACE_SRC/xml-views/hsa-counters.xml" "$tmp/out" 2>"$tmp/an.err" |
	awk -F'\t' '$5 != "null" { print $2, $6 }' | sort -u >"$tmp/ctr.got"
[ -s "$tmp/ctr.want" ] && cmp -s "$tmp/ctr.want" "$tmp/ctr.got"
ok $? "hsa-counters.xml shows every pass's counters as HwCounters/<name>" ||
	{ diag "want: $(head -3 "$tmp/ctr.want")"; diag "got: $(head -3 "$tmp/ctr.got")"; sed 's/^/# /' "$tmp/an.err"; }
# And the report draws one lane per counter name, with every dispatch's value.
"$HSATRACE_BUILD/libexec/hsatrace/hsatrace-report" -o "$tmp/report.html" "$tmp/out" 2>"$tmp/report.err"
perl "$HSATRACE_SRC/tests/report/page_counts.pl" "$tmp/report.html" --counters >"$tmp/counters.txt"
lanes=""
for c in A B C; do
	n=$(grep -c " hsa_gpu:kernel_counter:.*counter = \"$c\"" "$tmp/out.txt")
	grep -q "^$c (per dispatch)	$n	$n\$" "$tmp/counters.txt" && lanes="$lanes $c"
done
is "$lanes" " A B C" "the report draws a lane per counter (A, B, C) with each dispatch's value" ||
	sed 's/^/# /' "$tmp/report.err"

# Unifying a unified trace adds nothing.
"$unify" --summary "$tmp/out" -o "$tmp/again" >"$tmp/again.sum" 2>"$tmp/again.log"
is "$(val synthesized "$tmp/again.sum") $(babeltrace2 "$tmp/again" 2>/dev/null | wc -l)" "0 $((n_in + want_syn))" \
	"unifying the unified trace again synthesizes nothing and keeps every event"
grep -q 'already a unified trace' "$tmp/again.log"
ok $? "and says why"

# A dispatch missing from a pass is reported.
rec -c A -o "$tmp/drop" -- "$app" --drop-last 2>/dev/null
"$unify" --summary "$tmp/drop" -o "$tmp/drop.out" >"$tmp/drop.sum" 2>"$tmp/drop.log"
is "$(val unmatched_base "$tmp/drop.sum")" 1 "a base dispatch without a match in a pass is counted"
grep -q '1 base dispatches without a match' "$tmp/drop.log"
ok $? "and reported" || sed 's/^/# /' "$tmp/drop.log" >&2

# Another schema major version: a clear warning, best-effort output.
rec -o "$tmp/v9" -- "$app" --schema 9.0 2>/dev/null
"$unify" --summary "$tmp/v9" -o "$tmp/v9.out" >"$tmp/v9.sum" 2>"$tmp/v9.log"
grep -q 'another event-schema version.*9.0' "$tmp/v9.log" && [ "$(val other_schema "$tmp/v9.sum")" = 1 ]
ok $? "another schema version is reported" || sed 's/^/# /' "$tmp/v9.log" >&2

# An older schema major (1.x named API events hsa_api:<function>_entry): refused, saying how
# to re-record, nothing written.
rec -o "$tmp/v1" -- "$app" --schema 1.0 2>/dev/null
"$unify" "$tmp/v1" -o "$tmp/v1.out" 2>"$tmp/v1.log"
is $? 1 "a recording of schema 1.0 is refused"
grep -q 'event schema 1.0, this hsatrace reads 2.x.*re-record it with .hsatrace record' "$tmp/v1.log" &&
	[ "$(wc -l <"$tmp/v1.log")" = 1 ] && [ ! -e "$tmp/v1.out/metadata" ]
ok $? "in one line saying how to re-record, nothing written" || sed 's/^/# /' "$tmp/v1.log" >&2

# GPU activity has a channel of its own; unify's first pass reads only those streams and
# still finds every record among many other events.
rec --event 'hsatrace_bench:*' -o "$tmp/mixed" -- "$app" --bulk 20000 2>/dev/null
ls "$(dirname "$(find "$tmp/mixed" -name metadata | head -n 1)")" | grep -q '^hsatrace_activity_'
ok $? "record writes hsa_activity/hsa_meta to the hsatrace_activity channel"
"$unify" --summary "$tmp/mixed" -o "$tmp/mixed.out" >"$tmp/mixed.sum" 2>/dev/null
ok $? "unify reads a trace with both channels"
babeltrace2 "$tmp/mixed" >"$tmp/mixed.txt" 2>/dev/null
n_exec=$(grep -c ' hsa_activity:kernel_exec:' "$tmp/mixed.txt")
is "$(val kernels "$tmp/mixed.sum")" "$n_exec" "every kernel_exec was found by the first pass ($n_exec)"
is "$(babeltrace2 "$tmp/mixed.out" 2>/dev/null | grep -cv ' hsa_gpu:')" "$(wc -l <"$tmp/mixed.txt")" \
	"and every event was written"

done_testing
