#!/bin/sh
# How the tracer attaches, and what it must never change:
# - no session daemon: the program's output is byte-identical, in both attach modes;
# - HSA_TOOLS_LIB alone (tool mode), LD_PRELOAD alone, both at once (never traced twice);
# - Debian's real ROCr without a GPU: the failing hsa_init is recorded with its status, and
#   the program behaves as it does untraced;
# - repeated hsa_init/hsa_shut_down cycles, threads and a fork (tests/tracer/cycles_app).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/tracer/tracer-lib.sh"
lttng_harness_unprivileged "$@"
tracer_paths || skip_all "tracer, CPU runtime or samples not built"
CYCLES=$HSATRACE_BUILD/tests/tracer/cycles_app
[ -x "$CYCLES" ] || skip_all "cycles_app not built"
TR=$(mktemp -d "${TMPDIR:-/tmp}/hsatrace-tracer.XXXXXX") || exit 1
trap 'rm -rf "$TR"; lttng_harness_stop' EXIT
VC="$SAMPLES/vector_copy $SAMPLES/vector_copy_kernels.so"

# --- no session daemon at all (a private, empty LTTNG_HOME) ---
export LTTNG_HOME=$TR/no-daemon
mkdir -p "$LTTNG_HOME"
# shellcheck disable=SC2086
tracer_run plain LD_LIBRARY_PATH="$CPU_RUNTIME" -- $VC
# shellcheck disable=SC2086
tracer_run nod-preload LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" -- $VC
cmp -s "$TR/plain.out" "$TR/nod-preload.out"
ok $? "no session daemon, LD_PRELOAD: output byte-identical, nothing on stderr"
# shellcheck disable=SC2086
tracer_run nod-tool LD_LIBRARY_PATH="$CPU_RUNTIME" HSA_TOOLS_LIB="$TRACER" -- $VC
cmp -s "$TR/plain.out" "$TR/nod-tool.out"
ok $? "no session daemon, HSA_TOOLS_LIB: output byte-identical, nothing on stderr"

lttng_harness_start || skip_all "lttng-sessiond did not start"

# --- attach modes ---
# shellcheck disable=SC2086
tracer_record tool LD_LIBRARY_PATH="$CPU_RUNTIME" HSA_TOOLS_LIB="$TRACER" -- $VC
ok $? "tool mode: recorded"
grep -q 'attach_mode = "tool"' "$TR/tool.txt"
ok $? "tool mode: trace_info says so"
is "$(stat tool unpaired)" 0 "tool mode: entries and exits pair up"
is "$(stat tool "kernel vector_copy")" 1 "tool mode: the kernel execution is there"
is "$(grep -c 'hsa_api_entry:hsa_queue_create' "$TR/tool.txt")" 1 "tool mode: one hsa_queue_create"

# shellcheck disable=SC2086
tracer_record both LD_LIBRARY_PATH="$CPU_RUNTIME" HSA_TOOLS_LIB="$TRACER" LD_PRELOAD="$TRACER" -- $VC
ok $? "both modes at once: recorded"
is "$(grep -c 'hsa_api_entry:hsa_init' "$TR/both.txt")" 1 "both modes: hsa_init traced once"
is "$(grep -c 'hsa_api_entry:hsa_queue_create' "$TR/both.txt")" 1 "both modes: hsa_queue_create traced once"
is "$(stat both dispatches)" 1 "both modes: the packet reported once"
is "$(stat both kernel_execs)" 1 "both modes: the kernel execution reported once"
is "$(stat both unpaired)" 0 "both modes: entries and exits pair up"

# --- default categories only: the hot functions are not recorded, packets still are ---
# shellcheck disable=SC2086
TRACER_EVENTS='hsa_api_*,hsa_activity:*,hsa_meta:*' \
	tracer_record default LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" -- $VC
ok $? "default categories: recorded"
is "$(grep -c ' hsa_hot_' "$TR/default.txt")" 0 "default categories: no hot-function event"
is "$(stat default dispatches)" 1 "default categories: the doorbell store still becomes a packet_submit"
is "$(stat default kernel_execs)" 1 "default categories: and its kernel execution"

# --- hardware counters through the runtime's aqlprofile extension ---
# shellcheck disable=SC2086
tracer_record counters LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" \
	HSATRACE_COUNTERS=SQ_WORK_ITEMS,SQ_WAVES -- $VC
ok $? "hardware counters: recorded"
same_output plain counters
ok $? "hardware counters: output identical"
items=$(sed -n 's/.*name = "SQ_WORK_ITEMS", scope = "dispatch", id = [0-9]*, value = \([0-9]*\).*/\1/p' \
	"$TR/counters.txt")
