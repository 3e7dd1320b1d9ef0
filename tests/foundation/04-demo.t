#!/bin/sh
# `make demo`'s script end to end, against the private session daemon: it records
# matmul_pipeline on the CPU runtime, unifies, writes the views, the stats and the report;
# and, when the HIP samples are built, records hip_streams' pipeline and prints its stats, and
# the HIP matrix multiply with its kernel's CPU build (hsatrace kernels).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

for c in record unify views stats report; do
	[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-$c" ] ||
		skip_all "hsatrace $c is not built"
done
plan 10
lttng_harness_start || { ok 1 "private lttng-sessiond"; exit 1; }

demo=$LTTNG_HARNESS_DIR/demo
log=$LTTNG_HARNESS_DIR/demo.log
HSATRACE_DEMO_DIR=$demo "$HSATRACE_SRC/scripts/demo.sh" >"$log" 2>&1
ok $? "the demo script succeeds" || sed 's/^/#   /' "$log" >&2

babeltrace2 "$demo/trace" >"$LTTNG_HARNESS_DIR/trace.txt" 2>&1
ok $? "babeltrace2 reads the unified trace"
# The sample's structure: one matmul_rows dispatch per queue (3) and one row_sums.
n=$(grep -c 'hsa_gpu:kernel_begin.*kernel_name = "matmul_rows"' "$LTTNG_HARNESS_DIR/trace.txt")
is "$n" 3 "the unified trace holds the three matmul_rows executions"
nviews=$(ls "$demo"/xml-views/*.xml 2>/dev/null | wc -l)
[ "$nviews" -ge 5 ]
ok $? "the views are written next to the trace ($nviews files)"
grep -q '^matmul_rows  *3 ' "$log"
ok $? "the printed stats count 3 matmul_rows launches"
grep -q '<script type="application/json" id="hsatrace-data">{' "$demo/report.html" 2>/dev/null &&
	grep -q '<canvas id="tl-canvas"' "$demo/report.html"
ok $? "the HTML report holds the timeline (its canvas and data)"
grep -q "Manage XML analyses" "$log"
ok $? "it says how to open the result in Trace Compass"
if [ -x "$HSATRACE_BUILD/lib/hsatrace/samples/hip/hip_streams" ]; then
	# the HIP pipeline: 8 churn() kernels, 8 copies in and 8 out
	grep -q '^churn(unsigned int\*, unsigned int const\*, unsigned int, unsigned int)  *8 ' "$log"
	ok $? "the HIP program's stats count 8 churn() launches"
	grep -q '^host-to-device  *8 ' "$log" && grep -q '^device-to-host  *8 ' "$log"
	ok $? "and its 8 copies in and 8 copies out"
else
	skip 2 "the HIP samples are not built (no hipcc)"
fi
if [ -x "$HSATRACE_BUILD/lib/hsatrace/samples/hip/matmul_tiled" ]; then
	babeltrace2 "$demo/hip-matmul-trace" 2>/dev/null |
		grep -q 'hsa_gpu:kernel_begin.*kernel_name = "void matmul_tiled<16>'
	ok $? "it recorded the HIP matrix multiply, its kernel run from its CPU build" ||
		sed -n '/matmul_tiled/,$p' "$log" | head -n 20 | sed 's/^/#   /' >&2
else
	skip 1 "the HIP samples are not built (no hipcc)"
fi
done_testing
