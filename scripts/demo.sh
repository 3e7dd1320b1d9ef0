#!/bin/sh
# The demo (`make demo`): record the matrix-multiply sample on the CPU HSA runtime, unify the
# recording into one trace, write the Trace Compass views next to it, print the statistics and
# write an HTML report; then, when hipcc built the HIP samples, record a HIP program too
# (hip_streams' two-stream pipeline, Debian's libamdhip64 on the CPU runtime) and the HIP
# tiled matrix multiply with its kernel's CPU build, and print their statistics. Everything goes to $HSATRACE_DEMO_DIR (default: build/demo).
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
: "${HSATRACE_BUILD:=$src/build}"
: "${HSATRACE_DEMO_DIR:=$HSATRACE_BUILD/demo}"
hsat=$HSATRACE_BUILD/bin/hsatrace
tracer=$HSATRACE_BUILD/lib/hsatrace/libhsatrace.so
samples=$HSATRACE_BUILD/lib/hsatrace/samples
out=$HSATRACE_DEMO_DIR

step() { printf '\n== %s\n' "$*"; }

. "$src/scripts/hip-env.sh"

# The HIP part: hip_streams' pipeline of copies and kernels on two streams.
hip_demo() {
	hip=$samples/hip
	if [ ! -x "$hip/hip_streams" ] || [ ! -f "$hip/hip_streams_kernels.so" ]; then
		step "HIP: skipped (the HIP samples are built when hipcc is installed)"
		return 0
	fi
	step "HIP: record hip_streams pipeline (libamdhip64 on the CPU runtime, two streams)"
	# shellcheck disable=SC2046 # hip_env's words are separate assignments
	env $(hip_env "$tracer") HSATRACE_CPU_KERNELS="$hip/hip_streams_kernels.so" \
		"$hsat" record -o "$out/hip-recording" --runtime cpu -- "$hip/hip_streams" pipeline ||
		fail "recording the HIP program failed (see the messages above)"
	"$hsat" unify "$out/hip-recording" -o "$out/hip-trace" || fail "unify of the HIP trace failed"
	"$hsat" stats --section kernels,copies,queues "$out/hip-trace" || fail "HIP stats failed"
}

# The HIP tiled matrix multiply, its kernel run from the CPU build hsatrace kernels makes of
# its source (shared memory, __syncthreads).
hip_matmul_demo() {
	hip=$samples/hip
	if [ ! -x "$hip/matmul_tiled" ] || [ ! -f "$hip/matmul_tiled.kernels.so" ]; then
		step "HIP matmul_tiled: skipped (the HIP samples are built when hipcc is installed)"
		return 0
	fi
	step "HIP: record matmul_tiled, its kernel from its CPU build (hsatrace kernels, --kernels)"
	# shellcheck disable=SC2046 # hip_env's words are separate assignments
	env $(hip_env "$tracer") "$hsat" record -o "$out/hip-matmul-recording" --runtime cpu \
		--kernels "$hip/matmul_tiled.kernels.so" -- "$hip/matmul_tiled" ||
		fail "recording matmul_tiled failed (see the messages above)"
	"$hsat" unify "$out/hip-matmul-recording" -o "$out/hip-matmul-trace" ||
		fail "unify of the matmul_tiled trace failed"
	"$hsat" stats --section kernels "$out/hip-matmul-trace" || fail "matmul_tiled stats failed"
}
fail() { printf 'demo: %s\n' "$*" >&2; exit 1; }

[ -x "$hsat" ] || fail "hsatrace is not built ($hsat); run 'make' first"
for c in record unify views stats report; do
	[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-$c" ] ||
		fail "hsatrace $c is not built; run 'make' first"
done

rm -rf "$out" && mkdir -p "$out" || fail "cannot create $out"

step "1/4 record: matmul_pipeline (128x128, 3 queues, async copies, barriers) on the CPU HSA runtime"
"$hsat" record -o "$out/recording" --runtime cpu -- \
	"$samples/matmul_pipeline" "$samples/matmul_pipeline_kernels.so" 128 ||
	fail "recording failed (see the messages above)"

step "2/4 unify: one CTF trace, GPU activity as hsa_gpu:* events"
"$hsat" unify "$out/recording" -o "$out/trace" || fail "unify failed"

step "3/4 views: Trace Compass XML analyses next to the trace"
"$hsat" views -o "$out/xml-views" "$out/trace" || fail "writing the views failed"

step "4/4 stats and report"
"$hsat" stats "$out/trace" || fail "stats failed"
"$hsat" report -o "$out/report.html" "$out/trace" || fail "report failed"

hip_demo
hip_matmul_demo

step "where everything is"
cat <<TXT
  recording (LTTng output)   $out/recording
  unified trace (CTF)        $out/trace
  Trace Compass views        $out/xml-views/*.xml
  HTML report                $out/report.html
  HIP program's trace (CTF)  $out/hip-trace (when the HIP samples are built; the same views)
  HIP matrix multiply        $out/hip-matmul-trace (its kernel from hsatrace kernels' build)

Open it in Trace Compass:
  1. Tracing > Manage XML analyses... > Import: every file of $out/xml-views/
  2. File > Open Trace...: any file in $out/trace (it opens as one CTF trace)
  3. Views appear under the trace in the Project Explorer: HSA API call stack, queues,
     GPU kernels, counters (and the Linux kernel timeline when a kernel trace was recorded).
Without Trace Compass: open $out/report.html in a browser, or run
  $hsat analyze $out/xml-views/hsa-queues.xml $out/trace
TXT
