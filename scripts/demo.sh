#!/bin/sh
# The demo (`make demo`): record the matrix-multiply sample on the CPU HSA runtime, unify the
# recording into one trace, write the Trace Compass views next to it, print the statistics and
# write an HTML report. Everything goes to $HSATRACE_DEMO_DIR (default: build/demo).
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
: "${HSATRACE_BUILD:=$src/build}"
: "${HSATRACE_DEMO_DIR:=$HSATRACE_BUILD/demo}"
hsat=$HSATRACE_BUILD/bin/hsatrace
samples=$HSATRACE_BUILD/lib/hsatrace/samples
out=$HSATRACE_DEMO_DIR

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'demo: %s\n' "$*" >&2; exit 1; }

[ -x "$hsat" ] || fail "hsatrace is not built ($hsat); run 'make' first"
for c in record unify views stats report; do
	[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-$c" ] ||
		fail "hsatrace $c is not built; run 'make' first"
done

rm -rf "$out" && mkdir -p "$out" || fail "cannot create $out"

step "1/5 record: matmul_pipeline (128x128, 3 queues, async copies, barriers) on the CPU HSA runtime"
"$hsat" record -o "$out/recording" --runtime cpu -- \
	"$samples/matmul_pipeline" "$samples/matmul_pipeline_kernels.so" 128 ||
	fail "recording failed (see the messages above)"

step "2/5 unify: one CTF trace, GPU activity as hsa_gpu:* events"
"$hsat" unify "$out/recording" -o "$out/trace" || fail "unify failed"

step "3/5 views: Trace Compass XML analyses next to the trace"
"$hsat" views -o "$out/xml-views" "$out/trace" || fail "writing the views failed"

step "4/5 stats and report"
"$hsat" stats "$out/trace" || fail "stats failed"
"$hsat" report -o "$out/report.html" "$out/trace" || fail "report failed"

# A sanitized build (make check) records an unsanitized HIP program: its libasan goes first,
# and HIP's process-lifetime allocations are not reported as leaks.
hip_env() {
	if objdump -p "$HSATRACE_BUILD/lib/hsatrace/libhsatrace.so" 2>/dev/null | grep -q 'NEEDED.*libasan'; then
		env LD_PRELOAD="$(gcc -print-file-name=libasan.so)" \
			ASAN_OPTIONS="verify_asan_link_order=0:detect_leaks=0" "$@"
	else
		"$@"
	fi
}
hip=$samples/hip/matmul_tiled
if [ -x "$hip" ] && [ -f "$hip.kernels.so" ]; then
	step "5/5 HIP: the tiled matrix multiply (hipcc-built), its kernel from its CPU build (hsatrace kernels)"
	hip_env "$hsat" record -o "$out/hip-recording" --runtime cpu --kernels "$hip.kernels.so" -- "$hip" ||
		fail "recording the HIP program failed (see the messages above)"
	"$hsat" unify "$out/hip-recording" -o "$out/hip-trace" || fail "unify of the HIP recording failed"
	"$hsat" stats "$out/hip-trace" || fail "stats of the HIP trace failed"
else
	step "5/5 HIP: skipped (no hipcc: $hip was not built)"
fi

step "where everything is"
cat <<TXT
  recording (LTTng output)   $out/recording
  unified trace (CTF)        $out/trace
  Trace Compass views        $out/xml-views/*.xml
  HTML report                $out/report.html
  HIP matrix multiply        $out/hip-trace (when hipcc built it)

Open it in Trace Compass:
  1. Tracing > Manage XML analyses... > Import: every file of $out/xml-views/
  2. File > Open Trace...: any file in $out/trace (it opens as one CTF trace)
  3. Views appear under the trace in the Project Explorer: HSA API call stack, queues,
     GPU kernels, counters (and the Linux kernel timeline when a kernel trace was recorded).
Without Trace Compass: open $out/report.html in a browser, or run
  $hsat analyze $out/xml-views/hsa-queues.xml $out/trace
TXT
