#!/bin/sh
# Function length: no function body over 60 lines but those in long-functions.allow, a list
# that only shrinks (a listed function now short enough must leave it). long_functions.pl is
# first run on a small file written here, so it is known to find what it looks for.
. "$(dirname "$0")/../lib/tap.sh"
here=$HSATRACE_SRC/tests/foundation
plan 4

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
body() { i=0; while [ "$i" -lt "$1" ]; do echo "	x++;"; i=$((i + 1)); done; }
{
	echo "static int short_one(int x)"; echo "{"; body 59; echo "	return x;"; echo "}"
	echo "int long_one(int x,"; echo "	     int y)"; echo "{"; body 61; echo "	return x;"; echo "}"
	echo "static const int table[] = {"; body 70; echo "};"
} >"$tmp/f.c"
out=$(perl "$here/long_functions.pl" 60 "$tmp/f.c")
is "$out" "$tmp/f.c long_one 62" "a 62-line body is found and named, a 60-line one and a table are not"
perl "$here/long_functions.pl" sixty "$tmp/f.c" >/dev/null 2>&1
is $? 2 "a limit that is no number is a usage error"

# The project (test programs aside: their mains are lists of assertions).
cd "$HSATRACE_SRC" || exit 1
find . -path ./build -prune -o -path ./.git -prune -o -path ./tests -prune -o -name '*.c' -print |
	sed 's|^\./||' | sort | xargs perl "$here/long_functions.pl" 60 | awk '{print $1, $2}' |
	sort >"$tmp/long"
grep -v '^#' "$here/long-functions.allow" | sed '/^$/d' | sort >"$tmp/allowed"
new=$(comm -23 "$tmp/long" "$tmp/allowed")
[ -n "$new" ] && diag "over 60 lines, not allowed (split them):" && diag "$new"
is "$new" "" "no function body over 60 lines outside long-functions.allow"
gone=$(comm -13 "$tmp/long" "$tmp/allowed")
[ -n "$gone" ] && diag "now 60 lines or fewer (or gone): remove from long-functions.allow:" && diag "$gone"
is "$gone" "" "every function in long-functions.allow is still over 60 lines"
