#!/bin/sh
# hsatrace report on a real LTTng trace of the schema's events (tests/stats/fake_hsa_app):
# one self-contained, well-formed page whose timeline holds every call, kernel, copy and
# counter sample of the trace (bounded by --max-items / --max-total / --max-lanes), whose
# tables are those of `hsatrace stats`, and whose tables headless Chromium renders.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/lib/fake-app-trace.sh"
lttng_harness_unprivileged "$@"

app=$HSATRACE_BUILD/tests/stats/fake_hsa_app
report=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-report
stats=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-stats
[ -x "$app" ] || skip_all "fake_hsa_app not built ($app)"
[ -x "$report" ] || skip_all "hsatrace-report not built ($report)"
[ -x "$stats" ] || skip_all "hsatrace-stats not built ($stats)"
plan 29
export LC_ALL=C

lttng_harness_start
ok $? "private lttng-sessiond started"
tmp=$LTTNG_HARNESS_DIR
t=$tmp/trace
fake_app_trace "$t" 'hsa_api_*,hsa_hot_*,hsa_activity:*' exec
ok $? "trace recorded"

page=$tmp/report.html
"$report" "$t" -o "$page" 2>"$tmp/err.txt"
ok $? "report TRACE -o FILE writes the page" || diag "$(cat "$tmp/err.txt")"
xmllint --noout "$page" 2>"$tmp/err.txt"
ok $? "the page is well-formed (XHTML syntax)" || diag "$(head -5 "$tmp/err.txt")"
# Self-contained: the only scripts are the page's own inline ones (its data and its code).
ext=$(grep -oiE '<link|<img|<iframe|<object|<embed|src=|href=|url\(|@import|https?://[^"]*' "$page" |
	grep -v '^http://www.w3.org/2000/svg$' | sort -u | tr '\n' ' ')
scripts=$(grep -oE '<script[^>]*>' "$page" | sort | uniq -c | awk '{ $1 = $1; print }' | tr '\n' ';')
is "$ext" "" "self-contained: no external reference of any kind"
is "$scripts" '1 <script type="application/json" id="hsatrace-data">;1 <script>;' \
	"the only scripts are inline: the timeline's data and its code"

# The timeline holds one bar per call, kernel and copy: counted from babeltrace2's output,
# and from the page's data with perl's own JSON parser (page_counts.pl).
counts() { perl "$HSATRACE_SRC/tests/report/page_counts.pl" "$1" | awk -v k="$2" '$1 == k { print $2 }'; }
bt=$(babeltrace2 "$t")
calls=$(printf '%s\n' "$bt" | grep -cE ' hsa_(api|hot)_exit:[a-z_0-9]+:')
kernels=$(printf '%s\n' "$bt" | grep -c ' hsa_activity:kernel_exec:')
copies=$(printf '%s\n' "$bt" | grep -c ' hsa_activity:copy_exec:')
samples=$(printf '%s\n' "$bt" | grep -c ' hsa_activity:counter:')
is "$(counts "$page" bars_api)" "$calls" "one API bar per call ($calls)"
is "$(counts "$page" bars_kernel)" "$kernels" "one kernel bar per kernel_exec ($kernels)"
is "$(counts "$page" bars_copy)" "$copies" "one copy bar per copy_exec ($copies)"
is "$(counts "$page" points)" "$samples" "the counter has its $samples samples"
threads=$(printf '%s\n' "$bt" | grep -oE 'vtid = [0-9]+' | sort -u | wc -l)
is "$(counts "$page" lanes_api)" "$threads" "one lane per thread ($threads)"
grep -q 'id="limits"' "$page"
ok $((! $?)) "nothing was aggregated, so the page does not say so"

# The tables are hsatrace stats' tables, row for row.
html_rows() { # SECTION: the table's rows as CSV (a cell with a comma quoted, as stats does)
	sed -n "/<table class=\"stats\" id=\"stats-$1\">/,/<\/table>/p" "$page" | grep '^<tr><td' |
		sed 's/<\/td><td[^>]*>/\t/g; s/<[^>]*>//g' |
		awk -F'\t' -v s="$1" '{ line = s; for (i = 1; i <= NF; i++) line = line "," ($i ~ /,/ ? "\"" $i "\"" : $i); print line }'
}
for s in api kernels copies queues waits; do
	g=$(html_rows $s)
	w=$("$stats" -f csv -s $s "$t" | grep "^$s,")
	[ -n "$w" ] && [ "$g" = "$w" ]
	ok $? "the $s table equals hsatrace stats" || { diag "got: $g"; diag "want: $w"; }
done

