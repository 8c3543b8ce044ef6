#!/usr/bin/python3
"""Issue 13: an image URI is copied into an output only when it is a data: URI or a relative one
staying in the asset's folder; http(s): also with --allow-remote-uris, any other (file:, absolute,
"..", javascript:) also with --allow-external-files. Otherwise it is left out with a warning and
the output stays valid: the glTF outputs pass the Khronos validator (missing image files aside,
as the kept relative images are not made here), the COLLADA ones the 1.4.1 schema.

  uri_policy_test.py POLYXIOS NODE VALIDATE_MJS SCHEMA

Inputs made here: a .gltf (a textured triangle, one image per URI below, each sampled by a
material of its own), and a .dae converted from it with both flags, so that it keeps every URI.
NODE "" (or a validator without its node_modules) skips the validator checks and a missing schema
the schema checks, saying so; with PX_REQUIRE_ALL=1 either fails it.
"""
import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

from cli_checks import Checks, Schema, Validator

POLYXIOS, NODE, VALIDATE, SCHEMA = sys.argv[1:5]
URIS = ["file:///etc/passwd", "/abs/path.png", "../../x.png", "javascript:alert(1)",
        "https://example.com/a.png", "maps/ok.png", "a/../b.png"]
REMOTE = ["https://example.com/a.png"]
EXTERNAL = ["file:///etc/passwd", "/abs/path.png", "../../x.png", "javascript:alert(1)"]
INSIDE = ["maps/ok.png", "a/../b.png"]
check = Checks()
VALIDATOR = Validator(NODE, VALIDATE, timeout=120)
SCHEMA_CHECK = Schema(SCHEMA, timeout=120)


def polyxios(*args):
    return subprocess.run([POLYXIOS, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)


def gltf_input():
    data = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0) + struct.pack("<6f", 0, 0, 1, 0, 0, 1)
    n = len(URIS)
    return {
        "asset": {"version": "2.0"},
        "buffers": [{"byteLength": len(data), "uri": "data:application/octet-stream;base64," +
                     base64.b64encode(data).decode()}],
        "bufferViews": [{"buffer": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36,
                                                          "byteLength": 24}],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
             "min": [0, 0, 0], "max": [1, 1, 0]},
            {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC2"}],
        "images": [{"uri": u} for u in URIS],
        "textures": [{"source": i} for i in range(n)],
        "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": i}}}
                      for i in range(n)],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1},
                                    "material": i} for i in range(n)]}],
        "nodes": [{"mesh": 0}],
        "scenes": [{"nodes": [0]}],
        "scene": 0,
    }


def gltf_image_uris(path):
    if path.endswith(".glb"):
        with open(path, "rb") as f:
            blob = f.read()
        length = struct.unpack_from("<I", blob, 12)[0]
        doc = json.loads(blob[20:20 + length])
    else:
        with open(path) as f:
            doc = json.load(f)
    return [image["uri"] for image in doc.get("images", []) if "uri" in image], doc


def expect_valid_gltf(name, path):
    errors = VALIDATOR.errors(path, allow_missing_images=True)
    if errors is None:
        return
    check(f"{name}: the Khronos validator finds no error", errors == [], json.dumps(errors))


def expect_valid_collada(name, path):
    errors = SCHEMA_CHECK.errors(path)
    if errors is not None:
        check(f"{name}: the COLLADA 1.4.1 schema validates it", not errors, errors)


