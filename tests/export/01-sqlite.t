#!/bin/sh
# hsatrace export --format sqlite on the sample traces: the queries of docs/export.md on the
# database give the numbers of `hsatrace stats -f csv` on the same trace (API calls and time
# per function, kernel launches and time per name, copies and bytes per direction), the
# views agree with the tables, the row counts with babeltrace2's event counts; an existing
# output is kept without --force; bad usage is 2, an unreadable or damaged trace 1.
. "$(dirname "$0")/../lib/tap.sh"
bin=$HSATRACE_BUILD/libexec/hsatrace
export_=$bin/hsatrace-export
stats=$bin/hsatrace-stats
samples=$HSATRACE_SRC/traces-samples/traces
[ -x "$export_" ] || skip_all "hsatrace-export not built ($export_)"
[ -x "$stats" ] || skip_all "hsatrace-stats not built ($stats)"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) not installed"
command -v babeltrace2 >/dev/null || skip_all "babeltrace2 not installed"
plan 61
export LC_ALL=C
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

q() { sqlite3 -separator , "$db" "$1" | sort; }
. "$HSATRACE_SRC/tests/export/stats_csv.sh"
bt_count() { printf '%s\n' "$bt" | grep -cE " $1: " ; }

for name in vector_copy matmul_pipeline multi_thread; do
	trace=$samples/$name/trace
	db=$tmp/$name.db
	"$export_" -f sqlite -o "$db" "$trace" 2>"$tmp/err"
	ok $? "$name: exported" || diag "$(cat "$tmp/err")"
	"$stats" -f csv "$trace" >"$tmp/stats.csv" 2>/dev/null
	bt=$(babeltrace2 "$trace")
	is "$(q "SELECT function, COUNT(*), SUM(duration_ns), MIN(duration_ns), MAX(duration_ns),
		SUM(is_error) FROM api_calls WHERE end_ns IS NOT NULL GROUP BY function")" \
		"$(stats_rows "$tmp/stats.csv" api "function, calls, total_ns, min_ns, max_ns, errors")" \
		"$name: API calls, time, min, max, errors per function = stats"
	is "$(q "SELECT name, COUNT(*), SUM(duration_ns), MIN(duration_ns), MAX(duration_ns)
		FROM kernels GROUP BY name")" \
		"$(stats_rows "$tmp/stats.csv" kernels "kernel, launches, total_ns, min_ns, max_ns")" \
		"$name: kernel launches and GPU time per name = stats"
	is "$(q "SELECT direction, COUNT(*), SUM(bytes), SUM(duration_ns) FROM copies
		GROUP BY direction")" \
		"$(stats_rows "$tmp/stats.csv" copies "direction, count, bytes, total_ns")" \
		"$name: copies, bytes, time per direction = stats"
	is "$(q "SELECT function, calls, total_ns FROM api_summary")" \
		"$(q "SELECT function, COUNT(*), SUM(duration_ns) FROM api_calls
			WHERE end_ns IS NOT NULL GROUP BY function")" "$name: the api_summary view"
	is "$(q "SELECT name, launches, total_ns FROM top_kernels")" \
		"$(stats_rows "$tmp/stats.csv" kernels "kernel, launches, total_ns")" \
		"$name: the top_kernels view"
	is "$(q "SELECT direction, copies, bytes FROM copy_bandwidth")" \
		"$(stats_rows "$tmp/stats.csv" copies "direction, count, bytes")" \
		"$name: the copy_bandwidth view"
	is "$(q "SELECT pid, queue_id, packets FROM queue_occupancy WHERE packets > 0")" \
		"$(stats_rows "$tmp/stats.csv" queues "pid, queue_id, packets")" \
		"$name: packets per queue (queue_occupancy) = stats"
	is "$(q "SELECT COUNT(*) FROM api_calls")" \
		"$(printf '%s\n' "$bt" | grep -cE ' hsa_(api|hot)_exit:[a-z_0-9]+: ')" \
		"$name: one api_calls row per exit event"
	is "$(q "SELECT COUNT(*) FROM packets")" "$(bt_count hsa_activity:packet_submit)" \
		"$name: one packets row per packet_submit"
	is "$(q "SELECT COUNT(*) FROM counters")" "$(bt_count hsa_activity:counter)" \
		"$name: one counters row per counter event"
	is "$(q "SELECT COUNT(*) FROM threads")" \
		"$(printf '%s\n' "$bt" | grep -oE 'vpid = [0-9]+, vtid = [0-9]+' | sort -u | wc -l)" \
		"$name: one threads row per (vpid, vtid)"
	is "$(q "SELECT COUNT(*) FROM api_calls a LEFT JOIN threads t USING (pid, tid)
		WHERE t.tid IS NULL")" 0 "$name: every call's thread is in threads"
done

db=$tmp/matmul_pipeline.db
is "$(q "SELECT COUNT(*) FROM api_args WHERE direction = 'in'")" \
	"$(q "SELECT COUNT(*) FROM api_args a JOIN api_calls c USING (pid, correlation_id)
		WHERE a.direction = 'in'")" "api_args rows belong to calls"
is "$(q "SELECT value FROM api_args a JOIN api_calls c USING (pid, correlation_id)
	WHERE c.function = 'hsa_queue_create' AND a.name = 'size' LIMIT 1")" \
	"$(printf '%s\n' "$(babeltrace2 "$samples/matmul_pipeline/trace")" |
		grep -m1 'hsa_api_entry:hsa_queue_create' | grep -oE ' size = [0-9]+' |
		grep -oE '[0-9]+')" "an argument's value (hsa_queue_create's size)"

