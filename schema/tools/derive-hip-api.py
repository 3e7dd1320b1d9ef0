#!/usr/bin/env python3
"""Derive schema/hip_api_def.c from Debian's HIP 5.2.3 headers and libamdhip64.

Run by a maintainer (not at build time); the output is reviewed and committed:

    python3 schema/tools/derive-hip-api.py > schema/hip_api_def.c

The functions are those declared by /usr/include/hip/hip_runtime_api.h (read as C, with
__HIP_PLATFORM_AMD__, through clang's JSON AST) that libamdhip64.so.5 exports with C linkage.
Argument kinds follow the HSA derivation (schema/tools/derive-api.py); HIP's own rules:
a non-const pointer to a scalar, enum or handle is an out-parameter (HIP documents few of them
with @param[out]) unless listed in IN_POINTERS; dim3 by value is recorded as x/y/z; the
launch functions' host function address also gets the kernel's name.
"""
import json, re, subprocess, sys

LIB = "/usr/lib/x86_64-linux-gnu/libamdhip64.so.5"
HEADERS = ["hip/hip_runtime_api.h"]
HOT = re.compile(r"^hip(GetLastError|PeekAtLastError|GetDevice|StreamQuery|EventQuery|"
                 r"GetErrorName|GetErrorString)$")
# Non-const pointers that the function reads, never writes.
IN_POINTERS = {"args", "kernelParams", "extra", "hostPtr", "ptr_list", "options",
               "optionValues"}
IN_POINTER_ARGS = {("hipFree", "ptr"), ("hipHostFree", "ptr"), ("hipFreeHost", "ptr"),
                   ("hipHostUnregister", "hostPtr"), ("hipHostRegister", "hostPtr")}
# Arguments naming a kernel by its host-side function address (its stub): the tracer adds
# <name>_name, the device function registered for it (__hipRegisterFunction).
KERNEL_ARGS = {("hipLaunchKernel", "function_address"),
               ("hipLaunchCooperativeKernel", "f"),
               ("hipFuncGetAttributes", "func")}
# Parameter names that are the names of API events' own fields: renamed <name>_arg.
RESERVED = {"function", "correlation_id", "hip_correlation_id", "status", "retval",
            "kernel_name"}
# Float out-parameters recorded as integer nanoseconds (the field <name>_ns).
MS_AS_NS = {("hipEventElapsedTime", "ms")}


def ast():
    src = "".join('#include <%s>\n' % h for h in HEADERS)
    out = subprocess.run(["clang", "-fsyntax-only", "-D__HIP_PLATFORM_AMD__", "-Xclang",
                          "-ast-dump=json", "-x", "c", "-"],
                         input=src.encode(), capture_output=True, check=True).stdout
    return json.loads(out)


def exported():
    nm = subprocess.run(["nm", "-D", "--defined-only", LIB], capture_output=True, text=True,
                        check=True).stdout
    return {l.split()[-1].split("@")[0] for l in nm.splitlines() if " T " in l}


def documented_in():
    """(function, parameter) pairs documented as input only (@param[in])."""
    text = open("/usr/include/" + HEADERS[0]).read()
    res = set()
    for m in re.finditer(r"/\*\*((?:(?!\*/).)*)\*/\s*(?:DEPRECATED\([^)]*\)\s*)?\w+\s+(hip\w+)\s*\(",
                         text, re.S):
        for p in re.findall(r"@param\s*\[in\]\s*:?\s*(\w+)", m.group(1)):
            res.add((m.group(2), p))
    return res


