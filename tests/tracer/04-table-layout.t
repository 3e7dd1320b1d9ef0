#!/bin/sh
# The schema's table slots (names and byte offsets, from which the tracer's C tables are
# generated) are exactly the ones measured on ROCr 5.2.3's headers
# (../shared/reference/rocr/api_table_offsets_5.2.3.txt), finalizer table aside.
. "$(dirname "$0")/../lib/tap.sh"
ref=$HSATRACE_SRC/../shared/reference/rocr/api_table_offsets_5.2.3.txt
gen=$HSATRACE_BUILD/tools/hsatrace-schemagen
[ -f "$ref" ] || skip_all "reference offsets not available ($ref)"
[ -x "$gen" ] || skip_all "hsatrace-schemagen not built"
plan 3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$gen" slots "$tmp/schema"
ok $? "the schema lists its slots"
awk '/^== / { table = $2; next }
     table != "HsaApiTable" && table != "FinalizerExtTable" && $3 ~ /_fn$/ { print table, $2, $3 }' \
	"$ref" | sort >"$tmp/ref"
sort "$tmp/schema" >"$tmp/schema.sorted"
is "$(wc -l <"$tmp/ref")" 186 "the reference has 186 core, AMD-extension and image slots"
diff -u "$tmp/ref" "$tmp/schema.sorted" >&2
ok $? "every slot has the reference's name and offset"
done_testing
