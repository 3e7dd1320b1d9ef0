#!/bin/sh
# A program that makes no HSA call under the tracer: record says so after the run (no
# hsa_meta or API event was recorded from its processes); an HSA program gets no note.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
app=$lib/samples/matmul_pipeline
record_require_traced "$app"
plan 4

record_start
rec() { timeout 120 "$record" --runtime cpu --no-kernel "$@"; }

rec -o "$tmp/none" -- sh -c 'exit 0' 2>"$tmp/none.log"
ok $? "a program without HSA calls is recorded (exit 0)" || sed 's/^/# /' "$tmp/none.log" >&2
grep -q 'no HSA call was recorded from the program' "$tmp/none.log"
ok $? "record says no HSA call was recorded" || sed 's/^/# /' "$tmp/none.log" >&2

rec -o "$tmp/hsa" -- "$app" "$lib/samples/matmul_pipeline_kernels.so" 32 1 >/dev/null 2>"$tmp/hsa.log"
ok $? "an HSA program is recorded" || sed 's/^/# /' "$tmp/hsa.log" >&2
grep -q 'no HSA call' "$tmp/hsa.log"
ok $((! $?)) "without the note" || sed 's/^/# /' "$tmp/hsa.log" >&2

done_testing
