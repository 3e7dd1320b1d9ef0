#!/bin/sh
# hsatrace stats and report on traces they did not expect: a real LTTng 2.11 kernel + UST
# session without any hsatrace event (from ../shared, skipped when absent), and recordings
# of the fake app with bytes of their stream files overwritten. Either a result or one clear
# message (without babeltrace2's internal addresses), exit 0 or 1, and never a crash or a
# sanitizer report.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

app=$HSATRACE_BUILD/tests/stats/fake_hsa_app
stats=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-stats
report=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-report
[ -x "$app" ] || skip_all "fake_hsa_app not built ($app)"
[ -x "$stats" ] || skip_all "hsatrace-stats not built ($stats)"
[ -x "$report" ] || skip_all "hsatrace-report not built ($report)"
damaged=8
plan $((4 + 1 + 2 * damaged + 2))
suppress_babeltrace_leaks

lttng_harness_start
tmp=$LTTNG_HARNESS_DIR

# --- a real session with no hsatrace events -----------------------------------------
shared=$HSATRACE_SRC/../shared/traces/lttng-2.11-kernel-ust-multi-domains
if [ ! -d "$shared" ]; then
	skip 4 "../shared/traces is absent (the reference material next to the checkout)"
else
	"$stats" "$shared" >"$tmp/foreign.txt" 2>"$tmp/err.txt"
	ok $? "stats reads a real kernel + UST session" || diag "$(cat "$tmp/err.txt")"
	n=$(babeltrace2 "$shared" -c sink.utils.counter | awk '/ Event messages$/ { n = $1 } END { print n }')
	is "$(sed -n 's/^events: //p' "$tmp/foreign.txt")" "$n" "every event is read ($n, as babeltrace2 counts)"
	is "$(grep -c '^(none)$' "$tmp/foreign.txt")" 5 "no hsatrace event: five empty tables"
	"$report" -o "$tmp/foreign.html" "$shared" && xmllint --noout "$tmp/foreign.html" &&
		grep -q 'Nothing to draw' "$tmp/foreign.html"
	ok $? "report: a well-formed page that says there is nothing to draw"
fi

# --- damaged recordings ---------------------------------------------------------------
lttng create s -o "$tmp/good" >/dev/null &&
	lttng enable-event -u 'hsa_api_*,hsa_hot_*,hsa_activity:*,hsa_gpu:*' >/dev/null &&
	lttng add-context -u -t vpid -t vtid >/dev/null &&
	lttng start >/dev/null && "$app" both && lttng stop >/dev/null && lttng destroy >/dev/null
ok $? "a trace recorded to damage"

# damage SEED DIR: overwrite 4*SEED bytes at places chosen by SEED in every stream file, and
# for every third seed also the first packet's magic number.
damage() {
	for f in $(find "$2" -type f ! -name metadata ! -path '*/index/*' | sort); do
		size=$(wc -c <"$f")
		awk -v seed="$1" -v size="$size" 'BEGIN { srand(seed)
			if (seed % 3 == 0) for (i = 0; i < 4; i++) printf "%d 0\n", i
			for (i = 0; i < 4 * seed; i++) printf "%d %d\n", int(rand() * size), int(rand() * 256) }' |
			while read -r at byte; do
				printf "$(printf '\\%03o' "$byte")" |
					dd of="$f" bs=1 seek="$at" conv=notrunc 2>/dev/null
			done
	done
}
clean() { # STATUS ERRFILE: 0 or 1 (with a message), no sanitizer report
	{ [ "$1" = 0 ] || { [ "$1" = 1 ] && [ -s "$2" ]; }; } &&
		! grep -qE 'Sanitizer|runtime error' "$2"
}
i=1
failures=0
while [ $i -le $damaged ]; do
	rm -rf "$tmp/bad"
	cp -r "$tmp/good" "$tmp/bad"
	damage $i "$tmp/bad"
	"$stats" "$tmp/bad" >/dev/null 2>"$tmp/err.txt"
	st=$?
	cat "$tmp/err.txt" >>"$tmp/all-err.txt"
	[ $st = 1 ] && failures=$((failures + 1))
	clean $st "$tmp/err.txt"
	ok $? "damaged trace $i: stats exits $st cleanly" || diag "$(head -20 "$tmp/err.txt")"
	"$report" -o "$tmp/bad.html" "$tmp/bad" >/dev/null 2>"$tmp/err.txt"
	st=$?
	cat "$tmp/err.txt" >>"$tmp/all-err.txt"
	clean $st "$tmp/err.txt" && { [ $st = 1 ] || xmllint --noout "$tmp/bad.html"; }
	ok $? "damaged trace $i: report exits $st cleanly" || diag "$(head -20 "$tmp/err.txt")"
	i=$((i + 1))
done
[ $failures -gt 0 ]
ok $? "some damage is detected and reported ($failures of $damaged traces refused)"
! grep 'addr=0x' "$tmp/all-err.txt"
ok $? "no message carries babeltrace2's internal addresses"

done_testing
