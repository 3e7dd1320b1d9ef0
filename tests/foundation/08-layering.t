#!/bin/sh
# The include graph: no import circle anywhere and no include in a direction that
# tests/foundation/layers.rules does not allow (layering.pl says what both mean). The checker
# is first run on small trees built here, so it is known to find what it looks for.
. "$(dirname "$0")/../lib/tap.sh"
here=$HSATRACE_SRC/tests/foundation
check() { perl "$here/layering.pl" "$@" 2>&1; }
plan 9

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# put FILE LINE...: writes FILE under the scratch tree, one line each
put() { f=$tmp/t/$1; shift; mkdir -p "$(dirname "$f")"; printf '%s\n' "$@" >"$f"; }
cat >"$tmp/rules" <<'RULES'
split lib
allow lib/* lib/base
allow app lib/*
exception lib/base/log.c app/ui.h   # allowed on purpose
RULES

# A clean tree: a module's .c and its headers (private ones included) are one module,
# includes resolve beside the file first, system headers are not read.
put lib/base/log.h '#include <stdio.h>'
put lib/base/log.c '#include "lib/base/log.h"' '#include "log_internal.h"'
put lib/base/log_internal.h '#include "lib/base/log.h"'
put lib/net/sock.c '#include "lib/base/log.h"'
put app/ui.h '/* nothing */'
put app/main.c '#include "lib/net/sock.h"' '#include "app/ui.h"'
put lib/net/sock.h '#include "lib/base/log.h"'
put tools/gen.h '/* gen */'
put lib/base/log_exc.c '#include "tools/gen.h"'
out=$(check "$tmp/rules" "$tmp/t")
rc=$?
is "$rc:$out" "1:forbidden include: lib/base/log_exc.c includes tools/gen.h (lib/base may not include tools)" \
	"a clean tree passes but for the one include in a forbidden direction"
rm "$tmp/t/lib/base/log_exc.c"
out=$(check "$tmp/rules" "$tmp/t")
is "$?:$out" "0:" "the exception and the private header are no problems"

# a.c includes b.h, b.c includes a.h: an import circle, however the files are spread.
put lib/net/a.h '/* a */'
put lib/net/b.h '/* b */'
put lib/net/a.c '#include "b.h"'
put lib/net/b.c '#include "lib/net/a.h"'
out=$(check "$tmp/rules" "$tmp/t")
is "$?:$out" "1:import circle between modules: lib/net/a -> lib/net/b -> lib/net/a" \
	"a circle of two modules is found and named"
rm "$tmp/t/lib/net/b.c"

# A circle between folders without one between modules: base/x.c -> net/y.h, net/y.c -> base/z.h.
printf 'allow lib/base lib/net\n' >>"$tmp/rules"
put lib/base/x.c '#include "lib/net/y.h"'
put lib/net/y.h '/* y */'
put lib/net/y.c '#include "lib/base/z.h"'
put lib/base/z.h '/* z */'
out=$(check "$tmp/rules" "$tmp/t")
is "$?:$out" "1:import circle between folders: lib/base -> lib/net -> lib/base" \
	"a circle between two folders is found"

check "$tmp/rules" "$tmp/no-such-tree" >/dev/null
is $? 2 "a missing tree is a usage error"
printf 'allow\n' >"$tmp/bad-rules"
out=$(check "$tmp/bad-rules" "$tmp/t")
is "$?" 2 "an unreadable rule is a usage error"
case "$out" in *"bad-rules:1: cannot read this rule"*) r=0 ;; *) r=1 ;; esac
ok $r "and the message names the rule's line"

# The project itself.
out=$(check "$here/layers.rules" "$HSATRACE_SRC")
rc=$?
[ -n "$out" ] && diag "$out"
is $rc 0 "hsatrace has no import circle and no include in a forbidden direction"
# The rules name real folders: a typo would allow nothing and check nothing.
missing=""
set -f # the rules' * is no file name
for u in $(sed 's/#.*//' "$here/layers.rules" | awk '$1 == "allow" { for (i = 2; i <= NF; i++) print $i }' | sort -u); do
	case "$u" in '*') continue ;; */'*') u=${u%/*} ;; esac
	[ -d "$HSATRACE_SRC/$u" ] || missing="$missing $u"
done
is "$missing" "" "every folder the rules name exists"
