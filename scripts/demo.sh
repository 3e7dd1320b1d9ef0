#!/bin/sh
# The demo: record a sample HSA program on the CPU runtime, unify the recording, write the
# Trace Compass views next to it and print a summary. Stages not built yet are announced
# rather than faked.
set -u
: "${HSATRACE_BUILD:=$(cd "$(dirname "$0")/.." && pwd)/build}"
hsat=$HSATRACE_BUILD/bin/hsatrace
step() { printf '\n== %s\n' "$*"; }

step "hsatrace $("$hsat" --version | cut -d' ' -f2) built in $HSATRACE_BUILD"
step "what the demo does"
cat <<'TXT'
  1. records the matrix-multiply sample on the CPU HSA runtime (no GPU needed),
     with the Linux kernel trace when the kernel tracer is available;
  2. unifies the recording into one CTF trace and writes the Trace Compass views beside it;
  3. prints the statistics and writes an HTML report;
  4. says where everything is and how to open it in Trace Compass.
TXT
missing=""
for c in record unify stats report views; do
	[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-$c" ] || missing="$missing $c"
done
if [ -n "$missing" ]; then
	step "not built yet:$missing — the demo stops here"
	exit 0
fi
