#!/bin/sh
# The API event classes are registered on each function's first call (tracer/lazy_classes.c):
# - a traced HSA sample's metadata declares exactly the API classes of the functions it
#   called and of the warm set (tracer/warm_set.c, registered with the first call: every one
#   declared, called or not), while HSATRACE_EAGER_CLASSES=1 declares them all;
# - nothing is lost: the first API event is hsa_api_entry:hsa_init, and every API event is
#   recorded as many times as with eager registration (same deterministic program);
# - the same for a HIP program recorded by hsatrace record (hip_api_* classes);
# - threads making the process's first call of the same functions at once (first_call_app)
#   all have their entry and exit recorded.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/tracer/tracer-lib.sh"
FIRST=$HSATRACE_BUILD/tests/tracer/first_call_app
[ -x "$FIRST" ] || skip_all "first_call_app not built"
tracer_start "$@"
API='(hsa|hip)_(api|hot)_(entry|exit):[A-Za-z0-9_]+'

# classes TRACE_DIR: the API event classes its metadata declares (babeltrace2 reads it), sorted
classes() {
	find "$1" -name metadata | while read -r m; do
		babeltrace2 --output-format=ctf-metadata "$(dirname "$m")"
	done | sed -nE "s/^[[:space:]]*name = \"($API)\";.*/\\1/p" | sort -u
}

# events TEXT: "class count" for each API event class with events in babeltrace2's text
events() {
	grep -oE " $API: " "$1" | tr -d ' :' | sed -E 's/(entry|exit)/&:/' | sort | uniq -c |
		awk '{ print $2, $1 }'
}

# names_of FILE: the first column (the class names)
names_of() { awk '{ print $1 }' "$1"; }

# warm_classes EAGER_CLASSES WARM_SET_C...: the classes (among those eager registration
# declares) of the functions the warm sets' sources name, sorted
warm_classes() {
	_declared=$1
	shift
	sed -nE 's/^[[:space:]]*"([A-Za-z0-9_]+)",$/\1/p' "$@" | while read -r fn; do
		grep -E ":$fn\$" "$_declared"
	done | sort -u
}

# compare NAME LAZY EAGER WARM_SET_C...: the checks shared by the HSA and HIP programs
compare() {
	_name=$1 _lazy=$2 _eager=$3
	shift 3
	classes "$_lazy" >"$TR/$_name.lazy.classes"
	classes "$_eager" >"$TR/$_name.eager.classes"
	warm_classes "$TR/$_name.eager.classes" "$@" >"$TR/$_name.warm"
	set -- "$_name" "$_lazy" "$_eager"
	events "$2.txt" >"$TR/$1.lazy.events"
	events "$3.txt" >"$TR/$1.eager.events"
	names_of "$TR/$1.lazy.events" >"$TR/$1.lazy.called"
	n=$(wc -l <"$TR/$1.lazy.called")
	[ "$n" -gt 10 ]
	ok $? "$1: API events of $n classes recorded" || diag "$(cat "$TR/$1.lazy.events")"
	w=$(wc -l <"$TR/$1.warm")
	[ "$w" -ge 8 ]
	ok $? "$1: the warm set names $w classes" || diag "$(cat "$TR/$1.warm")"
	sort -u "$TR/$1.lazy.called" "$TR/$1.warm" | diff - "$TR/$1.lazy.classes" >"$TR/$1.diff"
	ok $? "$1: the metadata declares exactly the API classes that have events and the warm set's" ||
		sed 's/^/#   /' "$TR/$1.diff" >&2
	u=$(comm -23 "$TR/$1.warm" "$TR/$1.lazy.called" | wc -l)
	diag "$1: $u warm classes declared without being called"
	m=$(wc -l <"$TR/$1.eager.classes")
	[ "$m" -gt "$((n * 2))" ] && comm -23 "$TR/$1.lazy.classes" "$TR/$1.eager.classes" |
		awk 'END { exit NR != 0 }'
	ok $? "$1: HSATRACE_EAGER_CLASSES=1 declares every class at load ($m, lazily $n)"
	# whether and how often a program waits for a signal depends on the machine's speed
	# (waits in 100 ms slices; HIP waits only when a copy is not done yet): not counted
	grep -v '_signal_wait' "$TR/$1.eager.events" >"$TR/$1.eager.counted"
	grep -v '_signal_wait' "$TR/$1.lazy.events" >"$TR/$1.lazy.counted"
	diff "$TR/$1.eager.counted" "$TR/$1.lazy.counted" >"$TR/$1.diff"
	ok $? "$1: every API event recorded as many times as with eager registration" ||
		sed 's/^/#   /' "$TR/$1.diff" >&2
}

# --- an HSA sample, preloaded, in the harness's session (tracer-lib.sh) ---
VC="$SAMPLES/vector_copy $SAMPLES/vector_copy_kernels.so"
# shellcheck disable=SC2086
tracer_record lazy LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" -- $VC
ok $? "vector_copy: recorded with lazy classes"
# shellcheck disable=SC2086
tracer_record eager HSATRACE_EAGER_CLASSES=1 LD_LIBRARY_PATH="$CPU_RUNTIME" \
	LD_PRELOAD="$TRACER" -- $VC
