#!/usr/bin/python3
"""Issue 15, point 7: .zae archives through the CLI. A .zae made here (Python's zipfile: a
manifest naming a document in a folder, its texture in another) converts to GLB, which the Khronos
validator passes with the texture embedded, to .gltf with the texture as a data: URI and nothing
written beside it, and to COLLADA that the 1.4.1 schema passes; info, validate, batch (which finds
.zae files in a folder) and standard input read it too. Hostile archives exit 2 by their rule,
writing nothing. With the shared corpus, its .zae files convert to validator-clean GLBs.

  zae_test.py POLYXIOS NODE VALIDATE_MJS SCHEMA CORPUS

NODE "" (or a validator without its node_modules) skips the validator checks and a missing schema
the schema checks, saying so; a missing corpus skips the corpus part; with PX_REQUIRE_ALL=1 any of
these fails it.
"""
import base64
import io
import json
import os
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib

from cli_checks import Checks, Schema, Validator, glb_json, required
from cli_documents import textured_triangle_dae

POLYXIOS, NODE, VALIDATE, SCHEMA, CORPUS = sys.argv[1:6]
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVQYV2P4z/AfAAQAAf+I0P3MAAAAAElFTkSuQmCC")
DAE = textured_triangle_dae("../maps/wood%20grain.png")
check = Checks()
VALIDATOR = Validator(NODE, VALIDATE)
SCHEMA_CHECK = Schema(SCHEMA)


def polyxios(*args, stdin=subprocess.DEVNULL):
    return subprocess.run([POLYXIOS, *args], capture_output=True, stdin=stdin, timeout=300)


def stored_png(size):
    """A grey PNG of about `size` bytes, its pixels stored uncompressed (a zip deflates them)."""
    width = 1024
    rows = size // (width + 1)
    raw = b"".join(b"\0" + b"\x80" * width for _ in range(rows))

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data +
                struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff))

    header = struct.pack(">IIBBBBB", width, rows, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 0)) +
            chunk(b"IEND", b""))


def archive(entries):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            z.writestr(name, data)
    return out.getvalue()


