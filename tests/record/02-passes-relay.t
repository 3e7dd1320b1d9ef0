#!/bin/sh
# hsatrace record --passes writes one folder per pass and the hsatrace-passes manifest;
# --url streams the trace to an lttng-relayd (started here on loopback) instead of writing
# it locally.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/record-harness.sh"
record_require "$app"
command -v lttng-relayd >/dev/null || skip_all "lttng-relayd is not installed"
plan 9

record_start

rec --passes 3 -o "$tmp/p" -- "$app" 7 passes 2>"$tmp/p.log"
ok $? "record --passes 3 exits 0" || sed 's/^/# /' "$tmp/p.log" >&2
is "$(grep -v '^#' "$tmp/p/hsatrace-passes" | tr '\n' ' ')" "pass-0 pass-1 pass-2 " \
	"hsatrace-passes lists the passes, base run first"
n=0
for k in 0 1 2; do
	c=$(babeltrace2 "$tmp/p/pass-$k" 2>/dev/null | grep -c 'hsatrace_selftest:hello')
	n=$((n + c))
done
is "$n" 3 "each pass recorded the program once"
lttng list 2>&1 | grep -q 'Currently no available'
ok $? "no session is left after the passes"

# A relay daemon on loopback ports of our own; its pid is remembered to stop it.
base=$((20000 + $$ % 20000))
relay_out=$tmp/relay
lttng-relayd --output="$relay_out" --control-port="tcp://127.0.0.1:$base" \
	--data-port="tcp://127.0.0.1:$((base + 1))" --live-port="tcp://127.0.0.1:$((base + 2))" \
	>"$tmp/relayd.log" 2>&1 &
relayd=$!
trap 'kill "$relayd" 2>/dev/null; lttng_harness_stop' EXIT
i=0
until ss -ltn 2>/dev/null | grep -q "127.0.0.1:$base " || [ "$i" -gt 100 ]; do
	i=$((i + 1))
	sleep 0.05
done
kill -0 "$relayd"
ok $? "lttng-relayd is running on loopback"

rec --url "net://127.0.0.1:$base:$((base + 1))" -- "$app" 99 relayed 2>"$tmp/u.log"
ok $? "record --url streams to the relay daemon" || sed 's/^/# /' "$tmp/u.log" >&2
meta=$(find "$relay_out" -name metadata | head -n 1)
[ -n "$meta" ]
ok $? "the relay daemon wrote the trace" || find "$relay_out" >&2
out=$(babeltrace2 "$(dirname "$meta")" 2>&1)
case "$out" in *'value = 99'*'word = "relayed"'*) r=0 ;; *) r=1 ;; esac
ok $r "babeltrace2 reads the relayed event" || diag "$out"
lttng list 2>&1 | grep -q 'Currently no available'
ok $? "no session is left after streaming"

kill "$relayd" 2>/dev/null
wait "$relayd" 2>/dev/null
done_testing
