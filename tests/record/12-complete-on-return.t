#!/bin/sh
# The trace is complete and final when hsatrace record returns: record no longer waits for the
# session daemon's last 500 ms of a destruction (its rotation pending check), only until the
# consumer wrote everything. Read at once, the trace has every event of the program's
# processes, and its files do not change afterwards, while the daemon finishes the destruction.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
vc=$lib/samples/vector_copy
record_require_traced "$vc"
command -v babeltrace2 >/dev/null || skip_all "no babeltrace2"
plan 9

record_start
rec_timeout=120

# Checksums of every file of a trace folder, in a stable order.
sums() { (cd "$1" && find . -type f | LC_ALL=C sort | xargs md5sum); }

# 1. Many short processes, each emitting one event whose value is its rank: the set of values
# read right after record returns must be exactly 1..N.
n=25
rec -o "$tmp/many" -- sh -c "i=1; while [ \$i -le $n ]; do $app \$i w; i=\$((i + 1)); done" \
	>/dev/null 2>"$tmp/many.log"
ok $? "record of $n processes succeeded" || sed 's/^/# /' "$tmp/many.log" >&2
sums "$tmp/many" >"$tmp/many.sums.0"
babeltrace2 "$tmp/many" >"$tmp/many.txt" 2>"$tmp/many.bt"
ok $? "babeltrace2 reads the trace right after record returns" ||
	sed 's/^/# /' "$tmp/many.bt" >&2
got=$(grep 'hsatrace_selftest:hello' "$tmp/many.txt" |
	sed -n 's/.*value = \([0-9]*\).*/\1/p' | LC_ALL=C sort -n | tr '\n' ' ')
want=$(i=1; while [ $i -le $n ]; do printf '%s ' $i; i=$((i + 1)); done)
is "$got" "$want" "it has the event of each of the $n processes, once"

# 2. An HSA program through the tracer: every API entry has its exit, up to hsa_shut_down.
timeout 120 "$record" --runtime cpu --no-kernel -o "$tmp/vc" -- "$vc" \
	"$lib/samples/vector_copy_kernels.so" >/dev/null 2>"$tmp/vc.log"
ok $? "record of vector_copy succeeded" || sed 's/^/# /' "$tmp/vc.log" >&2
sums "$tmp/vc" >"$tmp/vc.sums.0"
babeltrace2 "$tmp/vc" >"$tmp/vc.txt" 2>"$tmp/vc.bt"
ok $? "babeltrace2 reads it right after record returns" || sed 's/^/# /' "$tmp/vc.bt" >&2
entries=$(grep -c 'hsa_api_entry:' "$tmp/vc.txt")
exits=$(grep -c 'hsa_api_exit:' "$tmp/vc.txt")
[ "$entries" -gt 0 ] && [ "$entries" -eq "$exits" ]
ok $? "every API entry has its exit ($entries entries, $exits exits)"
grep 'hsa_api_' "$tmp/vc.txt" | tail -1 | grep -q 'hsa_api_exit:hsa_shut_down'
ok $? "the last API event is the exit of hsa_shut_down, the program's last call"

# 3. The daemon finishes the destructions (its check runs 500 ms after each): nothing it does
# then changes what record said was written.
sleep 1.5
sums "$tmp/many" >"$tmp/many.sums.1"
cmp -s "$tmp/many.sums.0" "$tmp/many.sums.1"
ok $? "the many-process trace's files are unchanged after the daemon finished" ||
	diff "$tmp/many.sums.0" "$tmp/many.sums.1" | sed 's/^/# /' >&2
sums "$tmp/vc" >"$tmp/vc.sums.1"
cmp -s "$tmp/vc.sums.0" "$tmp/vc.sums.1"
ok $? "the vector_copy trace's files are unchanged after the daemon finished" ||
	diff "$tmp/vc.sums.0" "$tmp/vc.sums.1" | sed 's/^/# /' >&2

done_testing
