#!/bin/sh
# hsatrace report on a real LTTng trace of the schema's events (tests/stats/fake_hsa_app):
# one self-contained, well-formed page whose timeline draws every call, kernel, copy and
# counter sample of the trace, whose tables are those of `hsatrace stats`, and which headless
# Chromium renders (DOM rows and a screenshot).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

app=$HSATRACE_BUILD/tests/stats/fake_hsa_app
report=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-report
stats=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-stats
[ -x "$app" ] || skip_all "fake_hsa_app not built ($app)"
[ -x "$report" ] || skip_all "hsatrace-report not built ($report)"
[ -x "$stats" ] || skip_all "hsatrace-stats not built ($stats)"
plan 27
export LC_ALL=C

lttng_harness_start
ok $? "private lttng-sessiond started"
tmp=$LTTNG_HARNESS_DIR
t=$tmp/trace
lttng create s -o "$t" >/dev/null &&
	lttng enable-event -u 'hsa_api_*,hsa_hot_*,hsa_activity:*' >/dev/null &&
	lttng add-context -u -t vpid -t vtid -t procname >/dev/null &&
	lttng start >/dev/null && "$app" exec && lttng stop >/dev/null && lttng destroy >/dev/null
ok $? "trace recorded"

page=$tmp/report.html
"$report" "$t" -o "$page" 2>"$tmp/err.txt"
ok $? "report TRACE -o FILE writes the page" || diag "$(cat "$tmp/err.txt")"
xmllint --noout "$page" 2>"$tmp/err.txt"
ok $? "the page is well-formed (XHTML syntax)" || diag "$(head -5 "$tmp/err.txt")"
ext=$(grep -oiE '<script|<link|<img|<iframe|src=|href=|url\(|@import|https?://[^"]*' "$page" |
	grep -v '^http://www.w3.org/2000/svg$' | sort -u | tr '\n' ' ')
is "$ext" "" "self-contained: no script, no external reference (only the SVG namespace name)"

# The timeline draws one bar per call, kernel and copy: counted from babeltrace2's output.
bt=$(babeltrace2 "$t")
calls=$(printf '%s\n' "$bt" | grep -cE ' hsa_(api|hot)_exit:[a-z_0-9]+:')
kernels=$(printf '%s\n' "$bt" | grep -c ' hsa_activity:kernel_exec:')
copies=$(printf '%s\n' "$bt" | grep -c ' hsa_activity:copy_exec:')
samples=$(printf '%s\n' "$bt" | grep -c ' hsa_activity:counter:')
is "$(grep -c '<rect class="api"' "$page")" "$calls" "one API bar per call ($calls)"
is "$(grep -c '<rect class="kernel"' "$page")" "$kernels" "one kernel bar per kernel_exec ($kernels)"
is "$(grep -c '<rect class="copy"' "$page")" "$copies" "one copy bar per copy_exec ($copies)"
points=$(grep -o '<polyline class="counter" points="[^"]*"' "$page" | sed 's/.*points="//; s/"$//' |
	wc -w)
is "$points" "$((2 * samples - 1))" "the counter is a step plot of its $samples samples"
threads=$(printf '%s\n' "$bt" | grep -oE 'vtid = [0-9]+' | sort -u | wc -l)
is "$(grep -c '<g class="lane" data-kind="api"' "$page")" "$threads" "one lane per thread ($threads)"
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
over=$(awk '/<g class="lane"/ { n = 0 } /<rect / { n++; if (n > 2) bad = 1 } END { print bad + 0 }' \
	"$tmp/small.html")
is "$over" 0 "no lane draws more than 2 bars"
drawn=$(grep '<rect class="api' "$tmp/small.html" |
	sed -n 's/.*<title>\([0-9]*\) intervals merged.*/\1/p; t; s/.*<title>.*/1/p' |
	awk '{ n += $1 } END { print n }')
is "$drawn" "$calls" "merged bars still account for all $calls calls"

# --max-lanes: only the first lanes are drawn, and the page says how many there were.
"$report" --max-lanes 1 -o "$tmp/lanes.html" "$t" &&
	[ "$(grep -c '<g class="lane"' "$tmp/lanes.html")" = 1 ] &&
	grep -q "Only the first 1 of $((threads + 3)) lanes are drawn" "$tmp/lanes.html"
ok $? "--max-lanes 1 draws one lane of $((threads + 3)) and says so"

# Bad input.
"$report" "$t" >/dev/null 2>&1
is $? 2 "no -o: usage error (2)"
"$report" -o "$tmp/x.html" "$tmp/nope" 2>"$tmp/err.txt"
st=$?
[ $st = 1 ] && [ ! -e "$tmp/x.html" ] && grep -q "cannot open trace" "$tmp/err.txt"
ok $? "a missing trace: exit 1, a message, no page" || diag "status $st: $(cat "$tmp/err.txt")"
"$report" -o "$tmp/no/such/dir/x.html" "$t" 2>"$tmp/err.txt"
st=$?
[ $st = 1 ] && grep -q "cannot write" "$tmp/err.txt"
ok $? "an unwritable output: exit 1 and a message" || diag "status $st: $(cat "$tmp/err.txt")"

# Headless Chromium: the rows render, and a screenshot of the window's size is taken.
if ! command -v chromium >/dev/null 2>&1; then
	skip 2 "chromium is not installed (scripts/install-deps.sh installs it)"
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
		skip 2 "chromium does not start here: $(tail -1 "$tmp/chrome.log")"
	else
		missing=""
		# The kernels: vector_add, and matmul demangled (by binutils' c++filt, independently).
		matmul=$(c++filt _Z6matmulPKfS0_Pfj)
		for f in $("$stats" -f csv -s api "$t" | grep '^api,' | cut -d, -f2) vector_add; do
			printf '%s' "$dom" | grep -q "<td>$f</td>" || missing="$missing $f"
		done
		printf '%s' "$dom" | grep -qF "<td>$matmul</td>" || missing="$missing $matmul"
		rects=$(printf '%s' "$dom" | grep -o '<rect class="api' | wc -l)
		[ -z "$missing" ] && [ "$rects" = "$calls" ]
		ok $? "Chromium's DOM has every function's and kernel's row, and every API bar" ||
			diag "missing:$missing; $rects bars; log: $(tail -3 "$tmp/chrome.log")"
		chrome --screenshot="$tmp/shot.png" --window-size=1300,900 "file://$page" >/dev/null
		size=$(od -An -tu1 -j16 -N8 "$tmp/shot.png" 2>/dev/null |
			awk '{ print $1*16777216 + $2*65536 + $3*256 + $4 "x" $5*16777216 + $6*65536 + $7*256 + $8 }')
		is "$size" "1300x900" "Chromium renders a 1300x900 screenshot of the page"
		[ -n "${HSATRACE_KEEP_SCREENSHOT:-}" ] && cp "$tmp/shot.png" "$HSATRACE_KEEP_SCREENSHOT"
	fi
fi
"$report" --help | grep -q '^usage: hsatrace report'
ok $? "--help prints the usage"

done_testing
