#!/bin/sh
# analyze -f json and stats -f json share one JSON string escaper: a thread name holding bytes
# that are not UTF-8 (the kernel stores comm as bytes) comes out as U+FFFD, in valid JSON.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/analyze-harness.sh"
S="$HSATRACE_BUILD/libexec/hsatrace/hsatrace-stats"
trace=$HSATRACE_SRC/traces-samples/traces/vector_copy/trace
[ -f "$trace/metadata" ] || skip_all "no sample trace at $trace"
analyze_start "$S"
plan 6

# Same length, so every packet stays well-formed: "vector_copy" -> "vector\377copy".
cp -r "$trace" "$T/t"
for f in "$T"/t/*; do
	[ "$(basename "$f")" = metadata ] || perl -pi -e 's/vector_copy/vector\xffcopy/g' "$f"
done
grep -q "$(printf 'vector\377copy')" "$T"/t/hsatrace_*
ok $? "the damaged copy holds a thread name with an invalid byte"

valid_json() { # FILE: valid UTF-8, parses as JSON, and shows the replacement character
	iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1 &&
		perl -MJSON::PP -e 'local $/; JSON::PP->new->utf8->decode(<STDIN>)' <"$1" 2>/dev/null &&
		grep -q "$(printf 'vector\357\277\275copy')" "$1"
}
"$A" -f json "$HSATRACE_SRC/xml-views/hsa-api.xml" "$T/t" >"$T/analyze.json" 2>"$T/analyze.err"
ok $? "analyze -f json runs on it" || sed 's/^/# /' "$T/analyze.err"
valid_json "$T/analyze.json"
ok $? "analyze's JSON is valid UTF-8 with U+FFFD for the invalid byte"
"$S" -f json "$T/t" >"$T/stats.json" 2>"$T/stats.err"
ok $? "stats -f json runs on it" || sed 's/^/# /' "$T/stats.err"
valid_json "$T/stats.json"
ok $? "stats's JSON is valid UTF-8 with U+FFFD for the invalid byte"
# One escaper: the same string comes out the same in both.
a=$(grep -o "\"[^\"]*$(printf 'vector\357\277\275copy')[^\"]*\"" "$T/analyze.json" | sort -u | head -n 1)
s=$(grep -o "\"[^\"]*$(printf 'vector\357\277\275copy')[^\"]*\"" "$T/stats.json" | sort -u | head -n 1)
is "$a" "$s" "the thread name is escaped alike by analyze and stats"
done_testing
