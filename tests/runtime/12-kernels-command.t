#!/bin/sh
# hsatrace kernels as a command: --help, usage errors (exit 2), sources it refuses with one
# line naming the file and line (warp intrinsics, an extern __shared__ it cannot read, a
# file that does not compile or cannot be read, sources without a kernel: exit 1, no output
# left behind), and a build from the front door whose object offers its kernels by their
# mangled names, compiled with the -D and -I given.
. "$(dirname "$0")/../lib/tap.sh"
kernels=$HSATRACE_BUILD/libexec/hsatrace/hsatrace-kernels
front=$HSATRACE_BUILD/bin/hsatrace
[ -x "$kernels" ] || skip_all "not built: $kernels"
command -v g++ >/dev/null || skip_all "g++ is not installed"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hsatrace-kernels-t.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
has() { case "$1" in *"$2"*) return 0 ;; esac; return 1; }
# run ARGS: $out, $err, $rc
run() { "$kernels" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; out=$(cat "$tmp/out"); err=$(cat "$tmp/err"); }

run --help
is "$rc" 0 "--help exits 0"
has "$out" "usage: hsatrace kernels" && has "$out" "HSATRACE_CPU_KERNELS"
ok $? "--help shows the usage and where the build goes"

run "$tmp/none.hip"
is "$rc" 2 "no -o is a usage error"
has "$err" "no output file"
ok $? "and says so"
run -o "$tmp/x.so"
is "$rc" 2 "no source file is a usage error"
run --bogus a.hip -o "$tmp/x.so"
is "$rc" 2 "an unknown option is a usage error"
has "$err" "hsatrace kernels: unrecognized option '--bogus'"
ok $? "naming the option, in getopt's words" || diag "$err"
run -I
is "$rc" 2 "an option without its value is a usage error"
has "$err" "hsatrace kernels: option requires an argument -- 'I'"
ok $? "naming the option" || diag "$err"

run "$tmp/none.hip" -o "$tmp/x.so"
is "$rc" 1 "a missing source fails"
has "$err" "cannot read $tmp/none.hip"
ok $? "naming the file"

cat >"$tmp/warp.hip" <<'HIP'
#include <hip/hip_runtime.h>

__global__ void sum(float *x)
{
	float v = x[threadIdx.x];
	v += __shfl_down(v, 1);
	x[threadIdx.x] = v;
}
HIP
run "$tmp/warp.hip" -o "$tmp/warp.so"
is "$rc" 1 "a warp intrinsic is refused"
is "$(printf '%s\n' "$err" | wc -l)" 1 "with one line"
has "$err" "$tmp/warp.hip:6: warp intrinsic __shfl_down"
ok $? "naming the file, the line and the intrinsic" || diag "$err"
[ ! -e "$tmp/warp.so" ]
ok $? "and writing nothing"

printf '#include <hip/hip_runtime.h>\nextern __shared__ float *pointers;\n' >"$tmp/shared.hip"
run "$tmp/shared.hip" -o "$tmp/shared.so"
is "$rc" 1 "an extern __shared__ that is not an array is refused"
has "$err" "$tmp/shared.hip:2: extern __shared__ declaration not understood"
ok $? "naming the line" || diag "$err"

printf '#include <hip/hip_runtime.h>\n__global__ void broken(int *x) { x[0] = undeclared; }\n' \
	>"$tmp/broken.hip"
run "$tmp/broken.hip" -o "$tmp/broken.so"
is "$rc" 1 "a source that does not compile fails"
has "$err" "broken.hip:2"
ok $? "and the compiler's message names the source's own line" || diag "$err"
[ ! -e "$tmp/broken.so" ]
ok $? "no output is left behind"

# a source without a kernel: the library would register nothing
printf '#include <hip/hip_runtime.h>\nint main() { return 0; }\n' >"$tmp/host.hip"
run "$tmp/host.hip" -o "$tmp/host.so"
is "$rc|$err" "1|hsatrace kernels: no __global__ kernel in the source: nothing to build" \
	"a source without a kernel fails, saying so"
[ ! -e "$tmp/host.so" ]
ok $? "and writes nothing"

# two files, a -D and an -I, through the front door
mkdir -p "$tmp/inc"
printf '#define FACTOR 3\n' >"$tmp/inc/factor.h"
cat >"$tmp/a.hip" <<'HIP'
#include <hip/hip_runtime.h>
#include "factor.h"
__global__ void triple(int *x) { x[threadIdx.x] *= FACTOR * OFFSET; }
int main() { triple<<<1, 64>>>(nullptr); return 0; }
HIP
cat >"$tmp/b.hip" <<'HIP'
#include <hip/hip_runtime.h>
template <typename T> __global__ void fill(T *x, T v) { x[blockIdx.x * blockDim.x + threadIdx.x] = v; }
int main() { fill<float><<<2, 32>>>(nullptr, 1.0f); return 0; }
HIP
"$front" kernels -I "$tmp/inc" -DOFFSET=1 "$tmp/a.hip" "$tmp/b.hip" -o "$tmp/ab.so" 2>"$tmp/err"
ok $? "hsatrace kernels builds two files (each with a main) from the front door" ||
	diag "$(cat "$tmp/err")"
symbols=$(nm -D --defined-only "$tmp/ab.so" 2>/dev/null)
has "$symbols" "_Z6triplePi" && has "$symbols" "_Z4fillIfEvPT_S0_"
ok $? "the object has both kernels under their mangled names"
has "$symbols" "hsat_cpu_code_object"
ok $? "and the kernel table the runtime reads"
has "$symbols" "main"
ok $((! $?)) "but no main"
done_testing
