#!/bin/sh
# Installs, from Debian's packages, what hsatrace needs to build, test and run.
#
# As root: runs `apt-get update` once, then installs the missing packages.
# Not root: prints the exact `apt-get install` line and fails.
# When everything is present it does nothing and exits 0.
#
# Usage: scripts/install-deps.sh [--check]
#   --check   only report; never install (exit 1 when something is missing)
#
# HSATRACE_DEPS_EXTRA adds package names (used by the test of this script).
set -u

PACKAGES="gcc g++ make pkg-config perl util-linux \
liblttng-ust-dev lttng-tools liblttng-ctl-dev \
libbabeltrace2-dev babeltrace2 \
libxml2-dev libxml2-utils libpcre2-dev libiberty-dev binutils \
libsqlite3-dev sqlite3 \
libhsa-runtime-dev hipcc libamdhip64-dev chromium \
octave-queueing ${HSATRACE_DEPS_EXTRA:-}"
# chromium draws the HTML report in its test; octave-queueing is the independent MVA solver
# tests/model/02-octave.t checks the model's against.

missing=""
for pkg in $PACKAGES; do
	status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)
	case "$status" in
	*" installed") ;;
	*) missing="$missing $pkg" ;;
	esac
done

if [ -z "$missing" ]; then
	echo "install-deps: all build and test dependencies are present"
	exit 0
fi

echo "install-deps: missing Debian packages:$missing" >&2
line="apt-get install -y --no-install-recommends$missing"

if [ "${1:-}" = "--check" ]; then
	echo "install-deps: to install them, run as root: $line" >&2
	exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: not root; run this as root, then retry:" >&2
	echo "    $line" >&2
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "install-deps: apt-get update" >&2
apt-get update -qq || { echo "install-deps: apt-get update failed" >&2; exit 1; }
echo "install-deps: $line" >&2
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >&2 || {
	echo "install-deps: apt-get install failed" >&2
	exit 1
}
echo "install-deps: installed:$missing"