def main():
    work = tempfile.mkdtemp(prefix="px_zae_cli_")
    good = os.path.join(work, "in", "chair.zae")
    os.makedirs(os.path.dirname(good))
    with open(good, "wb") as f:
        f.write(archive([("manifest.xml", "<dae_root>./scenes/chair.dae</dae_root>"),
                         ("scenes/chair.dae", DAE), ("maps/wood grain.png", PNG)]))
    # A file of the texture's name where a host-disk lookup would find it is never read.
    os.makedirs(os.path.join(work, "in", "maps"))
    with open(os.path.join(work, "in", "maps", "wood grain.png"), "wb") as f:
        f.write(b"not the archive's")

    glb = os.path.join(work, "out", "chair.glb")
    os.makedirs(os.path.dirname(glb))
    p = polyxios("convert", good, glb)
    check("convert .zae -> .glb exits 0 with no warning", p.returncode == 0 and not p.stderr,
          p.stderr.decode())
    if p.returncode == 0:
        doc = glb_json(glb)
        images = doc.get("images", [])
        check("the GLB embeds the archive's texture", len(images) == 1 and
              "bufferView" in images[0] and "uri" not in images[0], json.dumps(images))
        with open(glb, "rb") as f:
            check("the embedded bytes are the archive's PNG", PNG in f.read())
        errors = VALIDATOR.errors(glb)
        if errors is not None:
            check("the GLB passes the Khronos validator", not errors, json.dumps(errors))

    gltf = os.path.join(work, "out", "chair.gltf")
    p = polyxios("convert", good, gltf)
    check("convert .zae -> .gltf exits 0", p.returncode == 0, p.stderr.decode())
    if p.returncode == 0:
        with open(gltf) as f:
            images = json.load(f).get("images", [])
        check("the .gltf holds the texture as a data: URI",
              len(images) == 1 and images[0].get("uri", "").startswith("data:image/png;base64,"),
              json.dumps(images)[:200])
        check("nothing but the .gltf and its .bin is written",
              sorted(os.listdir(os.path.dirname(gltf))) == ["chair.bin", "chair.glb",
                                                            "chair.gltf"],
              str(os.listdir(os.path.dirname(gltf))))

    dae = os.path.join(work, "out", "chair.dae")
    p = polyxios("convert", good, dae)
    check("convert .zae -> .dae exits 0", p.returncode == 0, p.stderr.decode())
    if p.returncode == 0:
        errors = SCHEMA_CHECK.errors(dae)
        check("the COLLADA output passes the 1.4.1 schema", not errors, errors)
        back = polyxios("info", "--json", dae)
        check("the COLLADA output keeps the texture",
              back.returncode == 0 and json.loads(back.stdout)["counts"]["images"] == 1,
              back.stdout.decode()[:300])

    p = polyxios("info", "--json", good)
    counts = json.loads(p.stdout)["counts"] if p.returncode == 0 else {}
    check("info reads the .zae", p.returncode == 0 and counts.get("meshes") == 1 and
          counts.get("images") == 1, p.stdout.decode()[:300] + p.stderr.decode())
    p = polyxios("validate", "--werror", os.path.join(work, "in"))
    check("validate finds and passes the .zae in a folder", p.returncode == 0 and
          b"chair.zae" in p.stdout, (p.stdout + p.stderr).decode())
    with open(good, "rb") as f:
        p = polyxios("convert", "-", os.path.join(work, "out", "stdin.glb"), stdin=f)
    check("standard input holding a .zae converts", p.returncode == 0, p.stderr.decode())
    batch_out = os.path.join(work, "batch")
    p = polyxios("batch", os.path.join(work, "in"), batch_out, "--quiet")
    check("batch finds the .zae and converts it", p.returncode == 0 and
          os.path.exists(os.path.join(batch_out, "chair.glb")), (p.stdout + p.stderr).decode())

    # Issue 34, defect 6: a 1 MiB PNG entry (deflated to a few KB) that 1000 <image>s name is
    # inflated once and shared: under --max-memory 64 --max-input 16 the archive converts, and the
    # GLB holds the bytes once, in one view every image names.
    images = "".join(f'<image id="i{i}"><init_from>big.png</init_from></image>'
                     for i in range(1000))
    shared = os.path.join(work, "shared.zae")
    with open(shared, "wb") as f:
        dae = textured_triangle_dae("maps/wood%20grain.png")
        f.write(archive([("a.dae", dae.replace("<library_images>", "<library_images>" + images)),
                         ("maps/wood grain.png", PNG), ("big.png", stored_png((1 << 20) - 1024))]))
    check("1000 images naming one 1 MiB entry: an archive of a few KB",
          os.path.getsize(shared) < 16 << 10)
    out = os.path.join(work, "shared.glb")
    p = polyxios("convert", shared, out, "--max-memory", "64", "--max-input", "16")
    check("1000 images naming one entry convert under --max-memory 64", p.returncode == 0,
          p.stderr.decode()[:500])
    if p.returncode == 0:
        views = {image.get("bufferView") for image in glb_json(out).get("images", [])}
        check("their GLB holds the entry once, in one view", os.path.getsize(out) < 2 << 20 and
              len(views) == 2, f"{os.path.getsize(out)} bytes, views {views}")

    hostile = {
        "collada.zae.ratio": archive([("a.dae", DAE), ("bomb.png", b"\0" * (8 << 20))]),
        "collada.zae.entry-parent": archive([("a.dae", DAE), ("../escape.png", PNG)]),
        "collada.zae.entry-absolute": archive([("a.dae", DAE), ("/etc/x.png", PNG)]),
        "collada.zae.document-ambiguous": archive([("a.dae", DAE), ("b.dae", DAE)]),
        "collada.zae.manifest-target": archive([("manifest.xml", "<dae_root>c.dae</dae_root>"),
                                                ("a.dae", DAE)]),
        "collada.zae.truncated": archive([("a.dae", DAE)])[:200],
        "collada.zae.corrupt": b"a .zae that is no zip",
    }
    for rule, data in hostile.items():
        path = os.path.join(work, "hostile.zae")
        with open(path, "wb") as f:
            f.write(data)
        out = os.path.join(work, "hostile.glb")
        p = polyxios("convert", path, out)
        check(f"{rule}: exit 2 naming the rule, nothing written",
              p.returncode == 2 and rule.encode() in p.stderr and not os.path.exists(out),
              f"exit {p.returncode}: {p.stderr.decode()}")

    zae_files = []
    if os.path.isdir(CORPUS):
        for root, _, files in os.walk(CORPUS):
            zae_files += [os.path.join(root, f) for f in files if f.lower().endswith(".zae")]
    if not zae_files:
        required.skip_part(f"the corpus part: no .zae in the corpus at {CORPUS}")
    for i, path in enumerate(sorted(zae_files)):
        out = os.path.join(work, "corpus", f"{i}.glb")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        p = polyxios("convert", path, out)
        check(f"corpus {os.path.relpath(path, CORPUS)} converts", p.returncode == 0,
              p.stderr.decode())
        errors = VALIDATOR.errors(out) if p.returncode == 0 else None
        if errors is not None:
            check(f"corpus {os.path.relpath(path, CORPUS)}: the GLB passes the validator",
                  not errors, json.dumps(errors)[:500])
    VALIDATOR.note()
    SCHEMA_CHECK.note()
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
