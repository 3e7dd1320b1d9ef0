#!/bin/sh
# hsatrace analyze's command line: the forms of -i GLOB its --help gives, the refused -i=GLOB
# (it would select nothing, silently), unknown --format/--part values listing the valid ones, and
# a file given as the trace that is not one (another analysis, an HTML page).
. "$(dirname "$0")/../lib/tap.sh"

. "$HSATRACE_SRC/tests/lib/analyze-harness.sh"
analyze_start
plan 18
cat >"$T/two.xml" <<'X'
<tmfxml><stateProvider id="two" version="1">
<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="alpha"/><stateValue type="long" value="1"/></stateChange>
<stateChange><stateAttribute type="constant" value="beta"/><stateValue type="long" value="2"/></stateChange></eventHandler>
</stateProvider></tmfxml>
X
cat >"$T/trace.xml" <<'X'
<trace>
<event timestamp="10" name="a"><field name="n" type="long" value="1"/></event>
<event timestamp="20" name="b"><field name="n" type="long" value="2"/></event>
</trace>
X
paths() { awk -F'\t' '{print $2}' | sort -u | tr '\n' ' '; }

all=$("$A" "$T/two.xml" "$T/trace.xml" | paths)
is "$all" "alpha beta " "without -i: the intervals of every attribute"
is "$("$A" -i "$T/two.xml" "$T/trace.xml" | paths)" "$all" "-i followed by the analysis file: every attribute"
is "$("$A" -i'al*' "$T/two.xml" "$T/trace.xml" | paths)" "alpha " "-iGLOB selects"
is "$("$A" --intervals='b*' "$T/two.xml" "$T/trace.xml" | paths)" "beta " "--intervals=GLOB selects"
is "$("$A" -i 'b*' "$T/two.xml" "$T/trace.xml" | paths)" "beta " "-i GLOB (a word that is not a file) selects"
err=$("$A" -i='b*' "$T/two.xml" "$T/trace.xml" 2>&1 >/dev/null); rc=$?
is $rc 2 "-i=GLOB: a usage error (2)"
case "$err" in *"-i=b*"*"--intervals='b*'"*) r=0 ;; *) r=1 ;; esac
ok $r "-i=GLOB: the message shows the forms that work" || diag "$err"
err=$("$A" -f xml "$T/two.xml" "$T/trace.xml" 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && case "$err" in *"unknown format 'xml' (valid: text, csv, json)"*) true ;; *) false ;; esac
ok $? "an unknown --format: usage error, the valid formats listed" || diag "$err"
err=$("$A" -v x --part=leaves "$T/two.xml" "$T/trace.xml" 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && case "$err" in *"unknown --part 'leaves' (valid: tree, rows, series)"*) true ;; *) false ;; esac
ok $? "an unknown --part: usage error, the valid values listed" || diag "$err"
# A bad option value names the option, however it was spelled (the value alone before).
for form in "--at abc" "--at=abc" "-t abc"; do
	# shellcheck disable=SC2086
	err=$("$A" $form "$T/two.xml" "$T/trace.xml" 2>&1 >/dev/null); rc=$?
	[ $rc -eq 2 ] && case "$err" in *"invalid value for option --at: 'abc'"*) true ;; *) false ;; esac
	ok $? "$form: usage error naming --at and its value" || diag "$err"
done
err=$("$A" "$T/two.xml" "$T/two.xml" 2>&1 >/dev/null); rc=$?
is $rc 1 "an analysis file given as the trace: failure (1)"
case "$err" in *"two.xml: not a trace"*"root element is <tmfxml>; the trace comes after the analysis files"*) r=0 ;; *) r=1 ;; esac
ok $r "... saying it is not a trace and where the trace goes" || diag "$err"
printf '<!DOCTYPE html>\n<html><body><p>report</p></body></html>\n' >"$T/report.html"
err=$("$A" "$T/two.xml" "$T/report.html" 2>&1 >/dev/null); rc=$?
[ $rc -eq 1 ] && case "$err" in *"report.html: not a trace"*"<html>"*) true ;; *) false ;; esac
ok $? "an HTML page given as the trace: not a trace, failure (1)" || diag "$err"
# A time range that ends before it starts would print a view of nothing: a usage error.
err=$("$A" --from=5 --to=1 -v some.view "$T/two.xml" "$T/trace.xml" 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && case "$err" in *"--from 5 is after --to 1"*) true ;; *) false ;; esac
ok $? "--from after --to: usage error naming both" || diag "$err"
# --check's status lines are output as any other: -o FILE takes them, a failed write fails.
"$A" -c -o "$T/check.out" "$T/two.xml" >"$T/check.stdout"
is "$(cat "$T/check.out")|$(cat "$T/check.stdout")" "$T/two.xml: valid|" "--check -o FILE: the status line in FILE"
if [ -w /dev/full ]; then
	"$A" -c "$T/two.xml" >/dev/full 2>"$T/full.err"
	is "$?|$(cat "$T/full.err")" "1|hsatrace analyze: failed to write standard output: No space left on device" \
		"--check on a full standard output: exit 1, said"
else
	skip 1 "no /dev/full"
fi
done_testing
