#!/bin/sh
# The CPU runtime's ABI: soname, the exact ROCr 5.2.3 export list at version ROCR_1, and a
# program linked against Debian's ROCr resolving every HSA symbol from it.
. "$(dirname "$0")/../lib/tap.sh"
lib=$HSATRACE_BUILD/lib/hsatrace/cpu-runtime/libhsa-runtime64.so.1
[ -f "$lib" ] || skip_all "CPU runtime not built ($lib)"
reference=$HSATRACE_SRC/../shared/reference/rocr/exported_hsa_symbols_5.2.3.txt
command -v objdump >/dev/null || skip_all "objdump not installed"
plan 5

soname=$(objdump -p "$lib" | awk '$1 == "SONAME" {print $2}')
is "$soname" "libhsa-runtime64.so.1" "soname is libhsa-runtime64.so.1"

# defined dynamic symbols: "<address> g DF .text <size> <version> <name>"
exports=$(objdump -T "$lib" | awk '$NF ~ /^hsa_/ && $0 !~ /\*UND\*/ {print $(NF-1), $NF}')
unversioned=$(printf '%s\n' "$exports" | awk '$1 != "ROCR_1"' | wc -l)
is "$unversioned" 0 "every exported hsa_* symbol has version ROCR_1"
others=$(objdump -T "$lib" | awk '$0 !~ /\*UND\*/ && $NF !~ /^hsa_/ && $NF != "ROCR_1" && $2 == "g"' | wc -l)
is "$others" 0 "nothing but hsa_* symbols is exported"

if [ -f "$reference" ]; then
	got=$(printf '%s\n' "$exports" | awk '{print $2}' | sort -u)
	want=$(sort -u "$reference")
	is "$(printf '%s\n' "$got" | wc -l)" "$(printf '%s\n' "$want" | wc -l)" \
		"as many exports as ROCr 5.2.3"
	[ "$got" = "$want" ]
	ok $? "the same names as ROCr 5.2.3's export list"
else
	skip 2 "../shared/reference is absent: cannot compare with ROCr 5.2.3's export list"
fi
done_testing
