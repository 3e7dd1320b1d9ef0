#!/bin/sh
# Trace Compass's behaviour where the engine used to differ (issue 15): one group of assertions per
# behaviour, named after the Java class that pins it down, on own analyses and stub traces written
# here.
. "$(dirname "$0")/../lib/tap.sh"

. "$HSATRACE_SRC/tests/lib/analyze-harness.sh"
analyze_start

stub() { # NAME EVENTS...: a stub trace, each EVENT "TS NAME [FIELD=TYPE:VALUE...]"
	f="$T/$1.trace.xml"
	shift
	echo '<trace>' >"$f"
	for ev in "$@"; do
		set -- $ev
		printf '<event timestamp="%s" name="%s">' "$1" "$2" >>"$f"
		shift 2
		for fl in "$@"; do
			n=${fl%%=*}; tv=${fl#*=}
			printf '<field name="%s" type="%s" value="%s"/>' "$n" "${tv%%:*}" "${tv#*:}" >>"$f"
		done
		echo '</event>' >>"$f"
	done
	echo '</trace>' >>"$f"
}
intervals() { # XML TRACE [ARGS...] -> "path start end type value"
	x=$1; tr=$2; shift 2
	"$A" -q "$@" "$x" "$tr" | cut -f2-
}
nsegs() { "$A" -q -s "$1" "$2" | grep -c .; }

# ---------------------------------------------------------------- item 4
T4=TmfXmlFsmStateCu
stub ab "1 a" "2 a" "3 b"
fsm_file() { # NAME FSM_ATTRIBUTES
	cat >"$T/$1.xml" <<X
<tmfxml><pattern id="$1" version="1"><patternHandler>
<action id="seg"><segment><segType segName="s"/></segment></action>
<fsm id="f" $2><state id="s"><transition event="a" target="m"/></state>
<state id="m"><transition event="b" target="e" action="seg"/></state><final id="e"/></fsm>
</patternHandler></pattern></tmfxml>
X
}
fsm_file multi_true 'consuming="false"'
fsm_file multi_1 'multiple="1" consuming="false"'
fsm_file multi_TRUE 'multiple="TRUE" consuming="false"'
fsm_file cons_true ''
fsm_file cons_0 'consuming="0"'
fsm_file cons_1 'consuming="1"'
is "$(nsegs "$T/multi_true.xml" "$T/ab.trace.xml") $(nsegs "$T/multi_1.xml" "$T/ab.trace.xml")" "2 1" \
	"$T4: multiple=\"1\" is false (Boolean.parseBoolean): one scenario, where the default (true) gives two"
is "$("$A" -q -s --no-validate "$T/multi_TRUE.xml" "$T/ab.trace.xml" | grep -c .)" 2 \
	"$T4: multiple=\"TRUE\" is true (case-insensitive; a file the XSD refuses, compiled with --no-validate)"
is "$(nsegs "$T/cons_true.xml" "$T/ab.trace.xml") $(nsegs "$T/cons_0.xml" "$T/ab.trace.xml") $(nsegs "$T/cons_1.xml" "$T/ab.trace.xml")" \
	"1 2 2" "$T4: consuming=\"0\" and consuming=\"1\" are false: b is not consumed by the first scenario, as by default"

# ---------------------------------------------------------------- item 7
T7=XmlTimeGraphDataProvider
stub nums "1 a n=long:3" "5 a n=long:-7" "9 b"
cat >"$T/dbl.xml" <<'X'
<tmfxml><stateProvider id="dbl" version="1">
<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="d"/>
<stateValue type="eventField" value="n" forcedType="double"/></stateChange></eventHandler>
</stateProvider>
<timeGraphView id="v"><head><analysis id="dbl"/></head><entry path="*"><display type="self"/></entry></timeGraphView>
</tmfxml>
X
is "$("$A" -q -v v --part rows "$T/dbl.xml" "$T/nums.trace.xml")" "d:1,4,3,null,5,4,-7,null" \
	"$T7: a Double state has its (int) value and a null label"
"$A" -q -v v --part rows -f json "$T/dbl.xml" "$T/nums.trace.xml" | grep -q '"value":3,"label":null'
ok $? "$T7: a Double state's label is null in JSON"

# ---------------------------------------------------------------- item 11
T11=DataDrivenValuePool
cat >"$T/spool.xml" <<'X'
<tmfxml><stateProvider id="spool" version="1">
<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="P"/><stateAttribute type="pool"/>
<stateValue type="eventField" value="n"/></stateChange></eventHandler>
</stateProvider></tmfxml>
X
is "$(intervals "$T/spool.xml" "$T/nums.trace.xml" | grep '^P/')" "$(printf 'P/0\t1\t4\tlong\t3\nP/0\t5\t9\tlong\t-7')" \
	"$T11: a pool in a stateProvider is always child 0 (the dummy scenario keeps its first pick)"

# ---------------------------------------------------------------- item 8
T8=TransientState.changeOngoingStateValue
cat >"$T/upd.xml" <<'X'
<tmfxml><stateProvider id="upd" version="1">
<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="x"/>
<stateValue type="string" value="s" update="true"/></stateChange></eventHandler>
<eventHandler eventName="b"><stateChange><stateAttribute type="constant" value="x"/>
<stateValue type="int" value="1"/></stateChange></eventHandler>
</stateProvider></tmfxml>
X
out=$(intervals "$T/upd.xml" "$T/nums.trace.xml" 2>"$T/upd.err"); rc=$?
is "$rc:$out" "$(printf '0:x\t1\t8\tstring\ts\nx\t9\t9\tint\t1')" \
	"$T8: update=\"true\" records no type, a later modify of another type is fine"

# ---------------------------------------------------------------- item 6
T6=StateSystem.closeHistory
cat >"$T/fut.xml" <<'X'
<tmfxml><stateProvider id="fut" version="1">
<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="now"/>
<stateValue type="eventField" value="n"/></stateChange></eventHandler>
<eventHandler eventName="b"><stateChange><stateAttribute type="constant" value="later"/>
<stateValue type="int" value="1"/><futureTime type="long" value="20"/></stateChange></eventHandler>
</stateProvider></tmfxml>
X
is "$(intervals "$T/fut.xml" "$T/nums.trace.xml" | sort)" \
	"$(printf 'later\t1\t19\tnull\tnull\nnow\t1\t4\tlong\t3\nnow\t5\t19\tlong\t-7')" \
	"$T6: a future change beyond the last event extends every attribute's last interval"

# ---------------------------------------------------------------- item 2
T2=DataDrivenValueTypedWrapper
stub seg "1 a n=long:3 s=string:abc"
seg_file() { # NAME SEGFIELDS
	cat >"$T/$1.xml" <<X
<tmfxml><pattern id="$1" version="1">
<mappingGroup id="g"><entry><stateValue type="int" value="1"/><stateValue type="string" value="one"/></entry></mappingGroup>
<patternHandler>
<action id="seg"><segment><segType segName="s"/><segContent>$2</segContent></segment></action>
<fsm id="f"><state id="s"><transition event="a" target="e" action="seg"/></state><final id="e"/></fsm>
</patternHandler></pattern></tmfxml>
X
}
fields() { "$A" -q -s "$1" "$T/seg.trace.xml" | cut -f6; }
seg_file segstr '<segField name="f" type="string"><stateValue type="eventField" value="n"/></segField>'
is "$(fields "$T/segstr.xml")" "f=string:3" "$T2: a type=\"string\" field converts a Long (Long.toString)"
seg_file segmap '<segField name="f" type="long"><stateValue type="int" value="1" mappingGroup="g"/></segField>'
is "$(fields "$T/segmap.xml")" "f=long:1" "$T2: the inner value's mappingGroup is not applied"
seg_file segforced '<segField name="f" type="string"><stateValue type="eventField" value="n" forcedType="double"/></segField>'
is "$(fields "$T/segforced.xml")" "f=string:3" "$T2: the inner value's forcedType is not applied"
seg_file segbad '<segField name="f" type="int"><stateValue type="eventField" value="s"/></segField>'
out=$("$A" -q -s "$T/segbad.xml" "$T/seg.trace.xml" 2>&1); rc=$?
[ $rc -ne 0 ] && echo "$out" | grep -q 'analysis segbad failed at time 1.*cannot convert to int: value="abc"'
ok $? "$T2: an int field from \"abc\" fails the analysis (exit $rc)"
seg_file segconst '<segField name="f" type="int" value="abc"/>'
out=$("$A" -q -c "$T/segconst.xml" 2>&1); rc=$?
[ $rc -ne 0 ] && echo "$out" | grep -q 'analysis segconst refused: element <segField>: segField value is not a parseable int: value=abc'
ok $? "$T2: a constant int field \"abc\" refuses the analysis (TmfXmlStateValueCu.convertValueToType)"
seg_file segboth '<segField name="f" type="long" value="7"><stateValue type="eventField" value="n"/></segField>'
is "$(fields "$T/segboth.xml")" "f=long:7" "$T2: a value attribute wins over a stateValue"

# ---------------------------------------------------------------- item 3
T3=DataDrivenScenario.cancel
stub unfinished "1 a" "5 b" "9 b"
cat >"$T/unfinished.xml" <<'X'
<tmfxml><pattern id="unfinished" version="1"><patternHandler>
<action id="use"><stateChange><stateAttribute type="constant" value="Ops"/><stateAttribute type="pool"/>
<stateValue type="eventName"/></stateChange></action>
<fsm id="f"><state id="s"><transition event="a" target="m" action="use"/></state>
<state id="m"><transition event="c" target="e"/></state><final id="e"/></fsm>
</patternHandler></pattern></tmfxml>
X
intervals "$T/unfinished.xml" "$T/unfinished.trace.xml" >"$T/unfinished.out"
got() { awk -F'\t' -v p="$1" '$1 == p { print $2 " " $3 " " $4 " " $5 }' "$T/unfinished.out" | sort -n | tr '\n' ';'; }
is "$(got scenarios/f/0/status) $(got scenarios/f/1/status)" "1 3 int 1;4 9 null null; 1 4 null null;5 9 int 0;" \
	"$T3: a scenario in progress at the end is removed at the history's current end (4), ABANDONED never written; a pending one is left"
is "$(got scenarios/f/0/state)" "1 3 string m;4 9 null null;" "$T3: its state is removed too"
is "$(got Ops/0)" "1 3 string a;4 9 null null;" "$T3: its pool attribute is recycled"

# ---------------------------------------------------------------- item 10
T10=TmfXmlStateValueCu.compileValue
script_file() { # NAME SCRIPT_STATEVALUE
	cat >"$T/$1.xml" <<X
<tmfxml><stateProvider id="$1" version="1">
<eventHandler eventName="a"><stateChange><stateAttribute type="constant" value="x"/>
$2</stateChange></eventHandler>
</stateProvider></tmfxml>
X
}
script_file badkid '<stateValue type="script" value="n + 1"><stateValue id="n" type="int" value="one"/></stateValue>'
out=$("$A" -c "$T/badkid.xml" 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q 'analysis badkid refused: element <stateValue>: invalid int value: value=one'
ok $? "$T10: a script whose child stateValue does not compile refuses the analysis"
script_file nullscript '<stateValue type="script" value="$nowhere"/>'
"$A" -c "$T/nullscript.xml" 2>&1 | grep -q 'analysis nullscript refused: element <stateValue>: the script resolves to null'
ok $? "$T10: a script naming an undefined \$X refuses the analysis"
script_file skipped '<stateValue type="script" value="n + 1"><stateValue id="n" type="eventField" value="n"/></stateValue>'
out=$("$A" -q "$T/skipped.xml" "$T/nums.trace.xml" 2>&1 >/dev/null); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q 'analysis skipped: results incomplete: 2 state changes skipped: script values are unsupported'
ok $? "$T10: skipped script values make the results incomplete: said on stderr (even with -q), exit 1 ($rc)"
"$A" -q --allow-incomplete "$T/skipped.xml" "$T/nums.trace.xml" >/dev/null 2>"$T/skipped.err"
is "$?:$(cat "$T/skipped.err")" "0:" "$T10: --allow-incomplete accepts incomplete results (exit 0; no note with -q)"

# ---------------------------------------------------------------- item 13
T13=TmfAnalysisModuleHelperXml.appliesToTraceType
typed() { # NAME TRACETYPE_ID
	cat >"$T/$1.xml" <<X
<tmfxml><stateProvider id="$1" version="1"><head><traceType id="$2"/></head>
<eventHandler eventName="*"><stateChange><stateAttribute type="constant" value="x"/>
<stateValue type="eventName"/></stateChange></eventHandler>
</stateProvider></tmfxml>
X
}
typed kern org.eclipse.linuxtools.lttng2.kernel.tracetype
typed ust org.eclipse.linuxtools.lttng2.ust.tracetype
typed ctf org.eclipse.linuxtools.tmf.ui.type.ctf
typed stubtype org.eclipse.linuxtools.tmf.core.tests.xmlstub
UST="$HSATRACE_SRC/tests/engine/traces/vector_copy"
warnings() { # TRACE XML...: the trace-type warnings of each run, one line each
	tr=$1; shift
	for x in "$@"; do "$A" "$x" "$tr" 2>&1 >/dev/null | grep 'warning: analysis'; done
}
is "$(warnings "$UST" "$T/kern.xml" "$T/ust.xml" "$T/ctf.xml")" \
	"hsatrace analyze: warning: analysis kern: none of its trace types fits an LTTng UST trace: Trace Compass would not offer it (run anyway)" \
	"$T13: a kernel analysis on a UST-only trace is warned about, UST and generic CTF ones are not"
is "$(warnings "$T/nums.trace.xml" "$T/ctf.xml" "$T/stubtype.xml")" \
	"hsatrace analyze: warning: analysis ctf: none of its trace types fits an XML stub trace: Trace Compass would not offer it (run anyway)" \
	"$T13: a CTF analysis on a stub trace is warned about, a stub one is not"
# The same stub trace through a pipe (as `<(...)` gives it): still a stub trace, not unknown.
mkfifo "$T/nums.fifo"
piped=$(for x in "$T/ctf.xml" "$T/stubtype.xml"; do
	timeout 30 cat "$T/nums.trace.xml" >"$T/nums.fifo" &
	timeout 30 "$A" "$x" "$T/nums.fifo" 2>&1 >/dev/null | grep 'warning: analysis'
	wait
done)
is "$piped" \
	"hsatrace analyze: warning: analysis ctf: none of its trace types fits an XML stub trace: Trace Compass would not offer it (run anyway)" \
	"$T13: a stub trace read from a pipe is a stub trace too"

# ---------------------------------------------------------------- item 9
T9=TmfXmlEventHandlerCu
stub names "1 ev1" "2 EV_UPPER" "3 eabx" "4 evx" "5 prov:entry"
matched() { # EVENTNAME_REGEX: the names of the events its handler matched
	cat >"$T/rx.xml" <<X
<tmfxml><stateProvider id="rx" version="1">
<eventHandler eventName="$1"><stateChange><stateAttribute type="constant" value="x"/>
<stateValue type="eventName"/></stateChange></eventHandler>
</stateProvider></tmfxml>
X
	"$A" -q "$T/rx.xml" "$T/names.trace.xml" 2>&1 | awk -F'\t' '$2 == "x" && $5 == "string" { printf "%s ", $6 } !/^rx/ { print }'
}
is "$(matched 'ev\d')" "ev1 " "$T9: \\d is a digit (java.util.regex, not POSIX)"
is "$(matched '(?i)ev_upper')" "EV_UPPER " "$T9: (?i) makes the match case-insensitive"
is "$(matched '(?!ev)\w+')" "EV_UPPER eabx " "$T9: a negative lookahead"
is "$(matched '\p{Lu}+_\p{Lu}+')" "EV_UPPER " "$T9: Unicode categories (\\p{Lu})"
cat >"$T/rxfsm.xml" <<'X'
<tmfxml><pattern id="rxfsm" version="1"><patternHandler>
<action id="seg"><segment><segType segName="s"/></segment></action>
<fsm id="f"><state id="s"><transition event="ev\d" target="e" action="seg"/></state><final id="e"/></fsm>
</patternHandler></pattern></tmfxml>
X
is "$(nsegs "$T/rxfsm.xml" "$T/names.trace.xml")" 1 "$T9 (TmfXmlFsmStateTransitionCu): transition events are Java regexes too"

# ---------------------------------------------------------------- item 5
T5=CtfTmfEventField
cat >"$T/names.xml" <<'X'
<tmfxml><stateProvider id="names" version="1">
<eventHandler eventName="*">
<stateChange><stateAttribute type="constant" value="u_function"/><stateValue type="eventField" value="_function"/></stateChange>
<stateChange><stateAttribute type="constant" value="function"/><stateValue type="eventField" value="function"/></stateChange>
<stateChange><stateAttribute type="constant" value="ctx_u_vtid"/><stateValue type="eventField" value="context._vtid"/></stateChange>
<stateChange><stateAttribute type="constant" value="ctx_vtid"/><stateValue type="eventField" value="context.vtid"/></stateChange>
</eventHandler></stateProvider></tmfxml>
X
"$A" "$T/names.xml" "$UST" >"$T/names.out" 2>"$T/names.err"
is "$(awk -F'\t' '$5 != "null" { print $2 }' "$T/names.out" | sort -u | tr '\n' ' ')" "ctx_u_vtid function " \
	"$T5: _function and context.vtid are null on a CTF trace (Trace Compass's names: function, context._vtid)"
is "$(grep -c 'warning: field' "$T/names.err"):$(grep -c 'warning: field _function is null, as in Trace Compass.*write function$' "$T/names.err"):$(grep -c 'warning: field context.vtid is null.*write context._vtid$' "$T/names.err")" \
	"2:1:1" "$T5: one warning per name that is null, saying which name to write"

# ---------------------------------------------------------------- item 9, FSM events
T9b=TmfXmlFsmStateTransitionCu
trans() { # NAME EVENT_ATTRIBUTE
	cat >"$T/$1.xml" <<X
<tmfxml><pattern id="$1" version="1"><patternHandler>
<action id="seg"><segment><segType segName="s"/></segment></action>
<fsm id="f"><state id="s"><transition event="$2" target="e" action="seg"/></state><final id="e"/></fsm>
</patternHandler></pattern></tmfxml>
X
}
trans split '(ev1|evx)'
"$A" -c "$T/split.xml" 2>&1 | grep -q 'analysis split refused: element <transition>: bad regex: event=(ev1'
ok $? "$T9b: a transition's events are split on | before compiling: (ev1|evx) is two bad patterns, refused"
trans empty ''
is "$(nsegs "$T/empty.xml" "$T/names.trace.xml")" 5 "$T9b: event=\"\" accepts every event"

# ---------------------------------------------------------------- view entry paths
cat >"$T/paths.xml" <<'X'
<tmfxml><stateProvider id="paths" version="1">
<eventHandler eventName="*"><stateChange><stateAttribute type="eventName"/><stateValue type="int" value="1"/></stateChange></eventHandler>
</stateProvider>
<timeGraphView id="pv"><head><analysis id="paths"/></head><entry path="ev\d"><display type="self"/></entry></timeGraphView>
<timeGraphView id="pv2"><head><analysis id="paths"/></head><entry path="e(.)*"><display type="self"/></entry></timeGraphView>
</tmfxml>
X
is "$("$A" -q -v pv --part tree "$T/paths.xml" "$T/names.trace.xml" | cut -d, -f1 | tr '\n' ' ')" "names.trace.xml ev1 " \
	"$T7: an entry path segment is a Java regex matched against the whole attribute name (ev\\d)"
is "$("$A" -q -v pv2 --part tree "$T/paths.xml" "$T/names.trace.xml" | cut -d, -f1 | tr '\n' ' ')" "names.trace.xml ev1 eabx evx " \
	"$T7: its metacharacters are not escaped (e(.)*)"

# ---------------------------------------------------------------- issue 15 item 1
T1=CTFTraceReader
# Trace Compass's CTF reader keeps one iterator per stream in a priority queue keyed by the
# current event's timestamp: a trace is ordered by its events, whatever its packets' times.
# overlap_trace writes packets that overlap (each begins, and holds an event, before the
# previous one of its stream ends); event n is the n-th in time order.
ovl=$HSATRACE_BUILD/tests/damaged/overlap_trace
if [ -x "$ovl" ] && "$ovl" "$T/ovl"; then
	cat >"$T/ovl.xml" <<'X'
<tmfxml><stateProvider id="ovl" version="1">
<eventHandler eventName="ovl:tick"><stateChange><stateAttribute type="constant" value="n"/>
<stateValue type="eventField" value="n"/></stateChange></eventHandler>
</stateProvider></tmfxml>
X
	"$A" -q "$T/ovl.xml" "$T/ovl" >"$T/ovl.out" 2>"$T/ovl.err"
	is "$?:$(cat "$T/ovl.err")" "0:" "$T1: packets overlapping in time are read whole (exit 0, nothing on stderr)"
	is "$(cut -f6 "$T/ovl.out" | tr '\n' ' ')" "1 2 3 4 5 6 7 8 9 " \
		"$T1: events in timestamp order across streams, packet times aside"
	is "$(cut -f3 "$T/ovl.out" | tr '\n' ' ')" "1000 1500 2000 3500 4000 6000 7000 7800 9000 " \
		"$T1: each at its own timestamp (none moved)"
else
	skip 3 "$T1: overlap_trace is not built in $HSATRACE_BUILD/tests/damaged"
fi

done_testing
