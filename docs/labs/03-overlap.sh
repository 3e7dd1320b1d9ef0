#!/bin/sh
# 03-overlap.sh CSV_DIR - lab 3: how much of a trace's GPU work ran at the same time.
# CSV_DIR is what `hsatrace export -f csv -o CSV_DIR TRACE` wrote; the script reads its
# kernels.csv and copies.csv (start_ns and end_ns are their third and second last columns)
# and prints, in milliseconds:
#   span                 from the first kernel or copy's start to the last one's end
#   kernels, copies      the sum of their durations
#   copy_while_kernel    the time at least one copy and at least one kernel ran at once
#   kernels_together     the time two kernels (of two queues: two streams) ran at once
set -u
[ $# -eq 1 ] && [ -f "$1/kernels.csv" ] && [ -f "$1/copies.csv" ] || {
	echo "usage: 03-overlap.sh CSV_DIR (a folder written by hsatrace export -f csv)" >&2
	exit 2
}
{
	tail -n +2 "$1/kernels.csv" | awk -F, '{ print $(NF-2), "k", 1; print $(NF-1), "k", -1 }'
	tail -n +2 "$1/copies.csv" | awk -F, '{ print $(NF-2), "c", 1; print $(NF-1), "c", -1 }'
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
