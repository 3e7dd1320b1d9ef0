#!/bin/sh
# The field and event names the analyses spell as string literals are the schema's: the build
# runs `hsatrace-schemagen check-fields` on analyses/*/*.c; a renamed field or event is reported
# by file, line and name, and fails.
. "$(dirname "$0")/../lib/tap.sh"
gen=$HSATRACE_BUILD/tools/hsatrace-schemagen
[ -x "$gen" ] || skip_all "hsatrace-schemagen is not built in $HSATRACE_BUILD"
plan 7
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT

"$gen" check-fields "$tmp/stamp" "$HSATRACE_SRC"/analyses/*/*.c 2>"$tmp/err"
ok $? "every field the analyses name is in the schema" || sed 's/^/# /' "$tmp/err" >&2
[ -f "$tmp/stamp" ]
ok $? "and the stamp is written"

# A real reader with one field renamed, as after a rename in schema/ without the analyses.
sed 's/trace_event_get_u64(ev, "correlation_id"/trace_event_get_u64(ev, "call_id"/' \
	"$HSATRACE_SRC/analyses/stats/stats_model.c" >"$tmp/stats_model.c"
n=$(grep -c '"call_id"' "$tmp/stats_model.c")
"$gen" check-fields "$tmp/stamp2" "$tmp/stats_model.c" 2>"$tmp/err2"
is $? 1 "a field missing from the schema fails the check"
is "$(grep -c 'field "call_id" is not in the hsatrace schema' "$tmp/err2")" "$n" \
	"each use is reported ($n)"
line=$(grep -n '"call_id"' "$tmp/stats_model.c" | head -1 | cut -d: -f1)
grep -q "^$tmp/stats_model.c:$line: " "$tmp/err2" && [ ! -f "$tmp/stamp2" ]
ok $? "by file and line, and no stamp is written" || sed 's/^/# /' "$tmp/err2" >&2

printf 'static void f(void)\n{\n\tx(F("no_such_field"), export_field_str(ev, "scope"));\n}\n' >"$tmp/f.c"
"$gen" check-fields "$tmp/stamp3" "$tmp/f.c" 2>"$tmp/err3"
[ $? -eq 1 ] && grep -q 'f.c:3: field "no_such_field"' "$tmp/err3" && ! grep -q '"scope"' "$tmp/err3"
ok $? "the one-argument F() accessor is read too; a schema field passes" || sed 's/^/# /' "$tmp/err3" >&2

sed 's/"hsa_gpu:kernel_counter"/"hsa_gpu:dispatch_counter"/' \
	"$HSATRACE_SRC/analyses/unify/gpu_synth.c" >"$tmp/gpu_synth.c"
"$gen" check-fields "$tmp/stamp4" "$tmp/gpu_synth.c" 2>"$tmp/err4"
[ $? -eq 1 ] && grep -q 'event "hsa_gpu:dispatch_counter" is not in the hsatrace schema' "$tmp/err4"
ok $? "an event name missing from the schema fails the check too" || sed 's/^/# /' "$tmp/err4" >&2
