#!/bin/sh
# The README's manual-attach recipe, run verbatim (the placeholder program replaced by the
# vector_copy sample on the CPU runtime, paths pointed at the build under test): the session
# it describes records threads that stats can tell apart (nonzero pid and tid).
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"

B=$HSATRACE_BUILD
app=$B/lib/hsatrace/samples/vector_copy
for p in "$app" "$B/lib/hsatrace/libhsatrace.so" "$B/lib/hsatrace/cpu-runtime" "$B/bin/hsatrace"; do
	[ -e "$p" ] || skip_all "not built: $p"
done
plan 7
lttng_harness_start || exit 1
tmp=$LTTNG_HARNESS_DIR

# The block after "adds the `vpid`" in the README, between ```sh and ```.
awk '/adds the `vpid`/ {f=1} f && /^```sh/ {p=1; next} p && /^```/ {exit} p' \
	"$HSATRACE_SRC/README.md" >"$tmp/recipe.sh"
grep -q 'lttng add-context -u -t vpid -t vtid -t procname' "$tmp/recipe.sh"
ok $? "the README's recipe adds the vpid, vtid and procname contexts" || sed 's/^/# /' "$tmp/recipe.sh"

# Only the placeholders change: the program, the build folder, the front door.
sed -e "s|\./my_hsa_program args|$app ${app}_kernels.so|" \
	-e "s|^LD_PRELOAD=|LD_LIBRARY_PATH=$B/lib/hsatrace/cpu-runtime LD_PRELOAD=|" \
	-e "s|\$PWD/build/|$B/|g" -e "s|^hsatrace |$B/bin/hsatrace |" "$tmp/recipe.sh" >"$tmp/run.sh"
(cd "$tmp" && sh -e "$tmp/run.sh") >"$tmp/run.log" 2>&1
ok $? "the recipe runs" || sed 's/^/# /' "$tmp/run.log"
[ -f "$tmp/trace/metadata" ] || [ -n "$(find "$tmp/trace" -name metadata 2>/dev/null)" ]
ok $? "and its last step writes the unified trace"
"$B/bin/hsatrace" stats "$tmp/trace" >"$tmp/stats.txt" 2>"$tmp/stats.err"
ok $? "stats reads it" || sed 's/^/# /' "$tmp/stats.err"
# Signal waits per thread: pid, tid, procname; the recipe's contexts make them real.
row=$(awk '/^Signal waits per thread/ {getline; getline; print; exit}' "$tmp/stats.txt")
set -- $row
[ "${1:-0}" != 0 ] && [ "${2:-0}" != 0 ] && [ "${3:-}" = vector_copy ]
ok $? "threads carry their pid, tid and procname" || diag "row: $row"
! grep -q 'no vpid/vtid context' "$tmp/stats.err"
ok $? "and stats does not warn about missing contexts" || sed 's/^/# /' "$tmp/stats.err"

# Without the add-context line: stats says why threads show as pid 0 tid 0.
sed -e '/lttng add-context/d' -e 's|/rec$|/rec-bare|' -e 's|unify rec -o trace|unify rec-bare -o trace-bare|' \
	-e 's|my-session|bare-session|g' "$tmp/run.sh" >"$tmp/bare.sh"
(cd "$tmp" && sh -e "$tmp/bare.sh") >"$tmp/bare.log" 2>&1
"$B/bin/hsatrace" stats "$tmp/trace-bare" >/dev/null 2>"$tmp/bare.err"
grep -q 'API events have no vpid/vtid context.*lttng add-context -u -t vpid -t vtid -t procname' "$tmp/bare.err"
ok $? "a session without the contexts: stats warns and gives the add-context line" ||
	{ sed 's/^/# /' "$tmp/bare.log"; sed 's/^/# /' "$tmp/bare.err"; }
done_testing
