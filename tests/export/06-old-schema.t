#!/bin/sh
# A trace recorded with an older schema major (its hsa_meta:trace_info says 1.0: the committed
# engine test traces) is exported with one warning saying what is missing and how to
# re-record, as stats and report say it; a 2.0 recording gets no warning.
. "$(dirname "$0")/../lib/tap.sh"
export_=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-export
old=$HSATRACE_SRC/tests/engine/traces/vector_copy
new=$HSATRACE_SRC/traces-samples/traces/vector_copy/trace
[ -x "$export_" ] || skip_all "hsatrace-export not built ($export_)"
command -v babeltrace2 >/dev/null || skip_all "no babeltrace2"
babeltrace2 "$old" 2>/dev/null | grep -q 'schema_version = "1\.0"' ||
	skip_all "$old no longer says schema 1.0"
plan 4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$export_" -f csv -o "$tmp/old" "$old" 2>"$tmp/old.err"
ok $? "a 1.0 trace is exported" || diag "$(cat "$tmp/old.err")"
n=$(grep -c "warning: trace schema version 1.0, this hsatrace reads 2.x (API events renamed, so no API calls): re-record it with .hsatrace record." "$tmp/old.err")
is "$n" 1 "one warning naming the version, what is missing and how to re-record"
"$export_" -f csv -o "$tmp/new" "$new" 2>"$tmp/new.err"
ok $? "a 2.0 recording is exported" || diag "$(cat "$tmp/new.err")"
is "$(grep -c 'schema version' "$tmp/new.err")" 0 "without the warning"
