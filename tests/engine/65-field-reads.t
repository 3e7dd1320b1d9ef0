#!/bin/sh
# An event's fields are read once per event and name (analyses/engine/event.h, ev_field_memo):
# each read must still see the current event's value. One field spelled in several places of
# one handler (a value, a path, a condition, a location), over events where it changes, stays
# the same, is missing, and where a second field changes alone.
. "$(dirname "$0")/../lib/tap.sh"

. "$HSATRACE_SRC/tests/lib/analyze-harness.sh"
analyze_start
cat >"$T/trace.xml" <<'X'
<trace>
<event timestamp="10" name="ev"><field name="f" type="long" value="1"/><field name="g" type="string" value="x"/></event>
<event timestamp="20" name="ev"><field name="f" type="long" value="2"/><field name="g" type="string" value="y"/></event>
<event timestamp="30" name="ev"><field name="f" type="long" value="2"/><field name="g" type="string" value="z"/></event>
<event timestamp="40" name="ev"><field name="g" type="string" value="w"/></event>
<event timestamp="50" name="ev"><field name="f" type="long" value="1"/><field name="g" type="string" value="v"/></event>
</trace>
X
cat >"$T/a.xml" <<'X'
<tmfxml><stateProvider id="memo" version="1">
<location id="byf"><stateAttribute type="constant" value="byf"/><stateAttribute type="eventField" value="f"/></location>
<eventHandler eventName="ev">
<stateChange><stateAttribute type="constant" value="a"/><stateValue type="eventField" value="f"/></stateChange>
<stateChange><stateAttribute type="constant" value="b"/><stateValue type="eventField" value="f"/></stateChange>
<stateChange><stateAttribute type="location" value="byf"/><stateValue type="eventField" value="g"/></stateChange>
<stateChange><if><condition><field name="f"/><stateValue type="long" value="2"/></condition></if>
<then><stateAttribute type="constant" value="two"/><stateValue type="eventField" value="g"/></then>
<else><stateAttribute type="constant" value="two"/><stateValue type="null"/></else></stateChange>
</eventHandler></stateProvider></tmfxml>
X
plan 6
"$A" -q --no-validate "$T/a.xml" "$T/trace.xml" >"$T/out" 2>"$T/err"
ok $? "the analysis runs"
# analysis path start end type value, as Trace Compass closes them at the last event (50)
vals() { awk -F'\t' -v p="$1" '$2 == p { printf "%s:%s:%s ", $3, $5, $6 }' "$T/out"; }
is "$(vals a)" "10:long:1 20:long:2 40:null:null 50:long:1 " \
	"a: each event's f (null where it is missing)"
is "$(vals b)" "$(vals a)" "b, a second spelling of f in the same handler: the same values"
is "$(vals byf/2)" "10:null:null 20:string:y 30:string:z " \
	"a path on f: the attribute of the current event's f, with its g"
is "$(vals byf/1)" "10:string:x 50:string:v " \
	"... and after an event without f (no path), f = 1 again: byf/1"
is "$(vals two)" "10:null:null 20:string:y 30:string:z 40:null:null " \
	"a condition on f: true at the events where f = 2 only"
