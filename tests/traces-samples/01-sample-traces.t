#!/bin/sh
# The recorded sample traces in traces-samples/traces/ still read, carry the current event
# schema version, stay small, and run through the shipped views.
. "$(dirname "$0")/../lib/tap.sh"
hsat=$HSATRACE_BUILD/bin/hsatrace
[ -x "$hsat" ] || skip_all "hsatrace not built ($hsat)"
[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-analyze" ] || skip_all "hsatrace analyze not built"
samples=$(ls -d "$HSATRACE_SRC"/traces-samples/traces/*/ 2>/dev/null)
[ -n "$samples" ] || skip_all "no sample traces in traces-samples/traces"
n=$(printf '%s\n' "$samples" | wc -l)
plan $((n * 6))

schema=$("$hsat" --version | sed -n 's/.*event schema \([0-9.]*\).*/\1/p')
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
for d in $samples; do
	name=$(basename "$d")
	babeltrace2 "$d/trace" >"$tmp/$name.txt" 2>"$tmp/$name.err"
	ok $? "$name: babeltrace2 reads the trace" || sed 's/^/#   /' "$tmp/$name.err" >&2
	v=$(sed -n 's/.*hsa_meta:trace_info: .*schema_version = "\([^"]*\)".*/\1/p' "$tmp/$name.txt" | sort -u)
	is "$v" "$schema" "$name: recorded with the current schema version ($schema)"
	grep -q 'hsa_gpu:kernel_begin' "$tmp/$name.txt"
	ok $? "$name: is a unified trace (GPU kernels materialized)"
	size=$(du -sk "$d/trace" | cut -f1)
	[ "$size" -lt 4096 ]
	ok $? "$name: a few MB at most (${size} KiB)"
	[ -s "$d/RECORDED" ]
	ok $? "$name: says how it was recorded"
	"$hsat" analyze -q --at=0 "$d"/xml-views/*.xml "$d/trace" >/dev/null 2>"$tmp/$name.an"
	ok $? "$name: the shipped views run on it" || sed 's/^/#   /' "$tmp/$name.an" >&2
done
done_testing
