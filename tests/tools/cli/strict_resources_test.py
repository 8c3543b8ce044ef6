#!/usr/bin/python3
"""Issue 13: an image file that is not there is read with a warning of its own
(collada.image.missing, gltf.image.missing) and its URI kept, since a .gltf may be copied before
its textures; --strict-resources refuses the input by that rule instead, in every command that
reads (convert, info, validate, batch), writing nothing. --help and the README name the flag.

  strict_resources_test.py POLYXIOS README

Inputs made here: a .gltf and a .dae, each a triangle naming the image file "maps/wood.png".
"""
import base64
import json
import os
import struct
import subprocess
import sys
import tempfile
import unittest

POLYXIOS = README = None
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVQYV2P4z/AfAAQAAf+I0P3MAAAAAElFTkSuQmCC")
CODES = {".gltf": "gltf.image.missing", ".dae": "collada.image.missing"}


def run(*args, cwd=None):
    return subprocess.run([POLYXIOS, *args], capture_output=True, text=True, cwd=cwd,
                          stdin=subprocess.DEVNULL, timeout=120)


def gltf_document():
    data = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
    return json.dumps({
        "asset": {"version": "2.0"},
        "buffers": [{"byteLength": len(data), "uri": "data:application/octet-stream;base64," +
                     base64.b64encode(data).decode()}],
        "bufferViews": [{"buffer": 0, "byteLength": len(data)}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                       "min": [0, 0, 0], "max": [1, 1, 0]}],
        "images": [{"uri": "maps/wood.png"}],
        "textures": [{"source": 0}],
        "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "material": 0}]}],
        "nodes": [{"mesh": 0}],
        "scenes": [{"nodes": [0]}],
        "scene": 0,
    })


DAE = """<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<library_images><image id="wood"><init_from>maps/wood.png</init_from></image></library_images>
<library_geometries><geometry id="g"><mesh>
<source id="p"><float_array id="pa" count="9">0 0 0 1 0 0 0 1 0</float_array>
<technique_common><accessor source="#pa" count="3" stride="3"><param name="X" type="float"/>
<param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
<vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
<triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
</mesh></geometry></library_geometries>
<library_visual_scenes><visual_scene id="s"><node id="n"><instance_geometry url="#g"/></node>
</visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#s"/></scene>
</COLLADA>
"""


class StrictResources(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.src = os.path.join(self.tmp.name, "src")
        os.makedirs(os.path.join(self.src, "maps"))
        self.inputs = {}
        for ext, text in ((".gltf", gltf_document()), (".dae", DAE)):
            path = os.path.join(self.src, "asset" + ext)
            with open(path, "w") as f:
                f.write(text)
            self.inputs[ext] = path

    def tearDown(self):
        self.tmp.cleanup()

    def out(self, name):
        return os.path.join(self.tmp.name, name)

    def test_a_missing_image_warns_and_keeps_its_uri(self):
        for ext, path in self.inputs.items():
            r = run("convert", path, self.out("w" + ext + ".gltf"))
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn(f"polyxios: warning: {CODES[ext]}: ", r.stderr)
            self.assertIn('"maps/wood.png" was not found', r.stderr)
            with open(self.out("w" + ext + ".gltf")) as f:
                self.assertEqual([i["uri"] for i in json.load(f)["images"]], ["maps/wood.png"])

    def test_strict_resources_refuses_a_missing_image_in_convert_and_info(self):
        for ext, path in self.inputs.items():
            out = self.out("s" + ext + ".glb")
            r = run("convert", "--strict-resources", path, out)
            self.assertEqual(r.returncode, 2, r.stderr)
            first = r.stderr.splitlines()[0]
            self.assertTrue(first.startswith(f"polyxios: {CODES[ext]}: "), first)
            self.assertIn('"maps/wood.png" was not found', first)
            self.assertFalse(os.path.exists(out))
            self.assertEqual(os.listdir(self.tmp.name), ["src"])
            r = run("info", "--strict-resources", path)
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn(CODES[ext], r.stderr)
        # The COLLADA refusal names the element and its line.
        r = run("convert", "--strict-resources", self.inputs[".dae"], self.out("x.glb"))
        self.assertIn("collada.image.missing: <image> at line 3: ", r.stderr)

    def test_strict_resources_reads_an_image_that_is_there(self):
        with open(os.path.join(self.src, "maps", "wood.png"), "wb") as f:
            f.write(PNG)
        for ext, path in self.inputs.items():
            r = run("convert", "--strict-resources", path, self.out("p" + ext + ".glb"))
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertNotIn("image.missing", r.stderr)

    def test_strict_resources_refuses_in_validate_and_batch(self):
        # Without the flag, validate grades as the Khronos validator: a glTF's missing image is
        # its IO_ERROR, an error; a COLLADA document's a warning.
        r = run("validate", self.src)
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertRegex(r.stdout, r"warnings +\S*asset\.dae: 1 warning \(collada\.image\.missing")
        self.assertRegex(r.stdout, r"refused +\S*asset\.gltf: \d+ errors? \([^)]*gltf\.image\.missing")
        r = run("validate", "--strict-resources", self.src)
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        for code in CODES.values():
            self.assertIn(code, r.stdout)
        report = self.out("report.jsonl")
        r = run("batch", "--strict-resources", "-j", "1", "--quiet", self.src, self.out("converted"),
                "--report", report)
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        with open(report) as f:
            lines = [json.loads(line) for line in f]
        self.assertEqual(sorted((line["outcome"], line["rule"]) for line in lines),
                         [("refused", "collada.image.missing"), ("refused", "gltf.image.missing")])

    def test_help_and_readme_name_the_flag(self):
        help_text = run("--help").stdout
        self.assertIn("--strict-resources      refuse", help_text)
        for command in ("convert", "info", "validate", "batch"):
            self.assertIn("--strict-resources      refuse", run(command, "--help").stdout)
        self.assertNotIn("--strict-resources", run("merge-reports", "--help").stdout)
        with open(README) as f:
            self.assertIn("--strict-resources", f.read())


if __name__ == "__main__":
    POLYXIOS, README = sys.argv[1:3]
    unittest.main(argv=[sys.argv[0]], verbosity=2)
