#!/bin/sh
# The babeltrace2 plugin: filter.hsatrace.unify, loaded by the babeltrace2 CLI with
# --plugin-path, produces the same unified trace as hsatrace-unify from a recorded trace.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/unify-harness.sh"
plugins=$HSATRACE_BUILD/lib/hsatrace/babeltrace2
unify_require "$plugins/babeltrace-plugin-hsatrace.so"
plan 7

# A sanitized plugin needs the sanitizer runtimes in babeltrace2 (which is not sanitized).
bt() {
	if ldd "$plugins/babeltrace-plugin-hsatrace.so" | grep -q libasan; then
		LD_PRELOAD="$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)" \
			ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0 babeltrace2 "$@"
	else
		babeltrace2 "$@"
	fi
}

record_start

out=$(bt --plugin-path="$plugins" list-plugins 2>&1)
case "$out" in *'filter.hsatrace.unify'*) r=0 ;; *) r=1 ;; esac
ok $r "babeltrace2 lists filter.hsatrace.unify" || diag "$out"
printf '%s\n' "$out" | grep -A8 'hsatrace' | grep -q "License: MIT" && head -n1 "$HSATRACE_SRC/LICENSE" | grep -q '^MIT License'
ok $? "the plugin declares the licence of LICENSE (MIT)" || diag "$out"

"$record" --no-tracer --no-kernel -e activity -o "$tmp/rec" -- "$app" 2>/dev/null
trace=$(dirname "$(find "$tmp/rec" -name metadata | head -n 1)")
"$unify" "$tmp/rec" -o "$tmp/ref" 2>/dev/null
ok $? "hsatrace-unify writes the reference"

bt --plugin-path="$plugins" run \
	--component=src:source.ctf.fs --params="inputs=[\"$trace\"]" \
	--component=unify:filter.hsatrace.unify --params="inputs=[\"$trace\"]" \
	--component=out:sink.ctf.fs --params="path=\"$tmp/plugin\",assume-single-trace=true,quiet=true" \
	--connect=src:unify --connect=unify:out 2>"$tmp/plugin.log"
ok $? "babeltrace2 run with the plugin's filter" || sed 's/^/# /' "$tmp/plugin.log" >&2
grep -q 'filter.hsatrace.unify: .* events in' "$tmp/plugin.log"
ok $? "the filter reports what it did"
babeltrace2 "$tmp/ref" 2>/dev/null | cut -d' ' -f1,4- >"$tmp/ref.txt"
babeltrace2 "$tmp/plugin" 2>/dev/null | cut -d' ' -f1,4- >"$tmp/plugin.txt"
[ -s "$tmp/ref.txt" ] && cmp -s "$tmp/ref.txt" "$tmp/plugin.txt"
ok $? "the plugin's output has the same events as hsatrace-unify's"
[ "$(grep -c 'hsa_gpu:kernel_begin' "$tmp/plugin.txt")" -gt 0 ]
ok $? "including the synthesized GPU events"

done_testing
