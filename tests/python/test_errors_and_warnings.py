"""Refusals raise CodecError with the rule's code and line; warnings go through warnings.warn as
PolyxiosWarning with the stable code first in the message; other failures raise Python's own
exceptions. Nothing the input holds crashes the interpreter."""

from __future__ import annotations

import warnings

import pytest

import polyxios as px
from documents import collada, triangle_geometry

MISCOUNTED = collada("<library_geometries>" +
                     triangle_geometry().replace('count="9"', 'count="12"') +
                     "</library_geometries>")
NO_SEMANTIC = collada("<library_geometries>" + triangle_geometry().replace(
    '<triangles count="1">', '<triangles count="1"><input source="#tri-pos" offset="0"/>') +
    "</library_geometries>")
# A clip without an end runs to its last key: a note.
CLIPS = collada('<library_animations><animation id="a"/></library_animations>'
                '<library_animation_clips><animation_clip id="c"><instance_animation url="#a"/>'
                "</animation_clip></library_animation_clips>")


def test_a_refusal_raises_codec_error_with_its_rule_and_line():
    with pytest.raises(px.CodecError) as refused:
        px.read_scene(MISCOUNTED)
    error = refused.value
    assert error.code == "collada.array.count"
    assert error.line == 5
    assert str(error).startswith("collada.array.count: <float_array> at line 5: count=12")
    assert isinstance(error, ValueError)


def test_repair_reads_what_the_spec_refuses_with_a_warning():
    with pytest.warns(px.PolyxiosWarning) as caught:
        scene = px.read_scene(MISCOUNTED, repair=True)
    assert [w.message.code for w in caught] == ["collada.repair.count-from-content"]
    assert len(scene.meshes) == 1
    with pytest.raises(px.CodecError):
        px.read_scene(MISCOUNTED, repair=False)


def test_a_refusal_naming_no_line_has_line_none():
    with pytest.raises(px.CodecError) as refused:
        px.read_scene(b"neither XML nor JSON")
    assert refused.value.code == "format.unknown" and refused.value.line is None


def test_a_limit_is_a_refusal_by_its_rule(robot_dae):
    with pytest.raises(px.CodecError) as refused:
        px.read_scene(robot_dae, max_input_bytes=100)
    assert refused.value.code == "limits.input-bytes"
    px.read_scene(robot_dae, max_input_bytes=robot_dae.stat().st_size)  # exactly at it: read


def test_warnings_carry_their_code_line_and_count():
    with pytest.warns(px.PolyxiosWarning) as caught:
        px.read_scene(NO_SEMANTIC)
    (warning,) = [w for w in caught if w.message.code == "collada.input.no-semantic"]
    assert issubclass(warning.category, UserWarning)
    assert str(warning.message).startswith("collada.input.no-semantic: ")
    assert str(warning.message).endswith("(line 10)")
    assert warning.message.line == 10 and warning.message.count == 1
    assert warning.filename == __file__  # attributed to the caller's line


def test_a_warning_filter_can_make_warnings_errors():
    with warnings.catch_warnings():
        warnings.simplefilter("error", px.PolyxiosWarning)
        with pytest.raises(px.PolyxiosWarning, match="collada.input.no-semantic"):
            px.read_scene(NO_SEMANTIC)


def test_notes_are_a_category_of_their_own():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.simplefilter("error", px.PolyxiosWarning)  # a note is not a warning's error
        px.read_scene(CLIPS)
    (note,) = caught
    assert note.category is px.PolyxiosNote
    assert note.message.code == "collada.clip.open-end"


def test_io_failures_are_os_errors(tmp_path):
    with pytest.raises(OSError, match="No such file"):
        px.read_scene(tmp_path / "missing.dae")
    with pytest.raises(OSError):
        px.read(tmp_path / "missing.glb")
    scene = px.read_scene(MISCOUNTED.replace(b'count="12"', b'count="9"'))
    with pytest.raises(OSError):
        px.write_scene(scene, tmp_path / "no such folder" / "out.glb")


def test_unknown_options_and_wrong_types_are_type_errors(robot_dae, tmp_path):
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        px.read_scene(robot_dae, colour=True)
    with pytest.raises(TypeError, match="unexpected keyword argument 'strict_resources'"):
        px.write_scene(px.read_scene(robot_dae), tmp_path / "a.glb", strict_resources=True)
    with pytest.raises(TypeError, match="'strict_resources' takes a bool"):
        px.read_scene(robot_dae, strict_resources=1)
    with pytest.raises(TypeError, match="'threads' takes an int"):
        px.read_scene(robot_dae, threads="2")
    with pytest.raises(ValueError, match="'max_nodes' must not be negative"):
        px.read_scene(robot_dae, max_nodes=-1)
    with pytest.raises(OverflowError):
        px.read_scene(robot_dae, max_memory_bytes=2**64)
    with pytest.raises(TypeError, match="'binary' takes True, False or None"):
        px.write_scene(px.read_scene(robot_dae), tmp_path / "a.glb", binary="yes")
    with pytest.raises(TypeError, match="'progress' takes a callable"):
        px.read_scene(robot_dae, progress=3)
    with pytest.raises(TypeError, match="takes a path"):
        px.read_scene(42)
    with pytest.raises(TypeError):
        px.write_scene("not a scene", tmp_path / "a.glb")


def test_options_reach_the_reader(robot_dae):
    # a limit below what the document needs refuses it by the limit's rule
    with pytest.raises(px.CodecError) as refused:
        px.read_scene(robot_dae, max_nodes=2, bytes_per_node=0)
    assert refused.value.code == "collada.nodes.cap"
    assert len(px.read_scene(robot_dae, max_nodes=3, bytes_per_node=0, threads=1).nodes) == 3


def test_hostile_documents_are_refused_not_crashes():
    for document in (b"", b"\x00" * 64, b"glTF" + b"\xff" * 40, b"{" * 100000,
                     b"<" * 1000, b"<!DOCTYPE x [<!ENTITY a 'b'>]><x>&a;</x>",
                     MISCOUNTED[: len(MISCOUNTED) // 2]):
        with pytest.raises((px.CodecError, OSError)):
            px.read_scene(document)
