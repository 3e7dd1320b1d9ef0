# Sourced by the tests of tests/export: one section of `hsatrace stats -f csv` read with
# sqlite3's CSV importer as table t (so quoted names with commas parse as stats wrote them).
# stats_query STATS_CSV SECTION SQL: the query's rows (comma-separated fields), sorted;
# nothing when stats wrote no such section (no rows).
stats_query() {
	_csv=$(mktemp)
	awk -v s="$2" 'BEGIN { RS = ""; ORS = "\n" }
		index($0, "\n" s ",") || index($0, s ",") == 1 { print }' "$1" >"$_csv"
	[ -s "$_csv" ] && sqlite3 -separator , :memory: ".import --csv $_csv t" "$3" | sort
	rm -f "$_csv"
}
# stats_rows STATS_CSV SECTION COLUMNS: those columns (the section's header names).
stats_rows() { stats_query "$1" "$2" "SELECT $3 FROM t"; }