ok $? "vector_copy: recorded with HSATRACE_EAGER_CLASSES=1"
same_output lazy eager
ok $? "vector_copy: the same output and exit status"
for mode in lazy eager; do
	first=$(grep -oE " $API: " "$TR/$mode.txt" | head -1 | tr -d ' ')
	is "$first" "hsa_api_entry:hsa_init:" "vector_copy, $mode: the first API event is hsa_init's entry"
done
# tracer_record writes NAME.txt beside NAME.ctf
mv "$TR/lazy.txt" "$TR/lazy.ctf.txt"
mv "$TR/eager.txt" "$TR/eager.ctf.txt"
compare vector_copy "$TR/lazy.ctf" "$TR/eager.ctf" "$HSATRACE_SRC/tracer/warm_set.c"

# --- threads racing on their first calls ---
THREADS=8
tracer_record race LD_LIBRARY_PATH="$CPU_RUNTIME" LD_PRELOAD="$TRACER" -- "$FIRST" "$THREADS"
ok $? "first_call_app: recorded"
is "$(grep -c '^thread [0-9]*: 0 0 0$' "$TR/race.out")" "$THREADS" \
	"first_call_app: every thread's calls succeeded"
RACED="hsa_extension_get_name hsa_system_extension_supported hsa_status_string"
for fn in $RACED; do
	! grep -q "\"$fn\"" "$HSATRACE_SRC/tracer/warm_set.c"
	ok $? "first_call_app: $fn is not in the warm set (its first call registers it)"
done
# first_call_app calls hsa_init, these three and hsa_shut_down: hsa_init's registration took
# the whole warm set, called or not
classes "$TR/race.ctf" >"$TR/race.classes"
warm_classes "$TR/vector_copy.eager.classes" "$HSATRACE_SRC/tracer/warm_set.c" >"$TR/race.warm"
missing=$(comm -23 "$TR/race.warm" "$TR/race.classes")
[ -s "$TR/race.warm" ] && [ -z "$missing" ] && grep -q ":hsa_executable_freeze$" "$TR/race.classes"
ok $? "first_call_app: the metadata declares the warm set's $(wc -l <"$TR/race.warm") classes, called or not" ||
	diag "missing: $missing"
for fn in $RACED; do
	for side in entry exit; do
		tids=$(grep " hsa_api_$side:$fn: " "$TR/race.txt" |
			sed -nE 's/.*vtid = ([0-9]+).*/\1/p' | sort -u | wc -l)
		is "$tids" "$THREADS" "first_call_app: $fn's $side recorded on each of the $THREADS threads"
	done
done

# --- a HIP program, recorded by hsatrace record (both layers preloaded) ---
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
trap 'lttng_harness_stop; rm -rf "$hip_tmp"' EXIT # hip-lib's trap replaced the harness's
record=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-record
hip_tracer=$HSATRACE_BUILD/lib/hsatrace/libhsatrace-hip.so
if command -v hipcc >/dev/null && [ -x "$HIP_SAMPLES/hip_square" ] && [ -f "$hip_tracer" ] &&
	[ -f "$HIP_SAMPLES/hip_square_kernels.so" ]; then
	asan=$(hip_asan_preload "$hip_tracer")
	for mode in lazy eager; do
		eager=""
		[ "$mode" = eager ] && eager=1
		HSATRACE_CPU_KERNELS=$HIP_SAMPLES/hip_square_kernels.so \
			hip_capture env ${eager:+HSATRACE_EAGER_CLASSES=1} LD_PRELOAD="$asan" \
			"$record" --no-kernel --blocking --runtime cpu -o "$TR/hip-$mode" -- \
			"$HIP_SAMPLES/hip_square"
		is "$rc" 0 "hip_square, $mode: recorded" || diag "$err"
		babeltrace2 --clock-cycles "$TR/hip-$mode" >"$TR/hip-$mode.txt" 2>"$TR/hip-$mode.bt.err"
		first=$(grep -oE " hip_(api|hot)_(entry|exit):[A-Za-z0-9_]+: " "$TR/hip-$mode.txt" | head -1 | tr -d ' ')
		first_called=$(grep -oE " (hip_api_entry|hip_hot_entry):[A-Za-z0-9_]+: " \
			"$TR/hip-$mode.txt" | head -1 | tr -d ' ')
		[ -n "$first" ] && [ "$first" = "$first_called" ]
		ok $? "hip_square, $mode: the first HIP event is an entry ($first)"
	done
	compare hip_square "$TR/hip-lazy" "$TR/hip-eager" "$HSATRACE_SRC/tracer/warm_set.c" \
		"$HSATRACE_SRC/tracer/hip/warm_set.c"
	grep -q 'hip_api_entry:' "$TR/hip_square.lazy.classes"
	ok $? "hip_square: hip_api classes among those declared"
else
	skip 10 "HIP programs or libhsatrace-hip.so not built"
fi

done_testing
