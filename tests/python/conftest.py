"""Fixtures of the Python module's tests: the repository's sample, the shared corpus, the Khronos
glTF validator and the COLLADA schema (tests that need them skip themselves where they are
absent, or fail with PX_REQUIRE_ALL=1: tests/support/required.py), and small COLLADA documents
written here."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "support"))
import required  # noqa: E402  (tests/support, put on the path above)


@pytest.fixture
def robot_dae() -> Path:
    """The spec's robot.dae: a base, an upper arm and a hand; two geometries (a cube "link" of
    quads with split normals and texture coordinates, instanced twice, and a triangle gripper),
    two materials (paint, steel)."""
    return REPO / "corpus" / "samples" / "robot_arm.dae"


@pytest.fixture
def corpus() -> Path:
    """The shared corpus: $POLYXIOS_CORPUS, else ../shared/corpus beside the repository."""
    path = Path(os.environ.get("POLYXIOS_CORPUS") or REPO.parent / "shared" / "corpus")
    if not path.is_dir():
        required.pytest_skip(f"no corpus at {path}")
    return path


@pytest.fixture
def gltf_errors():
    """errors(path): the Khronos glTF validator's errors for a .glb or .gltf ([] when it passes),
    through tests/validator/validate.mjs."""
    node = shutil.which("node")
    script = REPO / "tests" / "validator" / "validate.mjs"
    if not node or not (script.parent / "node_modules").is_dir():
        required.pytest_skip("the Khronos validator: node or tests/validator/node_modules absent "
                             "(tools/bootstrap.sh)")

    def errors(path: Path) -> list[dict]:
        run = subprocess.run([node, str(script), "--json", str(path)], capture_output=True,
                             text=True, timeout=300, check=False)
        assert run.returncode == 0, run.stderr
        report = json.loads(run.stdout.splitlines()[-1])
        return [m for m in report["messages"] if m["severity"] == "error"]

    return errors


@pytest.fixture
def schema_errors():
    """errors(path): what xmllint says of a COLLADA document against the 1.4.1 schema beside the
    repository (../shared/spec, as the CLI's tests take it), "" when it is valid."""
    xmllint = shutil.which("xmllint")
    xsd = REPO.parent / "shared" / "spec" / "collada_schema_1_4_1.xsd"
    if not xmllint or not xsd.is_file():
        required.pytest_skip(f"xmllint or the COLLADA schema ({xsd}) absent")

    def errors(path: Path) -> str:
        run = subprocess.run([xmllint, "--noout", "--schema", str(xsd), str(path)],
                             capture_output=True, text=True, timeout=300, check=False)
        return "" if run.returncode == 0 else run.stderr

    return errors
