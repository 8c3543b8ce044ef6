#!/usr/bin/python3
"""Issue 15, point 11: convert --transcode-images. A COLLADA document whose texture is a TGA
(and one whose texture is a DDS, made here byte by byte) converts to GLB with the texture decoded
and embedded as PNG (a buffer view, mimeType image/png), which the Khronos validator passes;
to .gltf with its URI kept unless --transcode-images asks for a data: URI; --no-transcode-images
keeps the URI in a GLB (gltf.write.image-not-embedded); a corrupt TGA warns
gltf.write.image-undecodable and keeps its URI, exit 0. With the shared corpus: every COLLADA file
naming a TGA, BMP, TIFF or DDS image converts to GLB, and the images transcoded, missing and
undecodable are counted (and checked against the counts measured when this was written).

  transcode_images_test.py POLYXIOS NODE VALIDATE_MJS CORPUS

NODE "" (or a validator without its node_modules) skips the validator checks, saying so; a
missing corpus skips the corpus part; with PX_REQUIRE_ALL=1 either fails it.
"""
import base64
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

from cli_checks import Checks, Validator, required
from cli_documents import textured_triangle_dae

POLYXIOS, NODE, VALIDATE, CORPUS = sys.argv[1:5]
# Measured on the shared corpus when --transcode-images was written (issue 15 point 11).
CORPUS_FILES_AT_LEAST = 26
CORPUS_TRANSCODED_AT_LEAST = 26
# The one other file names three TGAs in a folder beside its own (../X/), which is not read.
CORPUS_NOT_READ_AT_MOST = 3

check = Checks()
VALIDATOR = Validator(NODE, VALIDATE)


def polyxios(*args):
    return subprocess.run([POLYXIOS, *args], capture_output=True, text=True, timeout=300)


def tga_2x2():
    header = bytes([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]) + struct.pack("<HHBB", 2, 2, 32, 0x28)
    pixels = bytes([0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255])  # BGRA
    return header + pixels


def dds_dxt1_4x4():
    header = b"DDS " + struct.pack("<7I", 124, 0x1007, 4, 4, 0, 0, 1) + bytes(44)
    header += struct.pack("<8I", 32, 0x4, struct.unpack("<I", b"DXT1")[0], 0, 0, 0, 0, 0)
    header += struct.pack("<5I", 0x1000, 0, 0, 0, 0)
    return header + struct.pack("<HHI", 0xF800, 0x001F, 0x1B1B1B1B)


def glb_parts(path):
    with open(path, "rb") as f:
        data = f.read()
    length = struct.unpack_from("<I", data, 12)[0]
    doc = json.loads(data[20:20 + length])
    at = 20 + length
    bin_chunk = data[at + 8:] if at < len(data) else b""
    return doc, bin_chunk


def image_bytes(doc, bin_chunk, image):
    view = doc["bufferViews"][image["bufferView"]]
    start = view.get("byteOffset", 0)
    return bin_chunk[start:start + view["byteLength"]]


def document(folder, name, texture_uri, texture_bytes):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "w") as f:
        f.write(textured_triangle_dae(texture_uri))
    if texture_bytes is not None:
        with open(os.path.join(folder, texture_uri), "wb") as f:
            f.write(texture_bytes)
    return os.path.join(folder, name)


