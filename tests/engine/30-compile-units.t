#!/bin/sh
# Per-element compile semantics, after Trace Compass's compile-unit tests (TmfXmlStateValueCuTest,
# TmfXmlStateAttributeAndLocationCuTest, TmfXmlActionCuTest, TmfXmlFsmCuTest): what each element
# compiles to, checked by running it, and what Trace Compass refuses to compile; like those tests,
# without validating (--no-validate): some inputs are files its XSD refuses.
. "$(dirname "$0")/../lib/tap.sh"

. "$HSATRACE_SRC/tests/lib/analyze-harness.sh"
analyze_start
cat >"$T/trace.xml" <<'X'
<trace>
<event timestamp="1" name="sys_open"><field name="f" type="string" value="12"/><field name="myField" type="string" value="m"/></event>
<event timestamp="2" name="sys_close"><field name="f" type="string" value="13"/><field name="myField" type="string" value="m"/></event>
<event timestamp="3" name="other"><field name="f" type="string" value="14"/><field name="myField" type="string" value="m"/></event>
</trace>
X

value() { # STATEVALUE [PRELUDE] -> "type value" of attribute x after the first event
	printf '<tmfxml><stateProvider id="cu" version="1">%s<eventHandler eventName="sys_open"><stateChange><stateAttribute type="constant" value="x"/>%s</stateChange></eventHandler></stateProvider></tmfxml>\n' "$2" "$1" >"$T/cu.xml"
	"$A" --no-validate "$T/cu.xml" "$T/trace.xml" 2>"$T/cu.err" | awk -F'\t' '$2 == "x" { print $5 " " $6; exit }'
}

refused() { # NAME FILE-CONTENT REASON
	printf '%s\n' "$2" >"$T/r.xml"
	"$A" -c --no-validate "$T/r.xml" 2>&1 | grep -q "refused: .*$3"
	ok $? "$1"
}

sp_refused() { # NAME BODY REASON
	refused "$1" "<tmfxml><stateProvider id=\"cu\" version=\"1\">$2</stateProvider></tmfxml>" "$3"
}

T1=TmfXmlStateValueCuTest
is "$(value '<stateValue type="null"/>')" "null null" "$T1: type=null is a constant null"
is "$(value '<stateValue type="int" value="42"/>')" "int 42" "$T1: int 42 is an Integer"
is "$(value '<stateValue type="int" value="42" increment="bla" forcedType="long"/>')" "long 42" \
	"$T1: increment=\"bla\" is no increment, forcedType=long applies"
sp_refused "$T1: int \"abc\" is a compile error" \
	'<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="int" value="abc"/></stateChange></eventHandler>' "invalid int value"
sp_refused "$T1: int without a value is a compile error" \
	'<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="int"/></stateChange></eventHandler>' "invalid int value"
is "$(value '<stateValue type="long" value="4242424242"/>')" "long 4242424242" "$T1: long 4242424242 is a Long"
is "$(value '<stateValue type="string"/>')" "string " "$T1: a string without a value is \"\""
is "$(value '<stateValue type="string" value="7" forcedType="int"/>')" "int 7" "$T1: forcedType=int on a string constant"
is "$(value '<stateValue type="delete" value="zz" forcedType="int"/>')" "null null" "$T1: delete is a constant null, other attributes ignored"
is "$(value '<stateValue type="eventName" forcedType="int"/>')" "string sys_open" "$T1: eventName is the event name, forced to string"
is "$(value '<stateValue type="eventField" value="f" forcedType="int"/>')" "int 12" "$T1: eventField with forcedType=int"
sp_refused "$T1: an unknown mappingGroup is a compile error" \
	'<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="int" value="1" mappingGroup="nope"/></stateChange></eventHandler>' "unknown mappingGroup: id=nope"
value '<stateValue type="script" value="1 + 1"/>' >/dev/null
grep -q 'skipped: script values are unsupported' "$T/cu.err"
ok $? "$T1: a script compiles, and is reported unsupported when run"
sp_refused "$T1: a query needs at least one stateAttribute" \
	'<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="query"/></stateChange></eventHandler>' "a query needs at least one stateAttribute"
