#!/bin/sh
# What unify takes as its inputs and where its output may go: an output inside an input is
# refused (a later unify of that input would read it back); an earlier unify output found
# inside a recording is skipped, said once.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

record=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-record
unify=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-unify
app=$HSATRACE_BUILD/tests/unify/gpu_emitter
for p in "$record" "$unify" "$app"; do
	[ -x "$p" ] || skip_all "not built: $p"
done
plan 10

lttng_harness_start || exit 1
tmp=$LTTNG_HARNESS_DIR
rec() { "$record" --no-tracer --no-kernel -e activity "$@"; }
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

# An earlier unify output kept inside the recording is not read again.
mv "$tmp/recout" "$tmp/rec/unified"
"$unify" --summary "$tmp/rec" -o "$tmp/again" >"$tmp/again.sum" 2>"$tmp/again.log"
ok $? "unify of a recording holding an earlier output exits 0" || sed 's/^/# /' "$tmp/again.log" >&2
is "$(val events_in "$tmp/again.sum")" "$n_in" "every event read once ($n_in)"
is "$(grep -c 'skipping unified traces found inside the inputs' "$tmp/again.log")" 1 "said once"
is "$(val skipped_unified "$tmp/again.sum")" 1 "and counted"

done_testing
