#!/usr/bin/python3
"""`polyxios info --json` (issue 11): one JSON object on stdout, for scripts.

  info_json_test.py POLYXIOS SAMPLE.dae
      the sample as a file, as a GLB converted from it (the same counts), on standard input,
      a refused input (exit 2, nothing on stdout) and a usage error.
  info_json_test.py --corpus POLYXIOS CORPUS_DIR
      a sample of the corpus's COLLADA files (every skinned and animated one, and every tenth of
      the rest) and its glTF files: each output parses and its counts agree with each other.
      Exit 77 (skipped) when the corpus is absent, 1 with PX_REQUIRE_ALL=1.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

from cli_checks import required

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL: " + what)
    return condition


def run(polyxios, args, stdin=None):
    with open(stdin, "rb") if stdin else open(os.devnull, "rb") as given:
        p = subprocess.run([polyxios] + args, stdin=given, capture_output=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def is_count(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


PARTS = ("json", "geometry", "animation", "skins", "instances", "images", "other")


def sizes_sane(name, sizes, glb_bytes=None):
    """A file's sizes: a total, and a glTF document's parts summing to it."""
    ok = check(is_count(sizes.get("total")), f"{name}: sizes total {sizes.get('total')!r}")
    if "json" in sizes:
        ok &= check(set(sizes) == {"total", *PARTS}, f"{name}: sizes keys {sorted(sizes)}")
        ok &= check(sum(sizes[k] for k in PARTS) == sizes["total"],
                    f"{name}: parts {sizes} do not sum to the total")
    else:
        ok &= check(set(sizes) == {"total"}, f"{name}: sizes keys {sorted(sizes)}")
    if glb_bytes is not None:
        ok &= check(sizes["total"] == glb_bytes, f"{name}: total {sizes['total']} of {glb_bytes}")
    return ok


def sane(name, info):
    """The checks every output passes: its parts agree with each other."""
    ok = True
    ok &= sizes_sane(f"{name} input", info["sizes"]["input"])
    if info["sizes"]["output"] is None:
        ok &= check(isinstance(info["sizes"].get("outputRefused"), str), f"{name}: no output")
    else:
        ok &= sizes_sane(f"{name} output", info["sizes"]["output"])
    counts = info["counts"]
    for key in ("meshes", "vertices", "triangles", "lines", "materials", "textures", "images",
                "nodes", "scenes", "cameras", "lights", "skins", "animations"):
        ok &= check(is_count(counts.get(key)), f"{name}: counts.{key} is {counts.get(key)!r}")
    meshes = info["meshes"]
    ok &= check(len(meshes) == counts["meshes"], f"{name}: {len(meshes)} meshes listed")
    for key in ("vertices", "triangles", "lines"):
        total = sum(m[key] for m in meshes)
        ok &= check(total == counts[key], f"{name}: mesh {key} sum to {total}, not {counts[key]}")
    for m in meshes:
        ok &= check(all(is_count(m[k]) for k in ("vertices", "triangles", "lines", "cells",
                                                  "instances")), f"{name}: mesh counts {m}")
        ok &= check(all(isinstance(a, str) for a in m["attributes"]), f"{name}: attributes")
        ok &= check(all(0 <= i < counts["materials"] for i in m["materials"]),
                    f"{name}: mesh materials {m['materials']} of {counts['materials']}")
        if m["bounds"] is not None:
            ok &= box_ok(name, m["bounds"])
    ok &= check(len(info["materials"]) == counts["materials"], f"{name}: materials listed")
    for m in info["materials"]:
        ok &= check(m["alphaMode"] in ("OPAQUE", "MASK", "BLEND"), f"{name}: alphaMode {m}")
        ok &= check(isinstance(m["doubleSided"], bool), f"{name}: doubleSided {m}")
        ok &= check(all(0 <= t < counts["textures"] for t in m["textures"].values()),
                    f"{name}: material textures {m['textures']}")
    ok &= check(len(info["skins"]) == counts["skins"], f"{name}: skins listed")
    for s in info["skins"]:
        ok &= check(is_count(s["joints"]) and s["joints"] <= counts["nodes"],
                    f"{name}: skin {s}")
    ok &= check(len(info["animations"]) == counts["animations"], f"{name}: animations listed")
    for a in info["animations"]:
        ok &= check(all(is_count(a[k]) for k in ("channels", "samplers", "keys")),
                    f"{name}: animation counts {a}")
        if a["duration"] is not None:
            ok &= check(a["duration"] >= 0 and math.isclose(a["start"] + a["duration"], a["end"]),
                        f"{name}: animation span {a}")
        else:
            ok &= check(a["keys"] == 0 or a["start"] is None, f"{name}: duration null {a}")
    if info["bounds"] is not None:
        ok &= box_ok(name, info["bounds"])
        ok &= check(any(m["instances"] > 0 and m["bounds"] for m in meshes),
                    f"{name}: world bounds with no instance")
    else:
        ok &= check(not any(m["instances"] > 0 and m["bounds"] for m in meshes),
                    f"{name}: null world bounds with a shown mesh")
    ok &= check(is_count(info["warningCount"]) and
                sum(info["warnings"].values()) == info["warningCount"],
                f"{name}: warnings {info['warnings']} sum to {info['warningCount']}")
    return ok


def snake_keys(value, top=True):
    """The keys of an info --json object that are not camelCase (warning codes aside)."""
    bad = []
    if isinstance(value, list):
        for item in value:
            bad += snake_keys(item, False)
    elif isinstance(value, dict):
        for key, item in value.items():
            if top and key in ("warnings", "notes"):
                continue
            if not (key[:1].islower() and key.isalnum()):
                bad.append(key)
            bad += snake_keys(item, False)
    return bad


def box_ok(name, box):
    ok = check(len(box["min"]) == 3 and len(box["max"]) == 3, f"{name}: box {box}")
    return ok and check(all(lo is not None and hi is not None and lo <= hi
                            for lo, hi in zip(box["min"], box["max"])), f"{name}: box {box}")


def info_of(polyxios, name, args, stdin=None):
    """Runs info --json; the parsed object, or None (a failure recorded)."""
    code, out, err = run(polyxios, ["info", "--json"] + args, stdin)
    if not check(code == 0, f"{name}: exit {code}: {err.decode(errors='replace')[:300]}"):
        return None
    try:
        return json.loads(out)
    except ValueError as e:
        check(False, f"{name}: output does not parse: {e}")
        return None


COMPARED = ("meshes", "vertices", "triangles", "lines", "materials", "skins", "animations")


def sample_tests(polyxios, sample):
    with tempfile.TemporaryDirectory() as work:
        dae = info_of(polyxios, "sample", [sample])
        if dae is None:
            return
        sane("sample", dae)
        check(dae["uri"] == sample, f"uri {dae['uri']!r}")
        check(dae["format"] == "collada", f"format {dae['format']!r}")
        check(dae["counts"]["meshes"] > 0 and dae["counts"]["triangles"] > 0, "sample is empty")
        check(dae["bounds"] is not None and dae["bounds"]["exact"], "sample bounds")
        check(all(m["name"] for m in dae["meshes"]), "sample meshes are named")
        check(all(m.get("shading") for m in dae["materials"]), "COLLADA materials name shading")
        # Issue 36: the asset block, the cameras and lights, and one key style (camelCase).
        check(dae["asset"]["upAxis"] in ("X_UP", "Y_UP", "Z_UP"), f"asset {dae['asset']}")
        check(set(dae["asset"]) == {"generator", "version", "upAxis", "unit"}, "asset keys")
        check(all(c["type"] in ("perspective", "orthographic") for c in dae["cameras"]),
              f"cameras {dae['cameras']}")
        check(all(isinstance(light["name"], str) for light in dae["lights"]), "lights")
        check(not snake_keys(dae), f"keys not in camelCase: {snake_keys(dae)}")

        code, again, _ = run(polyxios, ["info", "--json", sample])
        code2, first, _ = run(polyxios, ["info", "--json", sample])
        check(code == 0 and again == first, "two runs give different bytes")

        # The text form agrees with the JSON.
        code, text, _ = run(polyxios, ["info", sample])
        lines = dict(line.split(":", 1) for line in text.decode().splitlines()
                     if ":" in line and not line.startswith(" "))
        for key in COMPARED + ("nodes",):
            check(int(lines[key]) == dae["counts"][key], f"text {key} {lines[key].strip()}")
        check(int(lines["warnings"]) == dae["warningCount"], "text warnings")
        check(lines["up axis"].strip() == dae["asset"]["upAxis"], f"text up axis {lines['up axis']}")
        check(lines["generator"].strip() == (dae["asset"]["generator"] or "-"), "text generator")
        check("unit" in lines, "text unit")
        check(lines["bounds"].strip().startswith("min ("), f"text bounds {lines['bounds']}")
        check(int(lines["cameras"]) == len(dae["cameras"]), "text cameras")
        check(int(lines["lights"]) == len(dae["lights"]), "text lights")

        glb_path = os.path.join(work, "sample.glb")
        code, _, err = run(polyxios, ["convert", "--quiet", sample, glb_path])
        check(code == 0, f"convert to GLB: exit {code}: {err.decode(errors='replace')[:300]}")
        glb = info_of(polyxios, "glb", [glb_path])
        if glb is not None:
            sane("glb", glb)
            check(glb["format"] == "glb", f"glb format {glb['format']!r}")
            for key in COMPARED:
                check(glb["counts"][key] == dae["counts"][key],
                      f"glb {key}: {glb['counts'][key]} against {dae['counts'][key]}")
            for axis in range(3):
                for end in ("min", "max"):
                    a, b = glb["bounds"][end][axis], dae["bounds"][end][axis]
                    check(math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-5),
                          f"glb bounds {end}[{axis}] {a} against {b}")
            piped = info_of(polyxios, "glb on stdin", ["-"], stdin=glb_path)
            if piped is not None:
                check(piped["format"] == "glb", f"glb on stdin: format {piped['format']!r}")

        gltf_path = os.path.join(work, "sample.gltf")
        code, _, _ = run(polyxios, ["convert", "--quiet", sample, gltf_path])
        gltf = info_of(polyxios, "gltf", [gltf_path])
        if gltf is not None:
            check(gltf["format"] == "gltf", f"gltf format {gltf['format']!r}")
            check(gltf["counts"]["triangles"] == dae["counts"]["triangles"], "gltf triangles")

        piped = info_of(polyxios, "stdin", ["-"], stdin=sample)
        if piped is not None:
            sane("stdin", piped)
            check(piped["uri"] == "-", f"stdin uri {piped['uri']!r}")
            check(piped["format"] == "collada", f"stdin format {piped['format']!r}")
            for key in COMPARED:
                check(piped["counts"][key] == dae["counts"][key], f"stdin {key}")

        size_tests(polyxios, sample, work)

        bad = os.path.join(work, "bad.dae")
        with open(bad, "w") as f:
            f.write('<COLLADA><library_geometries><geometry id="g"><mesh><source id="s">'
                    '<float_array id="a" count="9">1 2</float_array></source></mesh>'
                    '</geometry></library_geometries></COLLADA>')
        for name, args, stdin in (("refused file", [bad], None), ("refused stdin", ["-"], bad)):
            code, out, err = run(polyxios, ["info", "--json"] + args, stdin)
            check(code == 2, f"{name}: exit {code}, expected 2")
            check(out == b"", f"{name}: wrote {len(out)} bytes to stdout")
            check(err.startswith(b"polyxios: "), f"{name}: stderr {err[:200]!r}")

        code, out, _ = run(polyxios, ["info", "--json", sample, sample])
        check(code == 1 and out == b"", f"two files: exit {code}, {len(out)} bytes on stdout")
        code, out, _ = run(polyxios, ["info", "--json", os.path.join(work, "none.dae")])
        check(code == 3 and out == b"", f"a missing file: exit {code}")


def size_tests(polyxios, sample, work):
    """Issue 38 point 6: the input's bytes, and the output's, by part, as convert writes them."""
    for label, options, suffix in (("glb", [], ".glb"), ("meshopt", ["--compress", "meshopt"], ".glb"),
                                   ("draco", ["--compress", "draco"], ".glb"),
                                   ("dae", ["--format", "dae"], ".dae")):
        info = info_of(polyxios, f"sizes {label}", [sample] + options)
        out = os.path.join(work, f"sizes-{label}{suffix}")
        code, _, err = run(polyxios, ["convert", "--quiet", sample, out] + options)
        if info is None or not check(code == 0, f"convert {label}: {err[:200]!r}"):
            continue
        sizes = info["sizes"]
        check(sizes["input"] == {"total": os.path.getsize(sample)}, f"{label}: input {sizes}")
        sizes_sane(f"sizes {label}", sizes["output"], os.path.getsize(out))
        check(("json" in sizes["output"]) == (suffix == ".glb"), f"{label}: parts {sizes}")
        if suffix == ".glb":
            check(sizes["output"]["geometry"] > 0, f"{label}: no geometry in {sizes}")
            again = info_of(polyxios, f"sizes of {label}'s GLB", [out])
            if again is not None:
                sizes_sane(f"{label}'s GLB as input", again["sizes"]["input"], os.path.getsize(out))
                check(again["sizes"]["input"] == sizes["output"],
                      f"{label}: {again['sizes']['input']} read, {sizes['output']} written")
    piped = info_of(polyxios, "sizes on stdin", ["-"], stdin=sample)
    if piped is not None:
        check(piped["sizes"]["input"] == {"total": os.path.getsize(sample)}, "stdin input size")
    code, text, _ = run(polyxios, ["info", sample, "--compress", "meshopt"])
    lines = dict(line.split(":", 1) for line in text.decode().splitlines() if ":" in line)
    check(lines.get("input", "").strip() == f"{os.path.getsize(sample)} bytes",
          f"text input {lines.get('input')!r}")
    check("geometry" in lines.get("output", ""), f"text output {lines.get('output')!r}")
    code, out, err = run(polyxios, ["info", sample, "--draco-level", "3"])
    check(code == 1 and b"--draco-level needs --compress draco" in err,
          f"a write option out of place: exit {code}, {err[:200]!r}")


def corpus_files(corpus):
    """Every skinned or animated COLLADA file, every tenth other one, and every tenth glTF."""
    collada, gltf = [], []
    for folder, names in (("collada", collada), ("gltf", gltf)):
        for root, _, files in os.walk(os.path.join(corpus, folder)):
            for f in files:
                if f.lower().endswith((".dae", ".gltf", ".glb")):
                    names.append(os.path.join(root, f))
    collada.sort()
    gltf.sort()
    rigged = [p for p in collada if any(w in p.lower() for w in ("skin", "anim", "rig", "bone"))]
    others = [p for p in collada if p not in set(rigged)]
    return rigged + others[::10] + gltf[::10]


def corpus_tests(polyxios, corpus):
    files = corpus_files(corpus)
    read = refused = skinned = animated = timed = 0
    for path in files:
        name = os.path.relpath(path, corpus)
        code, out, err = run(polyxios, ["info", "--json", path])
        if code in (2, 3):  # a refused or unreadable asset: nothing on stdout
            refused += 1
            check(out == b"", f"{name}: exit {code} with {len(out)} bytes on stdout")
            continue
        if not check(code == 0, f"{name}: exit {code}: {err.decode(errors='replace')[:300]}"):
            continue
        try:
            info = json.loads(out)
        except ValueError as e:
            check(False, f"{name}: output does not parse: {e}")
            continue
        read += 1
        if sane(name, info):
            skinned += info["counts"]["skins"] > 0
            animated += info["counts"]["animations"] > 0
            timed += any(a["duration"] is not None and a["duration"] > 0
                         for a in info["animations"])
    print(f"corpus: {len(files)} files, {read} read, {refused} refused; "
          f"{skinned} with skins, {animated} with animations ({timed} lasting)")
    check(skinned > 0 and animated > 0 and timed > 0, "the sample held no skin or animation")


def main():
    if sys.argv[1] == "--corpus":
        polyxios, corpus = sys.argv[2], sys.argv[3]
        if not os.path.isdir(os.path.join(corpus, "collada")):
            required.skip(f"no corpus at {corpus}")
        corpus_tests(polyxios, corpus)
    else:
        sample_tests(sys.argv[1], sys.argv[2])
    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