# A small --max-items: lanes are merged, every call is still accounted for, and it is said.
"$report" --max-items 2 -o "$tmp/small.html" "$t"
ok $? "report --max-items 2"
grep -q 'id="limits"' "$tmp/small.html"
ok $? "the page says that it aggregated"
is "$(counts "$tmp/small.html" max_lane_bars)" 2 "no lane holds more than 2 bars"
is "$(counts "$tmp/small.html" intervals_api)" "$calls" "merged bars still account for all $calls calls"

# --max-total: the page's items in all are bounded (the fullest lanes merged first).
"$report" --max-total 12 -o "$tmp/total.html" "$t" &&
	[ "$(counts "$tmp/total.html" items)" -le 12 ] &&
	[ "$(counts "$tmp/total.html" intervals_api)" = "$calls" ] &&
	[ "$(counts "$tmp/total.html" intervals_kernel)" = "$kernels" ] &&
	grep -q 'at most [0-9]* bars per lane and 12 in all' "$tmp/total.html"
ok $? "--max-total 12: at most 12 bars and points, every call and kernel accounted for, said" ||
	diag "$(perl "$HSATRACE_SRC/tests/report/page_counts.pl" "$tmp/total.html" | tr '\n' ' ')"

# --max-lanes: only the first lanes are drawn, and the page says how many there were.
"$report" --max-lanes 1 -o "$tmp/lanes.html" "$t" &&
	[ "$(counts "$tmp/lanes.html" lanes)" = 1 ] &&
	grep -q "Only the first 1 of $((threads + 3)) lanes are drawn" "$tmp/lanes.html"
ok $? "--max-lanes 1 draws one lane of $((threads + 3)) and says so"

# Bad input.
"$report" "$t" >/dev/null 2>&1
is $? 2 "no -o: usage error (2)"
"$report" --max-total 0 -o "$tmp/x.html" "$t" 2>"$tmp/err.txt"
st=$?
[ $st = 2 ] && grep -q "bad --max-total '0'" "$tmp/err.txt" && [ ! -e "$tmp/x.html" ]
ok $? "--max-total 0: usage error (2), a message, no page" || diag "status $st: $(cat "$tmp/err.txt")"
"$report" -o "$tmp/x.html" "$tmp/nope" 2>"$tmp/err.txt"
st=$?
[ $st = 1 ] && [ ! -e "$tmp/x.html" ] && grep -q "cannot open trace" "$tmp/err.txt"
ok $? "a missing trace: exit 1, a message, no page" || diag "status $st: $(cat "$tmp/err.txt")"
"$report" -o "$tmp/no/such/dir/x.html" "$t" 2>"$tmp/err.txt"
st=$?
[ $st = 1 ] && grep -q "cannot write" "$tmp/err.txt"
ok $? "an unwritable output: exit 1 and a message" || diag "status $st: $(cat "$tmp/err.txt")"

# Headless Chromium renders the tables (the timeline's interaction: 02-browser.t).
if ! command -v chromium >/dev/null 2>&1; then
	skip 1 "chromium is not installed (scripts/install-deps.sh installs it)"
else
	chrome() {
		timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic \
			--no-first-run --disable-background-networking --disable-component-update \
			--disable-sync --user-data-dir="$(mktemp -d "$tmp/chrome.XXXXXX")" "$@" \
			2>>"$tmp/chrome.log"
	}
	# Chromium itself must work here (sandbox, /dev/shm, ...): that is not what is tested, and
	# any page it loads gives a DOM with an <html> element.
	dom=$(chrome --dump-dom "file://$page")
	if ! printf '%s' "$dom" | grep -q '<html'; then
		skip 1 "chromium does not start here: $(tail -1 "$tmp/chrome.log")"
	else
		missing=""
		# The kernels: vector_add, and matmul demangled (by binutils' c++filt, independently).
		matmul=$(c++filt _Z6matmulPKfS0_Pfj)
		for f in $("$stats" -f csv -s api "$t" | grep '^api,' | cut -d, -f2) vector_add; do
			printf '%s' "$dom" | grep -q "<td>$f</td>" || missing="$missing $f"
		done
		printf '%s' "$dom" | grep -qF "<td>$matmul</td>" || missing="$missing $matmul"
		printf '%s' "$dom" | grep -q 'id="tl-range" class="info">view ' || missing="$missing timeline"
		[ -z "$missing" ]
		ok $? "Chromium's DOM has every function's and kernel's row, and the drawn timeline" ||
			diag "missing:$missing; log: $(tail -3 "$tmp/chrome.log")"
	fi
fi
"$report" --help | grep -q '^usage: hsatrace report'
ok $? "--help prints the usage"

done_testing