sp_refused "$T1: a query child constant without a value is an error" \
	'<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="x"/><stateValue type="query"><stateAttribute type="constant"/></stateValue></stateChange></eventHandler>' "type=constant needs a value"
is "$(value '<stateValue type="int" value="1" mappingGroup="g"/>' '<mappingGroup id="g"><entry><stateValue type="int" value="1"/><stateValue type="string" value="one"/></entry></mappingGroup>')" \
	"string one" "$T1: a mapping group maps its key to its value"
is "$(value '<stateValue type="int" value="2" mappingGroup="g"/>' '<mappingGroup id="g"><entry><stateValue type="int" value="1"/><stateValue type="string" value="one"/></entry></mappingGroup>')" \
	"null null" "$T1: an unmatched mapping gives null"
is "$(value '<stateValue type="long" value="1" mappingGroup="g"/>' '<mappingGroup id="g"><entry><stateValue type="int" value="1"/><stateValue type="string" value="one"/></entry></mappingGroup>')" \
	"null null" "$T1: mapping keys compare with their type (Long 1 is not Integer 1)"
is "$(value '<stateValue type="string" value="$V"/>' '<definedValue name="V" value="defined"/>')" "string defined" \
	"$T1: \$name is replaced by the defined value"

T2=TmfXmlStateAttributeAndLocationCuTest
sp_refused "$T2: a location with an unknown id is an error" \
	'<eventHandler eventName="a"><stateChange><stateAttribute type="location" value="loc"/><stateValue type="int" value="1"/></stateChange></eventHandler>' "unknown location: id=loc"
printf '<tmfxml><stateProvider id="cu" version="1"><location id="loc"><stateAttribute type="constant" value="abc"/><stateAttribute type="eventField" value="myField"/></location><eventHandler eventName="sys_open"><stateChange><stateAttribute type="location" value="loc"/><stateAttribute type="constant" value="leaf"/><stateValue type="int" value="1"/></stateChange></eventHandler></stateProvider></tmfxml>\n' >"$T/loc.xml"
"$A" -q "$T/loc.xml" "$T/trace.xml" | cut -f2 | grep -qx 'abc/m/leaf'
ok $? "$T2: a location expands in place into its 2 path elements (abc/<myField>)"
sp_refused "$T2: constant needs a value" \
	'<eventHandler eventName="a"><stateChange><stateAttribute type="constant"/><stateValue type="int" value="1"/></stateChange></eventHandler>' "type=constant needs a value"
sp_refused "$T2: eventField needs a value" \
	'<eventHandler eventName="a"><stateChange><stateAttribute type="eventField"/><stateValue type="int" value="1"/></stateChange></eventHandler>' "type=eventField needs a value"

pattern() { # HANDLER-BODY -> file
	printf '<tmfxml><pattern id="p" version="1"><patternHandler>%s</patternHandler></pattern></tmfxml>\n' "$1" >"$T/p.xml"
}
T3=TmfXmlActionCuTest
pattern '<action id="a"><segment><segType segName="byattr"/></segment></action><action id="b"><segment><segType><segName><stateValue type="eventName"/></segName></segType></segment></action><fsm id="f" multiple="false"><state id="s"><transition event="sys_open" target="e" action="a:b"/></state><final id="e"/></fsm>'
is "$("$A" -q -s "$T/p.xml" "$T/trace.xml" | cut -f5 | tr '\n' ' ')" "byattr sys_open " \
	"$T3: segType as an attribute or as <segName><stateValue/>"
refused "$T3: <segTime> with both <end> and <duration> is an error" \
	'<tmfxml><pattern id="p" version="1"><patternHandler><action id="a"><segment><segType segName="x"/><segTime><begin type="int" value="1"/><end type="int" value="2"/><duration type="int" value="1"/></segTime></segment></action><fsm id="f"><state id="s"><transition target="e" action="a"/></state><final id="e"/></fsm></patternHandler></pattern></tmfxml>' \
	"exactly one of <end> or <duration>"
