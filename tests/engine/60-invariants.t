#!/bin/sh
# Invariants of the generated views, independent of the golden files: computed directly from the
# events (babeltrace2's text output) and compared with what the engine makes of the XML:
#   - on every thread, at every API event, the call-stack depth of org.hsatrace.api.callstack.state
#     equals the number of entries minus exits so far on that thread, and is 0 at the end;
#   - hsa-gpu's pattern emits one segment per executed kernel (hsa_activity:kernel_exec).
# On the committed sample traces, and on a trace recorded now (private lttng-sessiond).
. "$(dirname "$0")/../lib/tap.sh"

. "$HSATRACE_SRC/tests/lib/analyze-harness.sh"
VIEWS="$HSATRACE_SRC/xml-views"
[ -f "$VIEWS/hsa-api-callstack.xml" ] && [ -f "$VIEWS/hsa-gpu.xml" ] || skip_all "no generated views in xml-views/"
analyze_start

check_trace() { # NAME TRACE
	name=$1 trace=$2
	babeltrace2 --clock-seconds "$2" >"$T/events" 2>/dev/null
	"$A" -q -i'*/CallStack' "$VIEWS/hsa-api-callstack.xml" "$2" >"$T/stack"
	# the engine's depth at each API event against entries - exits counted from the events
	res=$(awk -F'\t' '
		function low(t) { return substr(t, length(t) - 14) }
		FNR == NR {
			n = split($2, p, "/")
			tid = p[n - 1]
			# the low 15 digits are exact as doubles (19-digit ns timestamps are not);
			# event times stay strings in array keys (mawk would print them as %.6g)
			k = ++cnt[tid]; s[tid, k] = low($3) + 0; e[tid, k] = low($4) + 0
			d[tid, k] = ($5 == "null" ? 0 : $6)
			next
		}
		/ hsa_(api|hot)_(entry|exit):[a-z0-9_]+: / {
			match($0, /^\[[0-9.]+\]/)
			ts = substr($0, 2, RLENGTH - 2); sub(/\./, "", ts); ts = low(ts)
			if (!match($0, /vtid = [0-9]+/)) next
			tid = substr($0, RSTART + 7, RLENGTH - 7)
			depth[tid] += ($0 ~ / hsa_(api|hot)_entry:/) ? 1 : -1
			want[tid, ts] = depth[tid]; tids[tid] = 1; events++
		}
		END {
			for (key in want) {
				split(key, kk, SUBSEP); tid = kk[1]; ts = kk[2] + 0; got = "none"
				for (i = 1; i <= cnt[tid]; i++)
					if (s[tid, i] + 0 <= ts && e[tid, i] + 0 >= ts) { got = d[tid, i]; break }
				checks++
				if (got != want[key]) { bad++; if (bad <= 3) printf "mismatch tid=%s ts=%s engine=%s events=%s\n", tid, ts, got, want[key] > "/dev/stderr" }
			}
			open = 0
			for (tid in tids) if (depth[tid] != 0) open++
			printf "%d %d %d %d\n", events, length(tids), checks, bad + 0
		}' "$T/stack" "$T/events")
	set -- "$name" $res
	[ "${2:-0}" -gt 0 ] && [ "$5" = 0 ]
	ok $? "$1: call-stack depth = entries - exits at every API event ($2 events, $3 threads, $5 mismatches)"
	last_bad=$(awk -F'\t' '{ last[$2] = $6 } END { for (p in last) if (last[p] != "null") n++; print n + 0 }' "$T/stack")
	is "$last_bad" 0 "$name: every thread's call stack is empty at the end of the trace"
	kernels=$(grep -c ' hsa_activity:kernel_exec: ' "$T/events")
	names=$(grep ' hsa_activity:kernel_exec: ' "$T/events" | sed -n 's/.*kernel_name = "\([^"]*\)".*/\1/p' | sort -u)
	segs=$("$A" -q -s "$VIEWS/hsa-gpu.xml" "$trace" | awk -F'\t' -v names="$(echo $names)" '
		BEGIN { n = split(names, a, " "); for (i = 1; i <= n; i++) k[a[i]] = 1 }
		($5 in k) { c++ } END { print c + 0 }')
	[ "$kernels" -gt 0 ] && [ "$segs" = "$kernels" ]
	ok $? "$name: one GPU segment per executed kernel ($segs segments, $kernels kernel_exec events)"
}

for trace in "$HSATRACE_SRC"/tests/engine/traces/*/; do
	check_trace "$(basename "$trace")" "$trace"
done

S="$HSATRACE_BUILD/lib/hsatrace/samples"
if [ -x "$HSATRACE_BUILD/bin/hsatrace" ] && [ -x "$S/multi_thread" ] &&
	"$HSATRACE_SRC/tests/engine/record-unified.sh" "$T/fresh" "$S/multi_thread" "$S/multi_thread_kernels.so" 3 5 2>"$T/rec.err"; then
	check_trace "fresh multi_thread recording" "$T/fresh"
else
	skip 3 "could not record a fresh trace: $(head -c 200 "$T/rec.err" 2>/dev/null)"
fi
done_testing
