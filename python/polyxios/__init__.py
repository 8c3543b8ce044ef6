"""polyxios: 3D scenes between COLLADA (.dae) and glTF 2.0 (.gltf / .glb).

    import polyxios as px
    scene = px.read_scene("robot.dae")     # SceneData: meshes, nodes, scenes, materials, ...
    px.write_scene(scene, "robot.glb")
    mesh = scene.to_polydata()             # one PolyData, every node's world transform applied
    px.write(mesh, "flat.dae")

Arrays are read-only numpy views of the scene's memory. Warnings are PolyxiosWarning (code
first in the message); refusals raise CodecError with the rule's .code and .line.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from ._errors import Cancelled, CodecError, PolyxiosNote, PolyxiosWarning
from ._polyxios import (
    PolyData,
    SceneData,
    SceneImage,
    SceneMaterial,
    SceneNode,
    SceneTexture,
    SceneTextureRef,
)

if TYPE_CHECKING:  # the stub (_polyxios.pyi) types them; at run time they gain real signatures
    from ._polyxios import read, read_scene, write, write_scene
else:
    from ._signatures import read, read_scene, write, write_scene

__version__ = "0.1.0"


class CellType(enum.IntEnum):
    """VTK's cell type numbers, as PolyData.cell_types holds them."""

    VERTEX = 1
    LINE = 3
    POLY_LINE = 4
    TRIANGLE = 5
    TRIANGLE_STRIP = 6
    POLYGON = 7
    QUAD = 9


__all__ = [
    "Cancelled",
    "CellType",
    "CodecError",
    "PolyData",
    "PolyxiosNote",
    "PolyxiosWarning",
    "SceneData",
    "SceneImage",
    "SceneMaterial",
    "SceneNode",
    "SceneTexture",
    "SceneTextureRef",
    "read",
    "read_scene",
    "write",
    "write_scene",
]