pattern '<action id="a"><segment><segType segName="x"/><segTime><begin type="string" value="1"/><duration type="string" value="5"/></segTime></segment></action><fsm id="f" multiple="false"><state id="s"><transition event="sys_open" target="e" action="a"/></state><final id="e"/></fsm>'
is "$("$A" -q -s "$T/p.xml" "$T/trace.xml" | cut -f2,3)" "$(printf '1\t6')" "$T3: begin and duration are wrapped to long"

T4=TmfXmlFsmCuTest
count_fsm() { # FSM-XML -> value of attribute n at the end
	pattern "<action id=\"inc\"><stateChange><stateAttribute type=\"constant\" value=\"n\"/><stateValue type=\"int\" value=\"1\" increment=\"true\"/></stateChange></action><action id=\"inc10\"><stateChange><stateAttribute type=\"constant\" value=\"n\"/><stateValue type=\"int\" value=\"10\" increment=\"true\"/></stateChange></action><test id=\"yes\"><if><condition><field name=\"f\"/><stateValue type=\"string\" value=\"12\"/></condition></if></test><test id=\"no\"><if><condition><field name=\"f\"/><stateValue type=\"string\" value=\"99\"/></condition></if></test>$1"
	"$A" -q "$T/p.xml" "$T/trace.xml" | awk -F'\t' '$2 == "n" { v = $6 } END { print v }'
}
is "$(count_fsm '<fsm id="f"><state id="s"><transition event="sys*" target="s" action="inc"/></state></fsm>')" 2 \
	"$T4: event=\"sys*\" matches the regex sys.* (2 of 3 events)"
is "$(count_fsm '<fsm id="f"><state id="s"><transition event="sys_open|other" target="s" action="inc"/></state></fsm>')" 2 \
	"$T4: event alternatives with |"
is "$(count_fsm '<fsm id="f"><state id="s"><transition cond="yes:no" target="s" action="inc"/><transition cond="yes" target="s" action="inc10"/></state></fsm>')" 10 \
	"$T4: cond=\"a:b\" is an AND"
is "$(count_fsm '<fsm id="f" multiple="false"><state id="s"><transition event="sys_open" target="e" action="inc:inc10"/></state><final id="e"/></fsm>')" 11 \
	"$T4: action=\"a:b\" runs both, in order"
is "$(count_fsm '<fsm id="f" multiple="false"><state id="s"><onexit action="inc"/><transition event="sys_open" target="t" action="inc"/></state><state id="t"><onentry action="inc10"/><transition event="other" target="e"/></state><final id="e"/></fsm>')" 12 \
	"$T4: onexit, transition action, onentry"
is "$(count_fsm '<fsm id="f" multiple="false"><precondition event="nothing"/><precondition event="other"/><state id="s"><transition target="e" action="inc"/></state><final id="e"/></fsm>')" 1 \
	"$T4: preconditions are an OR of (event AND cond)"
is "$(count_fsm '<fsm id="f" multiple="false" initial="s1"><initialState><transition event="sys_close" target="s2" action="inc10"/></initialState><state id="s1"><transition target="e" action="inc"/></state><state id="s2"><transition target="e" action="inc"/></state><final id="e"/></fsm>')" 11 \
	"$T4: <initialState> wins over initial= and its transitions are honoured"
is "$(count_fsm '<fsm id="f" multiple="false"><initial><transition event="nothing" cond="no" target="s2"/></initial><state id="s1"><transition target="e" action="inc10"/></state><state id="s2"><transition target="e" action="inc"/></state><final id="e"/></fsm>')" 1 \
	"$T4: <initial><transition target=X/> starts in X, its event and cond are ignored"
is "$(count_fsm '<fsm id="f" multiple="false"><state id="s1"><transition target="e" action="inc10"/></state><state id="s2"><transition target="e" action="inc"/></state><final id="e"/></fsm>')" 10 \
	"$T4: without any initial, the first state is initial"
