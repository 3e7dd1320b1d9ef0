#!/bin/sh
# hsatrace analyze on bad input: malformed XML (file:line and the element), analyses Trace Compass
# would refuse (at load time and at run time), malformed and truncated traces (a message and the
# results up to the failure), bad command lines. Own inputs, written here.
. "$(dirname "$0")/../lib/tap.sh"

. "$HSATRACE_SRC/tests/lib/analyze-harness.sh"
analyze_start

sp() { # NAME BODY: a one-stateProvider file
	printf '<tmfxml>\n<stateProvider id="%s" version="1">\n%s\n</stateProvider>\n</tmfxml>\n' "$1" "$2" >"$T/$1.xml"
}
cat >"$T/trace.xml" <<'X'
<trace>
<event timestamp="10" name="a"><field name="n" type="long" value="1"/><field name="s" type="string" value="abc"/></event>
<event timestamp="20" name="b"><field name="n" type="long" value="2"/></event>
<event timestamp="30" name="a"><field name="n" type="long" value="3"/></event>
</trace>
X

# malformed XML: file:line and the element at fault
printf '<tmfxml>\n<stateProvider id="x" version="1">\n<eventHandler eventName="a">\n<stateChange>\n</eventHandler>\n</stateProvider>\n</tmfxml>\n' >"$T/malformed.xml"
out=$("$A" -c "$T/malformed.xml" 2>&1); rc=$?
is $rc 1 "malformed XML: exit status 1"
echo "$out" | grep -q "malformed.xml:5: element <stateChange>: Opening and ending tag mismatch"
ok $? "malformed XML: file:line and the element at fault"
printf '<?xml version="1.0"?>\n<!DOCTYPE tmfxml [<!ENTITY e "x">]>\n<tmfxml/>\n' >"$T/doctype.xml"
"$A" -c "$T/doctype.xml" 2>&1 | grep -q 'DOCTYPE is not allowed'
ok $? "a DOCTYPE is rejected"
printf '<analyses/>\n' >"$T/notmf.xml"
"$A" -c "$T/notmf.xml" 2>&1 | grep -q 'notmf.xml:1: element <analyses>: the root element must be <tmfxml>'
ok $? "a root other than <tmfxml> is rejected"

# refused at load time: message names the analysis and the reason
sp unknownloc '<eventHandler eventName="a"><stateChange><stateAttribute type="location" value="nowhere"/><stateValue type="int" value="1"/></stateChange></eventHandler>'
out=$("$A" -c "$T/unknownloc.xml" 2>&1); rc=$?
is $rc 1 "unknown location: exit status 1"
echo "$out" | grep -q 'unknownloc.xml:3: analysis unknownloc refused: element <stateAttribute>: unknown location: id=nowhere'
ok $? "unknown location: names the analysis, the line and the location"
sp badregex '<eventHandler eventName="a(b"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="int" value="1"/></stateChange></eventHandler>'
"$A" -c "$T/badregex.xml" 2>&1 | grep -q 'analysis badregex refused: element <eventHandler>: bad regex: event=a(b'
ok $? "bad event-name regex: refused with the reason"
sp badversion '<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="int" value="1"/></stateChange></eventHandler>'
sed -i 's/version="1"/version="one"/' "$T/badversion.xml"
"$A" -c --no-validate "$T/badversion.xml" 2>&1 | grep -q 'analysis badversion refused: element <stateProvider>: version must be an integer'
ok $? "a non-integer version: refused"
cat >"$T/nounit.xml" <<'X'
<tmfxml><pattern id="nounit" version="1"><patternHandler>
<test id="t"><if><condition><timerange><in begin="1" end="2"/></timerange></condition></if></test>
<fsm id="f"><state id="s"><transition cond="t" target="e"/></state><final id="e"/></fsm>
</patternHandler></pattern></tmfxml>
X
"$A" -c "$T/nounit.xml" 2>&1 | grep -q 'analysis nounit refused: element <timerange>: missing unit'
ok $? "a timerange without unit: refused (Trace Compass applies no default)"
cat >"$T/undef.xml" <<'X'
<tmfxml><pattern id="undef" version="1"><patternHandler>
<fsm id="f"><state id="s"><transition target="e" action="nope"/></state><final id="e"/></fsm>
</patternHandler></pattern></tmfxml>
X
"$A" -c "$T/undef.xml" 2>&1 | grep -q 'analysis undef refused: element <transition>: undefined action: id=nope'
ok $? "an undefined action: refused"
"$A" "$T/unknownloc.xml" "$T/trace.xml" >/dev/null 2>&1
is $? 1 "running a file whose only analysis is refused fails"

