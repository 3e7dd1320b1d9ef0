#!/bin/sh
# The copy path (the default: the inputs' packets copied under one merged metadata) writes
# the same trace as the re-encoding path (--reencode): babeltrace2 reads exactly the same
# events, fields and timestamps, in the same order, from both, with the same environment,
# on the sample traces, on the real LTTng 2.11 kernel+UST session of ../shared/traces (two
# clocks: the kernel's offset differs from the UST one's), on recordings with GPU activity
# and counter passes (the hsa_gpu streams rewritten into LTTng's packet header), and on two
# recordings unified together. Both are one trace: one metadata in one folder. An input
# whose clock is not the UST trace's (the kernel's, another run's) is copied with its event
# and packet times moved onto that clock (the offsets' difference), so the output has one
# clock (Trace Compass reads one clock per trace); --keep-clocks copies it as a clock class
# of its own. An input that cannot be
# copied is re-encoded, with the reason said.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/unify-harness.sh"

stats=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-stats
ooo=$HSATRACE_BUILD/tests/unify/ooo_trace
samples=$HSATRACE_SRC/traces-samples/traces
shared=$HSATRACE_SRC/../shared/traces/lttng-2.11-kernel-ust-multi-domains
unify_require "$stats" "$ooo"
plan 70

record_start
val() { sed -n "s/^$1=//p" "$2"; }
env_of() { babeltrace2 --output-format=ctf-metadata "$1" 2>/dev/null | sed -n '/^env {/,/^};/p' | sort; }

# Unifies $2... both ways into $tmp/$1.copy and $tmp/$1.re and compares what babeltrace2
# reads (5 assertions). $copy_opts: more options for the copy.
copy_opts=
both_ways() {
	name=$1
	shift
	# shellcheck disable=SC2086
	"$unify" --summary $copy_opts "$@" -o "$tmp/$name.copy" >"$tmp/$name.copy.sum" 2>"$tmp/$name.copy.log"
	st=$?
	[ "$st" -le 1 ] && [ "$(val path "$tmp/$name.copy.sum")" = copy ]
	ok $? "$name: copied (exit $st)" || sed 's/^/# /' "$tmp/$name.copy.log" >&2
	"$unify" --reencode "$@" -o "$tmp/$name.re" >/dev/null 2>"$tmp/$name.re.log"
	babeltrace2 "$tmp/$name.copy" >"$tmp/$name.copy.txt" 2>"$tmp/$name.copy.err"
	ok $? "$name: babeltrace2 reads the copied trace" || sed 's/^/# /' "$tmp/$name.copy.err" >&2
	babeltrace2 "$tmp/$name.re" >"$tmp/$name.re.txt" 2>/dev/null
	n=$(wc -l <"$tmp/$name.re.txt")
	[ "$n" -gt 0 ] && cmp -s "$tmp/$name.copy.txt" "$tmp/$name.re.txt"
	ok $? "$name: the same $n events, fields and times, in the same order" ||
		diff "$tmp/$name.copy.txt" "$tmp/$name.re.txt" | head -n 10 | sed 's/^/# /' >&2
	[ "$(env_of "$tmp/$name.copy")" = "$(env_of "$tmp/$name.re")" ]
	ok $? "$name: the same environment"
	[ "$(find "$tmp/$name.copy" -name metadata | wc -l)" = 1 ] &&
		[ "$(find "$tmp/$name.copy" -mindepth 1 -type d | wc -l)" = 0 ]
	ok $? "$name: one trace, one metadata, one folder"
}

for s in vector_copy multi_thread matmul_pipeline hip_streams; do
	both_ways "$s" "$samples/$s/trace"
done

clocks() { babeltrace2 --output-format=ctf-metadata "$1" 2>/dev/null | grep -c '^clock {'; }
# The raw clock values (cycles) of both outputs: the same when the copy moved the times.
same_cycles() {
	babeltrace2 --clock-cycles "$tmp/$1.copy" >"$tmp/$1.copy.cyc" 2>/dev/null &&
		babeltrace2 --clock-cycles "$tmp/$1.re" >"$tmp/$1.re.cyc" 2>/dev/null &&
		cmp -s "$tmp/$1.copy.cyc" "$tmp/$1.re.cyc"
}