class Types:
    def __init__(self, tree):
        self.typedefs, self.enums = {}, set()
        for d in tree["inner"]:
            if d.get("kind") == "TypedefDecl":
                t = d["type"]
                self.typedefs[d["name"]] = t.get("desugaredQualType", t["qualType"])
            if d.get("kind") == "EnumDecl" and d.get("name"):
                self.enums.add("enum " + d["name"])

    def resolve(self, t):
        t = re.sub(r"\bconst\b", "", t).strip()
        seen = 0
        while t in self.typedefs and seen < 8:
            t, seen = re.sub(r"\bconst\b", "", self.typedefs[t]).strip(), seen + 1
        return re.sub(r"\s+", " ", t)

    def kind(self, t):
        if re.sub(r"\s+", " ", t).strip() == "const char *":
            return "HSAT_AK_STRING"
        r = self.resolve(t)
        if "(*)" in r or r.endswith("*"):
            return "HSAT_AK_PTR"
        if r.startswith("enum"):
            return "HSAT_AK_ENUM"
        if r == "struct dim3":
            return "HSAT_AK_DIM3"
        if r in ("_Bool", "bool") or r.startswith("unsigned"):
            return "HSAT_AK_UINT"
        if r in ("int", "long", "long long", "short", "signed char"):
            return "HSAT_AK_SINT"
        return "HSAT_AK_NONE"  # struct by value, float, char: not recorded

    def out_kind(self, fn, p, t, doc_in):
        """The kind of the value a non-const pointer argument points to after the call."""
        if (fn, p) in MS_AS_NS:
            return "HSAT_AK_MS_NS"
        if not t.endswith("*") or t.startswith("const ") or p in IN_POINTERS or \
                (fn, p) in IN_POINTER_ARGS or (fn, p) in doc_in:
            return "HSAT_AK_NONE"
        pointee = t[:-1].strip()
        if self.resolve(pointee) in ("char", "void", "float"):
            return "HSAT_AK_NONE"
        k = self.kind(pointee)
        return k if k in ("HSAT_AK_PTR", "HSAT_AK_UINT", "HSAT_AK_SINT", "HSAT_AK_ENUM") \
            else "HSAT_AK_NONE"


def decl(t, name):
    if "(*)" in t:
        return t.replace("(*)", "(*%s)" % name, 1)
    return t + name if t.endswith("*") else "%s %s" % (t, name)


def ret_kind(ret):
    return {"hipError_t": "HSAT_RET_STATUS", "void": "HSAT_RET_VOID", "int": "HSAT_RET_SINT",
            "const char *": "HSAT_RET_UINT"}.get(ret, "HSAT_RET_NONE")


def main():
    tree = ast()
    types = Types(tree)
    syms = exported()
    doc_in = documented_in()
    fns = [d for d in tree["inner"] if d.get("kind") == "FunctionDecl" and d["name"] in syms
           and not d.get("storageClass") == "static"]
    print("/* The HIP API functions hsatrace traces: every function of Debian's HIP 5.2.3")
    print(" * (hip/hip_runtime_api.h) that libamdhip64.so.5 exports with C linkage, with typed")
    print(" * arguments and out-parameters. Generated by schema/tools/derive-hip-api.py, then")
    print(" * reviewed; edit the tool, not this file. */")
    print('#include "schema/hsatrace_schema.h"\n')
    rows, seen = [], set()
    for f in fns:
        name = f["name"]
        if name in seen:
            continue
        seen.add(name)
        ret = f["type"]["qualType"].split("(")[0].strip()
        params = [p for p in f.get("inner", []) if p.get("kind") == "ParmVarDecl"]
        lines = []
        for p in params:
            if p["name"] in RESERVED:
                p["name"] += "_arg"
            t = p["type"]["qualType"]
            k = types.kind(t)
            if (name, p["name"]) in KERNEL_ARGS:
                k = "HSAT_AK_KERNEL"
            ok = types.out_kind(name, p["name"], t, doc_in)
            lines.append('\t{ "%s", "%s", %s, %s },' % (p["name"], decl(t, p["name"]), k, ok))
        if lines:
            print("static const struct hsat_api_arg %s_args[] = {" % name)
            print("\n".join(lines))
            print("};")
        cat = "HSAT_CAT_HOT" if HOT.match(name) else "HSAT_CAT_DEFAULT"
        rows.append('\t{ "%s", HSAT_TABLE_HIP, 0, "%s", %s, %s, %s, %d, HSAT_LAYER_HIP },' % (
            name, ret, ret_kind(ret), cat, "%s_args" % name if lines else "NULL", len(lines)))
    print("\nconst struct hsat_api_fn hsat_hip_fns[] = {")
    print("\n".join(rows))
    print("};\n")
    print("const size_t hsat_hip_fn_count = sizeof(hsat_hip_fns) / sizeof(hsat_hip_fns[0]);")


main()
