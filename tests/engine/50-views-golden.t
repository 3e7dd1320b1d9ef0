#!/bin/sh
# The generated views (xml-views/) on small recorded traces (tests/engine/traces/: vector_copy and
# multi_thread on the CPU runtime, recorded and unified with tests/engine/record-unified.sh):
# every state interval and every pattern segment (both traces), every view's tree and rows/series
# (multi_thread), compared
# with the reviewed golden files in tests/engine/golden/<trace>/.
# HSATRACE_REGENERATE=1 rewrites the golden files (review the diff before committing).
# Each golden set records the sha256 of the view file it was made from: when the generator has
# changed a view since, its comparisons are reported as TODO (visible, not failing) until the
# golden files are regenerated and reviewed.
. "$(dirname "$0")/../lib/tap.sh"

. "$HSATRACE_SRC/tests/lib/analyze-harness.sh"
VIEWS="$HSATRACE_SRC/xml-views"
ls "$VIEWS"/*.xml >/dev/null 2>&1 || skip_all "no generated views in xml-views/"
GOLDEN="$HSATRACE_SRC/tests/engine/golden"
analyze_start

compare() { # NAME GOT-FILE GOLDEN-FILE
	if [ "${HSATRACE_REGENERATE:-0}" != 1 ] && [ -n "$stale" ]; then
		if cmp -s "$2" "$3"; then
			ok 0 "$1"
		else
			echo "not ok $((_tap_n + 1)) - $1 # TODO $stale"
			_tap_n=$((_tap_n + 1))
		fi
	elif [ "${HSATRACE_REGENERATE:-0}" = 1 ]; then
		mkdir -p "$(dirname "$3")"
		cp "$2" "$3"
		ok 0 "$1 (regenerated)"
	elif [ ! -f "$3" ]; then
		ok 1 "$1: no golden file $3 (run with HSATRACE_REGENERATE=1 and review)"
	elif cmp -s "$2" "$3"; then
		ok 0 "$1"
	else
		ok 1 "$1"
		diff "$3" "$2" | head -20 | sed 's/^/# /' >&2
	fi
}

for trace in "$HSATRACE_SRC"/tests/engine/traces/*/; do
	tname=$(basename "$trace")
	for xml in "$VIEWS"/*.xml; do
		x=$(basename "$xml" .xml)
		sum=$(sha256sum <"$xml" | cut -d' ' -f1)
		stale=""
		if [ "${HSATRACE_REGENERATE:-0}" = 1 ]; then
			mkdir -p "$GOLDEN/$tname"
			echo "$sum" >"$GOLDEN/$tname/$x.sha256"
		elif [ -f "$GOLDEN/$tname/$x.sha256" ] && [ "$(cat "$GOLDEN/$tname/$x.sha256")" != "$sum" ]; then
			stale="xml-views/$x.xml changed since the golden files were made: regenerate with HSATRACE_REGENERATE=1 and review"
		fi
		# intervals, in a stable order (by path, then start)
		"$A" -q "$xml" "$trace" >"$T/raw" 2>"$T/err"
		rc=$?
		is "$rc" 0 "$tname/$x: the analyses run without error" || sed 's/^/# /' "$T/err" >&2
		sort -t "$(printf '\t')" -k2,2 -k3,3n "$T/raw" >"$T/got"
		compare "$tname/$x: state intervals" "$T/got" "$GOLDEN/$tname/$x.intervals"
		if grep -q '<pattern' "$xml"; then
			"$A" -q -s "$xml" "$trace" >"$T/got" 2>/dev/null
			compare "$tname/$x: pattern segments" "$T/got" "$GOLDEN/$tname/$x.segments"
		fi
		# the views' trees and rows on the richer trace only (keeps the test short)
		[ "$tname" = multi_thread ] || continue
		for view in $("$A" -q --list "$xml" | awk -F'\t' '$2 ~ /View$/ { print $3 }'); do
			"$A" -q -v "$view" --samples 50 "$xml" "$trace" >"$T/got" 2>"$T/err"
			compare "$tname/$view: tree and rows" "$T/got" "$GOLDEN/$tname/$view.view"
		done
	done
done
done_testing
