#!/bin/sh
# A stream file cut exactly at a packet boundary (a crash, a full disk, an interrupted copy)
# reads as complete to babeltrace2; LTTng's index lists the packets that are gone. Every
# command (unify, stats, report, analyze) warns with how much is missing, naming the file,
# writes what it read and exits 1. Same for a trace folder whose metadata is missing. A
# recording with 4 KiB sub-buffers (many packets per stream file) is damaged; with ../shared,
# also the real LTTng 2.11 kernel trace (12 % of its events in the last two packets of one
# stream file). No message carries babeltrace2's internal addresses.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

bin=$HSATRACE_BUILD/libexec/hsatrace
app=$HSATRACE_BUILD/tests/stats/fake_hsa_app
shared=$HSATRACE_SRC/../shared/traces/lttng-2.11-kernel-ust-multi-domains
xml=$HSATRACE_SRC/xml-views/hsa-api-callstack.xml
for p in "$app" "$bin/hsatrace-stats" "$bin/hsatrace-report" "$bin/hsatrace-unify" \
	"$bin/hsatrace-analyze"; do
	[ -x "$p" ] || skip_all "not built: $p"
done
plan 27
suppress_babeltrace_leaks

lttng_harness_start || exit 1
tmp=$LTTNG_HARNESS_DIR
val() { sed -n "s/^$1=//p" "$2"; }
events() { sed -n 's/^events: //p' "$1"; }
# be64 FILE OFFSET: the big-endian 64-bit integer there (LTTng index entries).
be64() {
	od -An -v -t u1 -j "$2" -N 8 "$1" | awk '{ for (i = 1; i <= NF; i++) v = v * 256 + $i }
		END { printf "%.0f\n", v }'
}
be32() {
	od -An -v -t u1 -j "$2" -N 4 "$1" | awk '{ for (i = 1; i <= NF; i++) v = v * 256 + $i }
		END { printf "%.0f\n", v }'
}

lttng create s -o "$tmp/rec" >/dev/null &&
	lttng enable-channel -u --subbuf-size 4096 --num-subbuf 8 small >/dev/null &&
	lttng enable-event -u -c small 'hsa_api_*,hsa_hot_*,hsa_activity:*' >/dev/null &&
	lttng start >/dev/null && "$app" bulk 3000 && lttng stop >/dev/null &&
	lttng destroy >/dev/null