grid=$(sed -n 's/.*packet_type = 2,.* grid_x = \([0-9]*\), grid_y = \([0-9]*\), grid_z = \([0-9]*\),.*/\1 \2 \3/p' \
	"$TR/counters.txt" | awk '{ print $1 * $2 * $3 }')
is "$items" "$grid" "hardware counters: SQ_WORK_ITEMS of the dispatch is its grid size ($grid)"
is "$(grep -c 'name = "SQ_WAVES", scope = "dispatch"' "$TR/counters.txt")" 1 \
	"hardware counters: one SQ_WAVES value for the one dispatch"
# shellcheck disable=SC2086
tracer_run counters-bad LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" \
	HSATRACE_COUNTERS=NO_SUCH_COUNTER -- $VC
is "$(grep -c '^hsatrace: warning: HSATRACE_COUNTERS: 1 unknown' "$TR/counters-bad.out")" 1 \
	"hardware counters: an unknown name gets one clear message"
grep -v '^hsatrace: warning' "$TR/counters-bad.out" | sed 's/hsatrace: warning.*//' >"$TR/counters-bad.cmp"
cmp -s "$TR/plain.out" "$TR/counters-bad.cmp"
ok $? "hardware counters: and nothing else changes"

# --- Debian's ROCr, no GPU: hsa_init fails before any tool could be loaded ---
if ldd "$SAMPLES/vector_copy" | grep -q 'libhsa-runtime64.so.1 => /'; then
	# shellcheck disable=SC2086
	tracer_run rocr-plain -- $VC
	# shellcheck disable=SC2086
	tracer_record rocr LD_PRELOAD="$TRACER" -- $VC
	ok $? "real ROCr: recorded"
	same_output rocr-plain rocr
	ok $? "real ROCr: output and exit status identical with and without the tracer"
	want=$(sed -n 's/.*hsa_init.*status=\(0x[0-9a-fA-F]*\).*/\1/p' "$TR/rocr-plain.out" | head -1)
	want=$(printf '%d' "${want:-0}")
	got=$(sed -n 's/.*hsa_api_exit:hsa_init: .* status = \([-0-9]*\).*/\1/p' "$TR/rocr.txt")
	is "$got" "$want" "real ROCr: the trace has hsa_init's status, as the program saw it ($want)"
	is "$(stat rocr trace_infos)" 1 "real ROCr: hsa_meta:trace_info tells the trace's versions"
else
	skip 4 "the samples are not linked against an installed ROCr"
fi

# --- init/shutdown cycles, threads, fork ---
tracer_run cycles-plain LD_LIBRARY_PATH="$CPU_RUNTIME" -- "$CYCLES" 3 4 25
tracer_record cycles LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" -- "$CYCLES" 3 4 25
ok $? "cycles: recorded"
same_output cycles-plain cycles
ok $? "cycles: output identical (3 cycles x 4 threads x 25 barriers, a fork per cycle)"
is "$(stat cycles "exits hsa_init 0")" 3 "cycles: 3 successful hsa_init"
is "$(stat cycles "exits hsa_shut_down 0")" 3 "cycles: 3 successful hsa_shut_down"
is "$(stat cycles attaches)" 3 "cycles: the runtime attached the tracer on every first hsa_init"
is "$(stat cycles barriers)" 300 "cycles: all 300 barrier packets reported"
is "$(stat cycles packet_uncorrelated)" 0 "cycles: each packet links to its thread's doorbell store"
is "$(stat cycles unpaired)" 0 "cycles: entries and exits pair up"
is "$(stat cycles copies)" "$(stat cycles "exits hsa_amd_memory_async_copy_rect 0")" \
	"cycles: each accepted rect copy has its copy execution"
is "$(grep -c 'hsa_activity:copy_exec: .* size = 64, direction = 0,' "$TR/cycles.txt")" 3 \
	"cycles: 3 rect copies of 16 x 4 bytes, host to host"
waits=$(awk '/hsa_api_exit:hsa_amd_signal_wait_any: .* retval = 0 }/ {
		match($0, /correlation_id = [0-9]+/); any[substr($0, RSTART, RLENGTH)] = 1; n++ }
	/hsa_activity:signal_wait: .* value = 0,/ {
		match($0, /correlation_id = [0-9]+/); waited[substr($0, RSTART, RLENGTH)] = 1 }
	END { for (c in any) if (c in waited) m++; print n + 0, m + 0 }' "$TR/cycles.txt")
is "$waits" "12 12" \
	"cycles: each satisfied hsa_amd_signal_wait_any is a signal_wait (index 0)"

done_testing
