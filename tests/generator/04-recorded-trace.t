#!/bin/sh
# The views against a real recording: records the vector_copy sample on the CPU runtime with
# the tracer (private lttng-sessiond), unifies it, then
#   - runs the coverage test on the recorded trace (recorded with HSATRACE_EAGER_CLASSES=1,
#     so LTTng declares every enabled event class, not only those of the functions called:
#     every event and field the views read must be there) and on the unified trace;
#   - runs the API, queue and counter analyses on the unified trace with the headless engine.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

record=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-record
unify=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-unify
analyze=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-analyze
coverage=$HSATRACE_BUILD/tests/generator/coverage.t
samples=$HSATRACE_BUILD/lib/hsatrace/samples
for f in "$record" "$unify" "$analyze" "$coverage" "$samples/vector_copy" \
	"$HSATRACE_BUILD/lib/hsatrace/libhsatrace.so"; do
	[ -x "$f" ] || [ -f "$f" ] || skip_all "not built: $f"
done
plan 8
lttng_harness_start || exit 1
tmp=$LTTNG_HARNESS_DIR
views=$HSATRACE_SRC/xml-views

HSATRACE_EAGER_CLASSES=1 "$record" --no-kernel --runtime cpu -e all -o "$tmp/rec" -- \
	"$samples/vector_copy" "$samples/vector_copy_kernels.so" >"$tmp/rec.log" 2>&1 ||
	diag "record: $(grep -v '^ *#' "$tmp/rec.log" | tail -3)"
meta=$(find "$tmp/rec" -name metadata 2>/dev/null | head -1)
[ -n "$meta" ]
ok $? "a trace of vector_copy was recorded"

HSATRACE_COVERAGE_TRACE=$tmp/rec "$coverage" >"$tmp/cov.out" 2>"$tmp/cov.err"
rc=$?
grep -q "^# recorded trace:" "$tmp/cov.err" && [ $rc -eq 0 ]
ok $? "every event and field the views read is declared in the recorded trace" ||
	sed 's/^/#   /' "$tmp/cov.out" "$tmp/cov.err" >&2

"$unify" "$tmp/rec" -o "$tmp/uni" >"$tmp/uni.log" 2>&1
ok $? "the recording unifies" || sed 's/^/#   /' "$tmp/uni.log" >&2

HSATRACE_COVERAGE_TRACE=$tmp/uni "$coverage" >"$tmp/cov2.out" 2>"$tmp/cov2.err"
rc=$?
grep -q "^# unified trace:" "$tmp/cov2.err" && [ $rc -eq 0 ]
ok $? "the unified trace's events have the fields the views read" ||
	sed 's/^/#   /' "$tmp/cov2.out" "$tmp/cov2.err" >&2

# vector_copy creates one queue and submits one dispatch
"$analyze" -q --intervals='Agents/*/Queues/*/state' "$views/hsa-queues.xml" "$tmp/uni" \
	>"$tmp/queues" 2>&1
grep -q '	int	0$' "$tmp/queues" && grep -q '	int	1$' "$tmp/queues"
ok $? "the queue view shows the recorded queue idle, then busy with the dispatch" ||
	sed 's/^/#   /' "$tmp/queues" >&2
"$analyze" -q --intervals='Pools/*/allocated_bytes' "$views/hsa-counters.xml" "$tmp/uni" \
	>"$tmp/pools" 2>&1
grep -q '	long	[1-9][0-9]*$' "$tmp/pools"
ok $? "the counters view sums the recorded allocations per pool" || sed 's/^/#   /' "$tmp/pools" >&2
"$analyze" -q --intervals='Processes/*/Threads/*/CallStack/1' "$views/hsa-api.xml" "$tmp/uni" \
	>"$tmp/api" 2>&1
grep -q '	string	hsa_init$' "$tmp/api"
ok $? "the API view shows the recorded hsa_init by its plain name" || sed 's/^/#   /' "$tmp/api" >&2
"$analyze" -q --segments -a org.hsatrace.gpu.segments "$views/hsa-gpu.xml" "$tmp/uni" \
	>"$tmp/segments" 2>&1
grep -q '	hsa_init	status=long:0;' "$tmp/segments"
ok $? "the duration pattern has a segment for the hsa_init call" || sed 's/^/#   /' "$tmp/segments" >&2
