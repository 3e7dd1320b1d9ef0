#!/bin/sh
# docs/schema.md is exactly what the schema generates (regenerate: make docs/schema.md).
. "$(dirname "$0")/../lib/tap.sh"
gen=$HSATRACE_BUILD/gen/hsatrace/schema.md
[ -f "$gen" ] || skip_all "generated schema.md not built ($gen)"
plan 2
diff -u "$HSATRACE_SRC/docs/schema.md" "$gen" >/dev/null
ok $? "docs/schema.md is up to date with schema" || diag "run: make docs/schema.md"
n=$(grep -c '^### `hsa_' "$HSATRACE_SRC/docs/schema.md")
ok $([ "$n" -ge 19 ]; echo $?) "every activity/meta/gpu event has a section ($n)"
done_testing
