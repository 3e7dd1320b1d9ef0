#!/bin/sh
# Every input the XML-loader fuzzer (bench/fuzz/run) found crashing or leaking, replayed: loading
# and running it must end with a message (exit 0 or 1), never a crash or a sanitizer report.
. "$(dirname "$0")/../lib/tap.sh"

. "$HSATRACE_SRC/tests/lib/analyze-harness.sh"
analyze_start
printf '<trace>\n<event timestamp="1" name="entry"><field name="cpu" type="int" value="0"/></event>\n<event timestamp="3" name="exit"><field name="cpu" type="int" value="0"/></event>\n</trace>\n' >"$T/trace.xml"

for f in "$HSATRACE_SRC"/tests/engine/fuzz-regressions/*.xml; do
	[ -f "$f" ] || continue
	for mode in -c -i -s; do
		if [ "$mode" = -c ]; then
			"$A" -q -c "$f" >/dev/null 2>"$T/err"
		else
			"$A" -q "$mode" "$f" "$T/trace.xml" >/dev/null 2>"$T/err"
		fi
		rc=$?
		! grep -q 'Sanitizer\|runtime error' "$T/err" && [ $rc -le 1 ]
		ok $? "$(basename "$f") ($mode): exit $rc, no crash"
	done
	for view in $("$A" -q --list "$f" 2>/dev/null | awk -F'\t' '$2 ~ /View$/ { print $3 }'); do
		"$A" -q -v "$view" "$f" "$T/trace.xml" >/dev/null 2>"$T/err"
		rc=$?
		! grep -q 'Sanitizer\|runtime error' "$T/err" && [ $rc -le 1 ]
		ok $? "$(basename "$f") (view $view): exit $rc, no crash"
	done
done
done_testing
