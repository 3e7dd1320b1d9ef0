#!/bin/sh
# The tracer changes nothing a HIP program sees: on the system's ROCr without a GPU, HIP
# reports hipErrorNoDevice, and exactly the same with libhsatrace.so loaded as an HSA tool
# (HSA_TOOLS_LIB) or preloaded.
. "$(dirname "$0")/../lib/tap.sh"
. "$HSATRACE_SRC/tests/runtime/hip-lib.sh"
hip_require hip_device
[ -e /dev/kfd ] && skip_all "/dev/kfd exists: a GPU may make HIP find a device here"
ldconfig -p 2>/dev/null | grep -q 'libhsa-runtime64\.so\.1 ' ||
	skip_all "no system libhsa-runtime64.so.1"
tracer=$HSATRACE_BUILD/lib/hsatrace/libhsatrace.so
[ -f "$tracer" ] || skip_all "tracer not built ($tracer)"
asan=$(hip_asan_preload "$tracer")
plan 6

hip_run_rocr hip_device --count
hip_is_rc 0 "hip_device --count runs on ROCr"
is "$out" "devices 0 status hipErrorNoDevice" "without the tracer: no device"
plain=$out

hip_capture env -u LD_LIBRARY_PATH LD_PRELOAD="$asan" HSA_TOOLS_LIB="$tracer" \
	"$HIP_SAMPLES/hip_device" --count
hip_is_rc 0 "with HSA_TOOLS_LIB=libhsatrace.so it runs the same"
is "$out" "$plain" "with HSA_TOOLS_LIB: the same answer"

hip_capture env -u LD_LIBRARY_PATH LD_PRELOAD="${asan:+$asan }$tracer" \
	"$HIP_SAMPLES/hip_device" --count
hip_is_rc 0 "with LD_PRELOAD=libhsatrace.so it runs the same"
is "$out" "$plain" "with LD_PRELOAD: the same answer"