# The example queries of docs/export.md run on the database.
awk '/^```sql$/ { f = 1; q = ""; next } /^```$/ && f { f = 0; gsub(/\n/, " ", q); print q; next }
	f { q = q " " $0 }' "$HSATRACE_SRC/docs/export.md" >"$tmp/queries"
ok "$([ "$(wc -l <"$tmp/queries")" -ge 12 ]; echo $?)" "docs/export.md has a dozen example queries"
bad=0
while IFS= read -r query; do
	sqlite3 "$db" "$query" >/dev/null 2>"$tmp/err" || { bad=$((bad + 1)); diag "$query: $(cat "$tmp/err")"; }
done <"$tmp/queries"
is "$bad" 0 "... and each runs on the database"

# An existing output is kept; --force replaces it.
out=$tmp/exists.db
echo keep >"$out"
"$export_" -f sqlite -o "$out" "$samples/vector_copy/trace" 2>"$tmp/err"
is $? 1 "an existing output without --force: exit 1"
is "$(cat "$out")" keep "... and it is left as it was"
grep -q -- '--force' "$tmp/err"
ok $? "... the message says --force replaces it"
"$export_" -f sqlite --force -o "$out" "$samples/vector_copy/trace" 2>/dev/null
ok $? "--force replaces it"
is "$(sqlite3 "$out" 'SELECT COUNT(*) FROM kernels')" 1 "... with the database"

# Usage and bad input.
"$export_" --help | grep -q 'usage: hsatrace export'
ok $? "--help"
"$export_" -o "$tmp/x.db" "$samples/vector_copy/trace" 2>/dev/null
is $? 2 "no --format: usage error (2)"
"$export_" -f xml -o "$tmp/x.db" "$samples/vector_copy/trace" 2>/dev/null
is $? 2 "unknown format: usage error (2)"
"$export_" -f sqlite "$samples/vector_copy/trace" 2>/dev/null
is $? 2 "no -o: usage error (2)"
"$export_" -f sqlite -o "$tmp/none.db" "$tmp/no-such-trace" 2>"$tmp/err"
is $? 1 "no such trace: exit 1"
ok "$([ ! -e "$tmp/none.db" ] && ! ls "$tmp"/none.db.tmp-* >/dev/null 2>&1; echo $?)" \
	"... and no database, no temporary file left"

# The waits' CPU clock (schema 2.2): every multi_thread wait has it, within its blocked_ns;
# a 2.1 trace's are NULL.
db=$tmp/multi_thread.db
is "$(q "SELECT COUNT(*) > 0, SUM(thread_cpu_begin_ns IS NULL
	OR thread_cpu_end_ns < thread_cpu_begin_ns
	OR thread_cpu_end_ns - thread_cpu_begin_ns > blocked_ns) FROM signal_waits")" 1,0 \
	"signal_waits: the thread's CPU clock at each wait's ends, within blocked_ns"
# The process's CPU clock (schema 2.3): every wait has it, at least its thread's clock at
# the return, and per thread it never goes back (a later wait of a thread: not less).
is "$(q "SELECT COUNT(*) > 0, SUM(process_cpu_ns IS NULL OR process_cpu_ns < thread_cpu_end_ns),
	(SELECT COUNT(*) FROM signal_waits a JOIN signal_waits b ON a.pid = b.pid
	 AND a.tid = b.tid AND b.ts_ns > a.ts_ns AND b.process_cpu_ns < a.process_cpu_ns)
	FROM signal_waits")" 1,0,0 \
	"signal_waits: the process's CPU clock at each wait's return, >= the thread's, per thread nondecreasing"
"$export_" -f sqlite -o "$tmp/old.db" "$HSATRACE_SRC/tests/model/traces/multi_thread-2.1" 2>/dev/null
db=$tmp/old.db
is "$(q "SELECT COUNT(*), COUNT(thread_cpu_begin_ns) FROM signal_waits")" \
	"$(bt=$(babeltrace2 "$HSATRACE_SRC/tests/model/traces/multi_thread-2.1"); bt_count hsa_activity:signal_wait),0" \
	"a 2.1 trace: its signal_waits, without CPU clock (NULL)"
is "$(q "SELECT COUNT(process_cpu_ns) FROM signal_waits")" 0 \
	"a 2.1 trace: without the process's CPU clock (NULL)"

# A damaged trace (a run's folder of stream files without its metadata): what could be
# read is exported, a message, exit 1.
mkdir -p "$tmp/dmg/run1" "$tmp/dmg/run2"
cp -R "$samples/vector_copy/trace/." "$tmp/dmg/run1/"
cp -R "$samples/matmul_pipeline/trace/." "$tmp/dmg/run2/"
rm "$tmp/dmg/run2/metadata"
"$export_" -f sqlite -o "$tmp/dmg.db" "$tmp/dmg" 2>"$tmp/err"
is $? 1 "a damaged trace: exit 1"
grep -q 'without metadata' "$tmp/err"
ok $? "... with a message" || diag "$(cat "$tmp/err")"
is "$(sqlite3 "$tmp/dmg.db" 'SELECT COUNT(*) FROM api_calls')" \
	"$(sqlite3 "$tmp/vector_copy.db" 'SELECT COUNT(*) FROM api_calls')" \
	"... and the readable run exported"
