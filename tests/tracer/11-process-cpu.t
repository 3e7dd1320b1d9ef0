#!/bin/sh
# Schema 2.3: every signal_wait carries the process's CPU clock (CLOCK_PROCESS_CPUTIME_ID, all
# its threads) at the wait's return (tracer/waits.c), recorded here with the real session
# daemon from multi_thread's worker threads on the CPU runtime and checked against what is sure
# about when the clocks were read (check-process-cpu.awk): it is at least the same event's
# thread clock; per thread it never goes back, nor across threads between waits that do not
# overlap in time; between two such waits it grew by at least what the waiting threads' own
# clocks grew by in between, and by the end of the waits it holds all their CPU time. On the
# CPU runtime the kernels run on the runtime's own threads, which wait through no API call:
# the process clock grows faster than the waiting threads' clocks.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/tracer/tracer-lib.sh"
tracer_start "$@"
plan 9

tracer_record_multi_thread mt
ok $? "multi_thread recorded (3 threads x 20 dispatches)"

awk -f "$HSATRACE_SRC/tests/lib/bt-text.awk" -f "$HSATRACE_SRC/tests/tracer/check-process-cpu.awk" \
	"$TR/mt.txt" >"$TR/pcpu.stats"
diag "$(cat "$TR/pcpu.stats")"
waits=$(grep -c ' hsa_api_entry:hsa_\(amd_\)\{0,1\}signal_wait_' "$TR/mt.txt")
v() { sed -n "s/.*\\b$1=\\([0-9]*\\).*/\\1/p" "$TR/pcpu.stats"; }

is "$(grep -c . "$TR/pcpu.stats")" 1 "one process waited"
ok "$([ "$waits" -ge 60 ] && [ "$(v signal_waits)" -eq "$waits" ] && [ "$(v missing)" -eq 0 ]; echo $?)" \
	"every signal_wait has process_cpu_ns ($waits waits)"
is "$(v below_thread)" 0 "the process's clock >= the same event's thread_cpu_end_ns"
is "$(v thread_back)" 0 "per thread, the process's clock never goes back"
ok "$([ "$(v ordered)" -gt 0 ] && [ "$(v back)" -eq 0 ]; echo $?)" \
	"across threads, a wait's process clock >= that of every wait returned before it was entered ($(v ordered) pairs)"
ok "$([ "$(v multi_thread_windows)" -gt 0 ] && [ "$(v short)" -eq 0 ]; echo $?)" \
	"between two such waits it grew by >= the threads' CPU time in between ($(v windows) windows, $(v multi_thread_windows) with several threads)"
is "$(v under_total)" 0 "by the last wait it holds the threads' CPU time over their waits ($(v max_process) >= $(v threads_total) ns)"
ok "$([ "$(v threads)" -eq 3 ] && [ "$(v ratio_x100)" -gt 150 ]; echo $?)" \
	"the runtime's threads use CPU too: from the first wait to the last the process's clock grew $(v ratio_x100)/100 times the 3 threads' (> 1.5)"
done_testing
