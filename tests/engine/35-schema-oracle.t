#!/bin/sh
# Without --xsd, hsatrace analyze validates with its own rules of Trace Compass's XSD
# (analyses/engine/schema_rules.c): they must refuse what the XSD refuses and accept what it
# accepts. The oracle is xmllint with ../shared's xmlDefinition.xsd, over Trace Compass's test
# files and hsatrace's views, each mutated (tests/engine/schema-mutate.pl) into files that are
# invalid in many small ways, or still valid.
. "$(dirname "$0")/../lib/tap.sh"

REF="$HSATRACE_SRC/../shared/reference/tracecompass"
XSD="$REF/xsd/xmlDefinition.xsd"
[ -f "$XSD" ] || skip_all "no Trace Compass XSD at $XSD (../shared is absent)"
command -v xmllint >/dev/null 2>&1 || skip_all "xmllint is not installed (libxml2-utils)"
. "$HSATRACE_SRC/tests/lib/analyze-harness.sh"
analyze_start

k=0
for src in "$REF"/conformance/test_xml_files/test_valid/*.xml "$REF"/conformance/test_xml_files/test_invalid/*.xml \
	"$HSATRACE_SRC"/xml-views/*.xml; do
	k=$((k + 1))
	mkdir "$T/$k"
	echo "$src" >"$T/$k.src"
	cp "$src" "$T/$k/original.xml"
	perl "$HSATRACE_SRC/tests/engine/schema-mutate.pl" "$src" "$T/$k" 6
done
# one run of each over every file: the valid ones, as paths
xmllint --noout --schema "$XSD" "$T"/*/*.xml 2>&1 | sed -n 's/ validates$//p' | sort >"$T/xsd.valid"
"$A" -q -c "$T"/*/*.xml 2>/dev/null | sed -n 's/: valid\(, [0-9]* refused\)\{0,1\}$//p' | sort >"$T/ours.valid"

i=0
while [ $i -lt $k ]; do
	i=$((i + 1))
	n=$(ls "$T/$i" | wc -l | tr -d ' ')
	nvalid=$(grep -c "^$T/$i/" "$T/xsd.valid")
	diff=$(diff "$T/xsd.valid" "$T/ours.valid" | grep "^[<>] $T/$i/")
	[ -z "$diff" ]
	ok $? "$(basename "$(cat "$T/$i.src")"): $n files (original and mutants), $nvalid valid: the same verdicts as the XSD" ||
		echo "$diff" | sed "s|^<|# valid for the XSD only:|; s|^>|# valid for us only:|" >&2
done

# the issue's examples, with the messages
sp() { printf '<tmfxml><pattern id="p" version="1"><patternHandler>%s<fsm id="f"><state id="s"><transition target="e"/></state><final id="e"/>%s</fsm></patternHandler></pattern></tmfxml>\n' "$1" "$2" >"$T/$3.xml"; }
sp '' '<abandon/>' abandon
out=$("$A" -c "$T/abandon.xml" 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q 'abandon.xml:1: element <abandon>: this element is not expected (in <fsm>)'
ok $? "<abandon> in an <fsm> is refused without --xsd, naming the element"
sp '<action id="a"><segment><segType segName="x"/><segContent><segField name="f" type="double" value="1"/></segContent></segment></action>' '' segdouble
"$A" -c "$T/segdouble.xml" 2>&1 | grep -q "element <segField>: attribute 'type': 'double' is not one of the allowed values"
ok $? "segField type=\"double\" is refused without --xsd"
done_testing
