#!/bin/sh
# bench/tracer/run startup still runs (one round) and prints each configuration's row, the
# ones in record's own session (record-SIZE, with its stand-in) among them; its numbers are
# not judged here (no timing assertions in tests).
. "$(dirname "$0")/../lib/tap.sh"
lib=$HSATRACE_BUILD/lib/hsatrace
skip_unless_built "$lib/samples/vector_copy" "$lib/libhsatrace.so" "$HSATRACE_BUILD/bench/tracer/call_overhead" \
	"$lib/cpu-runtime/libhsa-runtime64.so.1"
command -v lttng-sessiond >/dev/null || skip_all "no lttng-sessiond"
plan 3

out=$(HSATRACE_BENCH_STARTS=1 timeout 300 "$HSATRACE_SRC/bench/tracer/run" startup 2>&1)
ok $? "bench/tracer/run startup exits 0" || printf '%s\n' "$out" | sed 's/^/# /' >&2
rows=$(printf '%s\n' "$out" | grep -cE '^  [a-z0-9-]+K? +[0-9.]+ / +[0-9.]+$')
is "$rows" 13 "it prints best / median for the thirteen configurations" ||
	printf '%s\n' "$out" | sed 's/^/# /' >&2
is "$(printf '%s\n' "$out" | grep -cE '^  record-(256|512|1024)K +[0-9.]+ / ')" 3 \
	"three of them in record's session"

done_testing
