"""The conversion options as keywords: every option of the command line is a keyword of
read_scene or write_scene, with the command line's default (one table defines both:
polyxios/conversion_options.h); a keyword writes what the flag writes; wrong values and options
that do not fit together are errors naming the keyword; the signatures and the stub agree."""

from __future__ import annotations

import ast
import inspect
import json
import os
import re
import struct
import subprocess
from pathlib import Path

import pytest

import polyxios as px

CLI = os.environ.get("POLYXIOS_CLI")
PACKAGE = Path(px.__file__).parent


def cli() -> str:
    if not CLI:
        pytest.skip("POLYXIOS_CLI is not set (ctest sets it)")
    return CLI


def glb_json(path: Path) -> dict:
    data = path.read_bytes()
    (length,) = struct.unpack_from("<I", data, 12)
    return json.loads(data[20 : 20 + length])


def help_entries(command: str) -> dict[str, str]:
    """{flag: its help text} of the conversion options `polyxios COMMAND --help` lists."""
    text = subprocess.run([cli(), command, "--help"], capture_output=True, text=True).stdout
    section = text.split("\nconversion options", 1)[1].split("\ncommon options", 1)[0]
    entries: dict[str, str] = {}
    flag = None
    for line in section.splitlines()[1:]:
        if line.startswith("  --"):
            flag = re.match(r"  (--[a-z-]+)", line).group(1)
            entries[flag] = line
        elif flag:
            entries[flag] += " " + line.strip()
    return entries


def keywords(function) -> dict[str, inspect.Parameter]:
    return {
        name: p
        for name, p in inspect.signature(function).parameters.items()
        if p.kind is inspect.Parameter.KEYWORD_ONLY
    }


def test_every_conversion_flag_is_a_keyword_of_read_scene_or_write_scene_with_its_default():
    table = {flag: (keyword, default) for keyword, flag, _t, default, _s, _h in
             px._polyxios._conversion_options() if flag}
    read, write = keywords(px.read_scene), keywords(px.write_scene)
    flags = help_entries("convert")
    assert set(flags) == set(table)  # the help lists the table, the table every flag
    for flag, entry in flags.items():
        keyword, default = table[flag]
        parameter = read.get(keyword) or write.get(keyword)
        assert parameter is not None, flag
        assert parameter.default == default, flag
        shown = re.search(r"\(default (\d+)\)", entry)
        if isinstance(default, int) and not isinstance(default, bool):
            # the command line counts --max-input and --max-memory in MiB, the keyword in bytes
            unit = 2**20 if "MIB" in entry.split("  ")[1] else 1
            assert shown and int(shown.group(1)) * unit == default, (flag, entry)
    # info takes every conversion option: the write's make the output it measures
    assert set(help_entries("info")) == set(table)


def test_write_scene_writes_the_bytes_convert_writes_with_the_same_options(robot_dae, tmp_path):
    scene = px.read_scene(robot_dae)
    cases = [
        ({"compress": "meshopt", "optimize": True}, ["--compress", "meshopt", "--optimize"]),
        (
            {"compress": "draco", "draco_level": 3, "draco_position_bits": 14, "fallback": True},
            ["--compress", "draco", "--draco-level", "3", "--draco-position-bits", "14",
             "--fallback"],
        ),
        ({"format": "gltf"}, ["--format", "gltf"]),
    ]
    for n, (options, flags) in enumerate(cases):
        (tmp_path / "py").mkdir(exist_ok=True)
        (tmp_path / "cli").mkdir(exist_ok=True)
        ours, theirs = tmp_path / "py" / f"{n}.glb", tmp_path / "cli" / f"{n}.glb"
        px.write_scene(scene, ours, **options)
        subprocess.run([cli(), "convert", str(robot_dae), str(theirs), "--quiet", *flags],
                       check=True)
        assert ours.read_bytes() == theirs.read_bytes(), options
    used = glb_json(tmp_path / "py" / "0.glb")
    assert used["extensionsRequired"] == ["EXT_meshopt_compression"]
    draco = glb_json(tmp_path / "py" / "1.glb")
    assert "KHR_draco_mesh_compression" in draco["extensionsUsed"]
    assert "extensionsRequired" not in draco  # the fallback keeps the file readable without it
    assert (tmp_path / "py" / "2.glb").read_bytes().startswith(b"{")  # format over the extension


def test_format_picks_collada_whatever_the_extension(robot_dae, tmp_path):
    out = tmp_path / "out.glb"
    px.write_scene(px.read_scene(robot_dae), out, format="dae")
    assert b"<COLLADA" in out.read_bytes()[:200]


def test_wrong_values_and_options_that_do_not_fit_name_the_keyword(robot_dae, tmp_path):
    scene = px.read_scene(robot_dae)
    out = tmp_path / "a.glb"
    with pytest.raises(ValueError, match="option draco_level takes a number from 0 to 10"):
        px.write_scene(scene, out, compress="draco", draco_level=11)
    with pytest.raises(ValueError, match="compress takes 'draco', 'meshopt' or None"):
        px.write_scene(scene, out, compress="zip")
    with pytest.raises(TypeError, match="'compress' takes a str or None"):
        px.write_scene(scene, out, compress=True)
    with pytest.raises(ValueError, match=r"draco_level needs compress='draco'"):
        px.write_scene(scene, out, draco_level=3)
    with pytest.raises(ValueError, match="write glTF"):
        px.write_scene(scene, tmp_path / "a.dae", compress="meshopt")
    with pytest.raises(ValueError, match="write glTF"):
        px.write_scene(scene, out, format="dae", optimize=True)
    with pytest.raises(ValueError, match="give one of them"):
        px.write_scene(scene, out, format="glb", binary=True)
    with pytest.raises(TypeError, match="'compress'; write_scene and write take it"):
        px.read_scene(robot_dae, compress="draco")
    with pytest.raises(TypeError, match="'up_axis'; read_scene takes it"):
        px.read(robot_dae, up_axis="y")
    with pytest.raises(TypeError, match="'repair'; read_scene and read take it"):
        px.write_scene(scene, out, repair=True)
    # What says nothing fits anywhere: None and False.
    px.write_scene(scene, tmp_path / "b.dae", compress=None, optimize=False, fallback=False)
    assert not out.exists()


def stub_keywords() -> dict[str, list[str]]:
    tree = ast.parse((PACKAGE / "_polyxios.pyi").read_text())
    return {
        node.name: [a.arg for a in node.args.kwonlyargs]
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }


def test_the_signatures_show_every_option_and_the_stub_lists_the_same():
    stub = stub_keywords()
    for function in (px.read_scene, px.read, px.write_scene, px.write):
        runtime = list(keywords(function))
        assert runtime == stub[function.__name__], function.__name__
        assert "progress" in runtime
        for name in runtime:
            assert f"    {name}=" in function.__doc__, (function.__name__, name)
    assert inspect.signature(px.write_scene).parameters["draco_level"].default == 7
    assert inspect.signature(px.read_scene).parameters["max_input_bytes"].default == 16 << 30