if [ -d "$shared" ]; then
	both_ways shared "$shared"
	is "$(val copied_traces "$tmp/shared.copy.sum") $(val reencoded_traces "$tmp/shared.copy.sum") $(clocks "$tmp/shared.copy")" \
		"2 0 1" "shared: both traces copied, the kernel's times moved onto the UST clock: one clock"
	grep -q "copying .*/kernel with its times moved by -\{0,1\}[0-9]* ns onto .*/ust's clock" "$tmp/shared.copy.log"
	ok $? "shared: which input is moved onto which clock is said" || sed 's/^/# /' "$tmp/shared.copy.log" >&2
	same_cycles shared
	ok $? "shared: the same raw clock values as re-encoded (the kernel's in UST cycles)"
	copy_opts=--keep-clocks
	both_ways shared.kc "$shared"
	copy_opts=
	babeltrace2 --clock-cycles "$shared/kernel" 2>/dev/null | cut -d' ' -f1 >"$tmp/in.cyc"
	babeltrace2 --clock-cycles "$tmp/shared.kc.copy" 2>/dev/null | grep ' lttng_test_filter_event:' |
		cut -d' ' -f1 >"$tmp/out.cyc"
	[ -s "$tmp/in.cyc" ] && cmp -s "$tmp/in.cyc" "$tmp/out.cyc" && [ "$(clocks "$tmp/shared.kc.copy")" = 2 ]
	ok $? "shared, --keep-clocks: the kernel events keep their own clock's cycle values (two clock classes)"
else
	skip 14 "../shared/traces is absent"
fi

rec -c A,B -c C -o "$tmp/gpu" -- "$app" 2>/dev/null
both_ways gpu "$tmp/gpu"
is "$(val synthesized "$tmp/gpu.copy.sum")" "$(grep -c ' hsa_gpu:' "$tmp/gpu.copy.txt")" \
	"gpu: the synthesized events are all in the copied trace"
is "$(clocks "$tmp/gpu.copy")" 1 \
	"gpu: one clock, the GPU events' being the UST one (Trace Compass reads one clock)"

# stats reads raw clock values: with one run (one clock) both traces give the same tables.
# (Across runs they may differ by the runs' clock offsets, measured by LTTng per session:
# re-encoding converts every run to the first UST clock, copying keeps each run's own.)
"$stats" "$tmp/gpu.copy" >"$tmp/gpu.copy.stats" 2>/dev/null &&
	"$stats" "$tmp/gpu.re" >"$tmp/gpu.re.stats" 2>/dev/null &&
	[ "$(grep -v '^trace: ' "$tmp/gpu.copy.stats")" = "$(grep -v '^trace: ' "$tmp/gpu.re.stats")" ]
ok $? "gpu: hsatrace stats reads the same tables from both (but the trace's path)" ||
	diff "$tmp/gpu.copy.stats" "$tmp/gpu.re.stats" | head -n 10 | sed 's/^/# /' >&2

rec --event 'hsatrace_bench:*' -o "$tmp/run1" -- "$app" --bulk 2000 2>/dev/null
rec -o "$tmp/run2" -- "$app" 2>/dev/null
both_ways runs "$tmp/run1" "$tmp/run2"
# Each session measures its clock's offset (ns at 1 GHz): when they differ, the second
# run's times move by the difference.
clock_ns() {
	_m=$(babeltrace2 --output-format=ctf-metadata "$(dirname "$(find "$1" -name metadata | head -n 1)")")
	_s=$(echo "$_m" | sed -n 's/^[[:space:]]*offset_s = \([0-9-]*\);.*/\1/p')
	_o=$(echo "$_m" | sed -n 's/^[[:space:]]*offset = \([0-9-]*\);.*/\1/p')
	echo $((${_s:-0} * 1000000000 + ${_o:-0}))
}
d=$(($(clock_ns "$tmp/run2") - $(clock_ns "$tmp/run1")))
if [ "$d" = 0 ]; then
	! grep -q "with its times moved" "$tmp/runs.copy.log"
	ok $? "runs: the same clock offset: nothing moved"
