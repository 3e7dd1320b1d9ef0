#!/bin/sh
# Re-records the small sample traces in traces-samples/traces/ with the current build:
# each sample program runs on the CPU HSA runtime under `hsatrace record` (default event
# categories), against a private session daemon, and is unified into one CTF trace. The HIP
# samples (hip_streams' two-stream pipeline, Debian's libamdhip64 on the CPU runtime; and
# matmul_tiled and reduction, their kernels from hsatrace kernels' builds) are recorded when
# hipcc built them.
#
# Usage: traces-samples/record-traces.sh [BUILD_DIR [NAME...]]   (default: build, every trace)
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

record_hip() { # NAME ARGS...: a HIP sample, its kernels from its CPU build
	name=$1
	shift
	if [ ! -x "$samples/hip/$name" ]; then
		echo "not recorded: $name (the HIP samples are built when hipcc is installed)"
		return 0
	fi
	rm -rf "${out:?}/$name/trace"
	mkdir -p "$out/$name"
	HSATRACE_CPU_KERNELS=$samples/hip/${name}_kernels.so "$hsat" record \
		-o "$LTTNG_HARNESS_DIR/$name" --runtime cpu -- "$samples/hip/$name" "$@" \
		>"$LTTNG_HARNESS_DIR/$name.log" 2>&1 || { cat "$LTTNG_HARNESS_DIR/$name.log" >&2; return 1; }
	"$hsat" unify "$LTTNG_HARNESS_DIR/$name" -o "$out/$name/trace" || return 1
	"$hsat" views "$out/$name/trace" >/dev/null || return 1
	printf '%s\n' "HSATRACE_CPU_KERNELS=hip/${name}_kernels.so hsatrace record --runtime cpu -- hip/$name $*" \
		"then: hsatrace unify RECORDING -o trace   ($("$hsat" --version))" \
		>"$out/$name/RECORDED"
	echo "recorded $name: $(du -sh "$out/$name/trace" | cut -f1)"
}

# A HIP sample whose kernels run from the CPU build hsatrace kernels made of its source.
record_hip_built() { # NAME
	name=$1
	program=$samples/hip/$name
	if [ ! -x "$program" ]; then
		echo "not recorded: $name (the HIP samples are built when hipcc is installed)"
		return 0
	fi
	rm -rf "${out:?}/$name/trace"
	mkdir -p "$out/$name"
	"$hsat" record -o "$LTTNG_HARNESS_DIR/$name" --runtime cpu --kernels "$program.kernels.so" \
		-- "$program" >"$LTTNG_HARNESS_DIR/$name.log" 2>&1 ||
		{ cat "$LTTNG_HARNESS_DIR/$name.log" >&2; return 1; }
	"$hsat" unify "$LTTNG_HARNESS_DIR/$name" -o "$out/$name/trace" || return 1
	"$hsat" views "$out/$name/trace" >/dev/null || return 1
	printf '%s\n' "hsatrace record --runtime cpu --kernels hip/$name.kernels.so -- hip/$name" \
		"(hipcc --offload-arch=gfx906; hsatrace kernels $name.hip -o $name.kernels.so)" \
		"then: hsatrace unify RECORDING -o trace   ($("$hsat" --version))" \
		>"$out/$name/RECORDED"
	echo "recorded $name: $(du -sh "$out/$name/trace" | cut -f1)"
}

# wanted NAME: whether the command line asks for NAME (no names: every trace)
wanted() {
	[ $# -le 2 ] && return 0
	_name=$1
	shift 2 # the name and BUILD_DIR
	for _w in "$@"; do
		[ "$_w" = "$_name" ] && return 0
	done
	return 1
}

lttng_harness_start || exit 1
{ ! wanted vector_copy "$@" || record_one vector_copy 4096; } &&
	{ ! wanted matmul_pipeline "$@" || record_one matmul_pipeline 64 3; } &&
	{ ! wanted multi_thread "$@" || record_one multi_thread 2 4; } &&
	{ ! wanted hip_streams "$@" || record_hip hip_streams pipeline; } &&
	{ ! wanted matmul_tiled "$@" || record_hip_built matmul_tiled; } &&
	{ ! wanted reduction "$@" || record_hip_built reduction; }