def collada_image_uris(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    # The <init_from> of <library_images>, not those of the effects' surfaces (which name ids).
    start = text.find("<library_images>")
    images = text[start:text.find("</library_images>")] if start >= 0 else ""
    uris = []
    at = images.find("<init_from>")
    while at >= 0:
        end = images.find("</init_from>", at)
        uris.append(images[at + len("<init_from>"):end])
        at = images.find("<init_from>", end)
    return uris, text


def convert(name, src, out, flags, kept):
    """Converts src to out with flags: exit 0, the kept URIs written, the others not, the drop
    warned when some URI was dropped, and the output valid."""
    p = polyxios("convert", src, out, *flags)
    check(f"{name}: exit 0", p.returncode == 0, p.stderr)
    if p.returncode != 0:
        return
    dae = out.endswith(".dae")
    code = "collada.write.image-uri-dropped" if dae else "gltf.write.image-uri-dropped"
    dropped = len(URIS) - len(kept)
    check(f"{name}: warns {code} x{dropped}" if dropped else f"{name}: no {code}",
          (f"{code}: {dropped} image" in p.stderr) == (dropped > 0) and
          (code in p.stderr) == (dropped > 0), p.stderr)
    if dae:
        uris, text = collada_image_uris(out)
        expect_valid_collada(name, out)
    else:
        uris, doc = gltf_image_uris(out)
        text = json.dumps(doc)
        expect_valid_gltf(name, out)
    check(f"{name}: writes exactly the allowed URIs", sorted(uris) == sorted(kept),
          f"got {uris}, wanted {kept}")
    for gone in set(URIS) - set(kept):
        check(f"{name}: {gone} appears nowhere", gone not in text)


def main():
    tmp = tempfile.mkdtemp(prefix="px_uri_policy_")
    try:
        src = os.path.join(tmp, "in", "scene.gltf")
        os.makedirs(os.path.dirname(src))
        with open(src, "w") as f:
            json.dump(gltf_input(), f)
        dae = os.path.join(tmp, "in", "scene.dae")
        p = polyxios("convert", src, dae, "--allow-remote-uris", "--allow-external-files")
        check("the COLLADA input: made with every URI", p.returncode == 0 and
              sorted(collada_image_uris(dae)[0]) == sorted(URIS), p.stderr)
        out = os.path.join(tmp, "out")
        os.makedirs(out)
        cases = [("default", [], INSIDE),
                 ("--allow-remote-uris", ["--allow-remote-uris"], INSIDE + REMOTE),
                 ("--allow-external-files", ["--allow-external-files"], INSIDE + EXTERNAL),
                 ("both flags", ["--allow-remote-uris", "--allow-external-files"], URIS)]
        for label, flags, kept in cases:
            for source in (src, dae):
                for ext in (".gltf", ".glb", ".dae"):
                    target = os.path.join(out, f"{label.strip('-')}-{os.path.basename(source)}{ext}")
                    convert(f"{os.path.basename(source)} -> {ext}, {label}", source, target,
                            flags, kept)

        # To standard output (the writers' stream entry points): COLLADA, and GLB.
        for flags, kept in (([], INSIDE), (["--allow-remote-uris"], INSIDE + REMOTE)):
            for fmt in ("dae", "glb"):
                p = subprocess.run([POLYXIOS, "convert", src, "-", "--format", fmt, *flags],
                                   capture_output=True, stdin=subprocess.DEVNULL, timeout=120)
                out_text = p.stdout.decode("utf-8", "replace")
                check(f"convert to standard output as {fmt} {flags}: exit 0", p.returncode == 0,
                      p.stderr.decode())
                for uri in URIS:
                    check(f"convert to standard output as {fmt} {flags}: {uri} "
                          f"{'kept' if uri in kept else 'left out'}",
                          (uri in out_text) == (uri in kept))

        # batch shares convert's options: the flags reach its workers.
        batch_in = os.path.join(tmp, "batch-in")
        os.makedirs(batch_in)
        shutil.copy(src, os.path.join(batch_in, "g.gltf"))
        shutil.copy(dae, os.path.join(batch_in, "d.dae"))
        for label, flags, kept in cases[:2]:
            batch_out = os.path.join(tmp, f"batch-out-{len(flags)}")
            report = os.path.join(tmp, f"report-{len(flags)}.jsonl")
            p = polyxios("batch", batch_in, batch_out, "--to", "gltf", "--quiet", "-j", "1",
                         "--report", report, *flags)
            check(f"batch, {label}: exit 0", p.returncode == 0, p.stdout + p.stderr)
            for name in ("g.gltf", "d.gltf"):
                written = os.path.join(batch_out, name)
                uris = gltf_image_uris(written)[0] if os.path.exists(written) else None
                check(f"batch, {label}: {name} writes exactly the allowed URIs",
                      uris is not None and sorted(uris) == sorted(kept),
                      f"got {uris}, wanted {kept}")
            with open(report) as f:
                lines = [json.loads(line) for line in f if line.strip()]
            warned = [line for line in lines
                      if "gltf.write.image-uri-dropped" in line.get("warnings", {})]
            check(f"batch, {label}: the report names the drop for each asset",
                  len(warned) == 2 and len(lines) == 2, json.dumps(lines))

        # validate converts in memory as convert does, with the same flags.
        for flags, warned in (([], True), (["--allow-remote-uris", "--allow-external-files"],
                                           False)):
            p = polyxios("validate", "--json", src, *flags)
            check(f"validate {flags}: the drop is reported" if warned else
                  f"validate {flags}: no drop reported",
                  ("gltf.write.image-uri-dropped" in p.stdout) == warned, p.stdout + p.stderr)

        # info measures the output the write's options make, --allow-remote-uris among them
        p = polyxios("info", src, "--allow-remote-uris")
        check("info takes --allow-remote-uris (for the output it measures)",
              p.returncode == 0, p.stderr)
        help_text = polyxios("--help").stdout
        check("--help names --allow-remote-uris", "--allow-remote-uris" in help_text)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    VALIDATOR.note()
    SCHEMA_CHECK.note()
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
