#!/bin/sh
# bench/record/run still runs (one round, the build compared with itself) and prints each row;
# its numbers are not judged here (no timing assertions in tests).
. "$(dirname "$0")/../lib/tap.sh"
lib=$HSATRACE_BUILD/lib/hsatrace
skip_unless_built "$HSATRACE_BUILD/bin/hsatrace" "$lib/samples/vector_copy" "$lib/libhsatrace.so" \
	"$lib/cpu-runtime/libhsa-runtime64.so.1"
command -v lttng-sessiond >/dev/null || skip_all "no lttng-sessiond"
plan 3

out=$(HSATRACE_BENCH_STARTS=1 HSATRACE_BENCH_BASE=$HSATRACE_BUILD \
	timeout 300 "$HSATRACE_SRC/bench/record/run" 2>&1)
ok $? "bench/record/run exits 0" || printf '%s\n' "$out" | sed 's/^/# /' >&2
rows=$(printf '%s\n' "$out" |
	grep -cE '^  (untraced|record|base-record|to-exec|base-to-exec|to-main|base-to-main) +[0-9.]+ / +[0-9.]+$')
is "$rows" 7 "it prints best / median for the seven rows"
printf '%s\n' "$out" | grep -q '^load average: [0-9.]'
ok $? "it prints the load average"
done_testing
