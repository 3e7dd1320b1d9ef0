#!/bin/sh
# Schema 2.2: every signal_wait carries its thread's CPU clock (CLOCK_THREAD_CPUTIME_ID) at
# the wait's entry and return (tracer/waits.c), recorded here with the real session daemon
# from multi_thread's worker threads on the CPU runtime. Per thread the values never go
# back; the CPU time inside a wait is at most the wait's blocked_ns; the CPU time between two
# waits at most the wall time from the first one's entry event to the second one's
# signal_wait; and they are a per-thread clock, not a wall clock: a worker thread, started
# after the process's first event, has used less CPU than the process's traced span. Every
# wait has its signal_wait with both fields.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/tracer/tracer-lib.sh"
tracer_start "$@"
plan 7

tracer_record_multi_thread mt
ok $? "multi_thread recorded (3 threads x 20 dispatches)"

awk -f "$HSATRACE_SRC/tests/lib/bt-text.awk" -f "$HSATRACE_SRC/tests/tracer/check-thread-cpu.awk" \
	"$TR/mt.txt" >"$TR/cpu.stats"
v() { sed -n "s/.*\\b$1=\\([0-9]*\\).*/\\1/p" "$TR/cpu.stats"; }
diag "$(cat "$TR/cpu.stats")"

is "$(v signal_waits)" "$(v waits)" "one signal_wait per wait call"
ok "$([ "$(v waits)" -ge 60 ] && [ "$(v missing)" -eq 0 ]; echo $?)" \
	"every signal_wait has thread_cpu_begin_ns and thread_cpu_end_ns"
is "$(v backwards)" 0 "per thread, the CPU clock never goes back"
is "$(v over_wait)" 0 "CPU time inside a wait <= its blocked_ns"
ok "$([ "$(v phases)" -gt 0 ] && [ "$(v over_phase)" -eq 0 ]; echo $?)" \
	"CPU time between two waits <= the wall time around it"
ok "$([ "$(v workers)" -eq 3 ] && [ "$(v wall_like)" -eq 0 ]; echo $?)" \
	"a per-thread clock: each of the 3 workers used less CPU than the process's traced span"
