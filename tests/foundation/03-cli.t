#!/bin/sh
# The front door: help, version, exit status 0/1/2 for success/failure/usage.
. "$(dirname "$0")/../lib/tap.sh"
hsat=$HSATRACE_BUILD/bin/hsatrace
[ -x "$hsat" ] || skip_all "hsatrace not built ($hsat)"
plan 7

out=$("$hsat" --help)
ok $? "--help exits 0"
case "$out" in *record*unify*analyze*stats*report*) r=0 ;; *) r=1 ;; esac
ok $r "--help lists the subcommands"
"$hsat" >/dev/null 2>&1
is $? 2 "no command is a usage error (2)"
"$hsat" no-such-command >/dev/null 2>&1
is $? 2 "an unknown command is a usage error (2)"
out=$("$hsat" --version)
case "$out" in "hsatrace "[0-9]*) r=0 ;; *) r=1 ;; esac
ok $r "--version prints the version"
# Every listed command has a man page in docs/man.
missing=""
for c in $(printf '%s\n' "$("$hsat" --help)" | awk '/^Commands:/{f=1;next} f&&NF>1{print $1}'); do
	[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-$c" ] || continue
	[ -f "$HSATRACE_SRC/docs/man/hsatrace-$c.1" ] || missing="$missing $c"
done
is "$missing" "" "each built command has docs/man/hsatrace-<command>.1"
[ -f "$HSATRACE_SRC/docs/man/hsatrace.1" ]
ok $? "the front door has docs/man/hsatrace.1"
done_testing
