#!/bin/sh
# The dependency installer: finds everything present and does nothing; without root it
# prints the exact apt-get line for what is missing and fails.
. "$(dirname "$0")/../lib/tap.sh"
plan 6

deps=$HSATRACE_SRC/scripts/install-deps.sh

out=$("$deps" 2>&1)
ok $? "install-deps succeeds when everything is installed"
case "$out" in *"all build and test dependencies are present"*) r=0 ;; *) r=1 ;; esac
ok $r "a second run finds everything present and does nothing"

# Every package the script names is really installed, checked with dpkg directly.
names=$(sed -n '/^PACKAGES="/,/"$/p' "$deps" | tr -d '"\\' | sed 's/^PACKAGES=//; s/\${HSATRACE_DEPS_EXTRA:-}//')
absent=""
for p in $names; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q ' installed$' || absent="$absent $p"
done
is "$absent" "" "dpkg confirms each listed package is installed"

out=$(HSATRACE_DEPS_EXTRA=hsatrace-no-such-package "$deps" --check 2>&1)
ok $((! $?)) "--check fails when a package is missing"

# The not-root path, run as an ordinary uid (a user namespace when we are root).
if [ "$(id -u)" -eq 0 ]; then
	as_user="unshare --user --map-user=1000 --map-group=1000 --"
else
	as_user=""
fi
out=$(HSATRACE_DEPS_EXTRA=hsatrace-no-such-package $as_user "$deps" 2>&1)
ok $((! $?)) "without root, a missing package is an error"
case "$out" in
*"apt-get install -y --no-install-recommends hsatrace-no-such-package"*) r=0 ;;
*) r=1 ;;
esac
ok $r "without root, the exact apt-get line is printed" || diag "$out"

done_testing
