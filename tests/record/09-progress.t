#!/bin/sh
# On a terminal (a pseudo-terminal from script(1)) record shows one progress line that
# updates with \r (elapsed time, size, discarded events), erased before the summary; with
# stderr not a terminal there is no progress line.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
record_require "$app"
command -v script >/dev/null || skip_all "script(1) not installed"
plan 5

record_start

cat >"$tmp/run.sh" <<EOS
exec timeout 60 "$record" --no-tracer --no-kernel --event 'hsatrace_selftest:*' -o "$tmp/t" -- \
	sh -c '"$app" 5 tty; sleep 1.5'
EOS
timeout 90 script -qfc "sh $tmp/run.sh" /dev/null >"$tmp/tty.out" 2>&1 </dev/null
ok $? "record under a pseudo-terminal exits 0" || sed 's/^/# /' "$tmp/tty.out" >&2
updates=$(tr '\r' '\n' <"$tmp/tty.out" | grep -c 'recording [0-9.]* s, [0-9.]* [KMG]*i*B, [0-9]* events discarded')
[ "$updates" -ge 2 ]
ok $? "the progress line updates ($updates times)" || sed 's/^/# /' "$tmp/tty.out" >&2
grep -q "$(printf '\r')hsatrace record: recording" "$tmp/tty.out"
ok $? "in place: each update starts with a carriage return"
grep -q "trace written to $tmp/t ([0-9.]* [KMG]*i*B, 0 events discarded)" "$tmp/tty.out"
ok $? "a summary with the size and the discarded count" || sed 's/^/# /' "$tmp/tty.out" >&2

rec_timeout=60 rec -o "$tmp/n" -- sh -c "\"$app\" 5 file; sleep 1" 2>"$tmp/file.log"
grep -q 'recording [0-9.]* s' "$tmp/file.log"
ok $((! $?)) "no progress line when stderr is a file"

done_testing
