#!/usr/bin/env python3
"""Derive schema/hsa_api_def.c from the installed ROCr 5.2 headers.

Run once by a maintainer (not at build time); the output is reviewed and committed:

    python3 schema/tools/derive-api.py OFFSETS_FILE > schema/hsa_api_def.c

OFFSETS_FILE lists every HsaApiTable slot with its byte offset (the measured 5.2.3 layout,
see docs/schema.md). Argument types come from clang's JSON AST of /usr/include/hsa; which
pointer arguments are out-parameters comes from the headers' `@param[out]` doc comments.
"""
import json, re, subprocess, sys

HEADERS = ["hsa/hsa.h", "hsa/hsa_ext_amd.h", "hsa/hsa_ext_image.h"]
TABLES = {"CoreApiTable": "HSAT_TABLE_CORE", "AmdExtTable": "HSAT_TABLE_AMD_EXT",
          "ImageExtTable": "HSAT_TABLE_IMAGE"}
HOT = re.compile(r"^hsa_(queue_(load|store|add|cas)_(read|write)_index_|"
                 r"signal_(load|store|silent_store|add|subtract|and|or|xor|exchange|cas)_)")
# Out-parameters that point at arrays or at data whose size depends on another argument:
# never dereferenced by the tracer.
NO_DEREF = {("hsa_amd_queue_cu_get_mask", "cu_mask")}
# Out-parameters the headers do not document with @param[out].
FORCE_OUT = {("hsa_amd_signal_create", "signal"), ("hsa_amd_ipc_signal_attach", "signal"),
             ("hsa_amd_queue_intercept_create", "queue")}


def ast():
    src = "".join('#include <%s>\n' % h for h in HEADERS)
    src += '#include "schema/hsat_tool_api.h"\n'
    out = subprocess.run(["clang", "-fsyntax-only", "-I.", "-Xclang", "-ast-dump=json", "-x", "c", "-"],
                         input=src.encode(), capture_output=True, check=True).stdout
    return json.loads(out)


def slots(path):
    table, res = None, []
    for line in open(path):
        m = re.match(r"== (\w+)", line)
        if m:
            table = TABLES.get(m.group(1))
            continue
        m = re.match(r"\s*\d+ (0x[0-9a-f]+) (hsa_\w+)_fn$", line)
        if m and table:
            res.append((table, int(m.group(1), 16), m.group(2)))
    return res


def out_params():
    outs = {}
    for h in HEADERS:
        text = open("/usr/include/" + h).read()
        for m in re.finditer(r"/\*\*((?:(?!\*/).)*)\*/\s*(?:HSA_DEPRECATED\s*)?[\w\s]+?\b(hsa_\w+)\s*\(",
                             text, re.S):
            outs.setdefault(m.group(2), set()).update(
                re.findall(r"@param\[out\]\s+(\w+)", m.group(1)))
    return outs


class Types:
    def __init__(self, tree):
        self.typedefs, self.handles = {}, set()
        for d in tree["inner"]:
            if d.get("kind") == "TypedefDecl":
                t = d["type"]
                under = t.get("desugaredQualType", t["qualType"])
                # typedef enum {...} name: the only inner type is the enum itself.
                if "(" not in under and '"kind": "EnumType"' in json.dumps(d.get("inner", [])):
                    under = "enum " + d["name"]
                self.typedefs[d["name"]] = under
            if d.get("kind") == "RecordDecl" and d.get("completeDefinition") and d.get("name"):
                fields = [f.get("name") for f in d.get("inner", []) if f.get("kind") == "FieldDecl"]
                if fields == ["handle"]:
                    self.handles.add("struct " + d["name"])

    def kind(self, t):
        if re.sub(r"\s+", " ", t).strip() == "const char *":
            return "HSAT_AK_STRING"  # a NUL-terminated input string: recorded as text
        t = re.sub(r"\bconst\b", "", t).strip()
        seen = 0
        while t in self.typedefs and seen < 8:
            t, seen = re.sub(r"\bconst\b", "", self.typedefs[t]).strip(), seen + 1
        if "(*)" in t or t.endswith("*"):
            return "HSAT_AK_PTR"
        if t in self.handles:
            return "HSAT_AK_HANDLE"
        if t.startswith("enum") or re.match(r"^hsa_\w+_t$", t) and t not in self.typedefs:
            return "HSAT_AK_ENUM"
        if t in ("_Bool", "bool") or t.startswith("unsigned"):
            return "HSAT_AK_UINT"
        if t in ("int", "long", "long long", "short", "signed char", "char"):
            return "HSAT_AK_SINT"
        if t == "void":
            return "HSAT_AK_NONE"
        return "HSAT_AK_NONE"  # a struct passed by value: not recorded


def decl(t, name):
    if "(*)" in t:
        return t.replace("(*)", "(*%s)" % name, 1)
    return t + name if t.endswith("*") else "%s %s" % (t, name)


def main():
    tree = ast()
    types = Types(tree)
    fns = {d["name"]: d for d in tree["inner"] if d.get("kind") == "FunctionDecl"}
    outs = out_params()
    print("/* The HSA API functions hsatrace traces: every slot of the ROCr 5.2 core, AMD-extension")
    print(" * and image tables, with typed arguments and out-parameters.")
    print(" * Derived once from /usr/include/hsa by schema/tools/derive-api.py, then reviewed;")
    print(" * edit by hand only for categories or out-parameter corrections. */")
    print('#include "schema/hsatrace_schema.h"\n')
    rows = []
    for table, off, name in slots(sys.argv[1]):
        f = fns[name]
        ret = f["type"]["qualType"].split("(")[0].strip()
        rk = {"hsa_status_t": "HSAT_RET_STATUS", "void": "HSAT_RET_VOID",
              "hsa_signal_value_t": "HSAT_RET_SINT", "uint64_t": "HSAT_RET_UINT",
              "uint32_t": "HSAT_RET_UINT"}[ret]
        params = [p for p in f.get("inner", []) if p.get("kind") == "ParmVarDecl"]
        lines = []
        for p in params:
            t = p["type"]["qualType"]
            k = types.kind(t)
            ok = "HSAT_AK_NONE"
            if (p["name"] in outs.get(name, ()) or (name, p["name"]) in FORCE_OUT) and t.endswith("*") and (name, p["name"]) not in NO_DEREF:
                ok = types.kind(t[:-1].strip())
            lines.append('\t{ "%s", "%s", %s, %s },' % (p["name"], decl(t, p["name"]), k, ok))
        if lines:
            print("static const struct hsat_api_arg %s_args[] = {" % name)
            print("\n".join(lines))
            print("};")
        cat = "HSAT_CAT_HOT" if HOT.match(name) else "HSAT_CAT_DEFAULT"
        rows.append('\t{ "%s", %s, 0x%03x, "%s", %s, %s, %s, %d, HSAT_LAYER_HSA },' % (
            name, table, off, ret, rk, cat, "%s_args" % name if lines else "NULL", len(lines)))
    print("\nconst struct hsat_api_fn hsat_api_fns[] = {")
    print("\n".join(rows))
    print("};\n")
    print("const size_t hsat_api_fn_count = sizeof(hsat_api_fns) / sizeof(hsat_api_fns[0]);")


main()
