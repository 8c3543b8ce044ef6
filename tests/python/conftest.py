"""Fixtures of the Python module's tests: the repository's sample, the shared corpus (tests that
need it skip themselves where it is absent, or fail with PX_REQUIRE_ALL=1: tests/support/
required.py), and small COLLADA documents written here."""

from __future__ import annotations

import os
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
