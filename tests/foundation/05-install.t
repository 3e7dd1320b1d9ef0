#!/bin/sh
# `make install` with PREFIX and DESTDIR: the installed front door finds its commands, the
# tracer, the CPU runtime and the views in the installed tree.
. "$(dirname "$0")/../lib/tap.sh"
[ -x "$HSATRACE_BUILD/bin/hsatrace" ] || skip_all "hsatrace not built"
plan 6
dest=$(mktemp -d) && trap 'rm -rf "$dest"' EXIT
prefix=/opt/hsatrace-test
san=0
case "$HSATRACE_BUILD" in */san) san=1 ;; esac
make -s -C "$HSATRACE_SRC" BUILD="$HSATRACE_BUILD" SANITIZE=$san \
	DESTDIR="$dest" PREFIX="$prefix" install >"$dest.log" 2>&1
ok $? "make install DESTDIR=... PREFIX=$prefix succeeds" || sed 's/^/#   /' "$dest.log" >&2
rm -f "$dest.log"
root=$dest$prefix
missing=""
for f in bin/hsatrace lib/hsatrace/libhsatrace.so lib/hsatrace/cpu-runtime/libhsa-runtime64.so.1 \
	share/hsatrace/xml-views/hsa-api.xml share/man/man1/hsatrace.1; do
	[ -e "$root/$f" ] || missing="$missing $f"
done
is "$missing" "" "tracer, CPU runtime, views and man pages are installed under PREFIX"
for c in record unify views stats report analyze; do
	[ -x "$root/libexec/hsatrace/hsatrace-$c" ] || missing="$missing $c"
done
is "$missing" "" "every command is installed in libexec/hsatrace"
trace=$HSATRACE_SRC/traces-samples/traces/vector_copy/trace
"$root/bin/hsatrace" stats "$trace" >"$dest/stats" 2>&1
ok $? "the installed front door runs the installed stats"
cp -r "$trace" "$dest/trace"
"$root/bin/hsatrace" views "$dest/trace" >/dev/null 2>&1
cmp -s "$dest/xml-views/hsa-api.xml" "$HSATRACE_SRC/xml-views/hsa-api.xml"
ok $? "the installed views command copies the installed views next to a trace"
"$root/bin/hsatrace" record --help >/dev/null 2>&1
ok $? "the installed record answers --help"
done_testing
