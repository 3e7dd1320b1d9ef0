#!/bin/sh
# The front door: help, version, exit status 0/1/2 for success/failure/usage.
. "$(dirname "$0")/../lib/tap.sh"
hsat=$HSATRACE_BUILD/bin/hsatrace
[ -x "$hsat" ] || skip_all "hsatrace not built ($hsat)"
plan 18

out=$("$hsat" --help)
ok $? "--help exits 0"
case "$out" in *record*unify*analyze*stats*report*) r=0 ;; *) r=1 ;; esac
ok $r "--help lists the subcommands"
"$hsat" >/dev/null 2>&1
is $? 2 "no command is a usage error (2)"
"$hsat" no-such-command >/dev/null 2>&1
is $? 2 "an unknown command is a usage error (2)"
# A typo of a command names the command meant; a word close to none (or to two) names none.
bad=""
while read -r typo meant; do
	err=$("$hsat" "$typo" 2>&1 >/dev/null)
	rc=$?
	if [ -n "$meant" ]; then
		want="hsatrace: '$typo' is not a command; did you mean '$meant'? See 'hsatrace --help'"
	else
		want="hsatrace: '$typo' is not a command; see 'hsatrace --help'"
	fi
	[ "$rc" -eq 2 ] && [ "$err" = "$want" ] || bad="$bad [$typo: exit $rc, $err]"
done <<'EOF'
recrd record
stat stats
analyse analyze
unfy unify
view views
reprot report
xyz
eport
EOF
is "$bad" "" "a typo of a command: 'did you mean' the command, exit 2"
out=$("$hsat" --version)
case "$out" in "hsatrace "[0-9]*) r=0 ;; *) r=1 ;; esac
ok $r "--version prints the version"
# The command names: the lines of --help's "Commands:" list, up to its blank line.
commands=$(printf '%s\n' "$("$hsat" --help)" | awk '/^Commands:/{f=1;next} f&&NF==0{exit} f{print $1}')
# `hsatrace help CMD` is CMD's own --help; `hsatrace CMD --version` the shared version.
bad=""
for c in $commands; do
	[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-$c" ] || continue
	want=$("$hsat" "$c" --help 2>&1)
	got=$("$hsat" help "$c" 2>&1) || bad="$bad $c(exit)"
	[ -n "$want" ] && [ "$got" = "$want" ] || bad="$bad $c(text)"
done
is "$bad" "" "'hsatrace help CMD' prints CMD's --help and exits 0, for every command"
"$hsat" help no-such-command >/dev/null 2>&1
is $? 2 "'hsatrace help' of an unknown command is a usage error (2)"
bad=""
version=$("$hsat" --version | awk '{print $2}')
for c in $commands; do
	out=$("$hsat" "$c" --version) || bad="$bad $c(exit)"
	[ "$(echo "$out" | awk '{print $1, $2, $3}')" = "hsatrace $c $version" ] ||
		bad="$bad $c(text)"
done
is "$bad" "" "'hsatrace CMD --version' prints the version, for every command"
# One message prefix for every command: "hsatrace CMD: ...", here on a path that does not exist.
bad=""
for c in $commands; do
	case $c in
	record) args="-- /nonexistent-program" ;;
	analyze) args="/nonexistent.xml /nonexistent" ;;
	unify) args="/nonexistent -o $HSATRACE_BUILD/cli-test-out" ;;
	report) args="-o $HSATRACE_BUILD/cli-test.html /nonexistent" ;;
	export) args="/nonexistent -f sqlite -o $HSATRACE_BUILD/cli-test.db" ;;
	*) args="/nonexistent" ;;
	esac
	# shellcheck disable=SC2086
	first=$("$hsat" "$c" $args 2>&1 >/dev/null | head -n 1)
	case "$first" in "hsatrace $c: "*) ;; *) bad="$bad $c($first)" ;; esac
done
is "$bad" "" "every command's messages start with 'hsatrace CMD: '"
# And on an unknown option, getopt's own message too, followed by one line saying where the
# usage is (not the whole usage).
bad=""
for c in record stats report export views kernels analyze unify model; do
	first=$("$hsat" "$c" --no-such-option 2>&1 >/dev/null | head -n 1)
	case "$first" in "hsatrace $c: "*) ;; *) bad="$bad $c($first)" ;; esac
