#!/bin/sh
# hsatrace export on real LTTng traces of tests/stats/fake_hsa_app: its scenario (two threads,
# a failed call, a mangled C++ kernel name, copies in two directions) exported to sqlite gives
# the numbers of `hsatrace stats -f csv`; and the exports stream: exporting ten times more
# events (fake_hsa_app bulk) does not take much more memory (peak RSS; not measured under
# AddressSanitizer, whose quarantine keeps freed memory).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/lib/fake-app-trace.sh"
lttng_harness_unprivileged "$@"

bin=$HSATRACE_BUILD/libexec/hsatrace
export_=$bin/hsatrace-export
stats=$bin/hsatrace-stats
app=$HSATRACE_BUILD/tests/stats/fake_hsa_app
for p in "$app" "$export_" "$stats"; do
	[ -x "$p" ] || skip_all "not built: $p"
done
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) not installed"
[ -x /usr/bin/time ] || skip_all "/usr/bin/time not installed"
plan 13
export LC_ALL=C

lttng_harness_start
ok $? "private lttng-sessiond started"
tmp=$LTTNG_HARNESS_DIR
record() { # OUT ARGS...: a trace of fake_hsa_app ARGS
	out=$1
	shift
	fake_app_trace "$out" 'hsa_api_*,hsa_hot_*,hsa_activity:*,hsa_meta:*' "$@"
}
record "$tmp/exec" exec
ok $? "the scenario recorded"
# Below some 20000 rounds, babeltrace2's mapping of the stream files still grows.
record "$tmp/small" bulk 30000 && record "$tmp/large" bulk 90000
ok $? "bulk traces of 30000 and 90000 rounds recorded"

db=$tmp/exec.db
"$export_" -f sqlite -o "$db" "$tmp/exec" 2>"$tmp/err"
ok $? "the scenario exported" || diag "$(cat "$tmp/err")"
"$stats" -f csv "$tmp/exec" >"$tmp/stats.csv" 2>/dev/null
q() { sqlite3 -separator , "$db" "$1" | sort; }
. "$HSATRACE_SRC/tests/export/stats_csv.sh"
is "$(q "SELECT function, COUNT(*), SUM(duration_ns), SUM(is_error) FROM api_calls
	WHERE end_ns IS NOT NULL GROUP BY function")" \
	"$(stats_rows "$tmp/stats.csv" api "function, calls, total_ns, errors")" \
	"API calls, time and errors per function = stats"
is "$(q "SELECT COUNT(*) FROM api_calls WHERE is_error = 1")" \
	"$(stats_query "$tmp/stats.csv" api "SELECT SUM(errors) FROM t")" \
	"the failed calls (stats' errors)"
is "$(q "SELECT name, COUNT(*), SUM(duration_ns), IFNULL(mangled_name, '') FROM kernels
	GROUP BY name")" \
	"$(stats_rows "$tmp/stats.csv" kernels "kernel, launches, total_ns, mangled")" \
	"kernel launches and time per demangled name, and the mangled name = stats"
is "$(q "SELECT COUNT(*) FROM kernels WHERE mangled_name IS NOT NULL")" \
	"$(stats_query "$tmp/stats.csv" kernels "SELECT SUM(launches) FROM t WHERE mangled <> ''")" \
	"the mangled kernel's launches carry its mangled name"
is "$(q "SELECT direction, COUNT(*), SUM(bytes) FROM copies GROUP BY direction")" \
	"$(stats_rows "$tmp/stats.csv" copies "direction, count, bytes")" \
	"copies and bytes per direction = stats"
is "$(q "SELECT COUNT(DISTINCT tid) FROM api_calls")" 2 "the calls of both threads"

# Streaming: the peak memory of exporting 3x the events grows far less than 3x.
rss() { # FORMAT TRACE: peak RSS in KiB of exporting TRACE
	rm -rf "$tmp/out"
	/usr/bin/time -f %M -o "$tmp/rss" "$export_" -f "$1" -o "$tmp/out" "$2" 2>/dev/null &&
		tail -n 1 "$tmp/rss"
}
if ldd "$export_" 2>/dev/null | grep -q libasan; then
	skip 3 "a sanitized build"
else
	for fmt in sqlite csv perfetto; do
		small=$(rss $fmt "$tmp/small") && large=$(rss $fmt "$tmp/large")
		ok "$([ -n "$small" ] && [ -n "$large" ] && [ "$large" -lt $((small * 3 / 2)) ]
			echo $?)" "$fmt: peak memory ${small:-?} KiB for 30000 rounds, ${large:-?} KiB for 90000"
	done
fi