# refused at run time: Integer/Long type clash; results up to the failure are printed
sp clash '<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="int" value="1"/></stateChange></eventHandler>
<eventHandler eventName="b"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="eventField" value="n"/></stateChange></eventHandler>'
out=$("$A" "$T/clash.xml" "$T/trace.xml" 2>"$T/clash.err"); rc=$?
is $rc 1 "Integer/Long clash: exit status 1"
grep -q 'analysis clash failed at time 20 (event b): state value type clash: analysis=clash attribute=x stored=int new=long' "$T/clash.err"
ok $? "Integer/Long clash: names the analysis, time, attribute and both types"
is "$out" "$(printf 'clash\tx\t10\t20\tint\t1')" "Integer/Long clash: the intervals up to the failure are printed"
sp incclash '<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="eventField" value="n"/></stateChange></eventHandler>
<eventHandler eventName="b"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="int" value="1" increment="true"/></stateChange></eventHandler>'
"$A" "$T/incclash.xml" "$T/trace.xml" 2>&1 >/dev/null | grep -q 'increment type clash (ClassCastException): attribute=x stored=long increment=int'
ok $? "an int increment on a Long attribute fails the analysis"
sp forced '<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="eventField" value="s" forcedType="int"/></stateChange></eventHandler>'
"$A" "$T/forced.xml" "$T/trace.xml" 2>&1 >/dev/null | grep -q 'cannot convert to int: value="abc"'
ok $? "forcedType=int on a non-numeric string fails the analysis"

# malformed traces: a message and the results up to the failure point
sp count '<eventHandler eventName="*"><stateChange><stateAttribute type="constant" value="n"/><stateValue type="long" value="1" increment="true"/></stateChange></eventHandler>'
head -3 "$T/trace.xml" >"$T/truncated.xml"
out=$("$A" "$T/count.xml" "$T/truncated.xml" 2>"$T/trunc.err"); rc=$?
is $rc 1 "truncated stub trace: exit status 1"
grep -q 'truncated.xml:[0-9]*: malformed XML trace' "$T/trunc.err"
ok $? "truncated stub trace: a message with file:line"
is "$(echo "$out" | tail -1 | cut -f3-6)" "$(printf '20\t20\tlong\t2')" "truncated stub trace: the results up to the failure"
sed 's/timestamp="20"/timestamp="x"/' "$T/trace.xml" >"$T/badts.xml"
"$A" "$T/count.xml" "$T/badts.xml" 2>&1 >/dev/null | grep -q 'badts.xml:3: element <event>: needs an integer timestamp'
ok $? "a non-numeric timestamp: file:line and the element"
sed 's/timestamp="30"/timestamp="5"/' "$T/trace.xml" >"$T/order.xml"
"$A" "$T/count.xml" "$T/order.xml" 2>&1 >/dev/null | grep -q 'events out of order: timestamp 5 after 20'
ok $? "events out of order are reported"
"$A" "$T/count.xml" "$T/missing-trace" 2>&1 >/dev/null | grep -q 'failed to open the trace: path='
ok $? "a missing trace is reported"
# ... first, not after the trace-type warnings of an analysis made for CTF traces
first=$("$A" "$HSATRACE_SRC/xml-views/hsa-queues.xml" "$T/missing-trace" 2>&1 >/dev/null | head -n 1)
case "$first" in "hsatrace analyze: failed to open the trace: path=$T/missing-trace "*) r=0 ;; *) r=1 ;; esac
ok $r "a missing trace is the first thing said ($first)"