refused "$T4: an undefined action is an error" '<tmfxml><pattern id="p" version="1"><patternHandler><fsm id="f"><state id="s"><transition target="e" action="zz"/></state><final id="e"/></fsm></patternHandler></pattern></tmfxml>' "undefined action: id=zz"
refused "$T4: an undefined test is an error" '<tmfxml><pattern id="p" version="1"><patternHandler><fsm id="f"><state id="s"><transition target="e" cond="zz"/></state><final id="e"/></fsm></patternHandler></pattern></tmfxml>' "undefined test: id=zz"
refused "$T4: an undefined target is an error" '<tmfxml><pattern id="p" version="1"><patternHandler><fsm id="f"><state id="s"><transition target="zz"/></state></fsm></patternHandler></pattern></tmfxml>' "undefined target state: target=zz"

# views: <name>, <display type="constant">, analysisId, $1 captures (semantics.md 5.3)
cat >"$T/v.xml" <<'X'
<tmfxml>
<stateProvider id="sp" version="1"><eventHandler eventName="*">
<stateChange><stateAttribute type="constant" value="Files"/><stateAttribute type="eventField" value="f"/><stateAttribute type="constant" value="label"/><stateValue type="eventField" value="myField"/></stateChange>
<stateChange><stateAttribute type="constant" value="Files"/><stateAttribute type="eventField" value="f"/><stateAttribute type="constant" value="state"/><stateValue type="eventName"/></stateChange>
</eventHandler></stateProvider>
<timeGraphView id="tg"><head><analysis id="sp"/></head>
<entry path="Files/1*" analysisId="sp"><display type="constant" value="state"/><name type="constant" value="label"/>
<entry path="$1"/></entry>
</timeGraphView>
</tmfxml>
X
out=$("$A" -q -v tg --part tree "$T/v.xml" "$T/trace.xml")
is "$(echo "$out" | cut -d, -f1 | tr '\n' ' ')" "trace.xml m m m " "views: one entry per matched attribute, named by <name>, under the trace entry"
rows=$("$A" -q -v tg --part rows "$T/v.xml" "$T/trace.xml")
is "$(echo "$rows" | head -1)" "m:1,2,-2147483648,sys_open" "views: rows are the intervals of the <display> attribute (duration to the end)"

# <id>/<parent>: an entry moves under the entry (same <entry> element) whose id is its parent value
cat >"$T/ptrace.xml" <<'X'
<trace>
<event timestamp="1" name="fork"><field name="tid" type="long" value="1"/><field name="ppid" type="long" value="0"/></event>
<event timestamp="2" name="fork"><field name="tid" type="long" value="2"/><field name="ppid" type="long" value="1"/></event>
<event timestamp="3" name="fork"><field name="tid" type="long" value="3"/><field name="ppid" type="long" value="2"/></event>
</trace>
X
cat >"$T/parent.xml" <<'X'
<tmfxml>
<stateProvider id="sp" version="1"><eventHandler eventName="fork">
<stateChange><stateAttribute type="constant" value="Threads"/><stateAttribute type="eventField" value="tid"/><stateAttribute type="constant" value="ppid"/><stateValue type="eventField" value="ppid"/></stateChange>
<stateChange><stateAttribute type="constant" value="Threads"/><stateAttribute type="eventField" value="tid"/><stateAttribute type="constant" value="tid"/><stateValue type="eventField" value="tid"/></stateChange>
</eventHandler></stateProvider>
<timeGraphView id="tg"><head><analysis id="sp"/></head>
<entry path="Threads/*"><display type="constant" value="tid"/><id type="constant" value="tid"/><parent type="constant" value="ppid"/></entry>
</timeGraphView>
</tmfxml>
X
is "$("$A" -q -v tg --part tree "$T/parent.xml" "$T/ptrace.xml" | cut -d, -f1,4 | tr '\n' ' ')" \
	"ptrace.xml,null 1,ptrace.xml 2,1 3,2 " "views: <id>/<parent> re-parent entries (3 under 2 under 1)"

done_testing