ok $? "a trace recorded with 4 KiB sub-buffers"
trace=$(dirname "$(find "$tmp/rec" -name metadata | head -n 1)")
rel=${trace#"$tmp/rec/"}

# The stream file with the most packets; cut it at the beginning of its last two.
best="" best_n=0
for idx in "$trace"/index/*.idx; do
	len=$(be32 "$idx" 12)
	n=$((($(stat -c %s "$idx") - 16) / len))
	[ "$n" -gt "$best_n" ] && best=$(basename "$idx" .idx) best_n=$n best_len=$len
done
[ "$best_n" -ge 3 ]
ok $? "a stream file with several packets ($best: $best_n)"
cut_at=$(be64 "$trace/index/$best.idx" $((16 + (best_n - 2) * best_len)))
cp -r "$tmp/rec" "$tmp/cut" && chmod -R u+w "$tmp/cut" && truncate -s "$cut_at" "$tmp/cut/$rel/$best"
file=$tmp/cut/$rel/$best
missing="2 of the $best_n packets its LTTng index lists are missing"
warned() { grep -q "warning: stream file cut short: $missing (.*file=$file\$" "$1"; }

"$bin/hsatrace-stats" "$tmp/rec" >"$tmp/full.txt" 2>"$tmp/full.log"
ok $? "stats: the whole recording reads without a warning" || diag "$(cat "$tmp/full.log")"
"$bin/hsatrace-stats" "$tmp/cut" >"$tmp/cut.txt" 2>"$tmp/stats.log"
is $? 1 "stats: a stream file cut at a packet boundary exits 1"
warned "$tmp/stats.log"
ok $? "stats: the warning says how many packets are missing and names the file" ||
	diag "$(cat "$tmp/stats.log")"
[ "$(events "$tmp/cut.txt")" -lt "$(events "$tmp/full.txt")" ] &&
	[ "$(events "$tmp/cut.txt")" -eq "$(babeltrace2 "$tmp/cut" 2>/dev/null | wc -l)" ]
ok $? "stats: the tables of what is left are written ($(events "$tmp/cut.txt") of $(events "$tmp/full.txt") events)"

"$bin/hsatrace-report" -o "$tmp/cut.html" "$tmp/cut" 2>"$tmp/report.log"
is $? 1 "report: exits 1"
warned "$tmp/report.log" && xmllint --noout "$tmp/cut.html" &&
	grep -q '<p class="note" id="missing">Part of the trace is missing: 1 stream files cut short (2 packets' "$tmp/cut.html"
ok $? "report: the same warning, and the page of what is left says so" || diag "$(cat "$tmp/report.log")"

"$bin/hsatrace-unify" --summary "$tmp/cut" -o "$tmp/cut.out" >"$tmp/cut.sum" 2>"$tmp/unify.log"
is $? 1 "unify: exits 1"
warned "$tmp/unify.log" && [ "$(val short_streams "$tmp/cut.sum")" = 1 ] &&
	[ "$(val missing_packets "$tmp/cut.sum")" = 2 ]
ok $? "unify: the same warning, counted in the summary" || diag "$(cat "$tmp/unify.log")"
babeltrace2 "$tmp/cut.out" >/dev/null 2>&1
ok $? "unify: the output is written and readable"

"$bin/hsatrace-analyze" -S "$xml" "$tmp/cut/$rel" >/dev/null 2>"$tmp/analyze.log"
is $? 1 "analyze: exits 1"
warned "$tmp/analyze.log" && grep -q "the trace is incomplete" "$tmp/analyze.log"
ok $? "analyze: the same warning" || diag "$(cat "$tmp/analyze.log")"

# A stream file its index lists, gone.
cp -r "$tmp/rec" "$tmp/absent" && chmod -R u+w "$tmp/absent" && rm "$tmp/absent/$rel/$best"
"$bin/hsatrace-stats" "$tmp/absent" >/dev/null 2>"$tmp/absent-stats.log"
[ $? = 1 ] && grep -q "warning: stream file absent: $best_n of the $best_n packets .*file=$tmp/absent/$rel/$best\$" "$tmp/absent-stats.log"
ok $? "an absent stream file: stats names it, exits 1" || diag "$(cat "$tmp/absent-stats.log")"

# A trace folder of stream files and an index, without metadata, next to a complete one.
mkdir -p "$tmp/two" && cp -r "$tmp/rec" "$tmp/two/a" && cp -r "$tmp/rec" "$tmp/two/b" &&
	chmod -R u+w "$tmp/two" && rm "$tmp/two/b/$rel/metadata"
nometa="warning: trace folder without metadata, its events cannot be read (.*): path=$tmp/two/b/$rel\$"
"$bin/hsatrace-stats" "$tmp/two" >"$tmp/two.txt" 2>"$tmp/two-stats.log"
is $? 1 "no metadata: stats exits 1"
grep -q "$nometa" "$tmp/two-stats.log" && [ "$(events "$tmp/two.txt")" = "$(events "$tmp/full.txt")" ]
ok $? "stats: names the folder and reads the other trace" || diag "$(cat "$tmp/two-stats.log")"
"$bin/hsatrace-report" -o "$tmp/two.html" "$tmp/two" 2>"$tmp/two-report.log"
is $? 1 "no metadata: report exits 1"
grep -q "$nometa" "$tmp/two-report.log" && xmllint --noout "$tmp/two.html" &&
	grep -q 'id="missing">.*1 trace folders without metadata' "$tmp/two.html"
ok $? "report: names the folder, the page is written and says so"
"$bin/hsatrace-unify" --summary "$tmp/two" -o "$tmp/two.out" >"$tmp/two.sum" 2>"$tmp/two-unify.log"
is $? 1 "no metadata: unify exits 1"
grep -q "$nometa" "$tmp/two-unify.log" && [ "$(val folders_without_metadata "$tmp/two.sum")" = 1 ]
ok $? "unify: names the folder, counted in the summary" || diag "$(cat "$tmp/two-unify.log")"
"$bin/hsatrace-analyze" -S "$xml" "$tmp/two/b/$rel" >/dev/null 2>"$tmp/two-analyze.log"
st=$?
[ $st = 1 ] && grep -q "$nometa" "$tmp/two-analyze.log"
ok $? "no metadata: analyze names the folder, exits 1 (got $st)" || diag "$(cat "$tmp/two-analyze.log")"

if [ -d "$shared" ]; then
	cp -r "$shared" "$tmp/shared" && chmod -R u+w "$tmp/shared"
	truncate -s $((15 * 4096)) "$tmp/shared/kernel/kernel_channel_0"
	file=$tmp/shared/kernel/kernel_channel_0
	missing="2 of the 17 packets its LTTng index lists are missing"
	"$bin/hsatrace-stats" "$tmp/shared" >"$tmp/shared.txt" 2>"$tmp/shared-stats.log"
	is $? 1 "real kernel trace cut at a packet boundary: stats exits 1"
	warned "$tmp/shared-stats.log" && grep -q '(8192 bytes, [0-9.]* s from [0-9.]* to [0-9.]*)' "$tmp/shared-stats.log"
	ok $? "with the bytes and the time range of what is missing" || diag "$(cat "$tmp/shared-stats.log")"
	"$bin/hsatrace-report" -o "$tmp/shared.html" "$tmp/shared" 2>"$tmp/shared-report.log"
	[ $? = 1 ] && warned "$tmp/shared-report.log"
	ok $? "report too"
	"$bin/hsatrace-unify" "$tmp/shared" -o "$tmp/shared.out" 2>"$tmp/shared-unify.log"
	[ $? = 1 ] && warned "$tmp/shared-unify.log"
	ok $? "unify too"
	"$bin/hsatrace-analyze" -S "$xml" "$tmp/shared/kernel" >/dev/null 2>"$tmp/shared-analyze.log"
	[ $? = 1 ] && warned "$tmp/shared-analyze.log"
	ok $? "analyze too"
else
	skip 5 "../shared/traces is absent"
fi

! grep -l 'addr=0x' "$tmp"/*.log
ok $? "no message carries babeltrace2's addresses"

done_testing
