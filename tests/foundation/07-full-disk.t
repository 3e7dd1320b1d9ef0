#!/bin/sh
# Outputs on a full disk (a 4 KiB tmpfs in a private mount namespace, and /dev/full): analyze,
# stats, report, views and unify exit 1 with the reason (unify: before babeltrace2's CTF writer
# could crash on it), and leave no partial output that looks valid.
. "$(dirname "$0")/../lib/tap.sh"
B=$HSATRACE_BUILD/libexec/hsatrace
trace=$HSATRACE_SRC/traces-samples/traces/matmul_pipeline/trace	# its outputs all exceed 4 KiB
views=$HSATRACE_SRC/xml-views/hsa-api.xml
for p in "$B/hsatrace-analyze" "$B/hsatrace-stats" "$B/hsatrace-report" "$B/hsatrace-views" \
	"$B/hsatrace-unify"; do
	[ -x "$p" ] || skip_all "not built: $p"
done
[ -f "$trace/metadata" ] || skip_all "no sample trace at $trace"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir "$T/small"
unshare -rm sh -c "mount -t tmpfs -o size=4k tmpfs '$T/small'" 2>/dev/null ||
	skip_all "cannot mount a tmpfs in a user namespace here"
plan 20

# on_full_disk NAME CMD...: runs CMD with a 4 KiB tmpfs mounted on $T/small; its stderr goes
# to $T/NAME.err, the tmpfs's listing after the run to $T/NAME.ls; returns CMD's status.
on_full_disk() {
	name=$1
	shift
	unshare -rm sh -c 'mount -t tmpfs -o size=4k tmpfs "$0" || exit 99
		"$@" 2>"$0.err"; rc=$?; ls -A "$0" >"$0.ls"; exit $rc' "$T/small" "$@"
	rc=$?
	mv "$T/small.err" "$T/$name.err"
	mv "$T/small.ls" "$T/$name.ls"
	return $rc
}
check() { # NAME WHAT: exit 1, the reason, nothing left in the tmpfs
	rc=$1
	is "$rc" 1 "$2: exit status 1"
	grep -q 'No space left on device' "$T/$3.err" && [ ! -s "$T/$3.ls" ]
	ok $? "$2: says 'No space left on device' and leaves no partial file" ||
		{ sed 's/^/# err: /' "$T/$3.err"; sed 's/^/# left: /' "$T/$3.ls"; }
}

on_full_disk analyze "$B/hsatrace-analyze" -o "$T/small/out.txt" "$views" "$trace"
check $? "analyze -o" analyze
on_full_disk stats "$B/hsatrace-stats" -f json -o "$T/small/stats.json" "$trace"
check $? "stats -o" stats
on_full_disk report "$B/hsatrace-report" -o "$T/small/report.html" "$trace"
check $? "report -o" report
on_full_disk views "$B/hsatrace-views" -o "$T/small/views" "$trace"
rc=$?
is "$rc" 1 "views -o: exit status 1"
grep -q 'No space left on device' "$T/views.err" && ! grep -q 'tmp-' "$T/views.ls"
ok $? "views -o: says why and leaves no partial view" || sed 's/^/# /' "$T/views.err"

on_full_disk unify "$B/hsatrace-unify" "$trace" -o "$T/small/unified"
check $? "unify -o" unify
! grep -q 'comp-class\|addr=0x' "$T/unify.err"
ok $? "unify: no babeltrace2 internals in the message" || sed 's/^/# /' "$T/unify.err"

# An existing empty folder is a valid output: the trace replaces it.
mkdir "$T/empty-out"
"$B/hsatrace-unify" "$trace" -o "$T/empty-out" >/dev/null 2>"$T/empty.err"
ok $? "unify -o an existing empty folder writes the trace there" || sed 's/^/# /' "$T/empty.err"
[ -f "$T/empty-out/metadata" ] && ! ls -d "$T"/empty-out.tmp-* >/dev/null 2>&1
ok $? "with its metadata, and no temporary folder left"

# Where nothing can be written, unify says why, with the system's reason.
"$B/hsatrace-unify" "$trace" -o /proc/hsatrace-forbidden >/dev/null 2>"$T/forbidden.err"
rc=$?
[ $rc = 1 ] && grep -q 'cannot write the unified trace there: path=/proc/hsatrace-forbidden: ' "$T/forbidden.err"
ok $? "unify -o a folder it cannot create: exit 1 and the reason" || sed 's/^/# /' "$T/forbidden.err"
(cd "$T" && "$B/hsatrace-unify" "$trace" -o - >/dev/null 2>"$T/dash.err")
[ $? = 2 ] && [ ! -e "$T/-" ] && grep -q 'cannot go to standard output' "$T/dash.err"
ok $? "unify -o -: a usage error (2), nothing written" || sed 's/^/# /' "$T/dash.err"

# Standard output on /dev/full: the results are lost, and the exit status says so.
"$B/hsatrace-analyze" "$views" "$trace" >/dev/full 2>"$T/a.err"
is $? 1 "analyze > /dev/full: exit status 1"
grep -q 'failed to write standard output: No space left on device' "$T/a.err"
ok $? "analyze > /dev/full: says why" || sed 's/^/# /' "$T/a.err"
"$B/hsatrace-stats" "$trace" >/dev/full 2>"$T/s.err"
is $? 1 "stats > /dev/full: exit status 1"
grep -q 'No space left on device' "$T/s.err"
ok $? "stats > /dev/full: says why" || sed 's/^/# /' "$T/s.err"
"$B/hsatrace-unify" -s "$trace" -o "$T/summary-out" >/dev/full 2>"$T/u.err"
is $? 1 "unify -s > /dev/full: exit status 1"
done_testing
