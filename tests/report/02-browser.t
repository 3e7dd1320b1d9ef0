#!/bin/sh
# The report's timeline in a real headless Chromium, driven through the DevTools protocol
# (browser_check.pl, CDP.pm): the page loads from file:// with the network emulated offline
# and requests nothing else; the wheel and the keyboard zoom and pan, a shift+drag selects a
# range and shows its duration, the search box changes what is drawn, and the tooltips of a
# copy and of a failed API call show their bytes and bandwidth, and their status. What is
# drawn is checked against the page's data read by perl (PageData.pm) and against the trace
# (browser_expect.awk on babeltrace2's output). Screenshots before and after go to
# $HSATRACE_BUILD/tests/report/shots/.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
. "$HSATRACE_SRC/tests/lib/fake-app-trace.sh"
lttng_harness_unprivileged "$@"

app=$HSATRACE_BUILD/tests/stats/fake_hsa_app
report=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-report
[ -x "$app" ] || skip_all "fake_hsa_app not built ($app)"
[ -x "$report" ] || skip_all "hsatrace-report not built ($report)"
command -v chromium >/dev/null 2>&1 ||
	skip_all "chromium is not installed (scripts/install-deps.sh installs it)"
checks=24 # what browser_check.pl checks
plan $((checks + 4))
export LC_ALL=C

lttng_harness_start
ok $? "private lttng-sessiond started"
tmp=$LTTNG_HARNESS_DIR
t=$tmp/trace
fake_app_trace "$t" 'hsa_api_*,hsa_hot_*,hsa_activity:*' exec
ok $? "trace recorded"
page=$tmp/report.html
"$report" -o "$page" "$t" 2>"$tmp/err.txt"
ok $? "report written" || diag "$(cat "$tmp/err.txt")"

babeltrace2 --clock-cycles "$t" | awk -f "$HSATRACE_SRC/tests/lib/bt-text.awk" \
	-f "$HSATRACE_SRC/tests/report/browser_expect.awk" \
	>"$tmp/expect.txt"
shots=$HSATRACE_BUILD/tests/report/shots
rm -rf "$shots" && mkdir -p "$shots" "$tmp/chrome"
perl "$HSATRACE_SRC/tests/report/browser_check.pl" "$page" "$tmp/chrome" "$tmp/expect.txt" \
	>"$tmp/checks.txt" 2>"$tmp/check-err.txt"
st=$?
done_line=$(grep '^done ' "$tmp/checks.txt")
if [ $st != 0 ] && [ -z "$done_line" ] && ! grep -q '^ok' "$tmp/checks.txt"; then
	# Chromium could not start or load anything here (sandbox, /dev/shm, ...): not what is
	# tested, so say why and skip, as tests/report/01-report.t does.
	skip $((checks + 1)) "chromium does not run here: $(tail -1 "$tmp/check-err.txt") $(tail -1 "$tmp/chrome/chrome.log" 2>/dev/null)"
	done_testing
	exit
fi
while IFS= read -r line; do
	case $line in
	"ok - "*) ok 0 "${line#ok - }" ;;
	"not ok - "*) ok 1 "${line#not ok - }" ;;
	"# "*) diag "${line#\# }" ;;
	esac
done <"$tmp/checks.txt"
[ $st = 0 ] && [ "$done_line" = "done $checks" ]
ok $? "the browser scenario ran to its end ($checks checks)" ||
	diag "status $st, '$done_line': $(tail -3 "$tmp/check-err.txt")"
cp "$tmp"/chrome/*.png "$shots/" 2>/dev/null
done_testing
