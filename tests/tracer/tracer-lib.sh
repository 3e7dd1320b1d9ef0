# tracer-lib.sh - record HSA programs with libhsatrace.so in the harness's session (sourced
# after tap.sh and lttng-harness.sh).
#
#   tracer_start "$@"                the start of a test that records: re-runs it unprivileged
#                                    (lttng_harness_unprivileged), skips it unless the tracer
#                                    is built (tracer_paths), babeltrace2 is installed and the
#                                    private session daemon starts; sets TR to its folder
#   tracer_paths                     sets SAMPLES, CPU_RUNTIME, TRACER; 1 when something is missing
#   tracer_record NAME ENV... -- CMD...
#                                    records CMD (with the ENV assignments) in a fresh session
#                                    with hsa_api_*, hsa_hot_*, hsa_activity:*, hsa_meta:*
#                                    (or $TRACER_EVENTS when set) and the vpid/vtid
#                                    contexts; writes $TR/NAME.out (stdout and
#                                    stderr, then "rc=N"), $TR/NAME.txt (babeltrace2
#                                    --clock-cycles) and $TR/NAME.stats (check-trace.awk)
#   tracer_record_multi_thread NAME  tracer_record of multi_thread's 3 worker threads x 20
#                                    dispatches on the CPU runtime, without hsa_hot_*
#   tracer_run NAME ENV... -- CMD... runs without recording, output to $TR/NAME.out
#   stat NAME KEY                    a value of $TR/NAME.stats ("exits FN STATUS" keys too)
#   same_output A B                  0 when A.out and B.out match (timing lines " us" dropped)

tracer_paths() {
	SAMPLES=$HSATRACE_BUILD/lib/hsatrace/samples
	CPU_RUNTIME=$HSATRACE_BUILD/lib/hsatrace/cpu-runtime
	TRACER=$HSATRACE_BUILD/lib/hsatrace/libhsatrace.so
	[ -f "$TRACER" ] && [ -f "$CPU_RUNTIME/libhsa-runtime64.so.1" ] && [ -d "$SAMPLES" ]
}

tracer_start() {
	lttng_harness_unprivileged "$@"
	tracer_paths || skip_all "tracer, CPU runtime or samples not built"
	command -v babeltrace2 >/dev/null || skip_all "babeltrace2 is not installed"
	lttng_harness_start || skip_all "lttng-sessiond did not start"
	TR=$LTTNG_HARNESS_DIR
}

tracer_run() {
	_name=$1
	shift
	_envs=""
	while [ "$1" != "--" ]; do
		_envs="$_envs $1"
		shift
	done
	shift
	# shellcheck disable=SC2086
	env $_envs "$@" >"$TR/$_name.out" 2>&1
	echo "rc=$?" >>"$TR/$_name.out"
}

tracer_record() {
	_rname=$1
	_trace=$TR/$_rname.ctf
	_log=$TR/$_rname.lttng
	lttng create "$_rname" -o "$_trace" >"$_log" 2>&1 &&
		lttng enable-event -u "${TRACER_EVENTS:-hsa_api_*,hsa_hot_*,hsa_activity:*,hsa_meta:*}" \
			>>"$_log" 2>&1 &&
		lttng add-context -u -t vpid -t vtid >>"$_log" 2>&1 &&
		lttng start >>"$_log" 2>&1 || { diag "$(cat "$_log")"; return 1; }
	tracer_run "$@"
	lttng stop >>"$_log" 2>&1 && lttng destroy >>"$_log" 2>&1 ||
		{ diag "$(cat "$_log")"; return 1; }
	babeltrace2 --clock-cycles "$_trace" >"$TR/$_rname.txt" 2>"$TR/$_rname.bt-err" ||
		{ diag "babeltrace2: $(cat "$TR/$_rname.bt-err")"; return 1; }
	awk -f "$HSATRACE_SRC/tests/lib/bt-text.awk" -f "$HSATRACE_SRC/tests/tracer/check-trace.awk" \
		"$TR/$_rname.txt" >"$TR/$_rname.stats"
}

tracer_record_multi_thread() {
	TRACER_EVENTS='hsa_api_*,hsa_activity:*,hsa_meta:*' \
		tracer_record "$1" LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" -- \
		"$SAMPLES/multi_thread" "$SAMPLES/multi_thread_kernels.so" 3 20
}

stat() {
	_v=$(awk -v k="$2" '{ v = $NF; $NF = ""; sub(/ $/, ""); if ($0 == k) print v }' \
		"$TR/$1.stats")
	echo "${_v:-0}"
}

same_output() {
	grep -v ' us$' "$TR/$1.out" >"$TR/$1.cmp"
	grep -v ' us$' "$TR/$2.out" >"$TR/$2.cmp"
	diff -u "$TR/$1.cmp" "$TR/$2.cmp" >&2
}

# The number an HSA status name stands for, from the installed headers.
status_value() {
	_num=$(grep -hoE "$1 = (0x[0-9A-Fa-f]+|[0-9]+)" /usr/include/hsa/hsa.h \
		/usr/include/hsa/hsa_ext_amd.h /usr/include/hsa/hsa_ext_image.h | head -1 |
		sed 's/.*= //')
	[ -n "$_num" ] && printf '%d\n' "$_num"
}
