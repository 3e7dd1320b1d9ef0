#!/bin/sh
# What unify takes as its inputs and where its output may go: an output inside an input is
# refused (a later unify of that input would read it back), and so is an input given twice; an
# earlier unify output found inside a recording is skipped, said once; two recordings made with
# different event-schema versions keep their own run names and versions in the output's
# environment.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/unify-harness.sh"
unify_require
plan 21

record_start
val() { sed -n "s/^$1=//p" "$2"; }
env_of() { babeltrace2 --output-format=ctf-metadata "$1" 2>/dev/null; }

rec -o "$tmp/rec" -- "$app" 2>/dev/null
n_in=$(babeltrace2 "$tmp/rec" 2>/dev/null | wc -l)

# An output inside its input, or an input inside the output: a usage error, nothing written.
"$unify" "$tmp/rec" -o "$tmp/rec/out" 2>"$tmp/nested.log"
is $? 2 "output inside an input: usage error (2)"
grep -q 'output must not be inside an input' "$tmp/nested.log" && [ ! -e "$tmp/rec/out" ]
ok $? "said, and nothing written" || sed 's/^/# /' "$tmp/nested.log" >&2
"$unify" "$tmp/rec" -o "$tmp/rec/sub/../out" 2>/dev/null
is $? 2 "also through .. and a folder that does not exist yet"
mkdir "$tmp/outer" && cp -r "$tmp/rec" "$tmp/outer/in"
"$unify" "$tmp/outer/in" -o "$tmp/outer" 2>"$tmp/inner.log"
is $? 2 "an input inside the output: usage error (2)"
grep -q 'input must not be inside the output' "$tmp/inner.log"
ok $? "said" || sed 's/^/# /' "$tmp/inner.log" >&2
"$unify" "$tmp/rec" -o "$tmp/recout" 2>/dev/null
ok $? "a sibling output whose name starts like the input is fine"
# An input given twice: the same folder, or a trace inside another input (as a -c pass too).
"$unify" "$tmp/rec" "$tmp/rec/" -o "$tmp/twice" 2>"$tmp/twice.log"
is $? 2 "the same input twice: usage error (2)"
grep -q 'an input is given twice (the same folder' "$tmp/twice.log" && [ ! -e "$tmp/twice" ]
ok $? "said, and nothing written" || sed 's/^/# /' "$tmp/twice.log" >&2
inner=$(dirname "$(find "$tmp/rec" -name metadata | head -n 1)")
"$unify" "$tmp/rec" -c "$inner" -o "$tmp/twice" 2>"$tmp/twice.log"
is $? 2 "a -c pass inside an input: usage error (2)"
grep -q 'an input is given twice (one inside the other' "$tmp/twice.log" && [ ! -e "$tmp/twice" ]
ok $? "said, and nothing written" || sed 's/^/# /' "$tmp/twice.log" >&2

# An earlier unify output kept inside the recording is not read again.
mv "$tmp/recout" "$tmp/rec/unified"
"$unify" --summary "$tmp/rec" -o "$tmp/again" >"$tmp/again.sum" 2>"$tmp/again.log"
ok $? "unify of a recording holding an earlier output exits 0" || sed 's/^/# /' "$tmp/again.log" >&2
is "$(babeltrace2 "$tmp/again" 2>/dev/null | grep -cv ' hsa_gpu:')" "$n_in" "every event read once ($n_in)"
is "$(grep -c 'skipping unified traces found inside the inputs' "$tmp/again.log")" 1 "said once"
is "$(val skipped_unified "$tmp/again.sum")" 1 "and counted"

# Two recordings with different schema versions: each keeps its run name and version.
rm -rf "$tmp/rec/unified"
rm -rf "$tmp/rec/unified"
rec -o "$tmp/v9" -- "$app" --schema 9.0 2>/dev/null
"$unify" "$tmp/rec" "$tmp/v9" -o "$tmp/mixed" 2>"$tmp/mixed.log"
meta=$(env_of "$tmp/mixed")
schema=$(sed -n 's/^#define HSAT_SCHEMA_VERSION "\(.*\)"$/\1/p' "$HSATRACE_SRC/schema/hsatrace_schema.h")
echo "$meta" | grep -q "hsatrace_runs = \"run0=$tmp/rec;run1=$tmp/v9\""
ok $? "the runs are named run0 and run1" || echo "$meta" | grep hsatrace_ | sed 's/^/# /' >&2
echo "$meta" | grep -q "hsatrace_run0_schema_version = \"$schema\"" &&
	echo "$meta" | grep -q 'hsatrace_run1_schema_version = "9.0"'
ok $? "each run keeps its schema version" || echo "$meta" | grep hsatrace_ | sed 's/^/# /' >&2
echo "$meta" | grep -q "hsatrace_schema_version = \"$schema;9.0\""
ok $? "hsatrace_schema_version lists both"
grep -q "recorded with different event-schema versions: run0=$schema run1=9.0" "$tmp/mixed.log"
ok $? "a warning says the versions differ" || sed 's/^/# /' "$tmp/mixed.log" >&2
stats=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-stats
"$stats" "$tmp/mixed" 2>/dev/null | grep -q '^schema: mixed$'
ok $? "hsatrace stats reads the output and says the schema is mixed"
"$HSATRACE_BUILD/libexec/hsatrace/hsatrace-views" -o "$tmp/views" "$tmp/mixed" >/dev/null 2>"$tmp/views.err"
ok $? "hsatrace views reads its schema version"
is "$(grep -c 'recorded with event schema 9.0 but' "$tmp/views.err")" 1 \
	"and warns, once, that run1's schema 9.0 is not the views'" || sed 's/^/# /' "$tmp/views.err" >&2

done_testing