CTF="$HSATRACE_SRC/../shared/traces/lttng-2.11-kernel-ust-multi-domains/kernel"
if [ -d "$CTF" ]; then
	n_all=$("$A" -q "$T/count.xml" "$CTF" | awk -F'\t' '$2 == "n" { v = $6 } END { print v }')
	# garbage in the middle of a packet: decoding fails there
	cp -r "$CTF" "$T/corrupt" && chmod -R u+w "$T/corrupt" && rm -rf "$T/corrupt/index"
	printf '\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377' |
		dd of="$T/corrupt/kernel_channel_0" bs=1 seek=12588 conv=notrunc 2>/dev/null
	out=$("$A" "$T/count.xml" "$T/corrupt" 2>"$T/ctf.err"); rc=$?
	is $rc 1 "corrupt CTF trace: exit status 1"
	grep -q 'failed to read the CTF trace: path=.* reason=.*(stopped after [0-9]* events, last timestamp [0-9]*)' "$T/ctf.err"
	ok $? "corrupt CTF trace: the reason and the failure point"
	n=$(echo "$out" | awk -F'\t' '$2 == "n" { v = $6 } END { print v }')
	[ -n "$n" ] && [ "$n" -gt 0 ] && [ "$n" -lt "$n_all" ]
	ok $? "corrupt CTF trace: results up to the failure ($n of $n_all events counted)"
	# a truncated stream file: babeltrace2 refuses the trace; it is read up to that file's
	# last complete packet, and the message names the file
	cp -r "$CTF" "$T/truncated" && chmod -R u+w "$T/truncated" && rm -rf "$T/truncated/index"
	truncate -s 20000 "$T/truncated/kernel_channel_0"
	"$A" "$T/count.xml" "$T/truncated" 2>&1 >/dev/null |
		grep -q "stream cut at its last readable packet: file=.*kernel_channel_0"
	ok $? "truncated CTF stream file: the message names the file"
else
	skip 4 "no CTF trace in ../shared/traces to damage"
fi

# absurd sizes are refused before libxml2 parses the file (its attribute check is quadratic)
awk 'BEGIN { printf "<tmfxml>\n<stateProvider id=\"wide\" version=\"1\""
	for (i = 0; i < 200000; i++) printf " a%d=\"x\"", i
	print "/>\n</tmfxml>" }' >"$T/wide.xml"
start=$(date +%s)
out=$(timeout 30 "$A" --check "$T/wide.xml" 2>&1); rc=$?
is $rc 1 "an element with 200,000 attributes: exit status 1"
[ $(($(date +%s) - start)) -lt 10 ]; ok $? "refused quickly"
echo "$out" | grep -q 'wide.xml:2: element <stateProvider>: attribute count 257, more than the limit of 256'
ok $? "the message names the element and the limit" || diag "$out"
awk 'BEGIN { printf "<tmfxml>"; for (i = 0; i < 300; i++) printf "<a>"
	for (i = 0; i < 300; i++) printf "</a>"; print "</tmfxml>" }' >"$T/deep.xml"
"$A" --check "$T/deep.xml" 2>&1 | grep -q 'deep.xml:1: element <a>: nesting depth 257, more than the limit of 256'
ok $? "nesting deeper than 256 is refused with a message"
truncate -s 65M "$T/huge.xml"
out=$("$A" --check "$T/huge.xml" 2>&1); rc=$?
is $rc 1 "a file larger than 64 MiB: exit status 1"
echo "$out" | grep -q 'huge.xml: file size 68157440 bytes, more than the limit of 67108864'
ok $? "refused with its size and the limit" || diag "$out"

# command line
"$A" >/dev/null 2>&1; is $? 2 "no arguments: usage error (2)"
"$A" --format=xml "$T/count.xml" "$T/trace.xml" >/dev/null 2>&1; is $? 2 "an unknown format: usage error (2)"
"$A" --help | grep -q 'usage: hsatrace analyze'; ok $? "--help prints the usage"
"$A" -v no.such.view "$T/count.xml" "$T/trace.xml" 2>&1 | grep -q 'no such view: id=no.such.view'
ok $? "an unknown view is reported"
mkdir "$T/a-trace"
out=$("$A" "$T/a-trace" "$T/count.xml" 2>&1); rc=$?
is $rc 1 "the trace given before the XML files: exit status 1"
echo "$out" | grep -q "a-trace: a folder, not an XML file (the XML files come first, the trace last)"
ok $? "and the message says the order" || diag "$out"

done_testing
