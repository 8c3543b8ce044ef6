"""A step of an ingestion service written with polyxios (the README's worked example): read a
COLLADA file, convert it to Y up and metres, rename its materials, remove a mesh, and write the
scene as GLB and COLLADA into a folder.

    python3 python/examples/ingest.py [SOURCE] -o OUT_DIR [--prefix catalog_] [--drop-mesh -1]

SOURCE defaults to a file of the shared corpus, a cube whose six faces are six meshes of six
materials, in centimetres, found under $POLYXIOS_CORPUS, else ../shared/corpus beside the
repository (as tests/python finds it).
The outputs are OUT_DIR/<SOURCE's name>.glb and .dae. tests/python/test_example_ingest.py runs it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import polyxios as px

REPO = Path(__file__).resolve().parents[2]
CORPUS_FILE = ("collada/cts/collada/library_visual_scenes/visual_scene/node/_reference/"
               "_reference_cube_with_6_materials/_reference_cube_with_6_materials.dae")


def ingest(source: Path, out_dir: Path, prefix: str = "catalog_", drop_mesh: int = -1) -> None:
    scene = px.read_scene(source, up_axis="y", meters=True)  # as convert --up-axis y --meters
    asset = scene.global_attrs["asset"]
    print(f"read {source.name}: {len(scene.meshes)} mesh(es), {len(scene.materials)} material(s), "
          f"now {asset['up_axis']}, 1 unit = {asset['unit']['meter']} m")
    for material in scene.materials:
        old, material.name = material.name, prefix + material.name
        print(f"material {old} -> {material.name}")
    count = len(scene.meshes)
    if not -count <= drop_mesh < count:
        raise IndexError(f"no mesh {drop_mesh} in a scene of {count}")
    drop = drop_mesh % count  # a negative index counts from the end
    name = scene.meshes[drop].global_attrs.get("mesh_name", "")
    shown_by = [node.name for node in scene.nodes if node.mesh == drop]
    scene.remove_mesh(drop)  # the nodes that showed it are left without a mesh
    print(f"removed mesh {drop} ({name}, shown by {', '.join(shown_by) or 'no node'}), "
          f"{len(scene.meshes)} left")
    out_dir.mkdir(parents=True, exist_ok=True)
    for suffix in (".glb", ".dae"):
        path = out_dir / (source.stem + suffix)
        px.write_scene(scene, path)
        print(f"wrote {path} ({path.stat().st_size} bytes)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?", type=Path,
                        help="a COLLADA file (default: the corpus's)")
    parser.add_argument("-o", "--out", type=Path, required=True, help="the folder to write into")
    parser.add_argument("--prefix", default="catalog_", help="put before each material's name")
    parser.add_argument("--drop-mesh", type=int, default=-1, help="the mesh to remove (-1: last)")
    args = parser.parse_args()
    source = args.source
    if source is None:
        corpus = Path(os.environ.get("POLYXIOS_CORPUS") or REPO.parent / "shared" / "corpus")
        source = corpus / CORPUS_FILE
    if not source.is_file():
        parser.error(f"no file {source} (pass a COLLADA file, or set POLYXIOS_CORPUS)")
    try:
        ingest(source, args.out, args.prefix, args.drop_mesh)
    except (px.CodecError, OSError, IndexError, ValueError) as error:
        print(f"ingest: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
