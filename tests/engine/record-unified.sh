#!/bin/sh
# record-unified.sh OUT [RECORD-OPTIONS --] PROGRAM [ARGS...]
# Records PROGRAM with `hsatrace record` (CPU runtime, no kernel domain) under a private
# lttng-sessiond (tests/lib/lttng-harness.sh: as root, inside a user namespace), then writes the
# unified trace to OUT with `hsatrace unify`. Used by the engine's tests and benchmark to make
# traces of the sample programs.
set -u
: "${HSATRACE_SRC:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${HSATRACE_BUILD:=$HSATRACE_SRC/build}"
export HSATRACE_SRC HSATRACE_BUILD
. "$HSATRACE_SRC/tests/lib/lttng-harness.sh"
lttng_harness_unprivileged "$@"
out=$1
shift
opts=""
case " $* " in
*" -- "*)
	while [ "$1" != -- ]; do opts="$opts $1"; shift; done
	shift
	;;
esac
lttng_harness_start || exit 1
rec="$LTTNG_HARNESS_DIR/record"
# shellcheck disable=SC2086
"$HSATRACE_BUILD/bin/hsatrace" record --no-kernel -r cpu $opts -o "$rec" -- "$@" >"$LTTNG_HARNESS_DIR/record.log" 2>&1 ||
	{ echo "record-unified: hsatrace record failed:" >&2; cat "$LTTNG_HARNESS_DIR/record.log" >&2; exit 1; }
"$HSATRACE_BUILD/bin/hsatrace" unify "$rec" -o "$out" >/dev/null 2>"$LTTNG_HARNESS_DIR/unify.log" ||
	{ echo "record-unified: hsatrace unify failed:" >&2; cat "$LTTNG_HARNESS_DIR/unify.log" >&2; exit 1; }
