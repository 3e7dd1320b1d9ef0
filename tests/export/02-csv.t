#!/bin/sh
# hsatrace export --format csv: one TABLE.csv per table of the sqlite export, holding the
# same rows (each file read back by sqlite3's own CSV importer and compared with the table of
# the database exported from the same trace); an existing folder kept without --force.
. "$(dirname "$0")/../lib/tap.sh"
export_=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-export
samples=$HSATRACE_SRC/traces-samples/traces
[ -x "$export_" ] || skip_all "hsatrace-export not built ($export_)"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) not installed"
tables="processes threads agents queues code_objects api_calls api_args packets kernels copies
signal_waits counters"
plan 15
export LC_ALL=C
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for name in vector_copy matmul_pipeline multi_thread; do
	trace=$samples/$name/trace
	"$export_" -f csv -o "$tmp/$name" "$trace" 2>"$tmp/err" &&
		"$export_" -f sqlite -o "$tmp/$name.db" "$trace" 2>>"$tmp/err"
	ok $? "$name: exported as csv and sqlite" || diag "$(cat "$tmp/err")"
	is "$(cd "$tmp/$name" && ls | tr '\n' ' ')" \
		"$(for t in $tables; do echo "$t.csv"; done | sort | tr '\n' ' ')" \
		"$name: one file per table"
	bad=""
	for t in $tables; do
		want=$(sqlite3 -header "$tmp/$name.db" "SELECT * FROM $t")
		got=$(sqlite3 -header :memory: ".import --csv '$tmp/$name/$t.csv' $t" "SELECT * FROM $t")
		[ "$got" = "$want" ] || bad="$bad $t"
		[ "$(wc -l <"$tmp/$name/$t.csv")" -eq \
			$(($(sqlite3 "$tmp/$name.db" "SELECT COUNT(*) FROM $t") + 1)) ] ||
			bad="$bad $t(lines)"
	done
	is "$bad" "" "$name: every table's file holds the table's rows"
done
is "$(head -n 1 "$tmp/matmul_pipeline/kernels.csv")" \
	"$(sqlite3 "$tmp/matmul_pipeline.db" "SELECT group_concat(name, ',') FROM pragma_table_info('kernels')")" \
	"the header line names the columns"
is "$(sqlite3 :memory: ".import --csv '$tmp/matmul_pipeline/kernels.csv' k" \
	"SELECT COUNT(*) FROM k WHERE name = 'matmul_rows'")" 3 "matmul_rows: 3 kernels"

"$export_" -f csv -o "$tmp/vector_copy" "$samples/vector_copy/trace" 2>"$tmp/err"
is $? 1 "an existing folder without --force: exit 1"
echo marker >"$tmp/vector_copy/extra.txt"
"$export_" -f csv --force -o "$tmp/vector_copy" "$samples/vector_copy/trace" 2>"$tmp/err"
ok $? "--force replaces it" || diag "$(cat "$tmp/err")"
ok "$([ ! -e "$tmp/vector_copy/extra.txt" ] && [ -s "$tmp/vector_copy/kernels.csv" ]; echo $?)" \
	"... with the new tables only"
ls -d "$tmp"/*.tmp-* >/dev/null 2>&1
is $? 2 "no temporary folder is left"