def hand_made(work):
    for kind, texture, data in [("TGA", "wood.tga", tga_2x2()), ("DDS", "wood.dds", dds_dxt1_4x4()),
                                # A TGA named .png: the bytes, not the name, decide.
                                ("TGA", "misnamed.png", tga_2x2())]:
        dae = document(os.path.join(work, kind + texture), "chair.dae", texture, data)
        glb = dae[:-4] + ".glb"
        p = polyxios("convert", dae, glb)
        check(f"{texture}: GLB converts", p.returncode == 0, p.stderr)
        if p.returncode != 0:
            continue
        check(f"{texture}: transcoded warning names it",
              "gltf.write.image-transcoded" in p.stderr and f"from {kind}" in p.stderr, p.stderr)
        doc, bin_chunk = glb_parts(glb)
        image = doc["images"][0]
        check(f"{texture}: embedded as image/png", image.get("mimeType") == "image/png" and
              "uri" not in image, json.dumps(image))
        if "bufferView" in image:
            check(f"{texture}: the bytes are PNG",
                  image_bytes(doc, bin_chunk, image)[:8] == b"\x89PNG\r\n\x1a\n")
        errors = VALIDATOR.errors(glb)
        if errors is not None:
            check(f"{texture}: GLB validator-clean", not errors, json.dumps(errors)[:2000])

    dae = os.path.join(work, "TGAwood.tga", "chair.dae")
    gltf = os.path.join(work, "TGAwood.tga", "chair.gltf")
    p = polyxios("convert", dae, gltf)
    check(".gltf: URI kept by default", p.returncode == 0 and
          json.load(open(gltf))["images"][0].get("uri") == "wood.tga", p.stderr)
    p = polyxios("convert", dae, gltf, "--transcode-images")
    uri = json.load(open(gltf))["images"][0].get("uri", "") if p.returncode == 0 else ""
    check(".gltf --transcode-images: a PNG data: URI",
          uri.startswith("data:image/png;base64,") and
          base64.b64decode(uri.split(",", 1)[1])[:4] == b"\x89PNG", p.stderr)
    errors = VALIDATOR.errors(gltf) if p.returncode == 0 else None
    if errors is not None:
        check(".gltf --transcode-images: validator-clean", not errors, json.dumps(errors)[:2000])
    glb = os.path.join(work, "TGAwood.tga", "kept.glb")
    p = polyxios("convert", dae, glb, "--no-transcode-images")
    check("--no-transcode-images: URI kept with image-not-embedded",
          p.returncode == 0 and "gltf.write.image-not-embedded" in p.stderr and
          glb_parts(glb)[0]["images"][0].get("uri") == "wood.tga", p.stderr)
    p = polyxios("convert", dae, glb, "--transcode-images", "--no-transcode-images")
    check("both flags: a usage error", p.returncode not in (0, 2), p.stderr)

    src = os.path.dirname(document(os.path.join(work, "batch-in"), "chair.dae", "wood.tga",
                                   tga_2x2()))
    for flag, png in (("--transcode-images", True), ("--no-transcode-images", False)):
        out = os.path.join(work, "batch" + flag)
        p = polyxios("batch", src, out, "-j", "1", "--quiet", flag)
        images = glb_parts(os.path.join(out, "chair.glb"))[0]["images"] if p.returncode == 0 else []
        check(f"batch {flag}", len(images) == 1 and
              (images[0].get("mimeType") == "image/png") == png, p.stderr + json.dumps(images))
    p = polyxios("batch", src, os.path.join(work, "batch-both"), "--transcode-images",
                 "--no-transcode-images")
    check("batch with both flags: a usage error", p.returncode not in (0, 2), p.stderr)

    cut = document(os.path.join(work, "cut"), "chair.dae", "cut.tga", tga_2x2()[:21])
    glb = cut[:-4] + ".glb"
    p = polyxios("convert", cut, glb)
    check("a cut TGA: exit 0 with image-undecodable, URI kept",
          p.returncode == 0 and "gltf.write.image-undecodable" in p.stderr and
          glb_parts(glb)[0]["images"][0].get("uri") == "cut.tga", p.stderr)


def corpus(work):
    root = os.path.join(CORPUS, "collada")
    if not os.path.isdir(root):
        required.skip_part(f"the corpus part: no corpus at {root}")
        return
    named = re.compile(rb"\.(tga|bmp|tiff?|dds)\b", re.I)
    files = []
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if name.lower().endswith(".dae"):
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    if named.search(f.read()):
                        files.append(path)
    files.sort()
    converted = transcoded = missing = undecodable = embedded_files = 0
    for i, path in enumerate(files):
        out = os.path.join(work, f"corpus_{i}.glb")
        p = polyxios("convert", path, out)
        if p.returncode != 0:
            print(f"  refused (as without the option): {os.path.relpath(path, root)}: "
                  f"{p.stderr.strip()[:200]}")
            continue
        converted += 1
        m = re.search(r"gltf\.write\.image-transcoded: (\d+) images? (is|are)", p.stderr)
        if m:
            transcoded += int(m.group(1))
            embedded_files += 1
        missing += len(re.findall(r"collada\.image\.(missing|outside-folder)", p.stderr))
        undecodable += len(re.findall(r"gltf\.write\.image-undecodable", p.stderr))
        errors = VALIDATOR.errors(out)
        if errors is not None:
            check(f"corpus {os.path.relpath(path, root)}: validator-clean", not errors,
                  json.dumps(errors)[:1000])
    print(f"corpus: {len(files)} COLLADA files name TGA/BMP/TIFF/DDS images; {converted} convert "
          f"to GLB; {transcoded} images transcoded to PNG and embedded, in {embedded_files} "
          f"files; {missing} image files missing or outside the document's folder (not read); "
          f"{undecodable} undecodable")
    check("corpus: files naming such images", len(files) >= CORPUS_FILES_AT_LEAST, str(len(files)))
    check("corpus: images transcoded", transcoded >= CORPUS_TRANSCODED_AT_LEAST, str(transcoded))
    check("corpus: none undecodable", undecodable == 0, str(undecodable))
    check("corpus: images not read", missing <= CORPUS_NOT_READ_AT_MOST, str(missing))


def main():
    work = tempfile.mkdtemp(prefix="px_transcode_cli_")
    hand_made(work)
    corpus(work)
    VALIDATOR.note()
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
