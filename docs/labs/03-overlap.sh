#!/bin/sh
# 03-overlap.sh CSV_DIR - lab 3: how much of a trace's GPU work ran at the same time.
# CSV_DIR is what `hsatrace export -f csv -o CSV_DIR TRACE` wrote; the script reads the
# start_ns and end_ns columns of its kernels.csv and copies.csv, found by their names in the
# header line (RFC 4180 CSV: a quoted field may hold commas, quotes and line breaks), and
# prints, in milliseconds:
#   span                 from the first kernel or copy's start to the last one's end
#   kernels, copies      the sum of their durations
#   copy_while_kernel    the time at least one copy and at least one kernel ran at once
#   kernels_together     the time two kernels (of two queues: two streams) ran at once
set -u
[ $# -eq 1 ] && [ -f "$1/kernels.csv" ] && [ -f "$1/copies.csv" ] || {
	echo "usage: 03-overlap.sh CSV_DIR (a folder written by hsatrace export -f csv)" >&2
	exit 2
}
# has_columns FILE: whether FILE's header line names start_ns and end_ns (column names are
# never quoted).
has_columns() {
	[ "$(head -n 1 "$1" | tr , '\n' | grep -cx -e start_ns -e end_ns)" -eq 2 ]
}
for table in kernels copies; do
	has_columns "$1/$table.csv" || {
		echo "03-overlap.sh: $1/$table.csv has no start_ns or end_ns column" >&2
		exit 1
	}
done
# edges FILE TAG: "START TAG 1" and "END TAG -1" for each row of FILE.
edges() {
	awk -v tag="$2" '
	# fields(s, f): splits the record s into f[1..n] as RFC 4180 reads it; returns n.
	function fields(s, f,    n, i, ch, field, quoted) {
		if (index(s, "\"") == 0)
			return split(s, f, ",")
		n = 0; field = ""; quoted = 0
		for (i = 1; i <= length(s); i++) {
			ch = substr(s, i, 1)
			if (quoted && ch == "\"" && substr(s, i + 1, 1) == "\"") { field = field ch; i++ }
			else if (ch == "\"") quoted = !quoted
			else if (!quoted && ch == ",") { f[++n] = field; field = "" }
			else field = field ch
		}
		f[++n] = field
		return n
	}
	NR == 1 {
		n = fields($0, name)
		for (i = 1; i <= n; i++) column[name[i]] = i
		next
	}
	{
		record = $0
		# a quoted line break: the record goes on on the next line
		while (gsub(/"/, "\"", record) % 2 == 1 && (getline more) > 0)
			record = record "\n" more
		fields(record, f)
		print f[column["start_ns"]], tag, 1
		print f[column["end_ns"]], tag, -1
	}' "$1"
}
{
	edges "$1/kernels.csv" k
	edges "$1/copies.csv" c
} | sort -k1,1n -k3,3n | awk '
	NR == 1 { first = $1 }
	NR > 1 && k >= 1 && c >= 1 { both += $1 - last }
	NR > 1 && k >= 2 { together += $1 - last }
	NR > 1 && k >= 1 { kernels += k * ($1 - last) }
	NR > 1 && c >= 1 { copies += c * ($1 - last) }
	{ if ($2 == "k") k += $3; else c += $3; last = $1 }
	END {
		if (NR == 0) { print "no kernels or copies in the trace"; exit 1 }
		printf "span %.1f ms\nkernels %.1f ms\ncopies %.1f ms\n", (last - first) / 1e6,
			kernels / 1e6, copies / 1e6
		printf "copy_while_kernel %.1f ms\nkernels_together %.1f ms\n", both / 1e6,
			together / 1e6
	}'
