"""The README's worked example, python/examples/ingest.py (issue 37), run as a user runs it: on
its default file of the shared corpus, converted to metres, every material renamed, one mesh
removed, its GLB passing the Khronos validator and its COLLADA the 1.4.1 schema; and the README
shows the example's own code."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np

import polyxios as px

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "python" / "examples" / "ingest.py"


def example_module():
    spec = importlib.util.spec_from_file_location("ingest", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_converts_renames_removes_and_writes_valid_files(corpus, tmp_path,
                                                                     gltf_errors, schema_errors):
    source = corpus / example_module().CORPUS_FILE
    assert source.is_file(), f"the example's corpus file is missing: {source}"
    run = subprocess.run([sys.executable, str(EXAMPLE), "-o", str(tmp_path)],
                         env={**os.environ, "POLYXIOS_CORPUS": str(corpus)},
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    assert "now Y_UP, 1 unit = 1.0 m" in run.stdout
    assert "material lambert1 -> catalog_lambert1" in run.stdout
    assert "removed mesh 5 (cube6, shown by cube6_node), 5 left" in run.stdout

    original = px.read_scene(source)
    assert original.global_attrs["asset"]["unit"]["meter"] == 0.01
    glb, dae = (tmp_path / (source.stem + suffix) for suffix in (".glb", ".dae"))
    assert gltf_errors(glb) == []
    assert schema_errors(dae) == ""
    centimetres = np.diag([0.01, 0.01, 0.01, 1])
    cube = [n.name for n in original.nodes].index("cube_node")
    for path in (glb, dae):
        back = px.read_scene(path)
        assert [m.name for m in back.materials] == [
            "catalog_" + m.name for m in original.materials], path
        assert len(back.meshes) == len(original.meshes) - 1, path
        assert back.global_attrs["asset"]["unit"]["meter"] == 1.0, path
        shown = {n.name: n.mesh for n in back.nodes}
        assert shown["cube6_node"] == -1 and shown["cube5_node"] >= 0, path
        # the unit converted: the cube in metres where it was in centimetres
        node = [n.name for n in back.nodes].index("cube_node")
        np.testing.assert_allclose(back.world_matrix(node),
                                   centimetres @ original.world_matrix(cube), atol=1e-9)


def test_the_readme_shows_the_examples_code():
    blocks = re.findall(r"```python\n(.*?)```", (REPO / "README.md").read_text(), re.S)
    (snippet,) = [block for block in blocks if "def ingest(" in block]
    assert snippet in EXAMPLE.read_text(), "the README's ingest() is not the example's"
