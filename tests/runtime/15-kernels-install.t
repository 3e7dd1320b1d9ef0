#!/bin/sh
# hsatrace kernels from the install tree (make install DESTDIR=... PREFIX=...): it finds the
# installed device header and library, not the build tree's, and its build offers the kernel.
. "$(dirname "$0")/../lib/tap.sh"
[ -x "$HSATRACE_BUILD/libexec/hsatrace/hsatrace-kernels" ] || skip_all "hsatrace kernels not built"
command -v g++ >/dev/null || skip_all "g++ is not installed"
plan 4
dest=$(mktemp -d) && trap 'rm -rf "$dest"' EXIT
prefix=/opt/hsatrace-kernels-test
san=0
case "$HSATRACE_BUILD" in */san) san=1 ;; esac
make -s -C "$HSATRACE_SRC" BUILD="$HSATRACE_BUILD" SANITIZE=$san \
	DESTDIR="$dest" PREFIX="$prefix" install >"$dest/install.log" 2>&1
ok $? "make install succeeds" || sed 's/^/#   /' "$dest/install.log" >&2
root=$dest$prefix
missing=""
for f in libexec/hsatrace/hsatrace-kernels lib/hsatrace/libhsat-device.a \
	share/hsatrace/kernels/include/hip/hip_runtime.h share/hsatrace/kernels/include/hsat_device.h \
	share/hsatrace/kernels/include/hsat_cpu_kernel.h share/man/man1/hsatrace-kernels.1; do
	[ -e "$root/$f" ] || missing="$missing $f"
done
is "$missing" "" "the command, the device library and headers and the man page are installed"
printf '#include <hip/hip_runtime.h>\n__global__ void twice(int *x) { x[threadIdx.x] *= 2; }\n' \
	>"$dest/twice.hip"
"$root/bin/hsatrace" kernels -v "$dest/twice.hip" -o "$dest/twice.so" >"$dest/out" 2>&1
ok $? "the installed hsatrace kernels builds a kernel" || sed 's/^/#   /' "$dest/out" >&2
grep -q -- "-I $root/libexec/hsatrace/../../share/hsatrace/kernels/include" "$dest/out" &&
	nm -D --defined-only "$dest/twice.so" | grep -q '_Z5twicePi'
ok $? "with the installed device header, and the kernel is in its build"
