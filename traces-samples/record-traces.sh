#!/bin/sh
# Re-records the small sample traces in traces-samples/traces/ with the current build:
# each sample program runs on the CPU HSA runtime under `hsatrace record` (default event
# categories), against a private session daemon, and is unified into one CTF trace.
#
# Usage: traces-samples/record-traces.sh [BUILD_DIR]   (default: build)
# Review the result (git diff --stat) and commit it with the schema change that needed it.
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$src/build}" && pwd) || exit 1
. "$src/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

hsat=$build/bin/hsatrace
samples=$build/lib/hsatrace/samples
out=$src/traces-samples/traces

record_one() { # NAME ARGS...
	name=$1
	shift
	rm -rf "${out:?}/$name/trace"
	mkdir -p "$out/$name"
	"$hsat" record -o "$LTTNG_HARNESS_DIR/$name" --runtime cpu -- \
		"$samples/$name" "$samples/${name}_kernels.so" "$@" >"$LTTNG_HARNESS_DIR/$name.log" 2>&1 ||
		{ cat "$LTTNG_HARNESS_DIR/$name.log" >&2; return 1; }
	"$hsat" unify "$LTTNG_HARNESS_DIR/$name" -o "$out/$name/trace" || return 1
	printf '%s\n' "hsatrace record --runtime cpu -- $name ${name}_kernels.so $*" \
		"then: hsatrace unify RECORDING -o trace   ($("$hsat" --version))" \
		>"$out/$name/RECORDED"
	echo "recorded $name: $(du -sh "$out/$name/trace" | cut -f1)"
}

# A HIP program (hipcc-built) whose kernel runs from its CPU build (hsatrace kernels).
record_hip() { # NAME
	name=$1
	program=$samples/hip/$name
	[ -x "$program" ] || { echo "not recording $name: not built (needs hipcc)"; return 0; }
	rm -rf "${out:?}/$name/trace"
	mkdir -p "$out/$name"
	"$hsat" record -o "$LTTNG_HARNESS_DIR/$name" --runtime cpu --kernels "$program.kernels.so" \
		-- "$program" >"$LTTNG_HARNESS_DIR/$name.log" 2>&1 ||
		{ cat "$LTTNG_HARNESS_DIR/$name.log" >&2; return 1; }
	"$hsat" unify "$LTTNG_HARNESS_DIR/$name" -o "$out/$name/trace" || return 1
	printf '%s\n' "hsatrace record --runtime cpu --kernels $name.kernels.so -- $name" \
		"(hipcc --offload-arch=gfx906; hsatrace kernels $name.hip -o $name.kernels.so)" \
		"then: hsatrace unify RECORDING -o trace   ($("$hsat" --version))" \
		>"$out/$name/RECORDED"
	echo "recorded $name: $(du -sh "$out/$name/trace" | cut -f1)"
}

lttng_harness_start || exit 1
record_one vector_copy 4096 &&
	record_one matmul_pipeline 64 3 &&
	record_one multi_thread 2 4 &&
	record_hip matmul_tiled &&
	record_hip reduction