done
is "$bad" "" "an unknown option's message starts with 'hsatrace CMD: ' too"
# getopt's one line, then "Try 'hsatrace CMD --help'.": two lines, exit 2, for every command.
bad=""
for c in $commands; do
	[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-$c" ] || continue
	err=$("$hsat" "$c" --no-such-option 2>&1 >/dev/null)
	rc=$?
	second=$(printf '%s\n' "$err" | sed -n 2p)
	lines=$(printf '%s\n' "$err" | wc -l)
	[ "$rc" -eq 2 ] && [ "$lines" -eq 2 ] && [ "$second" = "Try 'hsatrace $c --help'." ] ||
		bad="$bad $c(exit $rc, $lines lines)"
done
is "$bad" "" "an unknown option: getopt's line and one line naming CMD --help, exit 2"
# Any other usage error (no operands, a bad choice of value): "hsatrace CMD: ..." and the
# --help line, exit 2; never the whole usage, whose first line would hide the message.
bad=""
while read -r c rest; do
	[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-$c" ] || continue
	# shellcheck disable=SC2086
	err=$("$hsat" "$c" $rest 2>&1 </dev/null >/dev/null)
	rc=$?
	first=$(printf '%s\n' "$err" | head -n 1)
	last=$(printf '%s\n' "$err" | tail -n 1)
	case "$first" in "hsatrace $c: "*) r=0 ;; *) r=1 ;; esac
	[ "$rc" -eq 2 ] && [ $r -eq 0 ] && [ "$last" = "Try 'hsatrace $c --help'." ] &&
		! printf '%s\n' "$err" | grep -q '^usage:' || bad="$bad [$c $rest: exit $rc, $err]"
done <<'EOF'
record
unify
unify /nonexistent
unify /nonexistent -o -
analyze
analyze --check
analyze -f xml /nonexistent.xml /nonexistent
analyze --part x -v y /nonexistent.xml /nonexistent
analyze -i=x /nonexistent.xml /nonexistent
stats
stats -f xml /nonexistent
stats -s bogus /nonexistent
report
export /nonexistent
export -f xml -o /nonexistent.out /nonexistent
views
model
kernels
kernels /nonexistent.hip
record -r gpu -- /nonexistent-program
record -e bogus -- /nonexistent-program
EOF
is "$bad" "" "a usage error: one line and the --help line, exit 2, for every command"
# Numeric options parse the whole string, in range: a number with something after it, no
# number, out of range, a sign: usage errors (2), "hsatrace CMD: ..." naming the option, then
# the --help line.
bad=""
while read -r c opt value rest; do
	[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-$c" ] || continue
	# shellcheck disable=SC2086
	err=$("$hsat" "$c" "$opt" "$value" $rest 2>&1 >/dev/null)
	rc=$?
	first=$(printf '%s\n' "$err" | head -n 1)
	last=$(printf '%s\n' "$err" | tail -n 1)
	case "$first" in "hsatrace $c: "*"${opt#--}"*) r=0 ;; *) r=1 ;; esac
	[ "$rc" -eq 2 ] && [ $r -eq 0 ] && [ "$last" = "Try 'hsatrace $c --help'." ] ||
		bad="$bad [$c $opt $value: exit $rc, $err]"
done <<'EOF'
record --passes 2abc -- /nonexistent-program
record --passes 0 -- /nonexistent-program
record --passes 65 -- /nonexistent-program
record --passes x -- /nonexistent-program
record --passes -1 -- /nonexistent-program
record --subbuf-size 4096x -- /nonexistent-program
analyze --samples 2abc /nonexistent.xml /nonexistent
analyze --samples 0 /nonexistent.xml /nonexistent
analyze --samples +3 /nonexistent.xml /nonexistent
analyze --at 5ns /nonexistent.xml /nonexistent
analyze --from 1e3 /nonexistent.xml /nonexistent
report --max-items 2abc /nonexistent
report --max-lanes +2 /nonexistent
model --what-if threads=2abc /nonexistent
model --what-if cpus=-1 /nonexistent
kernels -O 2abc /nonexistent.hip -o /nonexistent.so
kernels -O 4 /nonexistent.hip -o /nonexistent.so
EOF
is "$bad" "" "a numeric option's bad value is a usage error naming it, for every command"
# --help and --version whose text cannot be written (a full disk: /dev/full) fail: exit 1 and
# a message on standard error, for the front door and every command, as `hsatrace help CMD`.
bad=""
[ -w /dev/full ] || bad="(skipped)"
for c in "" $commands; do
	[ -w /dev/full ] || break
	for args in "$c --help" "$c --version" ${c:+"help $c"}; do
		# shellcheck disable=SC2086
		err=$("$hsat" $args 2>&1 >/dev/full)
		rc=$?
		case "$err" in "hsatrace${c:+ $c}: cannot write to standard output: "*) r=0 ;;
			*) r=1 ;; esac
		[ "$rc" -eq 1 ] && [ $r -eq 0 ] || bad="$bad [hsatrace $args: exit $rc, $err]"
	done
done
if [ "$bad" = "(skipped)" ]; then
	skip 1 "no writable /dev/full"
else
	is "$bad" "" "--help, --version and help CMD to a full standard output: exit 1 and a message"
fi
out=$("$hsat" help)
case "$out" in *"hsatrace help <command>"*) r=0 ;; *) r=1 ;; esac
ok $r "--help mentions 'hsatrace help <command>'"
# Every listed command has a man page in docs/man.
missing=""
for c in $commands; do
	[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-$c" ] || continue
	[ -f "$HSATRACE_SRC/docs/man/hsatrace-$c.1" ] || missing="$missing $c"
done
is "$missing" "" "each built command has docs/man/hsatrace-<command>.1"
[ -f "$HSATRACE_SRC/docs/man/hsatrace.1" ]
ok $? "the front door has docs/man/hsatrace.1"
done_testing
