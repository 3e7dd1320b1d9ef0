#!/bin/sh
# hsatrace views: copies the installed views (share/hsatrace/xml-views, a copy of the
# committed xml-views/) next to a trace; clear errors and exit codes otherwise.
. "$(dirname "$0")/../lib/tap.sh"
cmd=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-views
[ -x "$cmd" ] || skip_all "hsatrace-views not built ($cmd)"
plan 21
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
ctf_text='/* CTF 1.8 */'
mkdir -p "$tmp/run/trace/ust" && echo "$ctf_text" >"$tmp/run/trace/ust/metadata"

"$cmd" "$tmp/run/trace" >"$tmp/out" 2>"$tmp/err"
ok $? "writes the views next to a trace"
n=$(ls "$HSATRACE_SRC"/xml-views/*.xml | wc -l)
is "$(ls "$tmp/run/xml-views" | wc -l)" "$n" "all $n views, into <parent>/xml-views"
same=0
for f in "$HSATRACE_SRC"/xml-views/*.xml; do
	cmp -s "$f" "$tmp/run/xml-views/$(basename "$f")" || same=1
done
ok $same "each one identical to the committed xml-views/"
is "$(wc -l <"$tmp/out")" "$n" "prints one path per file written"

"$cmd" -o "$tmp/elsewhere" "$tmp/run/trace" >/dev/null 2>&1 &&
	[ -f "$tmp/elsewhere/hsa-queues.xml" ]
ok $? "-o writes into the given directory"

hsat=$HSATRACE_BUILD/bin/hsatrace
if [ -x "$hsat" ]; then
	rm -rf "$tmp/run/xml-views"
	"$hsat" views "$tmp/run/trace" >/dev/null 2>&1 && [ -f "$tmp/run/xml-views/hsa-gpu.xml" ]
	ok $? "the front door runs it as 'hsatrace views'"
else
	skip 1 "hsatrace front door not built"
fi

# a unified trace says which event schema it was recorded with
views_major=$(sed -n 's/.*schema version \([0-9]*\)\..*/\1/p' "$HSATRACE_SRC/xml-views/hsa-api.xml")
mkdir -p "$tmp/u/other" "$tmp/u/same"
printf '%s\nenv {\n\thsatrace_schema_version = "%s.0";\n};\n' "$ctf_text" $((views_major + 1)) >"$tmp/u/other/metadata"
printf '%s\nenv {\n\thsatrace_schema_version = "%s.7";\n};\n' "$ctf_text" "$views_major" >"$tmp/u/same/metadata"
"$cmd" "$tmp/u/other" >/dev/null 2>"$tmp/err"
grep -q "warning: the trace was recorded with event schema $((views_major + 1)).0" "$tmp/err"
ok $? "warns when the trace's schema major version differs from the views'"
"$cmd" "$tmp/u/same" >/dev/null 2>"$tmp/err"
[ ! -s "$tmp/err" ]
ok $? "and not when only the minor version differs"

"$cmd" "$tmp/nothing-here" >/dev/null 2>"$tmp/err"
is $? 1 "a missing trace directory fails (1)"
grep -q "failed to open the trace: path=$tmp/nothing-here" "$tmp/err"
ok $? "with a message naming it"
mkdir "$tmp/empty"
"$cmd" "$tmp/empty" >/dev/null 2>"$tmp/err"
is $? 1 "a directory without CTF metadata fails (1)"
ls -a "$tmp/run/xml-views" "$tmp/elsewhere" | grep -q '\.tmp-'
ok $((!$?)) "no temporary file left beside the views"

# A recording: its UST metadata is five levels below the folder given (rec/run0/ust/uid/0/64-bit).
sample=$HSATRACE_SRC/traces-samples/traces/vector_copy/trace/metadata
mkdir -p "$tmp/rec/run0/ust/uid/0/64-bit" && cp "$sample" "$tmp/rec/run0/ust/uid/0/64-bit/metadata"
"$cmd" -o "$tmp/rec-views" "$tmp/rec" >/dev/null 2>"$tmp/err"
ok $? "a recording's top folder holds a trace" || sed 's/^/# /' "$tmp/err"
"$cmd" -o "$tmp/rec-views2" "$tmp/rec/run0" >/dev/null 2>"$tmp/err" && [ -f "$tmp/rec-views2/hsa-api.xml" ]
ok $? "so does a recording's subdirectory (run0), as the man page says" || sed 's/^/# /' "$tmp/err"

# A file named metadata that is not CTF metadata: refused, nothing written.
mkdir -p "$tmp/random" && head -c 4096 /dev/urandom | tr '\057' x >"$tmp/random/metadata"
"$cmd" -o "$tmp/random-views" "$tmp/random" >/dev/null 2>"$tmp/err"
is $? 1 "a folder whose metadata is random bytes fails (1)"
grep -q "random/metadata is not CTF metadata" "$tmp/err" && [ ! -e "$tmp/random-views" ]
ok $? "saying its metadata is not CTF metadata, and writing nothing" || sed 's/^/# /' "$tmp/err"

"$cmd" -o - "$tmp/run/trace" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'need a folder' "$tmp/err" && [ ! -e ./- ]
ok $? "-o - (standard output) is refused: usage error (2), nothing written"
# -o the folder of the trace's metadata: the views would be read as its stream files.
ls "$tmp/run/trace/ust" >"$tmp/before"
"$cmd" -o "$tmp/run/trace/ust/." "$tmp/run/trace" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "is the trace's folder" "$tmp/err" &&
	ls "$tmp/run/trace/ust" | cmp -s - "$tmp/before"
ok $? "-o the trace's folder is refused: usage error (2), nothing written" || sed 's/^/# /' "$tmp/err"
"$cmd" >/dev/null 2>&1
is $? 2 "no trace is a usage error (2)"
"$cmd" --bogus "$tmp/run/trace" >/dev/null 2>&1
is $? 2 "an unknown option is a usage error (2)"
"$cmd" --help | grep -q "Manage XML analyses"
ok $? "--help says how to import"