else
	grep -q "copying $tmp/run2/.* with its times moved by $d ns onto $tmp/run1/.*'s clock" "$tmp/runs.copy.log"
	ok $? "runs: the second run's times moved by the offsets' difference ($d ns), said" ||
		sed 's/^/# /' "$tmp/runs.copy.log" >&2
fi
is "$(val copied_traces "$tmp/runs.copy.sum") $(val reencoded_traces "$tmp/runs.copy.sum") $(clocks "$tmp/runs.copy")" \
	"2 0 1" "runs: both runs copied, one clock"
copy_opts=--keep-clocks
both_ways runs.kc "$tmp/run1" "$tmp/run2"
copy_opts=

# A run whose clock offset is 1.5 s and 123 ns later (its metadata rewritten as text): its
# event and packet times move by that much, its 27-bit compact timestamps wrapping at
# other events than in the input.
cp -r "$tmp/run2" "$tmp/later" && chmod -R u+w "$tmp/later"
lt=$(dirname "$(find "$tmp/later" -name metadata | head -n 1)")
babeltrace2 --output-format=ctf-metadata "$lt" >"$tmp/later.tsdl"
o=$(sed -n 's/^[[:space:]]*offset = \([0-9]*\);.*/\1/p' "$tmp/later.tsdl")
sed "s/^\([[:space:]]*offset = \)$o;/\1$((o + 1500000123));/" "$tmp/later.tsdl" >"$lt/metadata"
both_ways later "$tmp/run1" "$tmp/later"
# 1.5 s + 123 ns, give or take what the two sessions' offsets differ by
d=$(($(clock_ns "$tmp/later") - $(clock_ns "$tmp/run1")))
grep -q "copying $lt with its times moved by $d ns onto" "$tmp/later.copy.log" &&
	[ "$(clocks "$tmp/later.copy")" = 1 ]
ok $? "later: its times moved by the offsets' difference ($d ns) onto the first run's clock, one clock" ||
	sed 's/^/# /' "$tmp/later.copy.log" >&2
same_cycles later
ok $? "later: the same raw clock values as re-encoded"

# Many small packets per stream (4 KiB sub-buffers), then two of them swapped in one stream
# file: copying cannot put them back in time order, so that trace is re-encoded.
rec --event 'hsatrace_bench:*' --subbuf-size 4096 --blocking -o "$tmp/many" -- "$app" --bulk 3000 \
	2>/dev/null
both_ways many "$tmp/many"
t=$(dirname "$(find "$tmp/many" -name metadata | head -n 1)")
f=$(ls -S "$t" | grep -v -e metadata -e index | head -n 1)
cp -r "$t" "$tmp/swap" && chmod -R u+w "$tmp/swap"
dd if="$t/$f" of="$tmp/swap/$f" bs=4096 skip=1 seek=0 count=1 conv=notrunc 2>/dev/null
dd if="$t/$f" of="$tmp/swap/$f" bs=4096 skip=0 seek=1 count=1 conv=notrunc 2>/dev/null
"$unify" --summary "$tmp/swap" -o "$tmp/swap.out" >"$tmp/swap.sum" 2>"$tmp/swap.log"
[ "$(val path "$tmp/swap.sum")" = reencode ] &&
	grep -q "cannot be copied: $tmp/swap: a packet begins before the previous one ends at byte 4096 of .*/$f\$" "$tmp/swap.log"
ok $? "two packets swapped in a stream: re-encoded, the file and the byte said" ||
	sed 's/^/# /' "$tmp/swap.log" >&2

# Not written by LTTng nor unify: re-encoded (its out-of-order time moved), and said why.
"$ooo" "$tmp/ooo" && "$unify" --summary "$tmp/ooo" -o "$tmp/ooo.out" >"$tmp/ooo.sum" 2>"$tmp/ooo.log"
ok $? "a trace of another writer: unify exits 0"
is "$(val path "$tmp/ooo.sum") $(val clamped "$tmp/ooo.sum")" "reencode 1" \
	"it is re-encoded and its timestamp going back is moved forward"
grep -q "re-encoding every event: the packets cannot be copied: .*ooo: not written by LTTng nor by hsatrace unify" \
	"$tmp/ooo.log"
ok $? "and unify says which input and why" || sed 's/^/# /' "$tmp/ooo.log" >&2

done_testing
